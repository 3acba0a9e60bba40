import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter, type CompletionList, type Hover, type Location, type ProtocolConnection,
  type PublishDiagnosticsParams, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver/node';

// The LSP server as an editor sees it: `houserules lsp` (the bundled command) over stdio.
const cliDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(cliDir, '../..');
const diamantPath = join(repo, 'scenarios/diamant/diamant.rules');
const fiveSixPath = join(repo, 'scenarios/catan/five-six.rules');
const basePath = join(repo, 'scenarios/catan/base.rules');
const uriOf = (path: string): string => pathToFileURL(path).toString();

let child: ChildProcessWithoutNullStreams;
let client: ProtocolConnection;
const published: PublishDiagnosticsParams[] = [];

function positionOf(text: string, needle: string, after = '', delta = 1): { line: number; character: number } {
  const at = text.indexOf(needle, after ? text.indexOf(after) : 0) + delta;
  const before = text.slice(0, at).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

async function diagnosticsFor(uri: string, version: number): Promise<PublishDiagnosticsParams> {
  const start = Date.now();
  for (;;) {
    const found = published.find((p) => p.uri === uri && p.version === version);
    if (found) return found;
    if (Date.now() - start > 30_000) throw new Error(`no diagnostics for ${uri} version ${version}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('houserules lsp, over the wire', () => {
  beforeAll(async () => {
    if (!existsSync(join(cliDir, 'dist/houserules.js'))) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: cliDir, stdio: 'pipe' });
    child = spawn(process.execPath, [join(cliDir, 'dist/houserules.js'), 'lsp', '--stdio'], { cwd: repo });
    client = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => { published.push(p); });
    client.onNotification('window/showMessage', () => {});
    client.listen();
    const init = await client.sendRequest('initialize', { processId: process.pid, rootUri: uriOf(repo), capabilities: {}, workspaceFolders: null }) as { capabilities: Record<string, unknown> };
    expect(init.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, renameProvider: { prepareProvider: true }, documentFormattingProvider: true });
    await client.sendNotification('initialized', {});
  }, 60_000);

  afterAll(async () => {
    if (!client) return;
    await client.sendRequest('shutdown');
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await client.sendNotification('exit');
    expect(await exited).toBe(0);
    client.dispose();
  });

  it('publishes diagnostics for Diamant as it is edited, with codes and the document version', async () => {
    const text = readFileSync(diamantPath, 'utf8');
    const uri = uriOf(diamantPath);
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'houserules', version: 1, text } });
    expect((await diagnosticsFor(uri, 1)).diagnostics).toEqual([]);
    const at = positionOf(text, 'in_cave_count == 0', 'rule ', 0);
    const end = { line: at.line, character: at.character + 'in_cave_count'.length };
    await client.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: at, end }, text: 'in_cave_cont' }] });
    const broken = await diagnosticsFor(uri, 2);
    expect(broken.diagnostics.map((d) => d.code)).toContain('resolve/unknown-name');
    expect(broken.diagnostics.find((d) => d.code === 'resolve/unknown-name')!.range.start).toEqual(at);
  });

  it('completes and hovers in Diamant', async () => {
    const uri = uriOf(diamantPath);
    const text = readFileSync(diamantPath, 'utf8');
    const at = positionOf(text, 'in_cave_count == 0', 'rule ', 0);
    const list = await client.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: at.line, character: at.character + 'in_cave_c'.length } }) as CompletionList;
    expect(list.items.map((i) => i.label)).toContain('in_cave_count');
    const hover = await client.sendRequest('textDocument/hover', { textDocument: { uri }, position: positionOf(text, 'reveal_card', 'rule ') }) as Hover;
    expect(JSON.stringify(hover.contents)).toContain('rule reveal_card on');
  });

  it('opens a Catan scenario and goes to a definition in scenarios/catan/base.rules', async () => {
    const text = readFileSync(fiveSixPath, 'utf8');
    const uri = uriOf(fiveSixPath);
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'houserules', version: 1, text } });
    expect((await diagnosticsFor(uri, 1)).diagnostics.filter((d) => d.severity === 1)).toEqual([]);
    const locations = await client.sendRequest('textDocument/definition', { textDocument: { uri }, position: positionOf(text, 'bank', 'move 1 brick from actor.hand to ') }) as Location[];
    expect(locations.map((l) => l.uri)).toEqual([uriOf(basePath)]);
    const base = readFileSync(basePath, 'utf8').split('\n');
    const line = base[locations[0]!.range.start.line]!;
    expect(line.slice(locations[0]!.range.start.character, locations[0]!.range.end.character)).toBe('bank');
  });

  it('renames a base rule from the extension, in both modules, naming the open document’s version', async () => {
    const text = readFileSync(fiveSixPath, 'utf8');
    const uri = uriOf(fiveSixPath);
    const edit = await client.sendRequest('textDocument/rename', { textDocument: { uri }, position: positionOf(text, 'place_harbours', 'override rule '), newName: 'set_harbours' }) as WorkspaceEdit;
    const changes = edit.documentChanges as { textDocument: { uri: string; version: number | null }; edits: TextEdit[] }[];
    expect(changes.map((c) => c.textDocument.uri).sort()).toEqual([uriOf(basePath), uri].sort());
    expect(changes.find((c) => c.textDocument.uri === uri)!.textDocument.version).toBe(1);
    expect(changes.every((c) => c.edits.every((e) => e.newText === 'set_harbours'))).toBe(true);
    const refused = await client.sendRequest('textDocument/rename', { textDocument: { uri }, position: positionOf(text, 'place_harbours', 'override rule '), newName: 'produce' }).then(() => null, (e: Error) => e.message);
    expect(refused).toContain('already declared');
  });

  it('formats a document with the canonical formatter', async () => {
    const uri = uriOf(join(repo, 'scenarios/diamant/unformatted.rules'));
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'houserules', version: 1, text: 'token a   rule r on game_start{\nshuffle deck}\nzone deck: public\n' } });
    const edits = await client.sendRequest('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }) as TextEdit[];
    expect(edits).toHaveLength(1);
    expect(edits[0]!.newText).toContain('{\n  shuffle deck\n}');
  });
});
