// Work that must stay linear in its input (issue 18, item 5): the parser and
// the formatter on any text, and text-mode diagnostics with one error a line.
// Not a timing assertion: each input is measured at two sizes eight times
// apart in the same run (CPU time, the least of five), and the ratio must stay
// far below the 64 that quadratic work gives. Absolute speed is `pnpm bench`'s.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '@houserules/schema';
import { format, parse } from '@houserules/syntax';
import { writeDiagnostics } from '../src/diagnostic-output.ts';

const SCALE = 8;
/** Linear work gives ~8, quadratic ~64: a generous bound between the two. */
const MAX_RATIO = 24;

function cpuMs(work: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return Math.max(best, 1);
}

/** The CPU ratio of `work` on `text` repeated SCALE times to `work` on `text`. */
function ratio(small: string, work: (text: string) => void): number {
  const large = small.repeat(SCALE);
  work(small); // warm up the code paths
  return cpuMs(() => work(large)) / cpuMs(() => work(small));
}

/** `n` pseudo-random bytes read as Latin-1 text (every control character included), the same on every run. */
function randomBytes(n: number): string {
  let x = 0x9e3779b9;
  let out = '';
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += String.fromCharCode(x & 0xff);
  }
  return out;
}

/** Well-formed declarations with comments (what the formatter attaches), `n` of them. */
const declarations = (n: number, from = 0): string =>
  Array.from({ length: n }, (_, i) => `// the ${from + i}th\nderive d${from + i}: number = ${i} + 1 // after\n\nrule r${from + i} on game_start {\n  let x = d${from + i}\n}\n`).join('\n');

describe('linear work on untrusted input', () => {
  it('parses and formats random bytes (128 KB and 1 MB) in linear work', () => {
    const r = ratio(randomBytes(128 * 1024), (text) => {
      parse(text, 'random.rules');
      format(text);
    });
    expect(r).toBeLessThan(MAX_RATIO);
  });

  it('formats a long well-formed file in linear work', () => {
    const small = declarations(500);
    expect(format(small).value).not.toBeNull();
    const large = Array.from({ length: SCALE }, (_, k) => declarations(500, k * 500)).join('\n');
    const cpuLarge = cpuMs(() => format(large));
    const r = cpuLarge / cpuMs(() => format(small));
    expect(r).toBeLessThan(MAX_RATIO);
  });

  it('writes text-mode diagnostics with one error a line (2,500 and 20,000 lines) in linear work', () => {
    const io = { stdout: { write: () => true }, stderr: { write: () => true }, cwd: '/p' };
    const lines = Array.from({ length: 2500 }, (_, i) => `derive d${i}: number = nope${i}\n`).join('');
    const r = ratio(lines, (text) => {
      const n = text.split('\n').length - 1;
      const diagnostics: Diagnostic[] = Array.from({ length: n }, (_, i) => {
        const start = { line: i + 1, column: 21 + String(i % 2500).length, offset: 0 };
        return { code: 'resolve/unknown-name', severity: 'error', message: `nope${i} is not declared`, file: '/p/a.rules', range: { start, end: { ...start, column: start.column + 4 } } } as Diagnostic;
      });
      let written = 0;
      writeDiagnostics(io, { write: (t: string) => ((written += t.length), true) }, diagnostics, () => text);
      expect(written).toBeGreaterThan(n * 40);
    });
    expect(r).toBeLessThan(MAX_RATIO);
  });
});
