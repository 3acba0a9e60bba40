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
 *
 * Diagnostics first: after every edit an editor asks for the folding, the
 * semantic tokens, the lenses… of the new text, and the author waits for the
 * markers. So the requests that read a document (`deferred` below) are
 * answered a task later, once the messages already sent have come in: one
 * whose document was edited meanwhile (an edit applied, or one that arrived
 * and waits: `EditsInFlight`) is answered ContentModified at once, without
 * computing it; and before any is computed, diagnostics waiting for their
 * delay are published (the request needs the same analysis). Completion and
 * signature help are the exception (`onArrival`): they follow the typing, so
 * they are answered at once on the text the editor had when it asked.
 *
 * Params reach these handlers checked (`message-gate.ts`), so they trust
 * their shape. A request on a document that is neither open nor given, and
 * that the host will not read (outside the workspace, too big), is answered
 * InvalidParams saying why: nothing outside is read or answered from.
 */

import {
  CodeActionKind,
  CodeLensRefreshRequest,
  ErrorCodes,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocumentSyncKind,
  type CancellationToken,
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type ServerCapabilities,
} from 'vscode-languageserver';
import type { ModuleHost } from '@houserules/compiler';
import type { Diagnostic } from 'vscode-languageserver-types';
import { RUN_TEST_COMMAND, RUN_TESTS_COMMAND } from '../features/code-lens.ts';
import { SEMANTIC_TOKENS_LEGEND } from '../features/semantic-tokens.ts';
import { LanguageService } from '../language-service.ts';
import { MAX_GIVEN_FILES, MAX_HELD_TEXT } from './budgets.ts';
import { DocumentSync } from './document-sync.ts';
import { EditsInFlight } from './edits-in-flight.ts';
import { HOUSERULES_SET_COVERAGE, HOUSERULES_SET_FILES, HOUSERULES_TEST_RESULTS, type SetCoverageParams, type SetFilesParams, type TestResultsParams } from './protocol.ts';

export interface ServerOptions {
  /** where files that are not open come from (Node: the CLI's project-bounded host; browser: none, the page sends them) */
  host?: ModuleHost;
  /** whether files read through `host` may be edited by rename (an editor on a project: yes; a gallery: no) */
  hostFilesWritable?: boolean;
  /** how long to wait after an edit before publishing diagnostics (ms); further edits restart the wait; an edit after
   *  that long without one is published on the next task */
  diagnosticsDelay?: number;
  /** the clock the wait after an edit is measured by (ms; default `performance.now`): a test's own, to make a quiet spell */
  clock?: () => number;
  /** called when the editor says files changed on disk, before they are read again (a host that caches drops its cache) */
  onFilesChanged?: () => void;
  /** more files that may hold a module's tests (Node: the `.rules` files under its scenario folder), for `houserules.runTests` */
  testFilesFor?: (path: string) => string[];
  /** false: tests run on the engine's closures only (a page whose CSP forbids generated code) */
  codegen?: boolean;
  /** called with the `initialize` params before the server answers (the Node flavour takes its workspace folders from them) */
  onInitialize?: (params: InitializeParams) => void;
  /** where a failure inside the service goes (a bug; the request is answered with nothing) */
  onInternalError?: (error: unknown) => void;
  /** edits counted as they arrive, before the connection queues them (`serve` gives its gate's); default: counted when handled */
  editsInFlight?: EditsInFlight;
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
  if (options.onInternalError) serviceOptions.onInternalError = options.onInternalError;
  const service = new LanguageService(serviceOptions);
  const delay = options.diagnosticsDelay ?? 30;
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** failures of the last test run, by URI, shown with the document's diagnostics until it changes */
  const testDiagnostics = new Map<string, Diagnostic[]>();
  let codegen = options.codegen;
  let lensRefresh = false;
  const edits = options.editsInFlight ?? new EditsInFlight();

