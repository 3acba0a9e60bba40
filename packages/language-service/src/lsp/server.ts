/**
 * The LSP server core, shared by the Node flavour (`houserules lsp`, stdio)
 * and the browser flavour (a web worker, `./browser-worker.ts`): it wires a
 * connection's requests to the language service. Documents are synced
 * incrementally; diagnostics are published, with the document version they
 * were computed for, for every open document an edit may affect.
 *
 * Stale requests: the connection handles messages in order, so a request is
 * answered on the text the editor had when it sent it; a request the client
 * cancelled (because the text changed) is answered `RequestCancelled`; and
 * edits (rename, formatting) name the document version they apply to, so a
 * client never applies one to a newer text.
 */

import {
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type ServerCapabilities,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ModuleHost } from '@houserules/compiler';
import { LanguageService } from '../language-service.ts';
import { HOUSERULES_SET_FILES, type SetFilesParams } from './protocol.ts';

export interface ServerOptions {
  /** where files that are not open come from (Node: the CLI's project-bounded host; browser: none, the page sends them) */
  host?: ModuleHost;
  /** whether files read through `host` may be edited by rename (an editor on a project: yes; a gallery: no) */
  hostFilesWritable?: boolean;
  /** how long to wait after an edit before publishing diagnostics (ms); further edits restart the wait */
  diagnosticsDelay?: number;
}

/** What the page may send at start (`initializationOptions`). */
export interface InitializationOptions {
  /** files the open documents may load, by URI (the scenario gallery) */
  files?: Record<string, string>;
  /** whether those files are read-only (default true) */
  readOnly?: boolean;
}

export const SERVER_CAPABILITIES: ServerCapabilities = {
  textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
  completionProvider: { triggerCharacters: ['.', ' ', '('], resolveProvider: true },
  hoverProvider: true,
};

export function startServer(connection: Connection, options: ServerOptions = {}): LanguageService {
  const serviceOptions: ConstructorParameters<typeof LanguageService>[0] = {};
  if (options.host) serviceOptions.host = options.host;
  if (options.hostFilesWritable !== undefined) serviceOptions.hostFilesWritable = options.hostFilesWritable;
  const service = new LanguageService(serviceOptions);
  const documents = new TextDocuments(TextDocument);
  const delay = options.diagnosticsDelay ?? 30;
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const publish = (): void => {
    timer = undefined;
    const uris = [...pending];
    pending.clear();
    for (const uri of uris) {
      const version = service.version(uri);
      if (version === undefined) continue;
      const diagnostics = service.diagnostics(uri, { version });
      void connection.sendDiagnostics({ uri, version, diagnostics });
    }
  };
  const schedule = (uri: string): void => {
    for (const u of service.dependents(uri)) pending.add(u);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(publish, delay);
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as InitializationOptions;
    if (init.files) service.addFiles(init.files, { readOnly: init.readOnly ?? true });
    return { capabilities: SERVER_CAPABILITIES, serverInfo: { name: 'houserules', version: '0.1.0' } };
  });

  documents.onDidOpen(({ document }) => {
    service.open(document.uri, document.getText(), document.version);
    schedule(document.uri);
  });
  documents.onDidChangeContent(({ document }) => {
    service.update(document.uri, document.getText(), document.version);
    schedule(document.uri);
  });
  documents.onDidClose(({ document }) => {
    const affected = service.dependents(document.uri);
    service.close(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    for (const u of affected) if (u !== document.uri) schedule(u);
  });

  connection.onNotification(HOUSERULES_SET_FILES, (params: SetFilesParams) => {
    service.addFiles(params.files, { readOnly: params.readOnly ?? true });
    for (const doc of documents.all()) schedule(doc.uri);
  });
  connection.onDidChangeWatchedFiles(({ changes }) => {
    service.workspace.invalidate(changes.map((c) => service.uris.toPath(c.uri)));
    for (const doc of documents.all()) schedule(doc.uri);
  });

  connection.onCompletion((params, token) => answer(token, () => service.completion(params.textDocument.uri, params.position)));
  connection.onCompletionResolve((item, token) => answer(token, () => service.resolveCompletion(item)));
  connection.onHover((params, token) => answer(token, () => service.hover(params.textDocument.uri, params.position)));

  documents.listen(connection);
  return service;
}

/** A request the client cancelled gets `RequestCancelled`, never an answer computed for a text it no longer has. */
function answer<T>(token: CancellationToken, run: () => T): T | ResponseError<void> {
  if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
  return run();
}
