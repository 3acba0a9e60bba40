/**
 * Running a document's tests from the editor (the code lenses' commands):
 * the conformance runner on the workspace's texts, unsaved edits included.
 * The run's rule coverage becomes what the rules' lenses show, and each
 * failure is a diagnostic at its failing step.
 */

import { findTestFiles, runSuite } from '@houserules/conformance';
import type { Diagnostic } from '@houserules/schema';
import type { FeatureContext } from './feature-context.ts';

export interface TestRunResult {
  passed: number;
  failed: number;
  /** test files that did not compile */
  broken: number;
  tests: { file: string; name: string; status: 'passed' | 'failed'; failure?: { code: string; message: string; file: string; range: Diagnostic['range'] } }[];
  /** failures and compile errors of the test files, as diagnostics, by file */
  diagnostics: Map<string, Diagnostic[]>;
}

/**
 * Runs the tests of `path` (only the one named `name`, when given), or,
 * when `path` holds none, of every test file among `candidates` and the
 * workspace's documents that loads `path`.
 */
export function runTests(cx: FeatureContext, path: string, options: { name?: string; candidates?: readonly string[]; codegen?: boolean } = {}): TestRunResult {
  const ws = cx.workspace;
  let files = findTestFiles(ws.host, [path]);
  if (files.length === 0) {
    const candidates = [...new Set([...(options.candidates ?? []), ...ws.knownPaths()])];
    files = findTestFiles(ws.host, candidates).filter((f) => ws.analysis(f).files.has(path));
  }
  const suite = runSuite({ host: ws.host, files, readText: (p) => ws.text(p) ?? ws.host.readFile(p) }, {
    ...(options.name !== undefined ? { filter: options.name } : {}),
    ...(options.codegen !== undefined ? { codegen: options.codegen } : {}),
  });
  const all = suite.files.flatMap((f) => f.tests);
  if (options.name === undefined) {
    cx.coverage.set(suite.coverage.map((c) => ({
      scenario: c.scenario,
      tests: all.filter((t) => t.scenario === c.module).length,
      rules: Object.fromEntries(c.rules.map((r) => [r.name, r.tests])),
    })));
  }
  const diagnostics = new Map<string, Diagnostic[]>();
  const add = (file: string, d: Diagnostic): void => {
    const list = diagnostics.get(file) ?? [];
    list.push(d);
    diagnostics.set(file, list);
  };
  for (const f of suite.files) for (const d of f.diagnostics) if (d.severity === 'error') add(d.file ?? f.file, d);
  const tests: TestRunResult['tests'] = [];
  for (const t of all) {
    const entry: TestRunResult['tests'][number] = { file: t.file, name: t.name, status: t.status };
    if (t.failure) {
      entry.failure = { code: t.failure.code, message: t.failure.message, file: t.failure.file, range: t.failure.range };
      const detail = t.failure.expected !== undefined ? ` (expected ${t.failure.expected}, got ${t.failure.actual ?? '?'})` : '';
      add(t.failure.file, { code: t.failure.code, severity: 'error', message: `test "${t.name}" failed here: ${t.failure.message}${detail}`, file: t.failure.file, range: t.failure.range });
    }
    tests.push(entry);
  }
  return { passed: suite.passed, failed: suite.failed, broken: suite.brokenFiles, tests, diagnostics };
}
