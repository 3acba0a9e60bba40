import { MAX_PLAY_INPUT_LINE } from '../cli-budgets.ts';

/** A line typed to `play`, or a line that was longer than the budget (its text is not kept). */
export type InputLine = { text: string } | { tooLong: true };

/**
 * The lines of a stream (a terminal, a pipe, a test's script), one at a time,
 * each at most `MAX_PLAY_INPUT_LINE` characters: a longer one is dropped as
 * it arrives, so no input can make the command hold more than that. Ends at
 * the end of the stream or when `signal` aborts (Ctrl-C).
 */
export async function* inputLines(stream: AsyncIterable<string | Uint8Array>, signal?: AbortSignal): AsyncGenerator<InputLine> {
  const decoder = new TextDecoder();
  let line = '';
  let dropping = false;
  const iterator = stream[Symbol.asyncIterator]();
  const aborted = new Promise<IteratorResult<string | Uint8Array>>((done) => {
    if (signal?.aborted) done({ done: true, value: undefined });
    signal?.addEventListener('abort', () => done({ done: true, value: undefined }), { once: true });
  });
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) break;
      const chunk = typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true });
      let start = 0;
      for (;;) {
        const end = chunk.indexOf('\n', start);
        const piece = chunk.slice(start, end < 0 ? chunk.length : end);
        if (!dropping) {
          line += piece;
          if (line.length > MAX_PLAY_INPUT_LINE) {
            dropping = true;
            line = '';
          }
        }
        if (end < 0) break;
        yield dropping ? { tooLong: true } : { text: line.endsWith('\r') ? line.slice(0, -1) : line };
        line = '';
        dropping = false;
        start = end + 1;
      }
    }
    if (dropping) yield { tooLong: true };
    else if (line !== '') yield { text: line };
  } finally {
    void iterator.return?.();
  }
}
