// The language server under the boundary of the CLI: started as the VS Code
// extension starts it (no --root; the workspace as rootUri or
// workspaceFolders), it reads only `.rules` files inside the workspace. A
// request on a document that is not open and lies outside is InvalidParams,
// saying why, and answers nothing read from it.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { answerOf, startInProcess, type InProcessServer } from './lsp-harness.ts';

const uri = (path: string): string => pathToFileURL(path).toString();
let top: string;
let project: string;
let second: string;
let running: InProcessServer | undefined;

beforeAll(() => {
  top = realpathSync(mkdtempSync(join(tmpdir(), 'houserules-lsp-boundary-')));
  project = join(top, 'project');
  second = join(top, 'second');
  mkdirSync(join(project, 'scenarios'), { recursive: true });
  mkdirSync(second);
  mkdirSync(join(top, 'outside-folder'));
  writeFileSync(join(project, 'scenarios/inside.rules'), 'token inside_name\n');
  writeFileSync(join(project, 'scenarios/notes.txt'), 'token zq_in_notes\n');
  writeFileSync(join(top, 'beside.rules'), 'token zq_beside\n');
  writeFileSync(join(top, 'outside-folder/far.rules'), 'token zq_far\n');
  writeFileSync(join(second, 'other.rules'), 'token second_name\n');
  symlinkSync(join(top, 'beside.rules'), join(project, 'scenarios/link.rules'));
  symlinkSync(join(top, 'outside-folder'), join(project, 'scenarios/linked-folder'));
});

afterEach(async () => {
  if (!running) return;
  running.client.sendNotification('exit').catch(() => undefined);
  await running.exited;
  running.client.dispose();
  running = undefined;
});

async function start(initialize: Record<string, unknown>, root?: string): Promise<InProcessServer> {
  running = startInProcess({ cwd: top, ...(root !== undefined ? { root } : {}) });
  await running.client.sendRequest('initialize', { processId: null, capabilities: {}, rootUri: null, ...initialize });
  await running.client.sendNotification('initialized', {});
  return running;
}

const symbols = (server: InProcessServer, path: string): Promise<{ result?: unknown; code?: number; message?: string }> =>
  answerOf(server.client, 'textDocument/documentSymbol', { textDocument: { uri: uri(path) } });

/** Paths outside the workspace `project`, each named as a request's document. */
const outside = (): string[] => ['/etc/passwd', '/proc/self/environ', join(top, 'beside.rules'), join(project, 'scenarios/link.rules'), join(project, 'scenarios/linked-folder/far.rules'), join(project, 'scenarios/../../beside.rules')];

function expectNothingReadOutside(server: InProcessServer, folders: string[]): void {
  const read = server.files().filesRead;
  expect(read.filter((f) => !folders.some((folder) => f.startsWith(`${folder}/`)))).toEqual([]);
}

