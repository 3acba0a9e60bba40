// The language server's fuzz test, child process (run by lsp-fuzz.test.ts
// under a bounded heap, `node --max-old-space-size=… --import tsx`): random
// sequences of good frames, bad frames and lifecycle messages, cut into
// random chunks, go to `houserules lsp` in process (the command's own frame
// reader, gate, server and workspace-bounded files, on pipes). Each sequence
// must hold:
//   - every good request before `exit` is answered, never InternalError:
//     ServerNotInitialized before initialize, InvalidRequest after shutdown,
//     InvalidParams on a document outside the workspace that was never opened;
//   - the exit code is LSP's: 0 after shutdown, else 1 (on exit or at the end
//     of the input);
//   - nothing is read outside the workspace, nothing outside reaches an answer;
//   - the log (stderr) holds one-line messages, never a stack trace.
// A failure throws (this process exits non-zero, the seed reproduces it);
// otherwise it prints one JSON line: how many sequences and frames it tried.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { REQUEST_PARAMS } from '@houserules/language-service/lsp';
import { runLanguageServer } from '../../src/lsp/stdio-server.ts';
import type { WorkspaceFiles } from '../../src/lsp/workspace-files.ts';

const [seedArg, secondsArg] = process.argv.slice(2);
const seed = Number(seedArg ?? 1);
const timeLimit = Number(secondsArg ?? 10) * 1000;

const top = realpathSync(mkdtempSync(join(tmpdir(), 'houserules-lsp-fuzz-')));
const project = join(top, 'project');
mkdirSync(join(project, 'scenarios'), { recursive: true });
writeFileSync(join(project, 'scenarios/a.rules'), 'module a\n\ntoken gem\nrule r on game_start {\n}\n');
writeFileSync(join(project, 'scenarios/b.rules'), 'module b\nimport "./a.rules"\nimport "../../beside.rules"\ntoken ruby\n');
writeFileSync(join(top, 'beside.rules'), 'token zq_outside_word\n');
symlinkSync(join(top, 'beside.rules'), join(project, 'scenarios/link.rules'));
const uri = (path: string): string => pathToFileURL(path).toString();
/** The path a URI names, dot segments resolved (as the server keys documents). */
const pathOf = (u: string): string => new URL(u).pathname;

const INSIDE = [uri(join(project, 'scenarios/a.rules')), uri(join(project, 'scenarios/b.rules')), uri(join(project, 'scenarios/new.rules'))];
const OUTSIDE = [uri(join(top, 'beside.rules')), 'file:///etc/passwd', 'file:///proc/self/environ', uri(join(project, 'scenarios/link.rules')), `${uri(project)}/../beside.rules`, 'untitled:Untitled-1'];
const URIS = [...INSIDE, ...OUTSIDE];
const WORDS = ['module', 'm', 'token', 'gem', 'rule', 'r', 'on', 'game_start', '{', '}', '\n', 'import', '"./a.rules"', '"../../beside.rules"', 'é', '\r\n', 'test', 'flow', '(', ')'];

type Step =
  | { kind: 'request'; method: string; uri: string; good: boolean; bad: unknown; line: number; character: number }
  | { kind: 'notify'; method: string; uri: string; good: boolean; bad: unknown; text: string }
  | { kind: 'bad-frame'; bytes: string }
  | { kind: 'lifecycle'; what: 'initialize' | 'initialized' | 'shutdown' | 'exit' };

const REQUESTS = ['textDocument/documentSymbol', 'textDocument/hover', 'textDocument/completion', 'textDocument/definition', 'textDocument/references', 'textDocument/foldingRange',
  'textDocument/semanticTokens/full', 'textDocument/formatting', 'textDocument/codeLens', 'textDocument/codeAction', 'textDocument/signatureHelp', 'textDocument/documentHighlight',
  'textDocument/prepareRename', 'textDocument/rename', 'completionItem/resolve', 'workspace/executeCommand'];
