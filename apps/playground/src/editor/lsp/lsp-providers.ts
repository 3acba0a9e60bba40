// The thin bridge: one Monaco provider per LSP feature the server says it serves (its capabilities), each a
// request and a conversion of the answer. Diagnostics arrive as notifications and become markers.
import type { CancellationToken, editor as MonacoEditor, IDisposable, languages } from 'monaco-editor/editor';
import {
  CodeActionRequest,
  CodeLensRefreshRequest,
  CodeLensRequest,
  CompletionRequest,
  CompletionResolveRequest,
  DefinitionRequest,
  DocumentFormattingRequest,
  DocumentHighlightRequest,
  DocumentRangeFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  PrepareRenameRequest,
  PublishDiagnosticsNotification,
  ReferencesRequest,
  RenameRequest,
  SemanticTokensRequest,
  SignatureHelpRequest,
  type CancellationToken as LspCancellationToken,
  type CodeAction,
  type Command,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type DocumentSymbol,
  type Location,
  type LocationLink,
  type MarkupContent,
  type MarkedString,
  type ProtocolConnection,
  type SymbolInformation,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/browser';
import { monaco } from '../monaco-setup.ts';
import { RULES_LANGUAGE } from '../rules-language.ts';
import { plainCode } from '../../page/code-spans.tsx';
import type { LspClient } from './lsp-client.ts';
import { toLspPosition, toLspRange, toMonacoRange } from './lsp-positions.ts';

/** Markers of the language service (the check's have their own owner). */
export const LSP_MARKERS = 'houserules-lsp';

const uriOf = (model: MonacoEditor.ITextModel): string => model.uri.toString(true);
const doc = (model: MonacoEditor.ITextModel): { uri: string } => ({ uri: uriOf(model) });

/**
 * Runs a request, answering nothing when Monaco cancels it or the server refuses (never a thrown error). Monaco's
 * token goes with the request: when Monaco cancels it (the text changed), the server is told ($/cancelRequest) and
 * computes nothing for it.
 */
async function ask<R>(connection: ProtocolConnection, token: CancellationToken, run: (c: ProtocolConnection, token: LspCancellationToken) => Promise<R>): Promise<R | null> {
  if (token.isCancellationRequested) return null;
  try {
    return await run(connection, token as unknown as LspCancellationToken);
  } catch {
    return null;
  }
}

const markdown = (content: MarkupContent | MarkedString | MarkedString[] | string | undefined): { value: string }[] => {
  if (content === undefined) return [];
  if (Array.isArray(content)) return content.flatMap(markdown);
  if (typeof content === 'string') return [{ value: content }];
  if ('kind' in content) return [{ value: content.kind === 'markdown' ? content.value : escapeMarkdown(content.value) }];
  return [{ value: `\`\`\`${content.language}\n${content.value}\n\`\`\`` }];
};

const escapeMarkdown = (text: string): string => text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');

function severity(s: Diagnostic['severity']): number {
  return s === 1 ? monaco.MarkerSeverity.Error : s === 2 ? monaco.MarkerSeverity.Warning : s === 3 ? monaco.MarkerSeverity.Info : monaco.MarkerSeverity.Hint;
}

function toMarker(d: Diagnostic): MonacoEditor.IMarkerData {
  const r = toMonacoRange(d.range);
  const empty = r.startLineNumber === r.endLineNumber && r.startColumn === r.endColumn;
  return {
    ...r,
    endColumn: empty ? r.endColumn + 1 : r.endColumn,
    severity: severity(d.severity),
    message: plainCode(typeof d.message === 'string' ? d.message : d.message.value),
    source: d.source ?? 'houserules',
    ...(d.code !== undefined ? { code: String(d.code) } : {}),
    ...(d.tags?.length ? { tags: d.tags.map((t) => (t === 1 ? monaco.MarkerTag.Unnecessary : monaco.MarkerTag.Deprecated)) } : {}),
    ...(d.relatedInformation?.length
      ? { relatedInformation: d.relatedInformation.map((x) => ({ resource: monaco.Uri.parse(x.location.uri), message: plainCode(x.message), ...toMonacoRange(x.location.range) })) }
      : {}),
  };
}

const COMPLETION_KINDS: Record<number, number> = {};
function completionKind(kind: number | undefined): number {
  const k = monaco.languages.CompletionItemKind;
  if (Object.keys(COMPLETION_KINDS).length === 0) {
    const order = [k.Text, k.Method, k.Function, k.Constructor, k.Field, k.Variable, k.Class, k.Interface, k.Module, k.Property, k.Unit, k.Value, k.Enum, k.Keyword, k.Snippet, k.Color, k.File, k.Reference, k.Folder, k.EnumMember, k.Constant, k.Struct, k.Event, k.Operator, k.TypeParameter];
    order.forEach((v, i) => (COMPLETION_KINDS[i + 1] = v));
  }
  return kind !== undefined ? (COMPLETION_KINDS[kind] ?? k.Text) : k.Text;
}

function symbolKind(kind: number): number {
  // LSP SymbolKind and Monaco's SymbolKind differ by one (LSP counts from File = 1, Monaco from File = 0).
  return Math.max(0, kind - 1);
}

function toEdits(edits: TextEdit[] | null): languages.TextEdit[] {
  return (edits ?? []).map((e) => ({ range: toMonacoRange(e.range), text: e.newText }));
}

function toWorkspaceEdit(edit: WorkspaceEdit | null): languages.WorkspaceEdit {
  const edits: languages.IWorkspaceTextEdit[] = [];
  for (const [uri, list] of Object.entries(edit?.changes ?? {})) {
    for (const e of list) edits.push({ resource: monaco.Uri.parse(uri), versionId: undefined, textEdit: { range: toMonacoRange(e.range), text: e.newText } });
  }
  for (const change of edit?.documentChanges ?? []) {
    if (!('textDocument' in change)) continue;
    const versionId = change.textDocument.version ?? undefined;
    for (const e of change.edits) edits.push({ resource: monaco.Uri.parse(change.textDocument.uri), versionId, textEdit: { range: toMonacoRange(e.range), text: 'newText' in e ? e.newText : '' } });
  }
  return { edits };
}

function toLocations(answer: Location | Location[] | LocationLink[] | null): languages.Location[] {
  if (!answer) return [];
  const list = Array.isArray(answer) ? answer : [answer];
  return list.map((l) => ('targetUri' in l ? { uri: monaco.Uri.parse(l.targetUri), range: toMonacoRange(l.targetSelectionRange ?? l.targetRange) } : { uri: monaco.Uri.parse(l.uri), range: toMonacoRange(l.range) }));
}

function toSymbols(list: DocumentSymbol[] | SymbolInformation[] | null): languages.DocumentSymbol[] {
  const convert = (s: DocumentSymbol): languages.DocumentSymbol => ({
    name: s.name,
    detail: s.detail ?? '',
    kind: symbolKind(s.kind),
    tags: [],
    range: toMonacoRange(s.range),
    selectionRange: toMonacoRange(s.selectionRange),
    children: (s.children ?? []).map(convert),
  });
  return (list ?? []).map((s) =>
    'location' in s
      ? { name: s.name, detail: '', kind: symbolKind(s.kind), tags: [], range: toMonacoRange(s.location.range), selectionRange: toMonacoRange(s.location.range) }
      : convert(s),
  );
}

/**
 * Registers the providers for what the server serves, sets markers from its diagnostics, and runs the commands its
 * code lenses and actions carry through `runCommand` (the playground's own: run a test, and so on).
 */
/** The language service's lenses the page draws itself, from its own runner (src/editor/test-decorations.ts). */
const PAGE_LENS_COMMANDS = ['houserules.runTest', 'houserules.runTests'];

export function registerLspProviders(client: LspClient, runCommand: (command: string, args: unknown[]) => void): IDisposable[] {
  const c = client.connection;
  const caps = client.capabilities;
  const out: IDisposable[] = [];
  const commandId = 'houserules.lspCommand';
  out.push(monaco.editor.registerCommand(commandId, (_accessor, command: string, args: unknown[]) => runCommand(command, args ?? [])));
  const toCommand = (cmd: Command | undefined): languages.Command | undefined => (cmd ? { id: commandId, title: cmd.title, arguments: [cmd.command, cmd.arguments ?? []] } : undefined);
  const lastDiagnostics = new Map<string, Diagnostic[]>();

  c.onNotification(PublishDiagnosticsNotification.type, ({ uri, version, diagnostics }) => {
    const model = monaco.editor.getModel(monaco.Uri.parse(uri));
    if (!model) return;
    // Diagnostics computed for an older text would point at the wrong places.
    if (version !== undefined && version !== null && version !== model.getVersionId()) return;
    lastDiagnostics.set(uri, diagnostics);
    monaco.editor.setModelMarkers(model, LSP_MARKERS, diagnostics.map(toMarker));
  });

  if (caps.completionProvider) {
    out.push(
      monaco.languages.registerCompletionItemProvider(RULES_LANGUAGE, {
        triggerCharacters: caps.completionProvider.triggerCharacters ?? [],
        provideCompletionItems: async (model, position, context, token) => {
          const answer = await ask(c, token, (x, t) =>
            x.sendRequest(CompletionRequest.type, { textDocument: doc(model), position: toLspPosition(position), context: { triggerKind: context.triggerCharacter ? 2 : 1, ...(context.triggerCharacter ? { triggerCharacter: context.triggerCharacter } : {}) } }, t),
          );
          const items: CompletionItem[] = !answer ? [] : Array.isArray(answer) ? answer : (answer as CompletionList).items;
          const word = model.getWordUntilPosition(position);
          const fallback = { startLineNumber: position.lineNumber, startColumn: word.startColumn, endLineNumber: position.lineNumber, endColumn: word.endColumn };
          return {
            incomplete: !!answer && !Array.isArray(answer) && (answer as CompletionList).isIncomplete,
            suggestions: items.map((item) => toSuggestion(item, fallback)),
          };
        },
        ...(caps.completionProvider.resolveProvider
          ? {
              resolveCompletionItem: async (suggestion: languages.CompletionItem, token: CancellationToken) => {
                const original = (suggestion as languages.CompletionItem & { lsp?: CompletionItem }).lsp;
                if (!original) return suggestion;
                const resolved = await ask(c, token, (x, t) => x.sendRequest(CompletionResolveRequest.type, original, t));
                if (!resolved) return suggestion;
                return { ...suggestion, ...(resolved.detail ? { detail: resolved.detail } : {}), ...(resolved.documentation ? { documentation: markdown(resolved.documentation)[0] } : {}) };
              },
            }
          : {}),
      }),
    );
  }

  if (caps.hoverProvider) {
    out.push(
      monaco.languages.registerHoverProvider(RULES_LANGUAGE, {
        provideHover: async (model, position, token) => {
          const h = await ask(c, token, (x, t) => x.sendRequest(HoverRequest.type, { textDocument: doc(model), position: toLspPosition(position) }, t));
          if (!h) return null;
          return { contents: markdown(h.contents), ...(h.range ? { range: toMonacoRange(h.range) } : {}) };
        },
      }),
    );
  }

  if (caps.definitionProvider) {
    out.push(
      monaco.languages.registerDefinitionProvider(RULES_LANGUAGE, {
        provideDefinition: async (model, position, token) => toLocations(await ask(c, token, (x, t) => x.sendRequest(DefinitionRequest.type, { textDocument: doc(model), position: toLspPosition(position) }, t))),
      }),
    );
  }

  if (caps.referencesProvider) {
    out.push(
      monaco.languages.registerReferenceProvider(RULES_LANGUAGE, {
        provideReferences: async (model, position, context, token) =>
          toLocations(await ask(c, token, (x, t) => x.sendRequest(ReferencesRequest.type, { textDocument: doc(model), position: toLspPosition(position), context: { includeDeclaration: context.includeDeclaration } }, t))),
      }),
    );
  }

  if (caps.renameProvider) {
    const prepare = typeof caps.renameProvider === 'object' && caps.renameProvider.prepareProvider;
    out.push(
      monaco.languages.registerRenameProvider(RULES_LANGUAGE, {
        provideRenameEdits: async (model, position, newName, token) => {
          try {
            if (token.isCancellationRequested) return { edits: [] };
            return toWorkspaceEdit(await c.sendRequest(RenameRequest.type, { textDocument: doc(model), position: toLspPosition(position), newName }));
          } catch (error) {
            // The server says why it refuses (a read-only module, a name taken): Monaco shows it.
            return { edits: [], rejectReason: error instanceof Error ? error.message : String(error) };
          }
        },
        ...(prepare
          ? {
              resolveRenameLocation: async (model: MonacoEditor.ITextModel, position: { lineNumber: number; column: number }, token: CancellationToken) => {
                try {
                  const r = await c.sendRequest(PrepareRenameRequest.type, { textDocument: doc(model), position: toLspPosition(position) });
                  if (!r || token.isCancellationRequested) return { range: { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 1 }, text: '', rejectReason: 'Nothing to rename here.' };
                  if ('range' in r) return { range: toMonacoRange(r.range), text: r.placeholder };
                  if ('start' in r) return { range: toMonacoRange(r), text: model.getValueInRange(toMonacoRange(r)) };
                  const word = model.getWordAtPosition(position);
                  return { range: { startLineNumber: position.lineNumber, startColumn: word?.startColumn ?? position.column, endLineNumber: position.lineNumber, endColumn: word?.endColumn ?? position.column }, text: word?.word ?? '' };
                } catch (error) {
                  return { range: { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 1 }, text: '', rejectReason: error instanceof Error ? error.message : String(error) };
                }
              },
            }
          : {}),
      }),
    );
  }

  if (caps.documentSymbolProvider) {
    out.push(
      monaco.languages.registerDocumentSymbolProvider(RULES_LANGUAGE, {
        displayName: 'Houserules',
        provideDocumentSymbols: async (model, token) => toSymbols(await ask(c, token, (x, t) => x.sendRequest(DocumentSymbolRequest.type, { textDocument: doc(model) }, t))),
      }),
    );
  }

  if (caps.documentFormattingProvider) {
    out.push(
      monaco.languages.registerDocumentFormattingEditProvider(RULES_LANGUAGE, {
        provideDocumentFormattingEdits: async (model, options, token) =>
          toEdits(await ask(c, token, (x, t) => x.sendRequest(DocumentFormattingRequest.type, { textDocument: doc(model), options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces } }, t))),
      }),
    );
  }

  if (caps.documentRangeFormattingProvider) {
    out.push(
      monaco.languages.registerDocumentRangeFormattingEditProvider(RULES_LANGUAGE, {
        provideDocumentRangeFormattingEdits: async (model, range, options, token) =>
          toEdits(await ask(c, token, (x, t) => x.sendRequest(DocumentRangeFormattingRequest.type, { textDocument: doc(model), range: toLspRange(range), options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces } }, t))),
      }),
    );
  }

  if (caps.codeActionProvider) {
    out.push(
      monaco.languages.registerCodeActionProvider(RULES_LANGUAGE, {
        provideCodeActions: async (model, range, context, token) => {
          // The markers Monaco offers fixes for, as the diagnostics the server sent (it may have attached data).
          const sent = lastDiagnostics.get(uriOf(model)) ?? [];
          const diagnostics = context.markers
            .map((m) => sent.find((d) => d.range.start.line === m.startLineNumber - 1 && d.range.start.character === m.startColumn - 1 && String(d.code ?? '') === String(typeof m.code === 'object' ? m.code.value : (m.code ?? ''))))
            .filter((d): d is Diagnostic => d !== undefined);
          const answer = await ask(c, token, (x, t) => x.sendRequest(CodeActionRequest.type, { textDocument: doc(model), range: toLspRange(range), context: { diagnostics, ...(context.only ? { only: [context.only] } : {}) } }, t));
          const actions: languages.CodeAction[] = (answer ?? []).map((a) => {
            if (!('kind' in a) && 'command' in a && typeof a.command === 'string') return { title: plainCode(a.title), command: toCommand(a as Command)! };
            const action = a as CodeAction;
            return {
              title: plainCode(action.title),
              ...(action.kind ? { kind: action.kind } : {}),
              ...(action.isPreferred ? { isPreferred: true } : {}),
              ...(action.edit ? { edit: toWorkspaceEdit(action.edit) } : {}),
              ...(action.command ? { command: toCommand(action.command)! } : {}),
              ...(action.diagnostics ? { diagnostics: action.diagnostics.map(toMarker) } : {}),
            };
          });
          return { actions, dispose: () => {} };
        },
      }),
    );
  }

  if (caps.codeLensProvider) out.push(...registerLensProvider(c, toCommand));

  if (caps.documentHighlightProvider) {
    out.push(
      monaco.languages.registerDocumentHighlightProvider(RULES_LANGUAGE, {
        provideDocumentHighlights: async (model, position, token) =>
          ((await ask(c, token, (x, t) => x.sendRequest(DocumentHighlightRequest.type, { textDocument: doc(model), position: toLspPosition(position) }, t))) ?? []).map((h) => ({ range: toMonacoRange(h.range), kind: (h.kind ?? 1) - 1 })),
      }),
    );
  }

  if (caps.foldingRangeProvider) {
    out.push(
      monaco.languages.registerFoldingRangeProvider(RULES_LANGUAGE, {
        provideFoldingRanges: async (model, _context, token) =>
          ((await ask(c, token, (x, t) => x.sendRequest(FoldingRangeRequest.type, { textDocument: doc(model) }, t))) ?? []).map((f) => ({ start: f.startLine + 1, end: f.endLine + 1 })),
      }),
    );
  }

  if (caps.signatureHelpProvider) {
    out.push(
      monaco.languages.registerSignatureHelpProvider(RULES_LANGUAGE, {
        signatureHelpTriggerCharacters: caps.signatureHelpProvider.triggerCharacters ?? ['(', ','],
        provideSignatureHelp: async (model, position, token) => {
          const h = await ask(c, token, (x, t) => x.sendRequest(SignatureHelpRequest.type, { textDocument: doc(model), position: toLspPosition(position) }, t));
          if (!h) return null;
          return {
            value: {
              activeSignature: h.activeSignature ?? 0,
              activeParameter: h.activeParameter ?? 0,
              signatures: h.signatures.map((s) => ({
                label: s.label,
                ...(s.documentation ? { documentation: markdown(s.documentation)[0] } : {}),
                parameters: (s.parameters ?? []).map((p) => ({ label: p.label, ...(p.documentation ? { documentation: markdown(p.documentation)[0] } : {}) })),
              })),
            },
            dispose: () => {},
          };
        },
      }),
    );
  }

  const semantic = caps.semanticTokensProvider;
  if (semantic && semantic.full) {
    const legend = { tokenTypes: semantic.legend.tokenTypes, tokenModifiers: semantic.legend.tokenModifiers };
    out.push(
      monaco.languages.registerDocumentSemanticTokensProvider(RULES_LANGUAGE, {
        getLegend: () => legend,
        provideDocumentSemanticTokens: async (model, _lastResultId, token) => {
          const t = await ask(c, token, (x, cancel) => x.sendRequest(SemanticTokensRequest.type, { textDocument: doc(model) }, cancel));
          return t ? { data: new Uint32Array(t.data), ...(t.resultId ? { resultId: t.resultId } : {}) } : null;
        },
        releaseDocumentSemanticTokens: () => {},
      }),
    );
  }
  return out;
}