describe('the language server started without --root', () => {
  it('with rootUri: refuses every request on an unopened document outside, answers one inside', async () => {
    const server = await start({ rootUri: uri(project) });
    for (const path of outside()) {
      const answer = await symbols(server, path);
      expect(answer.code, path).toBe(ErrorCodes.InvalidParams);
      expect(answer.message).toContain('not open');
      expect(answer.message).not.toMatch(/zq_|root:/);
    }
    const at = (path: string): { textDocument: { uri: string }; position: { line: number; character: number } } => ({ textDocument: { uri: uri(path) }, position: { line: 0, character: 7 } });
    const beside = join(top, 'beside.rules');
    for (const [method, params] of [
      ['textDocument/hover', at(beside)], ['textDocument/completion', at(beside)], ['textDocument/definition', at(beside)],
      ['textDocument/references', { ...at(beside), context: { includeDeclaration: true } }], ['textDocument/semanticTokens/full', { textDocument: { uri: uri(beside) } }],
      ['textDocument/codeLens', { textDocument: { uri: uri(beside) } }], ['textDocument/formatting', { textDocument: { uri: uri(beside) }, options: { tabSize: 2, insertSpaces: true } }],
      ['workspace/executeCommand', { command: 'houserules.runTests', arguments: [uri(beside)] }],
    ] as const) {
      expect((await answerOf(server.client, method, params)).code, method).toBe(ErrorCodes.InvalidParams);
    }
    expect((await symbols(server, join(project, 'scenarios/inside.rules'))).result).toMatchObject([{ name: 'inside_name' }]);
    // inside, but not a .rules file: never read either
    expect((await symbols(server, join(project, 'scenarios/notes.txt'))).code).toBe(ErrorCodes.InvalidParams);
    expectNothingReadOutside(server, [project]);
  });

  it('with workspaceFolders: reads inside every folder, nothing outside them', async () => {
    const server = await start({ rootUri: uri(top), workspaceFolders: [{ uri: uri(project), name: 'project' }, { uri: uri(second), name: 'second' }] });
    expect((await symbols(server, join(project, 'scenarios/inside.rules'))).result).toMatchObject([{ name: 'inside_name' }]);
    expect((await symbols(server, join(second, 'other.rules'))).result).toMatchObject([{ name: 'second_name' }]);
    for (const path of outside()) expect((await symbols(server, path)).code, path).toBe(ErrorCodes.InvalidParams);
    expectNothingReadOutside(server, [project, second]);
  });

  it('with no workspace at all: reads nothing from disk, serves the documents the editor opens', async () => {
    const server = await start({});
    expect((await symbols(server, join(project, 'scenarios/inside.rules'))).code).toBe(ErrorCodes.InvalidParams);
    const path = join(project, 'scenarios/open.rules');
    await server.client.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(path), languageId: 'houserules', version: 1, text: 'module open_one\nimport "./inside.rules"\ntoken t\n' } });
    expect((await symbols(server, path)).result).toMatchObject([{ name: 't' }]);
    expect(server.files().filesRead).toEqual([]);
    expect(server.stderr()).toContain('no workspace folder');
  });

  it('an open document outside the workspace is served from its text, but what it imports is not read', async () => {
    const server = await start({ rootUri: uri(project) });
    const published = new Promise<PublishDiagnosticsParams>((resolve) => server.client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => resolve(p)));
    const path = join(top, 'opened.rules');
    await server.client.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(path), languageId: 'houserules', version: 1, text: 'module opened\nimport "./beside.rules"\ntoken mine\n' } });
    expect((await symbols(server, path)).result).toMatchObject([{ name: 'mine' }]);
    expect((await published).diagnostics.map((d) => d.code)).toContain('resolve/outside-project');
    expectNothingReadOutside(server, [project]);
  });

  it('a workspace folder that imports out of itself, through a path or a symlink, reads nothing outside', async () => {
    const server = await start({ rootUri: uri(project) });
    const path = join(project, 'scenarios/importer.rules');
    const published = new Promise<PublishDiagnosticsParams>((resolve) => server.client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => resolve(p)));
    await server.client.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(path), languageId: 'houserules', version: 1, text: 'module importer\nimport "../../beside.rules"\nimport "./link.rules"\nimport "./linked-folder/far.rules"\n' } });
    const codes = (await published).diagnostics.map((d) => d.code);
    expect(codes.filter((c) => c === 'resolve/outside-project')).toHaveLength(3);
    expectNothingReadOutside(server, [project]);
  });
});

describe('the language server started with --root', () => {
  it('reads only inside --root, whatever the editor names as its workspace', async () => {
    const server = await start({ rootUri: 'file:///', workspaceFolders: [{ uri: 'file:///', name: 'everything' }] }, project);
    for (const path of outside()) expect((await symbols(server, path)).code, path).toBe(ErrorCodes.InvalidParams);
    expect((await symbols(server, join(project, 'scenarios/inside.rules'))).result).toMatchObject([{ name: 'inside_name' }]);
    expectNothingReadOutside(server, [project]);
  });
});

describe('the ending', () => {
  it('exits 0 after shutdown and exit, 1 on exit alone', async () => {
    const server = await start({ rootUri: uri(project) });
    await server.client.sendRequest('shutdown');
    await server.client.sendNotification('exit');
    expect(await server.exited).toBe(0);
    running = undefined;
    const abrupt = await start({ rootUri: uri(project) });
    await abrupt.client.sendNotification('exit');
    expect(await abrupt.exited).toBe(1);
    running = undefined;
  });
});
