// The built command over real stdio, as an editor runs it: bad frames
// between good ones cost nothing but themselves, and LSP's ending gives the
// exit code (0 after shutdown and exit, 1 on exit alone).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const cliDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(cliDir, '../..');
const frame = (message: unknown): string => {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

interface Run {
  code: number | null;
  answers: { id?: unknown; result?: unknown; error?: { code: number } }[];
  stderr: string;
}

/** Writes `input` (frames and garbage) to `houserules lsp --stdio`, waits for it to exit. */
function runServer(input: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(cliDir, 'dist/houserules.js'), 'lsp', '--stdio'], { cwd: repo });
    let out = Buffer.alloc(0);
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { out = Buffer.concat([out, d]); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const timer = setTimeout(() => { child.kill(); reject(new Error(`the server did not exit; stderr: ${stderr}`)); }, 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const answers = out.toString('utf8').split(/Content-Length: \d+\r\n\r\n/).filter((s) => s !== '').map((s) => JSON.parse(s) as Run['answers'][number]);
      resolve({ code, answers, stderr });
    });
    child.stdin.end(input);
  });
}

beforeAll(() => {
  if (!existsSync(join(cliDir, 'dist/houserules.js'))) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: cliDir, stdio: 'pipe' });
}, 120_000);

describe('houserules lsp --stdio', () => {
  it('answers every good request around bad frames, then exits 0 after shutdown and exit', async () => {
    const uri = pathToFileURL(join(repo, 'scenarios/diamant/diamant.rules')).toString();
    const input = [
      'garbage\r\n\r\n',
      frame({ jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 0, character: 0 } } }),
      frame({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { processId: null, rootUri: pathToFileURL(repo).toString(), capabilities: {} } }),
      'Content-Length: 9\r\n\r\n{not json',
      'Content-Length: -5\r\n\r\n{}',
      'Content-Length: abc\r\n\r\n{}',
      'Foo: bar\r\n\r\n{}',
      'Content-Length: 2\r\n{}',
      frame({ jsonrpc: '2.0', id: 3, method: 'textDocument/documentSymbol', params: { textDocument: { uri } } }),
      frame({ jsonrpc: '2.0', id: 4, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 'a', character: 'b' } } }),
      frame({ jsonrpc: '2.0', id: 5, method: 'textDocument/documentSymbol', params: { textDocument: { uri: 'file:///etc/passwd' } } }),
      frame({ jsonrpc: '2.0', id: 6, method: 'shutdown' }),
      frame({ jsonrpc: '2.0', id: 7, method: 'textDocument/documentSymbol', params: { textDocument: { uri } } }),
      frame({ jsonrpc: '2.0', method: 'exit' }),
    ].join('');
    const run = await runServer(input);
    const byId = (id: number): Run['answers'][number] | undefined => run.answers.find((a) => a.id === id);
    expect(byId(1)?.error?.code).toBe(-32002);
    expect(byId(2)?.result).toBeDefined();
    expect(Array.isArray(byId(3)?.result) && (byId(3)!.result as unknown[]).length).toBeGreaterThan(0);
    expect(byId(4)?.error?.code).toBe(-32602);
    expect(byId(5)?.error?.code).toBe(-32602);
    expect(byId(6)).toMatchObject({ result: null });
    expect(byId(7)?.error?.code).toBe(-32600);
    expect(run.answers.find((a) => a.id === null)?.error?.code).toBe(-32700);
    expect(run.answers.filter((a) => a.error?.code === -32603)).toEqual([]);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(0);
  });

  it('exits 1 on exit without shutdown and when the input ends before shutdown, 0 when it ends after', async () => {
    const init = frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    expect((await runServer(`${init}${frame({ jsonrpc: '2.0', method: 'exit' })}`)).code).toBe(1);
    expect((await runServer(init)).code).toBe(1);
    expect((await runServer(`${init}${frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' })}`)).code).toBe(0);
  });
});
