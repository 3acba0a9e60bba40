// `houserules test scenarios/<folder> --coverage` over one shipped scenario folder: green, with the
// coverage its conformance.json asks for. One test file per folder (test-command-<folder>.test.ts), so
// vitest runs the folders in parallel; test-command.test.ts checks that every folder has its file.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot, runCli } from './run-cli.ts';

/** The folders of scenarios/ that hold .rules files (each needs a test-command-<folder>.test.ts). */
export function shippedScenarioFolders(): string[] {
  const root = join(repoRoot, 'scenarios');
  const holdsRules = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) => (e.isFile() && e.name.endsWith('.rules')) || (e.isDirectory() && e.name !== 'node_modules' && holdsRules(join(dir, e.name))));
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'node_modules' && holdsRules(join(root, e.name)))
    .map((e) => e.name)
    .sort();
}

/** The test for one folder; `expected` are lines the report must hold besides the pass count. */
export function testShippedScenario(folder: string, expected: readonly RegExp[] = []): void {
  // A budget for a runaway, not a speed check (speed is measured by `pnpm bench`): the folder's tests
  // take from seconds to minutes with the machine's load.
  it(`runs scenarios/${folder}'s tests green with the coverage its conformance.json asks for`, async () => {
    const run = await runCli(['test', `scenarios/${folder}`, '--coverage']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/[1-9]\d* passed, 0 failed/);
    if (existsSync(join(repoRoot, 'scenarios', folder, 'conformance.json'))) expect(run.stdout).toMatch(/rule coverage of .+: 100%/);
    for (const line of expected) expect(run.stdout).toMatch(line);
  }, 300_000);
}
