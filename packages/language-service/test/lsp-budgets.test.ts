// The server's budgets: a document over the source budget gets one
// diagnostic and empty answers, never an analysis; what a client can make
// big (open documents, held text, an edit's work, given files) is bounded.
import { describe, expect, it } from 'vitest';
import { MAX_SOURCE_BYTES } from '@houserules/syntax';
import { MAX_EDIT_WORK, MAX_GIVEN_FILES, MAX_HELD_TEXT, MAX_OPEN_DOCUMENTS } from '../src/lsp/index.ts';
import { initialized, startTestServer, type TestServer } from './lsp-harness.ts';

const BIG_URI = 'file:///scenarios/big/big.rules';
const LINE = 'token gem\nrule r on game_start {\n}\n';
const open = (server: TestServer, uri: string, text: string, version = 1): void =>
  server.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'houserules', version, text } });
const diagnosticsOf = (server: TestServer, uri: string, version: number): Promise<{ code: string; range: unknown }[]> =>
  server.waitFor(() => (server.out.find((m) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string; version: number }).uri === uri && (m.params as { version: number }).version === version)?.params as { diagnostics: { code: string; range: unknown }[] } | undefined)?.diagnostics, `diagnostics of ${uri} v${version}`);
const warnings = (server: TestServer): string[] => server.out.filter((m) => m.method === 'window/showMessage').map((m) => (m.params as { message: string }).message);

describe('a document over the source budget', () => {
  const big = LINE.repeat(Math.ceil((MAX_SOURCE_BYTES + 1) / LINE.length));

  it('gets one limit/source-size diagnostic at its start, empty answers to every request, and is analysed again once cut back', async () => {
    const server = startTestServer();
    await initialized(server);
    open(server, BIG_URI, big);
    const diagnostics = await diagnosticsOf(server, BIG_URI, 1);
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'limit/source-size', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } })]);
    const at = { textDocument: { uri: BIG_URI }, position: { line: 1, character: 6 } };
    const empty: [string, Record<string, unknown>, unknown][] = [
      ['textDocument/hover', at, null],
      ['textDocument/completion', at, { isIncomplete: false, items: [] }],
      ['textDocument/definition', at, []],
      ['textDocument/references', { ...at, context: { includeDeclaration: true } }, []],
      ['textDocument/documentHighlight', at, []],
      ['textDocument/signatureHelp', at, null],
      ['textDocument/documentSymbol', { textDocument: at.textDocument }, []],
      ['textDocument/foldingRange', { textDocument: at.textDocument }, []],
      ['textDocument/semanticTokens/full', { textDocument: at.textDocument }, { data: [] }],
      ['textDocument/formatting', { textDocument: at.textDocument, options: { tabSize: 2, insertSpaces: true } }, []],
      ['textDocument/codeLens', { textDocument: at.textDocument }, []],
      ['textDocument/codeAction', { textDocument: at.textDocument, range: { start: at.position, end: at.position }, context: { diagnostics: [] } }, []],
    ];
    for (const [method, params, result] of empty) expect((await server.request(method, params)).result, method).toEqual(result);
    expect((await server.request('textDocument/prepareRename', at)).error).toBeDefined(); // "the document changed": nothing to rename
    // cut back under the budget: analysed as any document
    server.notify('textDocument/didChange', { textDocument: { uri: BIG_URI, version: 2 }, contentChanges: [{ text: LINE }] });
    expect(await diagnosticsOf(server, BIG_URI, 2)).not.toContainEqual(expect.objectContaining({ code: 'limit/source-size' }));
    expect((await server.request('textDocument/documentSymbol', { textDocument: at.textDocument })).result).not.toEqual([]);
  });

  it('is refused, not read, by a document that extends it', async () => {
    const server = startTestServer();
    await initialized(server);
    open(server, BIG_URI, big);
    const uri = 'file:///scenarios/big/variant.rules';
    open(server, uri, 'module bigger extends "./big.rules"\n');
    expect((await diagnosticsOf(server, uri, 1)).map((d) => d.code)).toContain('limit/source-size');
  });

  it('counts bytes, not characters: a text of fewer characters than the budget but more UTF-8 bytes is over it', async () => {
    const server = startTestServer();
    await initialized(server);
    const text = `// ${'é'.repeat(MAX_SOURCE_BYTES / 2 + 10)}\n`;
    expect(text.length).toBeLessThan(MAX_SOURCE_BYTES);
    open(server, BIG_URI, text);
    expect((await diagnosticsOf(server, BIG_URI, 1)).map((d) => d.code)).toEqual(['limit/source-size']);
  });
});

