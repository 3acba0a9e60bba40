// `houserules play` driven by a scripted stdin: the tests assert the saved log, the replay of it,
// and the codes of what is refused, not the wording of the screen.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGame, loadGraph, type ZoneView } from '@houserules/engine';
import { loadScenario } from '../src/scenario-loader.ts';
import { copyDiamant, repoRoot, runCli } from './run-cli.ts';

interface LogLine {
  game: number;
  header?: { agents: string[]; players: number; seed: number };
  event?: string;
  data?: { seat?: number; move?: { kind: string; value?: unknown; action?: string; args?: unknown[] } };
}

function readLog(path: string): LogLine[] {
  return readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);
}

/** p1's answers in a log, as [kind, value or action]. */
function answersOf(log: LogLine[], seat: number): string[] {
  return log.filter((l) => l.event === '$answer' && l.data?.seat === seat).map((l) => (l.data!.move!.kind === 'choice' ? String(l.data!.move!.value) : String(l.data!.move!.action)));
}

const exits = Array.from({ length: 30 }, () => 'exit');

describe('houserules play', () => {
  it('plays a Diamant game to its end from stdin and saves a log that replay verifies, in the same words', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-play-'));
    const log = join(dir, 'game.jsonl');
    const run = await runCli(['play', 'scenarios/diamant', '--seed', '3', '--agents', 'random,cautious', '--log', log], undefined, ['con', ...exits]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = readLog(log);
    expect(lines[0]!.header).toMatchObject({ agents: ['person', 'random', 'cautious'], players: 3, seed: 3 });
    // "con" is the unique beginning of `continue`; then p1 leaves every round.
    const mine = answersOf(lines, 0);
    expect(mine[0]).toBe('continue');
    expect(mine.slice(1).every((a) => a === 'exit')).toBe(true);
    expect(lines.some((l) => l.event === '$end')).toBe(true);
    // What p1 was shown of the others' secret choices: nothing until they are revealed.
    expect(run.stdout).toMatch(/p2 chooses \(secretly\)/);

    const replayed = await runCli(['replay', log]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('verified');
    // The shared words: seats as p1…, cards by kind and value, never raw ids or `player: 0`.
    expect(replayed.stdout).toMatch(/p1 chooses continue/);
    expect(replayed.stdout).toMatch(/reveals (treasure|trap)\(/);
    expect(replayed.stdout).not.toMatch(/card #\d|player: \d/);
  });

  it('undo goes back to your previous decision, and the game from there is the same as without the step taken back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-play-'));
    const withUndo = join(dir, 'a.jsonl');
    const without = join(dir, 'b.jsonl');
    const a = await runCli(['play', 'scenarios/diamant', '--seed', '11', '--log', withUndo], undefined, ['continue', 'continue', 'undo', 'continue', ...exits]);
    const b = await runCli(['play', 'scenarios/diamant', '--seed', '11', '--log', without], undefined, ['continue', 'continue', ...exits]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(readFileSync(withUndo, 'utf8')).toBe(readFileSync(without, 'utf8'));
    // Nothing to take back before your first decision.
    const early = await runCli(['play', 'scenarios/diamant', '--seed', '11'], undefined, ['undo', 'quit']);
    expect(early.stdout).toContain('error[play/nothing-to-undo]');
  });

  it('refuses what is no option, with did-you-mean, and keeps asking', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-play-'));
    const log = join(dir, 'g.jsonl');
    const run = await runCli(['play', 'scenarios/diamant', '--seed', '3', '--log', log], undefined, ['9', 'exot', 'x'.repeat(5000), ':help', 'help', 'show', 'why', ':quit']);
    expect(run.code).toBe(0);
    const refused = run.stdout.split('\n').filter((l) => l.startsWith('error['));
    expect(refused.map((l) => /^error\[([^\]]+)\]/.exec(l)![1])).toEqual(['play/no-such-option', 'play/no-such-option', 'play/no-such-option']);
    expect(refused[1]).toContain('exit');
    // `why` names the asking rule where it is written.
    expect(run.stdout).toMatch(/rule decide \(scenarios\/diamant\/diamant\.rules:\d+\)/);
    // Nothing was chosen: the log holds no answer of p1.
    expect(answersOf(readLog(log), 0)).toEqual([]);
  });

  it('chooses a Catan action by its full name or its number, and lists the options a beginning matches', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-play-'));
    const log = join(dir, 'catan.jsonl');
    const run = await runCli(['play', 'scenarios/catan/base.rules', '--players', '3', '--seed', '2', '--log', log], undefined, [
      'place_start_settlement',
      'place_start_settlement(corner(0, -2, 0))',
      '1',
      'quit',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout.match(/^error\[play\/ambiguous-option\]/gm)).toHaveLength(1);
    // The board as text: sites by the names a test writes.
    expect(run.stdout).toMatch(/robber hex\(-?\d, -?\d\)/);
    const lines = readLog(log);
    const mine = lines.filter((l) => l.event === '$answer' && l.data?.seat === 0).map((l) => l.data!.move!);
    expect(mine.map((m) => m.action)).toEqual(['action:place_start_settlement', 'action:place_start_road']);
    const settled = lines.find((l) => l.event === 'settlement_built');
    expect(settled).toBeDefined();
    // A game stopped before its end replays as far as it went, and says it stopped.
    const replayed = await runCli(['replay', log]);
    expect(replayed.stdout).toContain('STOPPED');
    expect(replayed.stdout).toMatch(/p1 does place_start_settlement\(corner\(0, -2, 0\)\)/);
  });

  it('prints a scenario’s text escaped, and refuses a wrong command line with exit 2', async () => {
    const { dir, file } = copyDiamant();
    writeFileSync(file, readFileSync(file, 'utf8').replace(/scenario "Diamant"/, 'scenario "Dia\u001b[2Jmant"'));
    const run = await runCli(['play', file, '--seed', '1'], dir, ['quit']);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('\u001b');
    expect((await runCli(['play', 'scenarios/diamant', '--seat', '9'], undefined, [])).code).toBe(2);
    expect((await runCli(['play', 'scenarios/diamant', '--agents', 'nobody'], undefined, [])).code).toBe(2);
    expect((await runCli(['play'], undefined, [])).code).toBe(2);
  });
});

