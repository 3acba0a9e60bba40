import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

describe('houserules render', () => {
  it('draws a hex board from the engine’s geometry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-render-'));
    const run = await runCli(['render', 'scenarios/catan/base.rules', '--players', '3', '--seed', '4', '-o', join(dir, 'board.svg')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const svg = readFileSync(join(dir, 'board.svg'), 'utf8');
    expect(svg).toContain('<svg');
    // The base game's 19 land hexes, at least.
    expect((svg.match(/<path/g) ?? []).length).toBeGreaterThanOrEqual(19);
    const other = join(dir, 'other.svg');
    expect((await runCli(['render', 'scenarios/catan/base.rules', '--players', '3', '--seed', '5', '-o', other])).code).toBe(0);
    expect(readFileSync(other, 'utf8')).not.toBe(svg);
  });

  it('draws a game without a board as its zones, cards and pools, at a step of a logged game', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-render-'));
    const log = join(dir, 'g.jsonl');
    expect((await runCli(['simulate', 'scenarios/diamant', '--games', '1', '--players', '3', '--log', log])).code).toBe(0);
    const start = join(dir, 'start.svg');
    const later = join(dir, 'later.svg');
    expect((await runCli(['render', 'scenarios/diamant', '--log', log, '--at', '0', '-o', start])).code).toBe(0);
    expect((await runCli(['render', 'scenarios/diamant', '--log', log, '--at', '12', '-o', later])).code).toBe(0);
    const first = readFileSync(start, 'utf8');
    expect(first).toContain('zone expedition');
    expect(first).toContain('p3.chest');
    expect(readFileSync(later, 'utf8')).not.toBe(first);
  });

  it('refuses a missing or non-SVG output and a log it cannot read, without a stack', async () => {
    expect((await runCli(['render', 'scenarios/diamant'])).code).toBe(2);
    expect((await runCli(['render', 'scenarios/diamant', '-o', 'x.png'])).code).toBe(2);
    const missing = await runCli(['render', 'scenarios/diamant', '--log', 'no-such.jsonl', '-o', join(tmpdir(), 'x.svg')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error[cli/cannot-read]');
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  });
});
