// The one Monaco editor of the page: a model per file (its URI is the file's path), the open tab's model shown,
// edits passed to the playground, markers from the last check, and navigation into any file.
import { effect } from '@preact/signals';
import type { editor as MonacoEditor, IDisposable } from 'monaco-editor/editor';
import type { Diagnostic } from '@houserules/schema';
import { plainCode } from '../page/code-spans.tsx';
import type { Playground } from '../page/playground.ts';
import { monaco } from './monaco-setup.ts';
import { RULES_LANGUAGE, registerRulesLanguage } from './rules-language.ts';

/** Markers of the engine worker's check; the language service's are set under its own owner. */
export const CHECK_MARKERS = 'houserules-check';

export function uriOf(path: string): ReturnType<typeof monaco.Uri.parse> {
  return monaco.Uri.parse(`file:///${path}`);
}

export function pathOf(uri: { path: string }): string {
  return uri.path.replace(/^\//, '');
}

function languageOf(path: string): string {
  if (path.endsWith('.rules')) return RULES_LANGUAGE;
  if (path.endsWith('.md')) return 'markdown';
  return 'plaintext';
}

export function toMarker(d: Diagnostic): MonacoEditor.IMarkerData {
  const r = d.range ?? { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };
  const sameSpot = r.start.line === r.end.line && r.start.column === r.end.column;
  return {
    severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : d.severity === 'warning' ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Info,
    message: plainCode(d.hint ? `${d.message}\n${d.hint}` : d.message),
    code: d.code,
    source: 'houserules',
    startLineNumber: r.start.line,
    startColumn: r.start.column,
    endLineNumber: r.end.line,
    endColumn: sameSpot ? r.end.column + 1 : r.end.column,
    ...(d.related?.length
      ? { relatedInformation: d.related.filter((x) => x.file && x.range).map((x) => ({ resource: uriOf(x.file!), message: plainCode(x.message), startLineNumber: x.range!.start.line, startColumn: x.range!.start.column, endLineNumber: x.range!.end.line, endColumn: x.range!.end.column })) }
      : {}),
  };
}

export class EditorHost {
  readonly editor: MonacoEditor.IStandaloneCodeEditor;
  private readonly disposables: IDisposable[] = [];
  private applying = false;
  /** once the language service serves diagnostics the check's markers stay off (the same mistakes, found later) */
  private lspDiagnostics = false;

  constructor(container: HTMLElement, private readonly pg: Playground) {
    registerRulesLanguage();
    this.editor = monaco.editor.create(container, {
      theme: 'houserules',
      automaticLayout: true,
      fontSize: 13.5,
      lineHeight: 20,
      fontFamily: "'JetBrains Mono', 'Fira Code', 'DejaVu Sans Mono', Menlo, Consolas, monospace",
      minimap: { enabled: false },
      glyphMargin: true,
      scrollBeyondLastLine: false,
      renderLineHighlight: 'all',
      tabSize: 2,
      insertSpaces: true,
      wordWrap: 'off',
      fixedOverflowWidgets: true,
      'semanticHighlighting.enabled': true,
      padding: { top: 8 },
      // No compositor layer per scrolled view: without a GPU, Chromium leaves such a layer blank past a few screens.
      disableLayerHinting: true,
      model: null,
    });
    // Monaco's quick fix is a command the F1 list does not show: an action of the editor's own, there and in the
    // context menu, that opens the same menu as Ctrl+. and the light bulb
    this.disposables.push(
      this.editor.addAction({
        id: 'houserules.quickFix',
        label: 'Quick Fix… (fixes for the problem at the cursor)',
        contextMenuGroupId: '1_modification',
        contextMenuOrder: 0,
        run: (editor) => editor.trigger('houserules', 'editor.action.quickFix', null),
      }),
    );
    this.disposables.push(
      this.editor.onDidChangeModelContent(() => {
        if (this.applying) return;
        const model = this.editor.getModel();
        if (model) pg.edit(pathOf(model.uri), model.getValue());
      }),
      this.editor.onDidChangeCursorPosition((e) => {
        const model = this.editor.getModel();
        if (model) pg.cursor.value = { file: pathOf(model.uri), line: e.position.lineNumber };
      }),
      monaco.editor.registerEditorOpener({
        openCodeEditor: (_source, resource, selection) => {
          const path = pathOf(resource);
          if (!pg.workspace.has(path)) return false;
          const range = selection && 'startLineNumber' in selection
            ? { start: { line: selection.startLineNumber, column: selection.startColumn, offset: 0 }, end: { line: selection.endLineNumber, column: selection.endColumn, offset: 0 } }
            : selection
              ? { start: { line: selection.lineNumber, column: selection.column, offset: 0 }, end: { line: selection.lineNumber, column: selection.column, offset: 0 } }
              : undefined;
          pg.openFile(path, range);
          return true;
        },
      }),
    );
    this.disposables.push({ dispose: effect(() => this.show(pg.active.value)) });
    this.disposables.push({ dispose: effect(() => this.syncModels(pg.revision.value)) });
    this.disposables.push({ dispose: effect(() => this.setCheckMarkers(pg.diagnostics.value)) });
    this.disposables.push({ dispose: effect(() => this.revealRange(pg.reveal.value)) });
    this.disposables.push(keepNativeScrollAtOrigin(container));
  }

  /** The model of a file, created on first use with the workspace's text. */
  model(path: string): MonacoEditor.ITextModel | null {
    const uri = uriOf(path);
    const existing = monaco.editor.getModel(uri);
    if (existing) return existing;
    const text = this.pg.workspace.text(path);
    return text === undefined ? null : monaco.editor.createModel(text, languageOf(path), uri);
  }

  private show(path: string | null): void {
    if (path === null) {
      this.editor.setModel(null);
      return;
    }
    const model = this.model(path);
    if (!model) return;
    if (this.editor.getModel() !== model) this.editor.setModel(model);
    const editable = this.pg.isEditable(path);
    this.editor.updateOptions({
      readOnly: !editable,
      readOnlyMessage: { value: editable ? '' : `${path} comes from the repo and is read-only here: open its scenario from the gallery to edit it, or write a house rule that overrides it.` },
    });
  }

  /** Models follow the workspace after a reset or a loaded link (never while the author types in them). */
  private syncModels(_revision: number): void {
    for (const model of monaco.editor.getModels()) {
      const path = pathOf(model.uri);
      const text = this.pg.workspace.text(path);
      if (text === undefined) {
        if (this.editor.getModel() === model) this.editor.setModel(null);
        model.dispose();
        continue;
      }
      if (model.getValue() === text) continue;
      this.applying = true;
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
      this.applying = false;
    }
  }

  useLanguageServiceMarkers(): void {
    this.lspDiagnostics = true;
    this.setCheckMarkers(this.pg.diagnostics.value);
  }

  private setCheckMarkers(diagnostics: Diagnostic[]): void {
    const byFile = new Map<string, Diagnostic[]>();
    if (!this.lspDiagnostics) for (const d of diagnostics) if (d.file) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
    for (const path of new Set([...this.pg.tabs.value, ...byFile.keys()])) {
      const model = this.lspDiagnostics ? monaco.editor.getModel(uriOf(path)) : this.model(path);
      if (model) monaco.editor.setModelMarkers(model, CHECK_MARKERS, (byFile.get(path) ?? []).map(toMarker));
    }
  }

  private revealRange(reveal: { file: string; range: { start: { line: number; column: number }; end: { line: number; column: number } } } | null): void {
    if (!reveal) return;
    // The tab switch happens in the same batch; reveal once the model is shown.
    queueMicrotask(() => {
      const model = this.editor.getModel();
      if (!model || pathOf(model.uri) !== reveal.file) return;
      const r = reveal.range;
      const range = new monaco.Range(r.start.line, r.start.column, r.end.line, r.end.column);
      this.editor.setSelection(range);
      this.editor.revealRangeInCenterIfOutsideViewport(range);
      this.editor.focus();
    });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.editor.dispose();
  }
}

/**
 * Monaco scrolls its lines itself (a virtual scroll position); the DOM element that holds them must never scroll.
 * Chromium scrolls it anyway when it focuses Monaco's native edit context at a far-right position (after the find
 * widget visits a match on a long line), and Monaco does not know: the lines stay shifted left of the gutter, the
 * cursor is out of view and no reveal brings it back. Any such native scroll is undone at once.
 */
function keepNativeScrollAtOrigin(container: HTMLElement): { dispose(): void } {
  const onScroll = (event: Event): void => {
    const target = event.target;
    if (target instanceof HTMLElement && target.classList.contains('editor-scrollable') && (target.scrollLeft !== 0 || target.scrollTop !== 0)) {
      target.scrollLeft = 0;
      target.scrollTop = 0;
    }
  };
  // `scroll` does not bubble: listen in the capture phase to see it on any descendant.
  container.addEventListener('scroll', onScroll, true);
  return { dispose: () => container.removeEventListener('scroll', onScroll, true) };
}