describe('houserules play: what a seat may see', () => {
  it('shows your own hidden hand and not another’s, seat by seat at one terminal', async () => {
    const loaded = loadScenario(repoRoot, 'scenarios/examples/high-card', undefined);
    if (!loaded.ok || loaded.graph === null) throw new Error('high-card does not compile');
    const game = createGame(loadGraph(loaded.graph).value!, { seed: 4, players: 2 }).value!;
    const handOf = (seat: number): string[] => {
      const zone = (game.view(seat).zones['hand'] as ZoneView[])[seat]!;
      return zone.cards!.map((c) => `number_card(${String(c.fields['value'])})`);
    };
    const [mine, theirs] = [handOf(0), handOf(1)];
    // The cards of p2's hand p1 neither holds nor has been shown (a card shown to everyone is seen).
    const known = ((game.view(0).zones['hand'] as ZoneView[])[1]!.known ?? []).map((k) => `number_card(${String(k.card.fields['value'])})`);
    const unseen = theirs.filter((c) => !mine.includes(c) && !known.includes(c));
    expect(unseen.length).toBeGreaterThan(0);

    const run = await runCli(['play', 'scenarios/examples/high-card', '--seed', '4', '--seat', '1', '--seat', '2'], undefined, ['quit']);
    expect(run.code).toBe(0);
    const firstScreen = run.stdout.slice(0, run.stdout.indexOf('> '));
    for (const card of mine) expect(firstScreen).toContain(card);
    for (const card of unseen) expect(firstScreen).not.toContain(card);
  });
});
