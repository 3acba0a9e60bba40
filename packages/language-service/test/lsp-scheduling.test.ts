// The server's order of work after an edit: the diagnostics of the new text
// before the answers an editor asks for after every edit, and no answer
// computed for a text the editor no longer has (ContentModified,
// RequestCancelled), as the LSP specification names them.
import { describe, expect, it } from 'vitest';
import { LSPErrorCodes } from 'vscode-languageserver';
import { initialized, startTestServer, type TestServer, type Written } from './lsp-harness.ts';

const URI = 'file:///scenarios/gems/gems.rules';
const TEXT = 'module gems\n\ntoken ruby\nrule r on game_start {\n}\n';
const doc = { textDocument: { uri: URI } };

let nextId = 10_000;
/** A request sent without waiting for it (the next message goes before its answer is computed). */
function ask(server: TestServer, method: string, params: unknown): number {
  const id = nextId++;
  server.send({ jsonrpc: '2.0', id, method, params });
  return id;
}
const answerTo = (server: TestServer, id: number): Promise<Written> => server.waitFor(() => server.out.find((m) => m.id === id), `answer ${id}`);
const indexOf = (server: TestServer, found: (m: Written) => boolean): number => server.out.findIndex(found);
const published = (version: number) => (m: Written): boolean => m.method === 'textDocument/publishDiagnostics' && (m.params as { version?: number }).version === version;

function open(server: TestServer): void {
  server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'houserules', version: 1, text: TEXT } });
}
/** `token ruby` → `token rubyx`, as version `version` */
function type(server: TestServer, version: number, at: number): void {
  server.notify('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: [{ range: { start: { line: 2, character: at }, end: { line: 2, character: at } }, text: 'x' }] });
}

describe('diagnostics first', () => {
  it('publishes the diagnostics of an edit before answering the requests on the edited document that follow it, however long their delay', async () => {
    // a delay no test waits for: only a request can bring the diagnostics forward
    const server = startTestServer({ diagnosticsDelay: 600_000 });
    await initialized(server);
    open(server);
    const folding = ask(server, 'textDocument/foldingRange', doc);
    const tokens = ask(server, 'textDocument/semanticTokens/full', doc);
    const lenses = ask(server, 'textDocument/codeLens', doc);
    for (const id of [folding, tokens, lenses]) expect((await answerTo(server, id)).error).toBeUndefined();
    const diagnostics = indexOf(server, published(1));
    expect(diagnostics).toBeGreaterThanOrEqual(0);
    for (const id of [folding, tokens, lenses]) expect(diagnostics).toBeLessThan(indexOf(server, (m) => m.id === id));
  });
});

describe('the wait after an edit', () => {
  it('publishes the first edit after a quiet spell at once, and gathers the edits of a burst', async () => {
    let now = 0;
    const server = startTestServer({ diagnosticsDelay: 600_000, clock: () => now });
    await initialized(server);
    open(server);
    // the server has the document (its messages are handled in turn, after this test's synchronous steps)
    await answerTo(server, ask(server, 'textDocument/foldingRange', doc));
    // a quiet spell longer than the wait: the next keystroke's diagnostics go out without a request to bring them
    now += 600_000;
    type(server, 2, 10);
    await server.waitFor(() => (indexOf(server, published(2)) >= 0 ? true : undefined), 'the diagnostics of version 2');
    // the next keystroke at once: it waits for more of the burst (a wait of 600 s, none of which passes here)
    type(server, 3, 11);
    await new Promise((r) => setTimeout(r, 100));
    expect(indexOf(server, published(3))).toBe(-1);
    // ...until a request on the edited document brings it forward (diagnostics first)
    await answerTo(server, ask(server, 'textDocument/foldingRange', doc));
    expect(indexOf(server, published(3))).toBeGreaterThanOrEqual(0);
  });
});

describe('requests made stale by an edit', () => {
  it('answers a request ContentModified when an edit of its document came after it, and the next request after the new diagnostics', async () => {
    const server = startTestServer({ diagnosticsDelay: 600_000 });
    await initialized(server);
    open(server);
    // sent one after the other before the server handles any: as an editor's messages queue behind a long check
    const stale = ask(server, 'textDocument/semanticTokens/full', doc);
    const staleFolding = ask(server, 'textDocument/foldingRange', doc);
    type(server, 2, 10);
    const fresh = ask(server, 'textDocument/semanticTokens/full', doc);
    expect((await answerTo(server, stale)).error?.code).toBe(LSPErrorCodes.ContentModified);
    expect((await answerTo(server, staleFolding)).error?.code).toBe(LSPErrorCodes.ContentModified);
    const answer = await answerTo(server, fresh);
    expect((answer.result as { data: number[] }).data.length).toBeGreaterThan(0);
    // the stale ones computed nothing: the only diagnostics are the new text's, before the fresh answer
    expect(indexOf(server, published(1))).toBe(-1);
    expect(indexOf(server, published(2))).toBeLessThan(indexOf(server, (m) => m.id === fresh));
    expect(indexOf(server, published(2))).toBeGreaterThanOrEqual(0);
  });

  it('answers RequestCancelled to a request the client cancelled before it was answered', async () => {
    const server = startTestServer();
    await initialized(server);
    open(server);
    const id = ask(server, 'textDocument/codeLens', doc);
    server.notify('$/cancelRequest', { id });
    expect((await answerTo(server, id)).error?.code).toBe(LSPErrorCodes.RequestCancelled);
    // the server goes on serving
    expect((await server.request('textDocument/foldingRange', doc)).error).toBeUndefined();
  });

  it('answers a request on another document as usual while one is edited', async () => {
    const server = startTestServer({ diagnosticsDelay: 600_000 });
    await initialized(server);
    open(server);
    const other = 'file:///scenarios/gems/other.rules';
    server.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'houserules', version: 1, text: TEXT } });
    const id = ask(server, 'textDocument/foldingRange', { textDocument: { uri: other } });
    type(server, 2, 10);
    expect((await answerTo(server, id)).error).toBeUndefined();
  });
});

describe('requests that follow the typing', () => {
  it('answers a completion on the text it was asked on, even when the next keystroke arrives before the answer', async () => {
    const server = startTestServer({ diagnosticsDelay: 600_000 });
    await initialized(server);
    const text = 'module gems\n\nvar score: number = 0\nrule r on game_start {\n  set score = \n}\n';
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'houserules', version: 1, text } });
    // after `set score = `, then a keystroke (`score` → `scorex`) before the server handles either
    const completion = ask(server, 'textDocument/completion', { ...doc, position: { line: 4, character: 14 } });
    type(server, 2, 9);
    const answer = await answerTo(server, completion);
    expect(answer.error).toBeUndefined();
    const result = answer.result as { items?: { label: string }[] } | { label: string }[];
    const labels = (Array.isArray(result) ? result : (result.items ?? [])).map((i) => i.label);
    // the answer read the text it was asked on: `score` (not yet `scorex`) is the declared variable
    expect(labels).toContain('score');
    expect(labels).not.toContain('scorex');
  });
});
