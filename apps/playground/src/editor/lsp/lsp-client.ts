// The page's LSP client: the language-service worker over postMessage (vscode-jsonrpc's browser reader and writer),
// the repo's modules given to it as read-only files, and each Monaco model synced as an open document
// (incremental changes, Monaco's version ids).
import { BrowserMessageReader, BrowserMessageWriter, createProtocolConnection, DidChangeTextDocumentNotification, DidCloseTextDocumentNotification, DidOpenTextDocumentNotification, InitializedNotification, InitializeRequest, type ProtocolConnection, type ServerCapabilities } from 'vscode-languageserver-protocol/browser';
import type { editor as MonacoEditor, IDisposable } from 'monaco-editor/editor';
import { monaco } from '../monaco-setup.ts';
import { RULES_LANGUAGE } from '../rules-language.ts';
import { toLspRange } from './lsp-positions.ts';

export const SET_FILES = 'houserules/setFiles';

export interface LspClient {
  connection: ProtocolConnection;
  capabilities: ServerCapabilities;
  /** the files the language service reads (by URI) but the author does not have open: read-only */
  setFiles(files: Record<string, string>, readOnly: boolean): void;
  dispose(): void;
}

export const uriString = (path: string): string => `file:///${path}`;

export async function startLspClient(worker: Worker, repoFiles: Record<string, string>): Promise<LspClient> {
  const connection = createProtocolConnection(new BrowserMessageReader(worker), new BrowserMessageWriter(worker));
  connection.listen();
  const files: Record<string, string> = {};
  for (const [path, text] of Object.entries(repoFiles)) if (path.endsWith('.rules')) files[uriString(path)] = text;
  const init = await connection.sendRequest(InitializeRequest.type, {
    processId: null,
    rootUri: 'file:///',
    capabilities: {
      textDocument: {
        synchronization: { didSave: false, dynamicRegistration: false },
        completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'source'] } }, dataSupport: true },
        rename: { prepareSupport: true },
        documentSymbol: { hierarchicalDocumentSymbolSupport: true },
      },
      // the server may ask for the lenses to be drawn again (src/editor/lsp/lsp-providers.ts answers it)
      workspace: { codeLens: { refreshSupport: true } },
    },
    initializationOptions: { files, readOnly: true },
    workspaceFolders: null,
  });
  await connection.sendNotification(InitializedNotification.type, {});
  const synced = new Map<string, IDisposable>();

  const open = (model: MonacoEditor.ITextModel): void => {
    if (model.getLanguageId() !== RULES_LANGUAGE) return;
    const uri = model.uri.toString(true);
    if (synced.has(uri)) return;
    void connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'houserules', version: model.getVersionId(), text: model.getValue() } });
    const sub = model.onDidChangeContent((e) => {
      void connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: e.versionId },
        // Monaco reports a batch's changes against the text before the batch, last change first: LSP's order.
        contentChanges: e.changes.map((c) => ({ range: toLspRange(c.range), rangeLength: c.rangeLength, text: c.text })),
      });
    });
    synced.set(uri, sub);
  };
  const close = (model: MonacoEditor.ITextModel): void => {
    const uri = model.uri.toString(true);
    const sub = synced.get(uri);
    if (!sub) return;
    sub.dispose();
    synced.delete(uri);
    void connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  };
  for (const m of monaco.editor.getModels()) open(m);
  const onCreate = monaco.editor.onDidCreateModel(open);
  const onDispose = monaco.editor.onWillDisposeModel(close);

  return {
    connection,
    capabilities: init.capabilities,
    setFiles: (f, readOnly) => void connection.sendNotification(SET_FILES, { files: Object.fromEntries(Object.entries(f).map(([p, t]) => [uriString(p), t])), readOnly }),
    dispose: () => {
      onCreate.dispose();
      onDispose.dispose();
      for (const s of synced.values()) s.dispose();
      connection.dispose();
    },
  };
}
