import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const DIVIDES_BY_ZERO = `module dz

scenario "Division" {
  players 2..2
}

per player {
  var score: number = 0
}

flow {
  rounds 3 {
    turns {
      step take_turn
    }
  }
}

rule count_up on take_turn {
  roll 1d6 as pips
  set current.score = current.score + 6 / (pips - pips)
}
`;

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'houserules-run-errors-'));
  writeFileSync(join(root, 'package.json'), '{ "private": true }\n');
  mkdirSync(join(root, 'dz'));
  writeFileSync(join(root, 'dz/dz.rules'), DIVIDES_BY_ZERO);
  return root;
}

/** The commands after "replay it:", split into words (they hold no quotes here). */
function replayCommands(stdout: string): string[][][] {
  return [...stdout.matchAll(/replay it: (.*)/g)].map((m) => m[1]!.split(' && ').map((c) => c.split(' ').slice(1)));
}

describe('run errors carry their place', () => {
  it('simulate prints the first stopped games in full: code, the rule with its code frame, game and seed, a replay command that works', async () => {
    const root = project();
    const run = await runCli(['simulate', 'dz', '--games', '5', '--seed', '7'], root);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('error[run/division-by-zero]');
    // The rule's place: its file and line, the line itself, and its name.
    expect(run.stdout).toMatch(/--> dz\/dz\.rules:19:\d+/);
    expect(run.stdout).toContain('19 | rule count_up on take_turn {');
    expect(run.stdout).toContain('`count_up`');
    expect(run.stdout).toMatch(/game 0 \(seed \d+\)/);
    const commands = replayCommands(run.stdout);
    expect(commands).toHaveLength(3);
    // The replay command of game 2 plays that very game again and stops at the same place.
    const [simulate, replay] = commands[2]!;
    expect((await runCli(simulate!, root)).code).toBe(1);
    const replayed = await runCli(replay!, root);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toContain('run/division-by-zero');
    expect(replayed.stdout).toMatch(/--> dz\/dz\.rules:19:\d+/);
  });

  it('--log records each run error with its place, relative to the project', async () => {
    const root = project();
    const run = await runCli(['simulate', 'dz', '--games', '2', '--log', 'g.jsonl'], root);
    expect(run.code).toBe(1);
    expect(replayCommands(run.stdout)[0]).toEqual([['replay', 'g.jsonl', '--game', '0']]);
    const lines = readFileSync(join(root, 'g.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const errors = lines.filter((l) => 'runError' in l).map((l) => l['runError'] as Record<string, unknown>);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ game: 0, code: 'run/division-by-zero', file: 'dz/dz.rules' });
    expect(String(errors[0]!['place'])).toContain('count_up');
    const replayed = await runCli(['replay', 'g.jsonl'], root);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toContain('count_up');
  });
});
