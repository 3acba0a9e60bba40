// The server's frame reader: LSP's base protocol from bytes, recovering from
// every malformed frame so the good ones after it are still read.
import { describe, expect, it } from 'vitest';
import { FrameReader, MAX_LSP_HEADER_BYTES, MAX_LSP_MESSAGE_BYTES, type FrameProblem } from '../src/lsp/index.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const frame = (body: string): string => `Content-Length: ${bytes(body).length}\r\n\r\n${body}`;

/** Feeds `input` in the chunks given (sizes), returns what came out. */
function read(input: string | Uint8Array, chunkSizes: number[] = []): { values: unknown[]; problems: FrameProblem['kind'][]; closed: boolean } {
  let feed: ((chunk: Uint8Array) => void) | undefined;
  let end: (() => void) | undefined;
  const reader = new FrameReader({ onData: (l) => { feed = l; }, onEnd: (l) => { end = l; } });
  const values: unknown[] = [];
  const problems: FrameProblem['kind'][] = [];
  let closed = false;
  reader.onProblem((p) => problems.push(p.kind));
  reader.onClose(() => { closed = true; });
  reader.listen((m) => values.push(m));
  const all = typeof input === 'string' ? bytes(input) : input;
  let at = 0;
  for (const size of chunkSizes) {
    feed!(all.subarray(at, at + size));
    at += size;
  }
  feed!(all.subarray(at));
  end!();
  return { values, problems, closed };
}

const good = (n: number): string => frame(JSON.stringify({ jsonrpc: '2.0', id: n, method: 'm', params: { text: 'é \r\n\r\n Content-Type: x' } }));
const ids = (values: unknown[]): unknown[] => values.map((v) => (v as { id: unknown }).id);

describe('the frame reader', () => {
  it('reads frames however the bytes are split, multi-byte characters and blank lines in the content included', () => {
    const input = `${good(1)}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n${good(2)}${good(3)}`;
    const whole = bytes(input);
    expect(ids(read(input).values)).toEqual([1, 2, 3]);
    for (let split = 1; split < whole.length; split += 7) expect(ids(read(whole, [split, 3, 1]).values), `split at ${split}`).toEqual([1, 2, 3]);
    expect(ids(read(whole, Array.from({ length: whole.length }, () => 1)).values)).toEqual([1, 2, 3]);
  });

  it.each([
    ['garbage with no header', 'garbage', 'unframed'],
    ['garbage ending in a blank line', 'garbage\r\n\r\n', 'unframed'],
    ['a header without Content-Length', 'Foo: bar\r\n\r\n{"jsonrpc":"2.0","id":9,"method":"x"}', 'unframed'],
    ['a negative Content-Length', 'Content-Length: -5\r\n\r\n{}', 'unframed'],
    ['a Content-Length that is no number', 'Content-Length: abc\r\n\r\n{}', 'unframed'],
    ['a Content-Length with a fraction', 'Content-Length: 2.5\r\n\r\n{}', 'unframed'],
    ['Content-Length twice', 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}', 'unframed'],
    ['a header without the blank line', 'Content-Length: 2\r\n{}', 'unframed'],
    ['a header without the blank line, then a field', 'Content-Length: 2\r\nX-Foo: bar', 'unframed'],
    ['a Content-Length over the budget', `Content-Length: ${MAX_LSP_MESSAGE_BYTES + 1}\r\n\r\n{}`, 'too-large'],
    ['a Content-Length of 10^30', 'Content-Length: 1000000000000000000000000000000\r\n\r\n{}', 'too-large'],
    ['content that is not JSON', frame('{not json'), 'not-json'],
    ['an empty content', 'Content-Length: 0\r\n\r\n', 'not-json'],
    ['a Content-Length shorter than the content', `Content-Length: 5\r\n\r\n${JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'm' })}`, 'not-json'],
    ['a header longer than the budget', `X-Long: ${'a'.repeat(MAX_LSP_HEADER_BYTES + 10)}\r\n\r\n{}`, 'unframed'],
    ['binary bytes', '\u0000\u00ff\r\u0001\n\r', 'unframed'],
  ])('skips %s, reports it, and reads the frames after it', (_, bad, problem) => {
    const result = read(`${good(1)}${bad}${good(2)}${good(3)}`);
    expect(ids(result.values)).toEqual([1, 2, 3]);
    expect(result.problems).toContain(problem);
    // split anywhere, the same
    const whole = bytes(`${good(1)}${bad}${good(2)}${good(3)}`);
    for (let split = 1; split < whole.length; split += 13) expect(ids(read(whole, [split]).values), `split at ${split}`).toEqual([1, 2, 3]);
  });

  it('hands on any JSON value (the gate decides what is a message) and says when the input ends', () => {
    const result = read(`${frame('42')}${frame('[1,2]')}${frame('{"foo":1}')}`);
    expect(result.values).toEqual([42, [1, 2], { foo: 1 }]);
    expect(result.closed).toBe(true);
  });

  it('finds the next frame after a flood of garbage longer than the header budget, reporting it once', () => {
    const result = read(`${'x'.repeat(3 * MAX_LSP_HEADER_BYTES)}${good(1)}`, Array.from({ length: 30 }, () => 409));
    expect(ids(result.values)).toEqual([1]);
    expect(result.problems).toEqual(['unframed']);
  });
});
