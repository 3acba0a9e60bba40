import { performance } from 'node:perf_hooks';

export interface Sample {
  /** median milliseconds per run */
  median: number;
  min: number;
  runs: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Runs `fn` `warmup` times untimed (so the JIT has optimised it), then `runs`
 * timed times, and reports the median: one slow run (a GC pause) does not move it.
 */
export function measure(fn: () => void, options: { warmup: number; runs: number }): Sample {
  for (let i = 0; i < options.warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return { median: median(times), min: Math.min(...times), runs: options.runs };
}

export function timeOnce(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

export const fmt = (x: number, digits = 2): string => x.toFixed(digits);
export const thousands = (x: number): string => Math.round(x).toLocaleString('en-US');
