/**
 * Code lenses: on each `test` block, run it; on each rule, how many tests
 * fired it in the last coverage run the editor knows of (or, before any
 * run, a lens that runs the tests to find out). The commands are the
 * server's (`houserules.runTest`, `houserules.runTests`), or the
 * playground's own runner behind the same names.
 */

import type { RuleDecl, TestDecl, TopLevelItem } from '@houserules/syntax';
import type { CodeLens } from 'vscode-languageserver-types';
import type { FeatureContext } from './feature-context.ts';

export const RUN_TEST_COMMAND = 'houserules.runTest';
export const RUN_TESTS_COMMAND = 'houserules.runTests';

function rulesAndTests(items: readonly (TopLevelItem | undefined)[]): { rules: RuleDecl[]; tests: TestDecl[] } {
  const rules: RuleDecl[] = [];
  const tests: TestDecl[] = [];
  for (const item of items) {
    if (!item) continue;
    if (item.$type === 'RuleDecl') rules.push(item);
    else if (item.$type === 'OverrideDecl' && item.target?.$type === 'RuleDecl') rules.push(item.target);
    else if (item.$type === 'TestDecl') tests.push(item);
    else if (item.$type === 'VariantDecl') {
      const inner = rulesAndTests(item.items ?? []);
      rules.push(...inner.rules);
      tests.push(...inner.tests);
    }
  }
  return { rules, tests };
}

export function codeLenses(cx: FeatureContext, path: string): CodeLens[] {
  const doc = cx.workspace.document(path);
  if (!doc) return [];
  const analysis = cx.workspace.analysis(path);
  const ast = analysis.model?.modules.find((m) => m.file === doc.path)?.ast;
  if (!ast) return [];
  const uri = cx.uris.toUri(doc.path);
  const { rules, tests } = rulesAndTests(ast.items ?? []);
  const lenses: CodeLens[] = [];
  for (const t of tests) {
    const name = t.name?.value ?? '';
    lenses.push({ range: doc.lines.range(t.range.start.offset === t.range.end.offset ? t.range : { start: t.range.start, end: t.range.start }), command: { title: '▶ run test', command: RUN_TEST_COMMAND, arguments: [uri, name] } });
  }
  // the runs whose scenario loads this file
  const runs = cx.coverage.all().filter((r) => r.scenario === doc.path || cx.workspace.analysis(r.scenario).files.has(doc.path));
  for (const r of rules) {
    const name = r.name?.name;
    if (!name || r.name.range.end.offset === r.name.range.start.offset) continue;
    const range = doc.lines.range({ start: r.range.start, end: r.range.start });
    const counts = runs.filter((run) => name in run.rules).map((run) => ({ run, n: run.rules[name]! }));
    if (counts.length === 0) {
      lenses.push({ range, command: { title: runs.length ? 'not in the last coverage run' : 'coverage: run the tests', command: RUN_TESTS_COMMAND, arguments: [uri] } });
      continue;
    }
    const title = counts.map(({ run, n }) => `fired by ${n} of ${run.tests} test${run.tests === 1 ? '' : 's'}${counts.length > 1 ? ` (${run.scenario.slice(run.scenario.lastIndexOf('/') + 1)})` : ''}`).join(' · ');
    lenses.push({ range, command: { title, command: RUN_TESTS_COMMAND, arguments: [uri] } });
  }
  return lenses;
}
