// `tests/run`: the conformance runner over some test files, one test at a time (giving way between tests),
// on the engine's closures (the page's CSP forbids generated code), with rule coverage per scenario.
import { computeCoverage, prepareFile, type TestResult } from '@houserules/conformance';
import type { RuleGraph } from '@houserules/schema';
import type { CoverageReport, SourceLink, TestBlock, TestReport, TestRunResult } from '../protocol/engine-protocol.ts';
import type { Job } from './job.ts';
import type { ProjectFiles } from './project-files.ts';

export async function runTests(project: ProjectFiles, files: string[], only: { file: string; name: string }[] | undefined, job: Job): Promise<TestRunResult> {
  const t0 = performance.now();
  const out: TestRunResult = { files: [], tests: [], coverage: [], passed: 0, failed: 0, ms: 0 };
  const graphs: RuleGraph[] = [];
  const results: TestResult[] = [];
  for (const file of files) {
    if (job.cancelled) break;
    const prepared = prepareFile(project.host, file, { codegen: false });
    out.files.push({ file, diagnostics: prepared.diagnostics });
    graphs.push(...prepared.graphs);
    for (const test of prepared.tests) {
      if (job.cancelled) break;
      if (only && !only.some((o) => o.file === file && o.name === test.plan.name)) continue;
      const result = test.run();
      results.push(result);
      out.tests.push(toReport(result, test.plan.provenance.range));
      job.progress({ done: out.tests.length });
      await job.breathe();
    }
  }
  out.passed = out.tests.filter((t) => t.status === 'passed').length;
  out.failed = out.tests.length - out.passed;
  out.coverage = computeCoverage(graphs, results, (path) => project.read(path)).map((c) => {
    const links = ruleLinks(graphs);
    const report: CoverageReport = {
      scenario: c.scenario,
      module: c.module,
      title: c.title,
      percent: c.percent,
      threshold: c.threshold,
      rules: c.rules.map((r) => ({ id: r.id, name: r.name, tests: r.tests, own: r.own, ...(r.cite !== undefined ? { cite: r.cite } : {}), link: links.get(r.id) ?? null })),
      uncited: c.sentences?.unimplemented ?? [],
      untested: c.sentences?.untested ?? [],
      sentences: c.sentences?.total ?? 0,
    };
    return report;
  });
  out.ms = performance.now() - t0;
  return out;
}

function toReport(r: TestResult, range: TestReport['range']): TestReport {
  return { id: r.id, name: r.name, file: r.file, range, variant: r.variant, status: r.status, firings: r.firings, ...(r.failure ? { failure: r.failure } : {}) };
}

function ruleLinks(graphs: RuleGraph[]): Map<string, SourceLink> {
  const out = new Map<string, SourceLink>();
  for (const g of graphs) {
    for (const r of g.rules) {
      if (out.has(r.id)) continue;
      out.set(r.id, { file: r.provenance.file, range: r.provenance.range, ...(r.provenance.cite !== undefined ? { cite: r.provenance.cite } : {}) });
    }
  }
  return out;
}

/** The test blocks of a file as written (parsed only, so they show even while the file does not compile). */
export function listTests(project: ProjectFiles, file: string): TestBlock[] {
  const text = project.read(file);
  if (text === undefined) return [];
  return (project.cache.parse(text, file).value.items ?? []).flatMap((item) =>
    item?.$type === 'TestDecl' && item.name ? [{ name: item.name.value, range: item.range }] : [],
  );
}