/**
 * The language service's code lenses, answered at once from its last answer for the document while it is asked
 * again (Monaco is told when the answer changes, and on the server's refresh request). Monaco draws a model's lenses
 * only once every provider has answered, and waits longer before asking again the longer they took (up to a
 * minute): a language service busy checking would otherwise hold back the page's own lenses (the tests' ▶ and the
 * rules' coverage, known at once from the page's runner) for as long.
 */
function registerLensProvider(c: ProtocolConnection, toCommand: (cmd: Command | undefined) => languages.Command | undefined): IDisposable[] {
  const changed = new monaco.Emitter<languages.CodeLensProvider>();
  /** the last answer for each document (by URI), as Monaco lenses, and its lenses' titles and places to compare */
  const known = new Map<string, { lenses: languages.CodeLens[]; key: string }>();
  const provider: languages.CodeLensProvider = {
    onDidChange: changed.event,
    provideCodeLenses: (model) => {
      const uri = uriOf(model);
      void c.sendRequest(CodeLensRequest.type, { textDocument: doc(model) }).then(
        (answer) => {
          if (model.isDisposed()) return;
          // the tests' ▶ and the rules' coverage are the page's own lenses (its runner's results): one of each, not two
          const lenses = (answer ?? []).filter((l) => !PAGE_LENS_COMMANDS.includes(l.command?.command ?? '')).map((l) => ({ range: toMonacoRange(l.range), ...(l.command ? { command: toCommand(l.command)! } : {}) }));
          const key = JSON.stringify(lenses.map((l) => [l.range, l.command?.title, l.command?.arguments]));
          // nothing new to draw (no lenses before, none now): Monaco is not asked again
          if ((known.get(uri)?.key ?? '[]') === key) return;
          known.set(uri, { lenses, key });
          changed.fire(provider);
        },
        () => {},
      );
      return { lenses: known.get(uri)?.lenses ?? [], dispose: () => {} };
    },
  };
  // the server asks for the lenses to be drawn again (a run or coverage it learnt of): asked at once
  c.onRequest(CodeLensRefreshRequest.type, () => {
    changed.fire(provider);
  });
  return [
    monaco.languages.registerCodeLensProvider(RULES_LANGUAGE, provider),
    monaco.editor.onWillDisposeModel((model) => known.delete(uriOf(model))),
    changed,
  ];
}