describe('what a client can make big', () => {
  it(`follows at most ${MAX_OPEN_DOCUMENTS} open documents, and says so`, async () => {
    const server = startTestServer({ diagnosticsDelay: 600_000 });
    await initialized(server);
    for (let i = 0; i <= MAX_OPEN_DOCUMENTS; i++) open(server, `file:///many/d${i}.rules`, `token t${i}\n`);
    const last = await server.request('textDocument/documentSymbol', { textDocument: { uri: `file:///many/d${MAX_OPEN_DOCUMENTS}.rules` } });
    expect(last.result).toEqual([]);
    expect((await server.request('textDocument/documentSymbol', { textDocument: { uri: `file:///many/d${MAX_OPEN_DOCUMENTS - 1}.rules` } })).result).not.toEqual([]);
    expect(warnings(server)).toHaveLength(1);
    // closing one makes room
    server.notify('textDocument/didClose', { textDocument: { uri: 'file:///many/d0.rules' } });
    open(server, `file:///many/d${MAX_OPEN_DOCUMENTS}.rules`, 'token last\n');
    expect((await server.request('textDocument/documentSymbol', { textDocument: { uri: `file:///many/d${MAX_OPEN_DOCUMENTS}.rules` } })).result).not.toEqual([]);
  });

  it(`holds at most ${MAX_HELD_TEXT} characters of text: a document that would pass it is not followed, one that grows past it is let go`, async () => {
    const server = startTestServer({ diagnosticsDelay: 600_000 });
    await initialized(server);
    const third = 'x'.repeat(Math.floor(MAX_HELD_TEXT / 3) + 1);
    for (const name of ['a', 'b', 'c']) open(server, `file:///held/${name}.rules`, third);
    await server.request('shutdown');
    expect(server.served.service.workspace.heldText).toBeLessThanOrEqual(MAX_HELD_TEXT);
    expect(server.served.service.version('file:///held/a.rules')).toBe(1);
    expect(server.served.service.version('file:///held/c.rules')).toBeUndefined();
    expect(warnings(server)).toHaveLength(1);
  });

  it('lets go of a document growing past the held-text budget through edits', async () => {
    const server = startTestServer({ diagnosticsDelay: 600_000 });
    await initialized(server);
    const half = 'x'.repeat(Math.floor(MAX_HELD_TEXT / 2) + 1);
    open(server, 'file:///held/a.rules', half);
    server.notify('textDocument/didChange', { textDocument: { uri: 'file:///held/a.rules', version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: half }] });
    await server.waitFor(() => (warnings(server).length > 0 ? true : undefined), 'a warning');
    expect(server.served.service.version('file:///held/a.rules')).toBeUndefined();
    expect(server.served.service.workspace.heldText).toBe(0);
  });

  it(`lets go of a document when one edit would copy more than ${MAX_EDIT_WORK} characters`, async () => {
    const server = startTestServer({ diagnosticsDelay: 600_000 });
    await initialized(server);
    const uri = 'file:///edits/a.rules';
    open(server, uri, 'x'.repeat(1_000_000));
    const at = { line: 0, character: 5 };
    const changes = (n: number): unknown[] => Array.from({ length: n }, () => ({ range: { start: at, end: at }, text: 'y' }));
    server.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: changes(100) });
    await server.waitFor(() => (server.served.service.version(uri) === 2 ? true : undefined), 'the edit applied');
    server.notify('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: changes(Math.ceil(MAX_EDIT_WORK / 1_000_000) + 1) });
    await server.waitFor(() => (warnings(server).length > 0 ? true : undefined), 'a warning');
    expect(server.served.service.version(uri)).toBeUndefined();
  });

  it(`takes at most ${MAX_GIVEN_FILES} given files; files given again replace theirs and count once`, async () => {
    const server = startTestServer({ diagnosticsDelay: 600_000 });
    await initialized(server, { initializationOptions: { files: { 'file:///gallery/a.rules': 'token a\n' } } });
    const files = (n: number): Record<string, string> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`file:///gallery/f${i}.rules`, 'token f\n']));
    const symbolsOf = async (uri: string): Promise<unknown> => (await server.request('textDocument/documentSymbol', { textDocument: { uri } })).result;
    server.notify('houserules/setFiles', { files: files(MAX_GIVEN_FILES) });
    expect(await symbolsOf('file:///gallery/f1.rules')).toEqual([]);
    expect(warnings(server)).toHaveLength(1);
    expect(server.served.service.workspace.givenFiles).toBe(1);
    server.notify('houserules/setFiles', { files: files(MAX_GIVEN_FILES - 1) });
    server.notify('houserules/setFiles', { files: files(MAX_GIVEN_FILES - 1) });
    expect(await symbolsOf('file:///gallery/f1.rules')).not.toEqual([]);
    expect(warnings(server)).toHaveLength(1);
    expect(server.served.service.workspace.givenFiles).toBe(MAX_GIVEN_FILES);
    server.notify('houserules/setFiles', { files: { 'file:///gallery/b.rules': 'token b\n' } });
    expect(await symbolsOf('file:///gallery/b.rules')).toEqual([]);
    expect(warnings(server)).toHaveLength(2);
  });
});
