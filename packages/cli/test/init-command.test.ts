import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HARD_KEYWORDS } from '@houserules/syntax';
import { runCli } from './run-cli.ts';

describe('houserules init', () => {
  it('scaffolds a scenario that checks, tests with full coverage, formats and simulates green', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'houserules-init-'));
    const made = await runCli(['init', 'dice-race', '--title', 'Dice race'], cwd);
    expect(made.code).toBe(0);
    expect(readFileSync(join(cwd, 'dice-race/dice-race.rules'), 'utf8')).toContain('scenario "Dice race"');
    const check = await runCli(['check', 'dice-race'], cwd);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    const test = await runCli(['test', 'dice-race', '--coverage'], cwd);
    expect(test.code).toBe(0);
    expect(test.stdout).toMatch(/2 passed, 0 failed/);
    expect((await runCli(['fmt', '--check', 'dice-race'], cwd)).code).toBe(0);
    const simulate = await runCli(['simulate', 'dice-race', '--games', '5', '--json'], cwd);
    expect(simulate.code).toBe(0);
    expect(JSON.parse(simulate.stdout).summary.games).toBe(5);
  });

  it('lets a broken rule show: the scaffold’s test really runs it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'houserules-init-'));
    expect((await runCli(['init', 'g'], cwd)).code).toBe(0);
    const file = join(cwd, 'g/g.rules');
    writeFileSync(file, readFileSync(file, 'utf8').replace('move pips point', 'move 0 point'));
    expect((await runCli(['test', 'g'], cwd)).code).toBe(1);
  });

  it('refuses a folder that is not empty, a name that makes no module, and a missing folder name (exit 2)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'houserules-init-'));
    mkdirSync(join(cwd, 'full'));
    writeFileSync(join(cwd, 'full/keep.txt'), 'mine\n');
    const full = await runCli(['init', 'full'], cwd);
    expect(full.code).toBe(2);
    expect(full.stderr).toContain('error[cli/usage]');
    expect(readFileSync(join(cwd, 'full/keep.txt'), 'utf8')).toBe('mine\n');
    expect((await runCli(['init', '9lives'], cwd)).code).toBe(2);
    expect((await runCli(['init'], cwd)).code).toBe(2);
    const bad = await runCli(['init', 'x', '--title', 'a"b'], cwd);
    expect(bad.code).toBe(2);
  });

  it('refuses a name the language reserves (every keyword, `constructor`), suggesting one, and writes nothing', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'houserules-init-'));
    for (const name of [...HARD_KEYWORDS, 'constructor', 'prototype']) {
      const run = await runCli(['init', name], cwd);
      expect(run.code, name).toBe(2);
      expect(run.stderr, name).toContain('error[cli/usage]');
      expect(run.stderr, name).toContain(`${name}_game`);
      expect(existsSync(join(cwd, name)), name).toBe(false);
    }
    expect((await runCli(['init', 'rule_game'], cwd)).code).toBe(0);
    expect((await runCli(['check', 'rule_game'], cwd)).code).toBe(0);
  });

  it('a title with markup or sentences in it still tests with full coverage', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'houserules-init-'));
    const titles = ['*Bold* game', '- A list item', '<b>Big</b> & [x](y)', 'Roll. Score!', 'On your turn, roll a die and score that many points.', '# Heading: `code` | pipe', '“Quoted.”'];
    for (const [i, title] of titles.entries()) expect((await runCli(['init', `g${i}`, `--title=${title}`], cwd)).code, title).toBe(0);
    const test = await runCli(['test', ...titles.map((_, i) => `g${i}`), '--coverage'], cwd);
    expect(test.stderr).toBe('');
    expect(test.code).toBe(0);
  });
});