const NOTIFICATIONS = ['textDocument/didOpen', 'textDocument/didChange', 'textDocument/didClose', 'houserules/setFiles', 'workspace/didChangeWatchedFiles', '$/cancelRequest', '$/setTrace'];
const BAD_PARAMS: unknown[] = [null, {}, 'x', 42, [], { textDocument: 5 }, { textDocument: { uri: 5 } }, { textDocument: { uri: INSIDE[0] }, position: { line: 'a', character: 'b' } }, { textDocument: { uri: INSIDE[0] }, position: { line: -1, character: 0 } }];

const noMarker = (s: string): boolean => !/content-length:/i.test(s);
/** `body` framed with its true length. */
const framed = (body: string): string => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
/** Bad frames after which the stream can be read on (a Content-Length longer than its content is not one: it swallows what follows, as the protocol says). */
const badFrame = fc.oneof(
  fc.constantFrom(
    'garbage', 'garbage\r\n\r\n', 'Foo: bar\r\n\r\n{"jsonrpc":"2.0","id":999999,"method":"shutdown"}', 'Content-Length: -5\r\n\r\n{}', 'Content-Length: abc\r\n\r\n{}',
    'Content-Length: 2\r\n{}', 'Content-Length: 99999999999999\r\n\r\n{}', 'Content-Length: 0\r\n\r\n', framed('{not json'), framed('42'), framed('[]'), framed('{"foo":1}'),
    // a Content-Length shorter than the content: the rest is garbage
    'Content-Length: 5\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"x"}', '\r\n', '\u0000\u00ff',
    framed('{"jsonrpc":"2.0","id":{},"method":"x"}'), framed('{"jsonrpc":"2.0","id":77}'), framed('{"jsonrpc":"2.0","id":78,"result":null}'), framed('{"jsonrpc":"2.0","method":7}'),
    framed(`{"jsonrpc":"2.0","id":79,"method":"shutdown","params":${'['.repeat(100)}${']'.repeat(100)}}`),
  ),
  fc.string({ unit: 'binary', maxLength: 60 }).filter(noMarker),
  fc.string({ unit: 'binary', maxLength: 60 }).filter(noMarker).map(framed),
);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('request' as const), method: fc.constantFrom(...REQUESTS), uri: fc.constantFrom(...URIS), good: fc.boolean(), bad: fc.constantFrom(...BAD_PARAMS), line: fc.nat(8), character: fc.nat(30) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('notify' as const), method: fc.constantFrom(...NOTIFICATIONS), uri: fc.constantFrom(...URIS), good: fc.boolean(), bad: fc.constantFrom(...BAD_PARAMS), text: fc.array(fc.constantFrom(...WORDS), { maxLength: 30 }).map((w) => w.join(' ')) }) },
  { weight: 3, arbitrary: badFrame.map((bytes) => ({ kind: 'bad-frame' as const, bytes })) },
  { weight: 2, arbitrary: fc.constantFrom('initialize', 'initialized', 'shutdown', 'exit').map((what) => ({ kind: 'lifecycle' as const, what: what as 'initialize' })) },
);

const frame = (message: unknown): string => {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

function goodParams(s: Extract<Step, { kind: 'request' }>): unknown {
  const at = { textDocument: { uri: s.uri }, position: { line: s.line, character: s.character } };
  switch (s.method) {
    case 'textDocument/references': return { ...at, context: { includeDeclaration: true } };
    case 'textDocument/rename': return { ...at, newName: 'renamed' };
    case 'textDocument/codeAction': return { textDocument: at.textDocument, range: { start: at.position, end: at.position }, context: { diagnostics: [] } };
    case 'textDocument/formatting': return { textDocument: at.textDocument, options: { tabSize: 2, insertSpaces: true } };
    case 'completionItem/resolve': return { label: 'gem', data: { path: new URL(s.uri).pathname, key: 'gem' } };
    case 'workspace/executeCommand': return { command: 'houserules.runTests', arguments: [s.uri] };
    default: return at;
  }
}

function notificationParams(s: Extract<Step, { kind: 'notify' }>, version: number): unknown {
  switch (s.method) {
    case 'textDocument/didOpen': return { textDocument: { uri: s.uri, languageId: 'houserules', version, text: s.text } };
    case 'textDocument/didChange': return { textDocument: { uri: s.uri, version }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 1, character: 3 } }, text: s.text }] };
    case 'textDocument/didClose': return { textDocument: { uri: s.uri } };
    case 'houserules/setFiles': return { files: { [s.uri]: s.text } };
    case 'workspace/didChangeWatchedFiles': return { changes: [{ uri: s.uri, type: 2 }] };
    case '$/cancelRequest': return { id: version };
    default: return { value: 'off' };
  }
}

