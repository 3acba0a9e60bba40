import { mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDiamant, runCli } from './run-cli.ts';

describe('paths relative to the project', () => {
  it('a compiled graph names its files relative to the project root', async () => {
    const { dir } = copyDiamant();
    const root = dirname(dir);
    const run = await runCli(['compile', 'diamant', '-o', 'graph.json'], root);
    expect(run.code).toBe(0);
    const text = readFileSync(join(root, 'graph.json'), 'utf8');
    expect(text).not.toContain(root);
    const graph = JSON.parse(text) as { scenario: { modules: { file: string }[] }; rules: { provenance: { file: string } }[] };
    expect(graph.scenario.modules.map((m) => m.file)).toContain('diamant/diamant.rules');
    expect(graph.rules[0]!.provenance.file).toBe('diamant/diamant.rules');
  });

  it('a game log replays after the project folder moves', async () => {
    const { dir } = copyDiamant();
    const root = dirname(dir);
    const logged = await runCli(['simulate', 'diamant', '--games', '2', '--players', '3', '--log', 'games.jsonl'], root);
    expect(logged.code).toBe(0);
    const log = readFileSync(join(root, 'games.jsonl'), 'utf8');
    expect(log).not.toContain(root);
    const moved = join(mkdtempSync(join(tmpdir(), 'houserules-moved-')), 'elsewhere');
    renameSync(root, moved);
    const replay = await runCli(['replay', 'games.jsonl'], moved);
    expect(replay.stderr).toBe('');
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/2 of 2 games verified/);
    // From a folder inside the moved project, too.
    expect((await runCli(['replay', '../games.jsonl'], join(moved, 'diamant'))).code).toBe(0);
  });
});