  const publish = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const uris = [...pending];
    pending.clear();
    for (const uri of uris) {
      const version = service.version(uri);
      if (version === undefined) continue;
      const diagnostics = [...service.diagnostics(uri, { version }), ...(testDiagnostics.get(uri) ?? [])];
      tell(() => connection.sendDiagnostics({ uri, version, diagnostics }));
    }
  };
  /** when the last change was scheduled (ms): a change after a quiet spell of `delay` is published on the next task */
  const clock = options.clock ?? ((): number => performance.now());
  let lastChange = clock();
  const schedule = (uri: string): void => {
    for (const u of service.dependents(uri)) pending.add(u);
    if (timer !== undefined) clearTimeout(timer);
    // The wait gathers a burst of changes into one check; the first keystroke after a pause has nothing to gather.
    const now = clock();
    const quiet = now - lastChange >= delay;
    lastChange = now;
    timer = setTimeout(publish, quiet ? 0 : delay);
  };
  // a notification (window/showMessage): the server waits for no answer
  const warn = (message: string): void => tell(() => connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message }));
  /** Given files (the page's gallery), within the budgets: a set that does not fit is not taken, and the page is told. */
  const addFiles = (files: Record<string, string>, readOnly: boolean): boolean => {
    // what the set adds: files given again replace their text; open documents are not replaced
    let newFiles = 0;
    let newChars = 0;
    for (const [key, text] of Object.entries(files)) {
      const path = service.uris.toPath(key);
      const held = service.workspace.holds(path) ? service.workspace.document(path) : undefined;
      if (held === undefined) newFiles++;
      if (!held?.open) newChars += text.length - (held?.text.length ?? 0);
    }
    if (service.workspace.givenFiles + newFiles > MAX_GIVEN_FILES || service.workspace.heldText + newChars > MAX_HELD_TEXT) {
      warn(`Houserules: ${Object.keys(files).length} files were given, more than the language server holds (${MAX_GIVEN_FILES} files, ${MAX_HELD_TEXT} characters with the open documents); none was taken.`);
      return false;
    }
    service.addFiles(files, { readOnly });
    return true;
  };
  const documents = new DocumentSync(service, {
    changed: (uri) => {
      testDiagnostics.delete(uri);
      schedule(uri);
    },
    closing: (uri) => {
      const affected = service.dependents(uri);
      testDiagnostics.delete(uri);
      tell(() => connection.sendDiagnostics({ uri, diagnostics: [] }));
      for (const u of affected) if (u !== uri) schedule(u);
    },
    warn,
  });
  /** Runs a request on the document at `uri`, unless it may not be read (then InvalidParams, saying why). */
  const onDocument = <T>(uri: string, token: CancellationToken, run: () => T): T | ResponseError<void> => {
    const refusal = service.refusal(uri);
    if (refusal !== undefined) return new ResponseError(ErrorCodes.InvalidParams, `${uri} is not open and is not read: ${refusal}`);
    return answer(token, run);
  };
  /**
   * A request that reads the document at `uri`, answered a task later (see
   * "Diagnostics first" above): ContentModified if the document was edited
   * meanwhile, else after the diagnostics waiting to be published.
   */
  const deferred = async <T>(uri: string, token: CancellationToken, run: () => T): Promise<T | ResponseError<void>> => {
    // a document that may not be read is refused as the request arrives: a later message (an open) does not make it readable
    const refusal = service.refusal(uri);
    if (refusal !== undefined) return new ResponseError(ErrorCodes.InvalidParams, `${uri} is not open and is not read: ${refusal}`);
    const version = documents.version(uri);
    await nextTask();
    if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
    if (edits.waiting(uri) || documents.version(uri) !== version) return new ResponseError(LSPErrorCodes.ContentModified, 'the document changed');
    if (pending.size > 0) publish();
    return onDocument(uri, token, run);
  };

  /**
   * A request that follows the author's typing (completion, signature help), answered on arrival, on the text the
   * editor had when it asked: the editor keeps such a session open while the author goes on typing, and filters its
   * answer by what was typed since. Answered ContentModified instead, the session would close empty whenever the
   * next keystroke arrives before the answer (a loaded machine), and nothing would be offered.
   */
  const onArrival = <T>(uri: string, token: CancellationToken, run: () => T): T | ResponseError<void> => {
    if (pending.size > 0) publish();
    return onDocument(uri, token, run);
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    options.onInitialize?.(params);
    const init = (params.initializationOptions ?? {}) as InitializationOptions;
    if (init.files) addFiles(init.files, init.readOnly ?? true);
    if (init.codegen !== undefined) codegen = init.codegen;
    lensRefresh = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    return { capabilities: SERVER_CAPABILITIES, serverInfo: { name: 'houserules', version: '0.1.0' } };
  });

  connection.onDidOpenTextDocument((params) => documents.open(params));
  connection.onDidChangeTextDocument((params) => {
    edits.applied(params.textDocument.uri);
    documents.change(params);
  });
  connection.onDidCloseTextDocument((params) => documents.close(params));

  connection.onNotification(HOUSERULES_SET_FILES, (params: SetFilesParams) => {
    if (!addFiles(params.files, params.readOnly ?? true)) return;
    for (const uri of documents.uris()) schedule(uri);
  });
  connection.onNotification(HOUSERULES_SET_COVERAGE, (params: SetCoverageParams) => {
    // coverage of at most as many modules as there may be given files: a client sending ever new ones starts afresh
    if (service.coverage.all().length + params.runs.length > MAX_GIVEN_FILES) service.coverage.clear();
    service.coverage.set(params.runs.map((r) => ({ ...r, scenario: service.uris.toPath(r.scenario) })));
    if (lensRefresh) tell(() => connection.sendRequest(CodeLensRefreshRequest.type));
  });
  connection.onDidChangeWatchedFiles(({ changes }) => {
    options.onFilesChanged?.();
    service.workspace.invalidate(changes.map((c) => service.uris.toPath(c.uri)));
    for (const uri of documents.uris()) schedule(uri);
  });

  connection.onCompletion((params, token) => onArrival(params.textDocument.uri, token, () => service.completion(params.textDocument.uri, params.position)));
  connection.onCompletionResolve((item, token) => answer(token, () => service.resolveCompletion(item)));
  connection.onHover((params, token) => deferred(params.textDocument.uri, token, () => service.hover(params.textDocument.uri, params.position)));
  connection.onDefinition((params, token) => deferred(params.textDocument.uri, token, () => service.definition(params.textDocument.uri, params.position)));
  connection.onReferences((params, token) => deferred(params.textDocument.uri, token, () => service.references(params.textDocument.uri, params.position, { includeDeclaration: params.context.includeDeclaration })));
  connection.onPrepareRename((params, token) => onDocument(params.textDocument.uri, token, () => {
    const prepared = service.prepareRename(params.textDocument.uri, params.position);
    return 'refused' in prepared ? new ResponseError(ErrorCodes.InvalidRequest, prepared.refused) : prepared;
  }));
  connection.onRenameRequest((params, token) => onDocument(params.textDocument.uri, token, () => {
    const edit = service.rename(params.textDocument.uri, params.position, params.newName);
    return 'refused' in edit ? new ResponseError(ErrorCodes.InvalidRequest, edit.refused) : edit;
  }));
  connection.onDocumentHighlight((params, token) => deferred(params.textDocument.uri, token, () => service.documentHighlights(params.textDocument.uri, params.position)));
  connection.onDocumentSymbol((params, token) => deferred(params.textDocument.uri, token, () => service.documentSymbols(params.textDocument.uri)));
  connection.onFoldingRanges((params, token) => deferred(params.textDocument.uri, token, () => service.foldingRanges(params.textDocument.uri)));
  connection.languages.semanticTokens.on((params, token) => deferred(params.textDocument.uri, token, () => service.semanticTokens(params.textDocument.uri)));
  connection.onSignatureHelp((params, token) => onArrival(params.textDocument.uri, token, () => service.signatureHelp(params.textDocument.uri, params.position)));
  connection.onDocumentFormatting((params, token) => onDocument(params.textDocument.uri, token, () => service.formatting(params.textDocument.uri)));
  connection.onCodeLens((params, token) => deferred(params.textDocument.uri, token, () => service.codeLenses(params.textDocument.uri)));
  connection.onCodeAction((params, token) => deferred(params.textDocument.uri, token, () => service.codeActions(params.textDocument.uri, params.range)));
  connection.onExecuteCommand((params) => {
    if (params.command !== RUN_TEST_COMMAND && params.command !== RUN_TESTS_COMMAND) return new ResponseError(ErrorCodes.InvalidParams, `no command ${params.command}`);
    const [uri, name] = (params.arguments ?? []) as unknown[];
    if (typeof uri !== 'string') return new ResponseError(ErrorCodes.InvalidParams, 'the command takes the document URI');
    const refusal = service.refusal(uri);
    if (refusal !== undefined) return new ResponseError(ErrorCodes.InvalidParams, `${uri} is not open and is not read: ${refusal}`);
    const path = service.uris.toPath(uri);
    const result = service.runTests(uri, {
      ...(params.command === RUN_TEST_COMMAND && typeof name === 'string' ? { name } : {}),
      candidates: options.testFilesFor?.(path) ?? [],
      ...(codegen !== undefined ? { codegen } : {}),
    });
    for (const u of [...testDiagnostics.keys()]) if (!(u in result.diagnostics)) testDiagnostics.delete(u);
    for (const [u, list] of Object.entries(result.diagnostics)) testDiagnostics.set(u, list);
    for (const u of documents.uris()) schedule(u);
    const summary = `${result.passed} passed, ${result.failed} failed${result.broken ? `, ${result.broken} test file(s) do not compile` : ''}`;
    tell(() => connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: `houserules tests: ${summary}` }));
    tell(() => connection.sendNotification(HOUSERULES_TEST_RESULTS, { uri, ...result } satisfies TestResultsParams));
    if (lensRefresh) tell(() => connection.sendRequest(CodeLensRefreshRequest.type));
    return { passed: result.passed, failed: result.failed, broken: result.broken, tests: result.tests };
  });

  return service;
}

/**
 * Sends something to the client, whatever becomes of it: a client that
 * answers a request with an error, or a connection that closed meanwhile, is
 * nothing to fail over (and must not end the server).
 */
function tell(send: () => unknown): void {
  try {
    const sent = send();
    if (sent instanceof Promise) sent.catch(() => undefined);
  } catch {
    // the connection closed: there is no one to tell
  }
}

/** Resolves after the messages already sent to the server have come in (a timer: a task after the queued message events). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A request the client cancelled gets `RequestCancelled`, never an answer computed for a text it no longer has. */
function answer<T>(token: CancellationToken, run: () => T): T | ResponseError<void> {
  if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
  return run();
}