function toSuggestion(item: CompletionItem, fallback: languages.CompletionItem['range']): languages.CompletionItem {
  const edit = item.textEdit;
  const range = edit ? ('range' in edit ? toMonacoRange(edit.range) : { insert: toMonacoRange(edit.insert), replace: toMonacoRange(edit.replace) }) : fallback;
  const text = edit ? edit.newText : (item.insertText ?? item.label);
  const suggestion: languages.CompletionItem & { lsp?: CompletionItem } = {
    label: item.labelDetails ? { label: item.label, ...(item.labelDetails.detail ? { detail: item.labelDetails.detail } : {}), ...(item.labelDetails.description ? { description: item.labelDetails.description } : {}) } : item.label,
    kind: completionKind(item.kind),
    insertText: text,
    range,
    ...(item.insertTextFormat === 2 ? { insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet } : {}),
    ...(item.detail ? { detail: item.detail } : {}),
    ...(item.documentation ? { documentation: markdown(item.documentation)[0] } : {}),
    ...(item.sortText ? { sortText: item.sortText } : {}),
    ...(item.filterText ? { filterText: item.filterText } : {}),
    ...(item.preselect ? { preselect: true } : {}),
    ...(item.additionalTextEdits ? { additionalTextEdits: toEdits(item.additionalTextEdits) } : {}),
    lsp: item,
  };
  return suggestion;
}
