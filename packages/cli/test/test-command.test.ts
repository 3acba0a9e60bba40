import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copyDiamant, runCli } from './run-cli.ts';
import { shippedScenarioFolders } from './shipped-scenario-tests.ts';

/** A copy of Diamant with one more test file; the path of that file. */
function withTests(text: string): string {
  const { dir } = copyDiamant();
  mkdirSync(join(dir, 'tests'), { recursive: true });
  const file = join(dir, 'tests', 'extra.rules');
  writeFileSync(file, `module extra_tests extends "../diamant.rules"\n\n${text}`);
  return file;
}

describe('houserules test', () => {
  // Every shipped folder's tests run in a file of their own (test-command-<folder>.test.ts), in parallel.
  it('has a test file for every shipped scenario folder', () => {
    const files = readdirSync(dirname(fileURLToPath(import.meta.url)))
      .map((f) => /^test-command-(.+)\.test\.ts$/.exec(f)?.[1])
      .filter((f): f is string => f !== undefined)
      .sort();
    expect(shippedScenarioFolders().length).toBeGreaterThanOrEqual(7);
    expect(files).toEqual(shippedScenarioFolders());
  });

  it('fails a wrong expectation with expected, actual and file:line:col, exit 1', async () => {
    const file = withTests(`test "wrong" {\n  players 3\n  arrange {\n    stack expedition: treasure(7)\n  }\n  advance\n  expect p1.carried.ruby == 3\n}\n`);
    const run = await runCli(['test', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/tests\/extra\.rules:9:3 {2}expect p1\.carried\.ruby == 3/);
    expect(run.stdout).toContain('expected: 3');
    expect(run.stdout).toContain('actual:   2');
    expect(run.stdout).toContain('0 passed, 1 failed');
  });

  it('writes tap, junit and json; filters by name; refuses an unknown reporter', async () => {
    const file = withTests(`test "alpha" {\n  players 3\n  expect count(c in expedition) == 35\n}\n\ntest "beta" {\n  players 3\n  expect round == 0\n}\n`);
    const tap = await runCli(['test', file, '--reporter', 'tap', '--filter', 'alp']);
    expect(tap.code).toBe(0);
    expect(tap.stdout).toBe('TAP version 13\n1..1\nok 1 - alpha\n');
    const junit = await runCli(['test', 'extra.rules', '--reporter', 'junit'], dirname(file));
    expect(junit.stdout).toContain('<testsuites name="houserules" tests="2" failures="0">');
    expect(junit.stdout).toContain('<testcase name="alpha" classname="extra.rules"/>');
    const json = JSON.parse((await runCli(['test', file, '--reporter', 'json'])).stdout) as { ok: boolean; passed: number };
    expect(json).toMatchObject({ ok: true, passed: 2 });
    expect((await runCli(['test', file, '--reporter', 'xml'])).code).toBe(2);
  });

  it('reports a test on an unknown name as a compile error', async () => {
    const file = withTests(`test "typo" {\n  players 3\n  expect p1.carryd.ruby == 0\n}\n`);
    const run = await runCli(['test', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/extra\.rules:5:\d+: resolve\/unknown-member/);
  });
});
