// What the editor shows of the tests: a ▶ lens above each test block, ✓/✗ in the gutter after a run, the failing
// step underlined with expected vs actual at its end, and (when asked) the coverage heat map beside each rule.
import { effect } from '@preact/signals';
import type { languages, editor as MonacoEditor } from 'monaco-editor/editor';
import type { TestBench } from '../page/test-bench.ts';
import type { Playground } from '../page/playground.ts';
import type { EditorHost } from './editor-host.ts';
import { pathOf, uriOf } from './editor-host.ts';
import { monaco } from './monaco-setup.ts';
import { RULES_LANGUAGE } from './rules-language.ts';

// The language service's commands, run by the page's own runner (the engine worker): its lenses name them too.
const RUN_TEST = 'houserules.runTest';
const RUN_TESTS = 'houserules.runTests';

/** A file's path from the page's `scenarios/…` or the language service's `file:///scenarios/…`. */
const fileOf = (file: string): string => (file.startsWith('file:') ? pathOf(monaco.Uri.parse(file)) : file);

export function installTestDecorations(host: EditorHost, pg: Playground, bench: TestBench): void {
  const lensesChanged = new monaco.Emitter<languages.CodeLensProvider>();
  monaco.editor.registerCommand(RUN_TEST, (_accessor, file: string, name: string) => {
    pg.showPanel('tests');
    void bench.runOne(fileOf(file), name);
  });
  monaco.editor.registerCommand(RUN_TESTS, () => {
    pg.showPanel('tests');
    void bench.runAll();
  });
  const provider: languages.CodeLensProvider = {
    onDidChange: lensesChanged.event,
    provideCodeLenses: (model) => {
      const file = pathOf(model.uri);
      const blocks = bench.blocks.value.get(file) ?? [];
      const tests = blocks.map((b) => {
        const r = bench.stale.value ? undefined : bench.result(file, b.name);
        const mark = r ? (r.status === 'passed' ? '  ✓ passed' : '  ✗ failed') : '';
        return {
          range: new monaco.Range(b.range.start.line, 1, b.range.start.line, 1),
          command: { id: RUN_TEST, title: `▶ Run test${mark}`, arguments: [file, b.name] },
        };
      });
      // Above each rule declared in the text as it is now (its line, even while the file does not compile): how many
      // tests of the last run fired it, or before a run a lens that runs them
      const run = bench.lastRun.value;
      const fired = new Map((run?.coverage ?? []).flatMap((c) => c.rules.map((r) => [r.name, r.tests] as const)));
      const rules = ruleLines(model).map(({ line, name }) => {
        const n = fired.get(name);
        const title = run === null ? 'coverage: run the tests' : n === undefined ? 'not in the last coverage run' : `fired by ${n} of ${run.tests.length} test${run.tests.length === 1 ? '' : 's'}${bench.stale.value ? ' (before your last edit)' : ''}`;
        return { range: new monaco.Range(line, 1, line, 1), command: { id: RUN_TESTS, title, arguments: [] } };
      });
      return { lenses: [...tests, ...rules], dispose: () => {} };
    },
  };
  monaco.languages.registerCodeLensProvider(RULES_LANGUAGE, provider);

  const owned = new Map<string, string[]>();
  const apply = (path: string, decorations: MonacoEditor.IModelDeltaDecoration[]): void => {
    const model = monaco.editor.getModel(uriOf(path));
    if (!model) return;
    owned.set(path, model.deltaDecorations(owned.get(path) ?? [], decorations));
  };

  effect(() => {
    const blocks = bench.blocks.value;
    // results of files since changed are not drawn on them: a step marked failing may have moved or been fixed
    const results = bench.stale.value ? new Map() : bench.results.value;
    const heat = bench.heatMap.value;
    const coverage = bench.lastRun.value?.coverage ?? [];
    void pg.active.value;
    lensesChanged.fire(provider);
    const byFile = new Map<string, MonacoEditor.IModelDeltaDecoration[]>();
    const add = (file: string, d: MonacoEditor.IModelDeltaDecoration): void => {
      byFile.set(file, [...(byFile.get(file) ?? []), d]);
    };
    for (const [file, list] of blocks) {
      for (const b of list) {
        const r = results.get(`${file}|${b.name}`);
        if (!r) continue;
        add(file, {
          range: new monaco.Range(b.range.start.line, 1, b.range.start.line, 1),
          options: { glyphMarginClassName: r.status === 'passed' ? 'glyph-pass' : 'glyph-fail', glyphMarginHoverMessage: { value: r.status === 'passed' ? `✓ ${b.name}` : `✗ ${b.name}: ${r.failure?.message ?? ''}` } },
        });
        const f = r.failure;
        if (f) {
          const detail = f.expected !== undefined || f.actual !== undefined ? `  expected ${f.expected ?? '?'} · actual ${f.actual ?? '?'}` : `  ${f.code}`;
          add(f.file, {
            range: new monaco.Range(f.range.start.line, f.range.start.column, f.range.end.line, f.range.end.column),
            options: { className: 'failing-step', hoverMessage: { value: `**${f.code}**: ${f.message}` }, after: { content: detail, inlineClassName: 'failing-step-note' }, glyphMarginClassName: 'glyph-fail-step' },
          });
        }
      }
    }
    if (heat) {
      for (const c of coverage) {
        for (const rule of c.rules) {
          if (!rule.link) continue;
          const level = rule.tests === 0 ? 0 : rule.tests === 1 ? 1 : rule.tests < 4 ? 2 : 3;
          add(rule.link.file, {
            range: new monaco.Range(rule.link.range.start.line, 1, rule.link.range.end.line, 1),
            options: { isWholeLine: true, linesDecorationsClassName: `heat heat-${level}`, hoverMessage: { value: `rule **${rule.name}**: fired in ${rule.tests} test${rule.tests === 1 ? '' : 's'}` } },
          });
        }
      }
    }
    for (const path of new Set([...owned.keys(), ...byFile.keys()])) {
      host.model(path);
      apply(path, byFile.get(path) ?? []);
    }
  });
}

/** A rule declared at the start of a line (`rule name on …`, `override rule name …`): its line and name. */
const RULE_DECLARATION = /^\s*(?:override\s+)?rule\s+([A-Za-z_][A-Za-z0-9_]*)/;

function ruleLines(model: MonacoEditor.ITextModel): { line: number; name: string }[] {
  const out: { line: number; name: string }[] = [];
  for (let line = 1; line <= model.getLineCount(); line++) {
    const m = RULE_DECLARATION.exec(model.getLineContent(line));
    if (m) out.push({ line, name: m[1]! });
  }
  return out;
}
