// Game logs carry their format: a log written before card moves were logged (format 1, no
// `logFormat` in its header) still replays; a format this build does not know is refused.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

describe('game log formats', () => {
  it('a format-1 log (no card-move lines, no logFormat) replays; format 2 is written; an unknown format is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-logformat-'));
    const log = join(dir, 'games.jsonl');
    expect((await runCli(['simulate', 'scenarios/examples/high-card', '--games', '3', '--log', log])).code).toBe(0);
    const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { header?: Record<string, unknown>; event?: string });
    expect(lines[0]!.header!['logFormat']).toBe(2);
    expect(lines.some((l) => l.event === '$move')).toBe(true);

    const old = join(dir, 'old.jsonl');
    const asFormat1 = lines
      .filter((l) => l.event !== '$move' && l.event !== '$moveAll')
      .map((l) => {
        if (!l.header) return l;
        const { logFormat: _dropped, ...header } = l.header;
        return { ...l, header };
      });
    writeFileSync(old, asFormat1.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const replayed = await runCli(['replay', old]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(/3 of 3 games verified/);

    const future = join(dir, 'future.jsonl');
    writeFileSync(future, readFileSync(log, 'utf8').replace('"logFormat":2', '"logFormat":3'));
    const refused = await runCli(['replay', future]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr + refused.stdout).toMatch(/cli\/malformed-log/);
  });
});
