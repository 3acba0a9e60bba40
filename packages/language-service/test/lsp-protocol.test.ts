// The server as the LSP specification says it must behave: its lifecycle,
// JSON-RPC's error answers, params checked for every method it handles, and
// no InternalError or stack trace whatever a client sends.
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from 'vscode-languageserver';
import { NOTIFICATION_PARAMS, REQUEST_PARAMS, SERVER_CAPABILITIES } from '../src/lsp/index.ts';
import { initialized, STACK_LINE, startTestServer, type TestServer } from './lsp-harness.ts';

const URI = 'file:///scenarios/gems/gems.rules';
const TEXT = 'module gems\n\ntoken ruby\nrule r on game_start {\n}\n';
const errorCode = (w: { error?: { code: number } }): number | undefined => w.error?.code;

/** No answer is an InternalError, no log line a stack trace. */
function expectNoBug(server: TestServer): void {
  expect(server.out.filter((m) => m.error?.code === ErrorCodes.InternalError)).toEqual([]);
  expect(server.log.filter((l) => STACK_LINE.test(l))).toEqual([]);
}

describe('the lifecycle', () => {
  it('answers ServerNotInitialized before initialize, drops notifications, then serves; after shutdown answers InvalidRequest; exit after shutdown is 0', async () => {
    const server = startTestServer();
    expect(errorCode(await server.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 0 } }))).toBe(ErrorCodes.ServerNotInitialized);
    expect(errorCode(await server.request('shutdown'))).toBe(ErrorCodes.ServerNotInitialized);
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'houserules', version: 1, text: TEXT } });
    const init = await initialized(server);
    expect(init.result).toMatchObject({ capabilities: { hoverProvider: true } });
    // the didOpen before initialize was dropped: the document is not open
    expect((await server.request('textDocument/documentSymbol', { textDocument: { uri: URI } })).result).toEqual([]);
    expect(errorCode(await server.request('initialize', { processId: null, rootUri: null, capabilities: {} }))).toBe(ErrorCodes.InvalidRequest);
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'houserules', version: 1, text: TEXT } });
    expect((await server.request('textDocument/documentSymbol', { textDocument: { uri: URI } })).result).not.toEqual([]);
    expect(await server.request('shutdown')).toMatchObject({ result: null });
    expect(errorCode(await server.request('textDocument/documentSymbol', { textDocument: { uri: URI } }))).toBe(ErrorCodes.InvalidRequest);
    expect(errorCode(await server.request('shutdown'))).toBe(ErrorCodes.InvalidRequest);
    expect(server.exitCode()).toBeUndefined();
    server.notify('exit');
    await server.waitFor(() => server.exitCode(), 'exit');
    expect(server.exitCode()).toBe(0);
    expectNoBug(server);
  });

  it('exits 1 on exit without shutdown, before or after initialize', async () => {
    const early = startTestServer();
    early.notify('exit');
    expect(await early.waitFor(() => early.exitCode())).toBe(1);
    const late = startTestServer();
    await initialized(late);
    late.notify('exit', null);
    expect(await late.waitFor(() => late.exitCode())).toBe(1);
  });

  it('ends with 1 when the input ends without shutdown, 0 when it ends after', async () => {
    const cut = startTestServer();
    await initialized(cut);
    cut.end();
    expect(await cut.waitFor(() => cut.exitCode())).toBe(1);
    const done = startTestServer();
    await initialized(done);
    await done.request('shutdown');
    done.end();
    expect(await done.waitFor(() => done.exitCode())).toBe(0);
  });
});

