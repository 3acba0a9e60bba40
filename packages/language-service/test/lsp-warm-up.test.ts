// The server's warm-up (`warmUpAfter`, the browser worker's): once the opened document's diagnostics are out and
// nothing else came, its text one line longer is analysed once as a scratch document and let go, so the author's
// first edit is not the first parse and lowering of that size; the editor is told nothing about the scratch, and a
// first edit that comes before the warm-up ends it unrun.
import { describe, expect, it } from 'vitest';
import { initialized, startTestServer, type Written } from './lsp-harness.ts';

const URI = 'file:///scenarios/gems/gems.rules';
const SCRATCH = 'file:///scenarios/gems/.houserules-warm-up.rules';
const TEXT = 'module gems\n\ntoken ruby\nrule r on game_start {\n}\n';
const published = (m: Written): boolean => m.method === 'textDocument/publishDiagnostics';
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 50));

describe('the warm-up', () => {
  it('analyses a copy of the opened document once it is quiet, lets it go, and publishes nothing for it', async () => {
    const server = startTestServer({ warmUpAfter: 0 });
    await initialized(server);
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'houserules', version: 1, text: TEXT } });
    await server.waitFor(() => server.out.find(published), 'diagnostics');
    const parsesAtOpen = server.served.service.workspace.parses;
    // the scratch text differs from the document's, so it is parsed (not taken from the parse cache)
    await server.waitFor(() => (server.served.service.workspace.parses > parsesAtOpen ? true : undefined), 'the warm-up');
    await settle();
    expect(server.served.service.workspace.holds('/scenarios/gems/.houserules-warm-up.rules')).toBe(false);
    expect(server.out.filter(published).map((m) => (m.params as { uri: string }).uri)).toEqual([URI]);
    // once only
    const parsesAfter = server.served.service.workspace.parses;
    await server.request('textDocument/foldingRange', { textDocument: { uri: URI } });
    await settle();
    expect(server.served.service.workspace.parses).toBe(parsesAfter);
    expect(server.out.some((m) => (m.params as { uri?: string } | undefined)?.uri === SCRATCH)).toBe(false);
  });

  it('is not run when the first edit comes before it', async () => {
    const server = startTestServer({ warmUpAfter: 0 });
    await initialized(server);
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'houserules', version: 1, text: TEXT } });
    server.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ text: TEXT + '\n' }] });
    await server.waitFor(() => server.out.find((m) => published(m) && (m.params as { version?: number }).version === 2), 'diagnostics');
    const parses = server.served.service.workspace.parses;
    await settle();
    expect(server.served.service.workspace.parses).toBe(parses);
  });

  it('is not run without warmUpAfter (the CLI server)', async () => {
    const server = startTestServer();
    await initialized(server);
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'houserules', version: 1, text: TEXT } });
    await server.waitFor(() => server.out.find(published), 'diagnostics');
    const parses = server.served.service.workspace.parses;
    await settle();
    expect(server.served.service.workspace.parses).toBe(parses);
  });
});
