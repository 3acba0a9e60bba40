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
  CodeActionKind,
  CodeLensRefreshRequest,
  ErrorCodes,
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
import type { Diagnostic } from 'vscode-languageserver-types';
import { RUN_TEST_COMMAND, RUN_TESTS_COMMAND } from '../features/code-lens.ts';
import { SEMANTIC_TOKENS_LEGEND } from '../features/semantic-tokens.ts';
import { LanguageService } from '../language-service.ts';
import { HOUSERULES_SET_COVERAGE, HOUSERULES_SET_FILES, HOUSERULES_TEST_RESULTS, type SetCoverageParams, type SetFilesParams, type TestResultsParams } from './protocol.ts';

export interface ServerOptions {
  /** where files that are not open come from (Node: the CLI's project-bounded host; browser: none, the page sends them) */
  host?: ModuleHost;
  /** whether files read through `host` may be edited by rename (an editor on a project: yes; a gallery: no) */
  hostFilesWritable?: boolean;
  /** how long to wait after an edit before publishing diagnostics (ms); further edits restart the wait */
  diagnosticsDelay?: number;
  /** called when the editor says files changed on disk, before they are read again (a host that caches drops its cache) */
  onFilesChanged?: () => void;
  /** more files that may hold a module's tests (Node: the `.rules` files under its scenario folder), for `houserules.runTests` */
  testFilesFor?: (path: string) => string[];
  /** false: tests run on the engine's closures only (a page whose CSP forbids generated code) */
  codegen?: boolean;
}

/** What the page may send at start (`initializationOptions`). */
export interface InitializationOptions {
  /** files the open documents may load, by URI (the scenario gallery) */
  files?: Record<string, string>;
  /** whether those files are read-only (default true) */
  readOnly?: boolean;
  /** false: tests run without generated code (a strict CSP) */
  codegen?: boolean;
}

