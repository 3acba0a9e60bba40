import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/main.ts';
import { runCli } from './run-cli.ts';

/** Runs a command in-process with an abort signal; `waitFor` resolves once stdout matches (or fails after a bounded time). */
function startWatching(argv: string[], cwd: string) {
  const stop = new AbortController();
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const settle = () => {
    for (const w of [...waiters]) {
      if (!w.pattern.test(stdout)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  const done = main(argv, {
    stdout: { write: (t: string) => ((stdout += t), settle()) },
    stderr: { write: (t: string) => (stderr += t) },
    cwd,
    signal: stop.signal,
  });
  const waitFor = (pattern: RegExp, ms = 15_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms} ms; stdout:\n${stdout}\nstderr:\n${stderr}`)), ms);
      waiters.push({ pattern, resolve: () => (clearTimeout(timer), resolve()) });
      settle();
    });
  return { stop, done, waitFor, output: () => ({ stdout, stderr }) };
}

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, 'g'))?.length ?? 0;

describe('--watch', () => {
  it('checks again when a file changes, reports the new error, and stops on abort', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'houserules-watch-'));
    expect((await runCli(['init', 'w'], cwd)).code).toBe(0);
    const watching = startWatching(['check', 'w', '--watch'], cwd);
    await watching.waitFor(/watching for changes/);
    const file = join(cwd, 'w/w.rules');
    writeFileSync(file, readFileSync(file, 'utf8').replace('current.score', 'current.scor'));
    await watching.waitFor(/error\[resolve\/[\s\S]*watching for changes/);
    expect(count(watching.output().stdout, /watching for changes/)).toBe(2);
    watching.stop.abort();
    expect(await watching.done).toBe(1);
  }, 30_000);

  it('runs the tests again on a change', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'houserules-watch-'));
    expect((await runCli(['init', 'w'], cwd)).code).toBe(0);
    const watching = startWatching(['test', 'w', '--watch'], cwd);
    await watching.waitFor(/2 passed, 0 failed[\s\S]*watching for changes/);
    const file = join(cwd, 'w/w.rules');
    writeFileSync(file, readFileSync(file, 'utf8').replace('move pips point', 'move 0 point'));
    await watching.waitFor(/failed[\s\S]*1 failed[\s\S]*watching for changes/);
    watching.stop.abort();
    expect(await watching.done).toBe(1);
  }, 30_000);

  it('does not watch after a wrong command line', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'houserules-watch-'));
    const run = startWatching(['check', 'missing-folder', '--watch'], cwd);
    expect(await run.done).toBe(2);
  });
});
