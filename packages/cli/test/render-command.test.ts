import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './run-cli.ts';

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

  it('draws with the scenario’s style.json, or the one --style names, read as untrusted input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-render-'));
    const styled = join(dir, 'styled.svg');
    const args = ['render', 'scenarios/catan/base.rules', '--players', '3', '--seed', '4'];
    expect((await runCli([...args, '-o', styled])).code).toBe(0);
    // scenarios/catan/style.json fills forests #2f6b35.
    expect(readFileSync(styled, 'utf8')).toContain('#2f6b35');

    // A style of one's own, laid over another through `extends`.
    const project = mkdtempSync(join(tmpdir(), 'houserules-style-'));
    writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
    cpSync(join(repoRoot, 'scenarios/catan'), join(project, 'catan'), { recursive: true, filter: (src) => !src.includes('node_modules') });
    writeFileSync(join(project, 'base.json'), JSON.stringify({ kinds: { forest: { fill: '#123456' } } }));
    writeFileSync(join(project, 'mine.json'), JSON.stringify({ extends: './base.json', kinds: { hills: { fill: '#654321' } } }));
    const mine = join(project, 'mine.svg');
    const own = await runCli(['render', 'catan/base.rules', '--players', '3', '--style', 'mine.json', '-o', mine], project);
    expect(own.stderr).toBe('');
    const svg = readFileSync(mine, 'utf8');
    expect(svg).toContain('#123456');
    expect(svg).toContain('#654321');

    // Wrong shapes, a loop of extends, a file outside the project, not JSON: one line each, exit 1.
    writeFileSync(join(project, 'bad.json'), JSON.stringify({ kinds: { forest: { fill: 'url(javascript:x)' } }, pieces: { road: { shape: 'spiral' } }, colours: 1 }));
    writeFileSync(join(project, 'loop.json'), JSON.stringify({ extends: './loop.json' }));
    writeFileSync(join(project, 'out.json'), JSON.stringify({ extends: '../../../../../../etc/passwd' }));
    writeFileSync(join(project, 'text.json'), 'kinds: forest');
    writeFileSync(join(project, 'label.json'), JSON.stringify({ siteVars: { harbour: { generic: { label: 3 } } }, values: null }));
    for (const bad of ['bad.json', 'loop.json', 'out.json', 'text.json', 'label.json']) {
      const run = await runCli(['render', 'catan/base.rules', '--players', '3', '--style', bad, '-o', join(project, 'x.svg')], project);
      expect(run.code, bad).toBe(1);
      expect(run.stderr, bad).toMatch(/^houserules render: error\[cli\/malformed-style\]/);
      expect(run.stderr.trim().split('\n'), bad).toHaveLength(1);
    }
  });
});
