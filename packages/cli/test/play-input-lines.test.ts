import { describe, expect, it } from 'vitest';
import { MAX_PLAY_INPUT_LINE } from '../src/cli-budgets.ts';
import { inputLines, type InputLine } from '../src/play/input-lines.ts';

async function collect(chunks: (string | Uint8Array)[], signal?: AbortSignal): Promise<InputLine[]> {
  async function* stream(): AsyncGenerator<string | Uint8Array> {
    yield* chunks;
  }
  const out: InputLine[] = [];
  for await (const line of inputLines(stream(), signal)) out.push(line);
  return out;
}

describe('the lines play reads', () => {
  it('splits chunks into lines, whatever the chunks, with CRLF and a last line without its newline', async () => {
    const bytes = new TextEncoder().encode('ünd\r\nzwei\ndrei');
    // A chunk boundary inside the two bytes of `ü`.
    expect(await collect([bytes.slice(0, 1), bytes.slice(1, 7), bytes.slice(7)])).toEqual([{ text: 'ünd' }, { text: 'zwei' }, { text: 'drei' }]);
  });

  it('drops a line longer than the budget as it arrives, and reads on after it', async () => {
    const long = 'x'.repeat(MAX_PLAY_INPUT_LINE + 1);
    expect(await collect([long.slice(0, 10), `${long.slice(10)}\nnext\n`])).toEqual([{ tooLong: true }, { text: 'next' }]);
    expect(await collect(['x'.repeat(MAX_PLAY_INPUT_LINE)])).toEqual([{ text: 'x'.repeat(MAX_PLAY_INPUT_LINE) }]);
  });

  it('ends when the signal aborts, even while the input waits', async () => {
    const stop = new AbortController();
    async function* forever(): AsyncGenerator<string> {
      yield 'one\n';
      await new Promise(() => {});
    }
    const lines: InputLine[] = [];
    for await (const line of inputLines(forever(), stop.signal)) {
      lines.push(line);
      stop.abort();
    }
    expect(lines).toEqual([{ text: 'one' }]);
  });
});