describe('what is not a JSON-RPC message', () => {
  it.each([
    ['a number', 42, null],
    ['a batch', [{ jsonrpc: '2.0', id: 1, method: 'shutdown' }], null],
    ['an object with nothing of a message', { foo: 1 }, null],
    ['a method that is not a string', { jsonrpc: '2.0', id: 7, method: 5 }, 7],
    ['an id that is an object', { jsonrpc: '2.0', id: {}, method: 'textDocument/hover' }, null],
    ['an id that is null', { jsonrpc: '2.0', id: null, method: 'textDocument/hover' }, null],
    ['no "jsonrpc": "2.0"', { id: 8, method: 'textDocument/hover', params: {} }, 8],
    ['a response without a result or an error', { jsonrpc: '2.0', id: 9 }, null],
    ['nesting deeper than the budget', { jsonrpc: '2.0', id: 10, method: 'shutdown', params: JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`) as unknown }, 10],
  ])('%s is answered InvalidRequest', async (_, value, id) => {
    const server = startTestServer();
    await initialized(server);
    server.send(value);
    const answer = await server.waitFor(() => server.out.find((m) => m.error !== undefined));
    expect(answer).toMatchObject({ id, error: { code: ErrorCodes.InvalidRequest } });
    expect((await server.request('shutdown')).result).toBeNull();
    expectNoBug(server);
  });

  it('answers content that is not JSON with ParseError (id null), a method it does not handle with MethodNotFound, and goes on', async () => {
    const server = startTestServer({ frames: true });
    await initialized(server);
    server.sendBytes('Content-Length: 9\r\n\r\n{not json');
    expect(await server.waitFor(() => server.out.find((m) => m.error !== undefined))).toMatchObject({ id: null, error: { code: ErrorCodes.ParseError } });
    expect(errorCode(await server.request('textDocument/inlayHint', { textDocument: { uri: URI } }))).toBe(ErrorCodes.MethodNotFound);
    server.notify('textDocument/didSave', { textDocument: { uri: URI } });
    server.notify('$/unknownNotification', null);
    expect((await server.request('shutdown')).result).toBeNull();
    expectNoBug(server);
  });
});

describe('params checked for every method', () => {
  it('every request the capabilities announce has a check', () => {
    const announced = ['textDocument/completion', 'completionItem/resolve', 'textDocument/hover', 'textDocument/definition', 'textDocument/references', 'textDocument/prepareRename', 'textDocument/rename',
      'textDocument/documentHighlight', 'textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/semanticTokens/full', 'textDocument/signatureHelp', 'textDocument/formatting',
      'textDocument/codeLens', 'textDocument/codeAction', 'workspace/executeCommand'];
    expect(Object.keys(SERVER_CAPABILITIES).length).toBeGreaterThan(10);
    expect(Object.keys(REQUEST_PARAMS).sort()).toEqual(['initialize', 'shutdown', ...announced].sort());
  });

  const badParams: [string, unknown][] = [
    ['null', null], ['a string', 'x'], ['a number', 42], ['an array', []], ['an empty object', {}],
    ['a textDocument that is a number', { textDocument: 5, position: { line: 0, character: 0 } }],
    ['a uri that is not a string', { textDocument: { uri: 5 }, position: { line: 0, character: 0 } }],
    ['a position of strings', { textDocument: { uri: URI }, position: { line: 'a', character: 'b' } }],
    ['a negative position', { textDocument: { uri: URI }, position: { line: -1, character: 0 } }],
    ['a position past 2^31', { textDocument: { uri: URI }, position: { line: 2 ** 40, character: 0 } }],
  ];
  const methods = Object.keys(REQUEST_PARAMS).filter((m) => m !== 'initialize' && m !== 'shutdown');

  it.each(methods)('%s: malformed params answer InvalidParams, and the server goes on', async (method) => {
    const server = startTestServer();
    await initialized(server);
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'houserules', version: 1, text: TEXT } });
    for (const [what, params] of badParams) {
      if (REQUEST_PARAMS[method]!(params, 'params') === undefined) continue; // fits this method (a position it does not read)
      const answer = await server.request(method, params);
      expect(answer.error, `${method} with ${what}`).toMatchObject({ code: ErrorCodes.InvalidParams });
    }
    const absent = await server.request(method);
    expect(absent.error?.code, `${method} without params`).toBe(ErrorCodes.InvalidParams);
    expect((await server.request('textDocument/documentSymbol', { textDocument: { uri: URI } })).result).not.toEqual([]);
    expectNoBug(server);
  });

  it('initialize with malformed params answers InvalidParams and leaves the server uninitialized; shutdown with params too', async () => {
    const server = startTestServer();
    for (const params of [null, {}, { capabilities: 5 }, { capabilities: {}, processId: 'x' }, { capabilities: {}, workspaceFolders: [{ uri: 5 }] }, { capabilities: {}, initializationOptions: { files: { a: 5 } } }]) {
      expect(errorCode(await server.request('initialize', params)), JSON.stringify(params)).toBe(ErrorCodes.InvalidParams);
    }
    expect(errorCode(await server.request('textDocument/documentSymbol', { textDocument: { uri: URI } }))).toBe(ErrorCodes.ServerNotInitialized);
    await initialized(server);
    expect(errorCode(await server.request('shutdown', { now: true }))).toBe(ErrorCodes.InvalidParams);
    expect((await server.request('shutdown')).result).toBeNull();
    expectNoBug(server);
  });

  it.each(Object.keys(NOTIFICATION_PARAMS).filter((m) => m !== 'exit' && m !== 'initialized'))('%s with malformed params is dropped with one line in the log', async (method) => {
    const server = startTestServer();
    await initialized(server);
    for (const params of [null, 'x', {}, { textDocument: { uri: 5 } }, { contentChanges: [{ rangeLength: 3, text: '' }], textDocument: { uri: URI, version: 2 } }]) server.notify(method, params);
    expect((await server.request('textDocument/documentSymbol', { textDocument: { uri: URI } })).result).toEqual([]);
    expect(server.log.length).toBeGreaterThanOrEqual(4);
    expect(server.log.every((l) => !l.includes('\n'))).toBe(true);
    expectNoBug(server);
  });

  it('a failure inside the service is answered with nothing and logged in one line; its stack only with debug', async () => {
    const failingHost = { readFile: (): string => { throw new Error('disk on fire'); }, resolvePath: (_: string, ref: string) => ref, findModule: () => undefined };
    for (const debug of [false, true]) {
      const server = startTestServer({ host: failingHost, debug });
      await initialized(server);
      const answer = await server.request('textDocument/hover', { textDocument: { uri: 'file:///elsewhere/x.rules' }, position: { line: 0, character: 0 } });
      expect(answer).toMatchObject({ result: null });
      expect(server.log.some((l) => l.includes('disk on fire'))).toBe(true);
      expect(server.log.some((l) => STACK_LINE.test(l))).toBe(debug);
      expect(server.out.some((m) => JSON.stringify(m).includes('disk on fire'))).toBe(false);
    }
  });
});
