// The fuzz test of issue 18, in CI: generated and mutated scenario files,
// rule graphs and logs through the parser, formatter, compiler, loader, one
// game and the CLI, and (issue 29) lines typed to `play`, partials given to
// `merge` and style files given to `render`, in a child process whose heap is
// bounded — a throw, an internal error, a stack trace, an exit status outside
// 0/1/2, a file opened outside the fuzz's project or memory beyond the bound
// fails it. Bounded in time by fast-check's time limit (`FUZZ_SECONDS`,
// default 15, shared out between the kinds of input).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cliDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const HEAP_MB = 384;
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 15);

describe('untrusted input, fuzzed', () => {
  it('never throws, never exits 70 and stays within a bounded heap', () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);
    const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'test/fuzz/fuzz-child.ts', String(seed), String(SECONDS)], {
      cwd: cliDir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    // on failure: the seed reproduces it (FUZZ_SEED=… npx vitest run packages/cli/test/untrusted-fuzz.test.ts)
    expect(run.stderr.slice(-4000), `seed ${seed}`).toBe('');
    expect(run.status, `seed ${seed}`).toBe(0);
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { tried: number; kinds: Record<string, number> };
    expect(report.tried).toBeGreaterThan(10);
    // every kind of input had its share of the time: scenario files, graphs and logs, play's lines, merge's partials, render's styles
    for (const [kind, count] of Object.entries(report.kinds)) expect(count, kind).toBeGreaterThan(0);
  }, (SECONDS + 120) * 1000);
});
