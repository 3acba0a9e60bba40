import type { OutputStream } from '../cli-io.ts';

/**
 * A one-line progress bar on a TTY stderr, redrawn at most ten times a second
 * and only once the run has lasted half a second (short runs stay quiet).
 */
export function createProgressBar(out: OutputStream, total: number): { update(done: number): void; finish(): void } {
  if (!out.isTTY) return { update: () => {}, finish: () => {} };
  const started = Date.now();
  let lastDraw = 0;
  let drawn = false;
  const width = 30;
  return {
    update(done: number) {
      const now = Date.now();
      if (now - started < 500 || (now - lastDraw < 100 && done < total)) return;
      lastDraw = now;
      drawn = true;
      const filled = Math.round((width * done) / Math.max(1, total));
      const rate = done / Math.max(0.001, (now - started) / 1000);
      out.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} games  ${rate.toFixed(0)} games/s `);
    },
    finish() {
      if (drawn) out.write('\r' + ' '.repeat(width + 40) + '\r');
    },
  };
}