interface Expected {
  id: number;
  /** the error code it must have; undefined: any answer but InternalError */
  code: number | undefined;
  method: string;
}

let tried = 0;
let frames = 0;
let answered = 0;

/** Reads LSP frames from the server's output (well-formed: the server writes them). */
function answersOf(output: PassThrough): { id?: number | null; error?: { code: number; message: string } }[] {
  const found: { id?: number | null; error?: { code: number; message: string } }[] = [];
  let buffer = Buffer.alloc(0);
  output.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/.exec(buffer.subarray(0, end).toString('latin1'))![1]);
      if (buffer.length < end + 4 + length) return;
      found.push(JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8')) as (typeof found)[number]);
      buffer = buffer.subarray(end + 4 + length);
    }
  });
  return found;
}

/** The sequence being run: fast-check's time limit stops waiting for it, so it is waited for after (one that hangs fails). */
let inFlight: { steps: string; done: Promise<void> } | undefined;

function runSequence(steps: Step[], chunkSizes: number[]): Promise<void> {
  const done = runOne(steps, chunkSizes);
  inFlight = { steps: JSON.stringify([steps, chunkSizes]), done };
  return done;
}

async function runOne(steps: Step[], chunkSizes: number[]): Promise<void> {
  tried++;
  const input = new PassThrough();
  const output = new PassThrough();
  const answers = answersOf(output);
  let stderr = '';
  let files: WorkspaceFiles | undefined;
  const exited = runLanguageServer({
    input, output, root: undefined,
    io: { stdout: { write: () => true }, stderr: { write: (t: string) => ((stderr += t), true) }, cwd: top },
    onServe: (_, f) => { files = f; },
  });
  // the model: what each request must be answered, from the lifecycle and the documents opened
  let state: 'new' | 'running' | 'shut-down' = 'new';
  // the documents the server holds a text for, by path (as it keys them): opened ones and given ones
  const open = new Set<string>();
  const given = new Set<string>();
  const held = (u: string): boolean => open.has(pathOf(u)) || given.has(pathOf(u));
  const expected: Expected[] = [];
  let id = 0;
  let bytes = '';
  let exitCode: number | undefined;
  for (const s of steps) {
    frames++;
    if (s.kind === 'bad-frame') {
      bytes += s.bytes;
    } else if (s.kind === 'lifecycle') {
      if (s.what === 'initialize') {
        expected.push({ id: ++id, method: 'initialize', code: state === 'new' ? undefined : state === 'running' ? -32600 : -32600 });
        if (state === 'new') state = 'running';
        bytes += frame({ jsonrpc: '2.0', id, method: 'initialize', params: { processId: null, rootUri: uri(project), capabilities: {} } });
      } else if (s.what === 'shutdown') {
        expected.push({ id: ++id, method: 'shutdown', code: state === 'new' ? -32002 : state === 'shut-down' ? -32600 : undefined });
        if (state === 'running') state = 'shut-down';
        bytes += frame({ jsonrpc: '2.0', id, method: 'shutdown' });
      } else if (s.what === 'initialized') {
        bytes += frame({ jsonrpc: '2.0', method: 'initialized', params: {} });
      } else {
        bytes += frame({ jsonrpc: '2.0', method: 'exit' });
        exitCode = state === 'shut-down' ? 0 : 1;
        break;
      }
    } else if (s.kind === 'request') {
      const params = s.good ? goodParams(s) : s.bad;
      const fits = REQUEST_PARAMS[s.method]!(params, 'params') === undefined;
      const onDocument = !fits || s.method === 'completionItem/resolve' ? undefined : s.good ? s.uri : (params as { textDocument: { uri: string } }).textDocument.uri;
      const refusedOutside = onDocument !== undefined && OUTSIDE.includes(onDocument) && !held(onDocument);
      const code = state === 'new' ? -32002 : state === 'shut-down' ? -32600 : !fits ? -32602 : refusedOutside ? -32602 : undefined;
      expected.push({ id: ++id, method: s.method, code });
      bytes += frame({ jsonrpc: '2.0', id, method: s.method, params });
    } else {
      const params = s.good ? notificationParams(s, id + 1) : s.bad;
      const path = pathOf(s.uri);
      if (s.good && state === 'running') {
        if (s.method === 'textDocument/didOpen') open.add(path);
        // closing forgets the text, a given one under it too
        if (s.method === 'textDocument/didClose' && open.delete(path)) given.delete(path);
        // a file given while open is not taken
        if (s.method === 'houserules/setFiles' && !open.has(path)) given.add(path);
      }
      bytes += frame({ jsonrpc: '2.0', method: s.method, params });
    }
  }
  // write in chunks, letting the server run between them
  const all = Buffer.from(bytes, 'utf8');
  let at = 0;
  for (const size of chunkSizes) {
    if (at >= all.length) break;
    input.write(all.subarray(at, at + size));
    at += size;
    await new Promise((r) => setImmediate(r));
  }
  if (at < all.length) input.write(all.subarray(at));
  const waitForAnswers = async (): Promise<void> => {
    const start = Date.now();
    while (!expected.every((e) => answers.some((a) => a.id === e.id))) {
      if (Date.now() - start > 5_000) {
        const missing = expected.filter((e) => !answers.some((a) => a.id === e.id)).map((e) => `${e.id} ${e.method}`);
        throw new Error(`no answer to ${missing.join(', ')}; stderr: ${stderr.slice(0, 1000)}\n${JSON.stringify(steps).slice(0, 3000)}`);
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  await waitForAnswers();
  if (exitCode === undefined) input.end();
  const code = await exited;
  answered += expected.length;

  const want = exitCode ?? (state === 'shut-down' ? 0 : 1);
  if (code !== want) throw new Error(`exit code ${code}, expected ${want}: ${JSON.stringify(steps).slice(0, 3000)}`);
  for (const e of expected) {
    const answer = answers.find((a) => a.id === e.id)!;
    if (answer.error?.code === -32603) throw new Error(`InternalError for ${e.method}: ${answer.error.message}`);
    if (e.code !== undefined && answer.error?.code !== e.code) throw new Error(`${e.method} (id ${e.id}) answered ${JSON.stringify(answer).slice(0, 300)}, expected the error ${e.code}: ${JSON.stringify(steps).slice(0, 3000)}`);
  }
  if (answers.some((a) => JSON.stringify(a).includes('zq_outside'))) throw new Error('an answer holds what a file outside the workspace holds');
  if (/\n\s+at /.test(stderr)) throw new Error(`a stack trace on stderr: ${stderr.slice(0, 2000)}`);
  const stray = stderr.split('\n').filter((l) => l !== '' && !l.startsWith('houserules lsp: '));
  if (stray.length > 0) throw new Error(`a log line not the server's own: ${stray[0]!.slice(0, 300)}`);
  const outside = (files?.filesRead ?? []).filter((f) => !f.startsWith(`${project}/`));
  if (outside.length > 0) throw new Error(`read outside the workspace: ${outside.join(', ')}`);
}

await fc.assert(
  fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 30 }), runSequence),
  { seed, numRuns: 100_000, interruptAfterTimeLimit: timeLimit, markInterruptAsFailure: false },
);
const last = inFlight;
if (last !== undefined) {
  const finished = await Promise.race([last.done.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 10_000).unref())]);
  if (!finished) throw new Error(`a sequence did not finish (the server hangs): ${last.steps.slice(0, 3000)}`);
}
process.stdout.write(`${JSON.stringify({ tried, frames, answered, heapMB: Math.round(process.memoryUsage().heapUsed / 2 ** 20) })}\n`);
