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

const RUN_TEST = 'houserules.runTest';

export function installTestDecorations(host: EditorHost, pg: Playground, bench: TestBench): void {
  const lensesChanged = new monaco.Emitter<languages.CodeLensProvider>();
  monaco.editor.registerCommand(RUN_TEST, (_accessor, file: string, name: string) => {
    pg.showPanel('tests');
    void bench.runOne(file, name);
  });
  const provider: languages.CodeLensProvider = {
    onDidChange: lensesChanged.event,
    provideCodeLenses: (model) => {
      const file = pathOf(model.uri);
      const blocks = bench.blocks.value.get(file) ?? [];
      return {
        lenses: blocks.map((b) => {
          const r = bench.result(file, b.name);
          const mark = r ? (r.status === 'passed' ? '  ✓ passed' : '  ✗ failed') : '';
          return {
            range: new monaco.Range(b.range.start.line, 1, b.range.start.line, 1),
            command: { id: RUN_TEST, title: `▶ Run test${mark}`, arguments: [file, b.name] },
          };
        }),
        dispose: () => {},
      };
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
    const results = bench.results.value;
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
