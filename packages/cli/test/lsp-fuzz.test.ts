// The language server, fuzzed (issue 29): random sequences of good frames,
// bad frames and lifecycle messages, in random chunks, through the command's
// own reader, gate, server and workspace-bounded files, in a child process
// whose heap is bounded. Every good request is answered (never InternalError),
// the lifecycle is LSP's, nothing outside the workspace is read, no stack
// trace reaches stderr (test/fuzz/lsp-fuzz-child.ts says it in full).
// Bounded in time by fast-check's time limit (`FUZZ_SECONDS`, default 15).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cliDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const HEAP_MB = 384;
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 15);

describe('the language server, fuzzed', () => {
  it('answers every good request around bad frames, honours shutdown and exit, reads nothing outside the workspace', () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);
    const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'test/fuzz/lsp-fuzz-child.ts', String(seed), String(SECONDS)], {
      cwd: cliDir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    // on failure: the seed reproduces it (FUZZ_SEED=… npx vitest run packages/cli/test/lsp-fuzz.test.ts)
    expect(run.stderr.slice(-4000), `seed ${seed}`).toBe('');
    expect(run.status, `seed ${seed}`).toBe(0);
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { tried: number; answered: number };
    expect(report.tried).toBeGreaterThan(10);
    expect(report.answered).toBeGreaterThan(10);
  }, (SECONDS + 120) * 1000);
});
