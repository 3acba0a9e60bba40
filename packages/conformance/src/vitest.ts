import { describe, test } from 'vitest';
import { coverageShortfalls } from './coverage-check.ts';
import { failureLines } from './reporters/pretty.ts';
import type { TestResult } from './results.ts';
import { computeCoverage, prepareFile, type RunSuiteInput, type SuiteOptions } from './run-suite.ts';
import type { RuleGraph } from '@houserules/schema';

export interface VitestAdapterOptions extends SuiteOptions {
  /** the describe() title of a file (default: the path as given) */
  label?: (file: string) => string;
  /** also register one test per run that fails when a scenario's rule coverage is under its conformance.json threshold */
  coverage?: boolean;
}

/**
 * Registers every scenario test as a vitest test: one describe() per test file,
 * one test() per `test` block, and a failing `compiles` test for a file with
 * errors. Call it at the top level of a vitest test file.
 */
export function registerScenarioTests(input: RunSuiteInput, options: VitestAdapterOptions = {}): void {
  const results: TestResult[] = [];
  const graphs: RuleGraph[] = [];
  let registered = 0;
  for (const file of input.files) {
    const prepared = prepareFile(input.host, file, options);
    graphs.push(...prepared.graphs);
    describe(options.label?.(file) ?? file, () => {
      const errors = prepared.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length > 0) {
        test('compiles', () => {
          throw new Error(errors.map((d) => `${d.file ?? file}:${d.range?.start.line ?? 0}:${d.range?.start.column ?? 0} ${d.code}: ${d.message}`).join('\n'));
        });
      }
      for (const t of prepared.tests) {
        registered++;
        test(`${t.plan.name}${t.plan.variant ? ` [${t.plan.variant}]` : ''}`, () => {
          const result = t.run();
          results.push(result);
          if (result.status === 'failed') throw new Error(failureLines(result).join('\n'));
        });
      }
    });
  }
  if (options.coverage) {
    test('rule coverage reaches each scenario’s threshold', (ctx) => {
      // Coverage is only meaningful when every scenario test ran (not under a name filter).
      if (results.length < registered) ctx.skip();
      const coverage = computeCoverage(graphs, results, input.readText ?? input.host.readFile.bind(input.host));
      const short = coverageShortfalls({ files: [], coverage, passed: 0, failed: 0, brokenFiles: 0 });
      if (short.length > 0) throw new Error(short.join('\n'));
    });
  }
}