export const SERVER_CAPABILITIES: ServerCapabilities = {
  textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
  completionProvider: { triggerCharacters: ['.', ' ', '('], resolveProvider: true },
  hoverProvider: true,
  definitionProvider: true,
  referencesProvider: true,
  renameProvider: { prepareProvider: true },
  documentHighlightProvider: true,
  documentSymbolProvider: true,
  foldingRangeProvider: true,
  semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
  signatureHelpProvider: { triggerCharacters: ['(', ','] },
  documentFormattingProvider: true,
  codeLensProvider: { resolveProvider: false },
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
  executeCommandProvider: { commands: [RUN_TEST_COMMAND, RUN_TESTS_COMMAND] },
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
  /** failures of the last test run, by URI, shown with the document's diagnostics until it changes */
  const testDiagnostics = new Map<string, Diagnostic[]>();
  let codegen = options.codegen;
  let lensRefresh = false;

  const publish = (): void => {
    timer = undefined;
    const uris = [...pending];
    pending.clear();
    for (const uri of uris) {
      const version = service.version(uri);
      if (version === undefined) continue;
      const diagnostics = [...service.diagnostics(uri, { version }), ...(testDiagnostics.get(uri) ?? [])];
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
    if (init.codegen !== undefined) codegen = init.codegen;
    lensRefresh = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    return { capabilities: SERVER_CAPABILITIES, serverInfo: { name: 'houserules', version: '0.1.0' } };
  });

  documents.onDidOpen(({ document }) => {
    service.open(document.uri, document.getText(), document.version);
    schedule(document.uri);
  });
  documents.onDidChangeContent(({ document }) => {
    service.update(document.uri, document.getText(), document.version);
    testDiagnostics.delete(document.uri);
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
  connection.onNotification(HOUSERULES_SET_COVERAGE, (params: SetCoverageParams) => {
    service.coverage.set(params.runs.map((r) => ({ ...r, scenario: service.uris.toPath(r.scenario) })));
    if (lensRefresh) void connection.sendRequest(CodeLensRefreshRequest.type);
  });
  connection.onDidChangeWatchedFiles(({ changes }) => {
    options.onFilesChanged?.();
    service.workspace.invalidate(changes.map((c) => service.uris.toPath(c.uri)));
    for (const doc of documents.all()) schedule(doc.uri);
  });

  connection.onCompletion((params, token) => answer(token, () => service.completion(params.textDocument.uri, params.position)));
  connection.onCompletionResolve((item, token) => answer(token, () => service.resolveCompletion(item)));
  connection.onHover((params, token) => answer(token, () => service.hover(params.textDocument.uri, params.position)));
  connection.onDefinition((params, token) => answer(token, () => service.definition(params.textDocument.uri, params.position)));
  connection.onReferences((params, token) => answer(token, () => service.references(params.textDocument.uri, params.position, { includeDeclaration: params.context.includeDeclaration })));
  connection.onPrepareRename((params, token) => answer(token, () => {
    const prepared = service.prepareRename(params.textDocument.uri, params.position);
    return 'refused' in prepared ? new ResponseError(ErrorCodes.InvalidRequest, prepared.refused) : prepared;
  }));
  connection.onRenameRequest((params, token) => answer(token, () => {
    const edit = service.rename(params.textDocument.uri, params.position, params.newName);
    return 'refused' in edit ? new ResponseError(ErrorCodes.InvalidRequest, edit.refused) : edit;
  }));
  connection.onDocumentHighlight((params, token) => answer(token, () => service.documentHighlights(params.textDocument.uri, params.position)));
  connection.onDocumentSymbol((params, token) => answer(token, () => service.documentSymbols(params.textDocument.uri)));
  connection.onFoldingRanges((params, token) => answer(token, () => service.foldingRanges(params.textDocument.uri)));
  connection.languages.semanticTokens.on((params, token) => answer(token, () => service.semanticTokens(params.textDocument.uri)));
  connection.onSignatureHelp((params, token) => answer(token, () => service.signatureHelp(params.textDocument.uri, params.position)));
  connection.onDocumentFormatting((params, token) => answer(token, () => service.formatting(params.textDocument.uri)));
  connection.onCodeLens((params, token) => answer(token, () => service.codeLenses(params.textDocument.uri)));
  connection.onCodeAction((params, token) => answer(token, () => service.codeActions(params.textDocument.uri, params.range)));
  connection.onExecuteCommand((params) => {
    if (params.command !== RUN_TEST_COMMAND && params.command !== RUN_TESTS_COMMAND) return new ResponseError(ErrorCodes.InvalidRequest, `no command ${params.command}`);
    const [uri, name] = (params.arguments ?? []) as [string, string | undefined];
    if (typeof uri !== 'string') return new ResponseError(ErrorCodes.InvalidParams, 'the command takes the document URI');
    const path = service.uris.toPath(uri);
    const result = service.runTests(uri, {
      ...(params.command === RUN_TEST_COMMAND && typeof name === 'string' ? { name } : {}),
      candidates: options.testFilesFor?.(path) ?? [],
      ...(codegen !== undefined ? { codegen } : {}),
    });
    for (const u of [...testDiagnostics.keys()]) if (!(u in result.diagnostics)) testDiagnostics.delete(u);
    for (const [u, list] of Object.entries(result.diagnostics)) testDiagnostics.set(u, list);
    for (const doc of documents.all()) schedule(doc.uri);
    const summary = `${result.passed} passed, ${result.failed} failed${result.broken ? `, ${result.broken} test file(s) do not compile` : ''}`;
    void connection.window.showInformationMessage(`houserules tests: ${summary}`);
    void connection.sendNotification(HOUSERULES_TEST_RESULTS, { uri, ...result } satisfies TestResultsParams);
    if (lensRefresh) void connection.sendRequest(CodeLensRefreshRequest.type);
    return { passed: result.passed, failed: result.failed, broken: result.broken, tests: result.tests };
  });

  documents.listen(connection);
  return service;
}

/** A request the client cancelled gets `RequestCancelled`, never an answer computed for a text it no longer has. */
function answer<T>(token: CancellationToken, run: () => T): T | ResponseError<void> {
  if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
  return run();
}
