// `houserules play` driven by a scripted stdin: the tests assert the saved log, the replay of it,
// and the codes of what is refused, not the wording of the screen.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGame, loadGraph, type ZoneView } from '@houserules/engine';
import { loadScenario } from '../src/scenario-loader.ts';
import { main } from '../src/main.ts';
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
    // ...then, once all have chosen, all reveal together: what p2 chose, after p1's own answer
    const afterMine = run.stdout.slice(run.stdout.indexOf('p1 chooses continue'));
    expect(afterMine).toMatch(/^p1 chooses continue\n {2}r1 {2}p2 chooses (continue|exit) \(revealed\)\n {2}r1 {2}p3 chooses (continue|exit) \(revealed\)\n/);

    const replayed = await runCli(['replay', log]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('verified');
    // The shared words: seats as p1…, cards by kind and value, never raw ids or `player: 0`.
    expect(replayed.stdout).toMatch(/p1 chooses continue/);
    expect(replayed.stdout).toMatch(/reveals (treasure|trap)\(/);
    expect(replayed.stdout).not.toMatch(/card #\d|player: \d/);
  });

  it('hot seat: two people at one terminal each see their own plan, the other\'s only once all plans are revealed', async () => {
    const run = await runCli(['play', 'scenarios/diamant', '--seat', '1', '--seat', '2', '--players', '3', '--seed', '3'], undefined, ['continue', 'continue', 'quit']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const turnOf = (seat: string): string => {
      const from = run.stdout.indexOf(`>>> ${seat}, it is your decision`);
      expect(from).toBeGreaterThanOrEqual(0);
      return run.stdout.slice(from);
    };
    // p1 answers; what p2 is then shown of p1's answer, and p3's: still secret
    const beforeP2 = run.stdout.slice(0, run.stdout.indexOf('>>> p2, it is your decision'));
    expect(beforeP2).toMatch(/p1 chooses \(secretly\)/);
    expect(beforeP2).not.toMatch(/p[13] chooses (continue|exit)/);
    // once p2 has answered, all three reveal together: p2's own answer plainly, the others' marked revealed
    expect(turnOf('p2')).toMatch(/p2 chooses continue\n {2}r1 {2}(p[13] chooses (continue|exit) \(revealed\)\n {2}r1 {2}){2}plans_revealed/);
  });

  it('undo goes back to your previous decisions while nothing hidden came to light, and the game from there is the same as without the steps taken back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-play-'));
    const withUndo = join(dir, 'a.jsonl');
    const without = join(dir, 'b.jsonl');
    // Catan's set-up: placing pieces draws no chance and reveals nothing, so both answers can be taken back.
    const catan = ['scenarios/catan/base.rules', '--players', '3', '--seed', '2'];
    const settle = 'place_start_settlement(corner(0, -2, 0))';
    const a = await runCli(['play', ...catan, '--log', withUndo], undefined, [settle, '1', 'undo', 'undo', settle, '1', 'quit']);
    const b = await runCli(['play', ...catan, '--log', without], undefined, [settle, '1', 'quit']);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(a.stdout).not.toContain('error[');
    expect(readFileSync(withUndo, 'utf8')).toBe(readFileSync(without, 'utf8'));
    // Nothing to take back before your first decision.
    const early = await runCli(['play', 'scenarios/diamant', '--seed', '11'], undefined, ['undo', 'quit']);
    expect(early.stdout).toContain('error[play/nothing-to-undo]');
    // In Diamant the others' secret plans and the next card come to light after p1's answer: it stays.
    const sealedLog = join(dir, 'c.jsonl');
    const sealed = await runCli(['play', 'scenarios/diamant', '--seed', '11', '--log', sealedLog], undefined, ['continue', 'undo', 'quit']);
    expect(sealed.stdout).toContain('error[play/nothing-to-undo]');
    expect(answersOf(readLog(sealedLog), 0)).toEqual(['continue']);
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

/** One `play --json` run driven by a script: each decision answered by `answer` once its prompt is printed. */
async function drive(argv: string[], answer: (decision: PlayLine) => string): Promise<{ code: number; lines: PlayLine[]; stderr: string }> {
  const lines: PlayLine[] = [];
  let pending = '';
  let stderr = '';
  let wake: (() => void) | null = null;
  const stdout = {
    write: (text: string) => {
      pending += text;
      for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
        lines.push(JSON.parse(pending.slice(0, i)) as PlayLine);
        pending = pending.slice(i + 1);
      }
      wake?.();
    },
  };
  async function* stdin(): AsyncGenerator<string> {
    let read = 0;
    for (let turns = 0; turns < 500; turns++) {
      let prompt = -1;
      while ((prompt = lines.findIndex((l, i) => i >= read && l.type === 'prompt')) < 0) await new Promise<void>((resolve) => (wake = resolve));
      read = prompt + 1;
      const decision = lines.slice(0, prompt).findLast((l) => l.type === 'decision')!;
      yield `${answer(decision)}\n`;
    }
  }
  const code = await main(argv, { stdout, stderr: { write: (t: string) => (stderr += t) }, cwd: repoRoot, stdin: stdin() });
  return { code, lines, stderr };
}

interface PlayLine {
  type: string;
  [key: string]: unknown;
}

describe('houserules play --json', () => {
  it('lets a script drive a whole game: one JSON object a line, decisions with numbered options, the end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-play-'));
    const log = join(dir, 'game.jsonl');
    const chosen: string[] = [];
    // Always the last option (`exit` in Diamant), typed by its number.
    const run = await drive(['play', 'scenarios/diamant', '--seed', '5', '--json', '--log', log], (d) => {
      const last = (d['options'] as { n: number; name: string }[]).at(-1)!;
      chosen.push(last.name);
      return String(last.n);
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const types = new Set(run.lines.map((l) => l.type));
    for (const t of ['setup', 'start', 'event', 'state', 'decision', 'prompt', 'end', 'saved']) expect(types).toContain(t);
    expect(run.lines[0]).toEqual({ type: 'setup', seed: 5, variant: null, players: 3 });
    const end = run.lines.find((l) => l.type === 'end')!;
    expect(end).toMatchObject({ how: 'over' });
    expect((end['winners'] as string[]).every((w) => /^p\d$/.test(w))).toBe(true);
    // What the script chose is what the saved game holds: every decision of p1, in order.
    expect(answersOf(readLog(log), 0)).toEqual(chosen);
    expect(chosen.length).toBe(run.lines.filter((l) => l.type === 'decision').length);
    // Events say the others' secret answers are secret, in the shared words.
    expect(run.lines.some((l) => l.type === 'event' && l['text'] === 'p2 chooses (secretly)')).toBe(true);
  });

  it('reports a mistake as an error object with its code, then asks again', async () => {
    let asked = 0;
    const run = await drive(['play', 'scenarios/diamant', '--seed', '5', '--json'], () => (++asked === 1 ? 'nonsense' : asked === 2 ? ':why' : ':quit'));
    expect(run.code).toBe(0);
    const after = run.lines.slice(run.lines.findIndex((l) => l.type === 'prompt') + 1);
    expect(after[0]).toMatchObject({ type: 'error', code: 'play/no-such-option' });
    expect(after[1]).toMatchObject({ type: 'prompt', seat: 'p1' });
    expect(after.find((l) => l.type === 'why')!['reasons']).toEqual([expect.stringMatching(/^rule decide \(.*diamant\.rules:\d+\)/)]);
    expect(run.lines.at(-1)).toMatchObject({ type: 'end', how: 'quit' });
  });

  it('names a Catan corner option and the hexes around it', async () => {
    const run = await drive(['play', 'scenarios/catan/base.rules', '--seed', '1', '--players', '3', '--json'], () => ':quit');
    const first = run.lines.find((l) => l.type === 'decision')!;
    const options = first['options'] as { n: number; name: string; around?: string }[];
    expect(options[0]!.name).toMatch(/^place_start_settlement\(corner\(-?\d, -?\d, \d\)\)$/);
    expect(options.every((o) => o.around !== undefined && o.around.length > 0)).toBe(true);
  });
});

describe('houserules play: the players’ table leaves scratch vars out', () => {
  it('shows no answer vars and no counters at rest, and a counter once it moves', async () => {
    // Catan's first screen: every per-player var is at its declared value or holds an answer.
    const table = (screen: string): string[] => screen.split('\n').filter((l) => /^\S+\s{2,}/.test(l)).map((l) => l.split(/\s+/)[0]!);
    const first = await runCli(['play', 'scenarios/catan/base.rules', '--seed', '1', '--players', '3'], undefined, ['quit']);
    const rows = table(first.stdout);
    expect(rows).toContain('hand');
    for (const scratch of ['discard_choice', 'plenty_choice', 'monopoly_choice', 'trade_answer', 'offer_step', 'to_discard', 'free_roads', 'owed_now', 'road_len']) expect(rows).not.toContain(scratch);
    // After both rounds of set-up placements the roads have a length: that row is shown.
    const later = await runCli(['play', 'scenarios/catan/base.rules', '--seed', '1', '--players', '3'], undefined, ['1', '1', '1', '1', 'show', 'quit']);
    const shown = later.stdout.slice(later.stdout.lastIndexOf('p1> show'));
    expect(table(shown)).toContain('road_len');
    expect(table(shown)).not.toContain('discard_choice');
  });
});
