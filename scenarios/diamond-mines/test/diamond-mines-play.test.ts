// Diamond Island Mines: maps that break the scenario are refused when a game starts, the
// blank-token reading spreads its blank over the island, and whole games of both editions end by
// one of the three ends with every invariant holding (30 diamonds, 19 or 24 of each resource,
// pieces conserved).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { createGame, loadGraph, playGame, policyAgent, randomAgent, type Agent, type LoadedGraph } from '@houserules/engine';

const scenarios = fileURLToPath(new URL('../..', import.meta.url));
const FILES = ['catan/base.rules', 'catan/five-six.rules', 'diamond-mines/mines.rules', 'diamond-mines/base.rules', 'diamond-mines/five-six.rules'];
const texts = Object.fromEntries(FILES.map((f) => [scenarios + f, readFileSync(scenarios + f, 'utf8')]));

/** compiles an edition (or a module of extra text extending one), failing on any error */
function load(entry: string, variant?: string, extra?: string): LoadedGraph {
  const files = { ...texts };
  let file = scenarios + entry;
  if (extra !== undefined) {
    file = scenarios + 'diamond-mines/tests/bad-map.rules';
    files[file] = `module bad_map extends "../${entry.replace('diamond-mines/', '')}"\n\n${extra}`;
  }
  const compiled = compile(createMemoryHost(files), file, variant === undefined ? {} : { variant });
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadGraph(compiled.value);
  expect(loaded.diagnostics).toEqual([]);
  return loaded.value!;
}

/** a base island with the rows given (the mines wherever the test puts them) */
const island = (rows: string, values = '[2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]', kinds = '[3 of forest, 3 of pasture, 3 of fields, 3 of hills, 3 of mountains]'): string =>
  `override board island: hex map {\n${rows}\n} {\n  kinds shuffled ${kinds}\n  values shuffled ${values} except unnumbered\n  region unnumbered = [(0, 0)]\n  frame 1 sea\n}\n`;

describe('a map that breaks the scenario', () => {
  const refused = (extra: string): { code: string; message: string; file?: string; line?: number } => {
    const game = createGame(load('diamond-mines/base.rules', undefined, extra), { seed: 1, players: 3, checkInvariants: true }).value!;
    expect(game.outcome).toBeNull();
    const e = game.error!;
    return { code: e.code, message: e.message, file: e.file, line: e.range?.start.line };
  };
  const lineOf = (name: string): number => texts[scenarios + 'diamond-mines/mines.rules']!.split('\n').findIndex((l) => l.startsWith(`invariant ${name}:`)) + 1;

  it('is the scenario itself: a game starts with every invariant holding', () => {
    const game = createGame(load('diamond-mines/base.rules'), { seed: 1, players: 3, checkInvariants: true }).value!;
    expect(game.error).toBeNull();
  });

  it('a mine that is not a corner of the island: mines_at_the_extremities, at its declaration', () => {
    const rows = '  (0, -2) mine (1, -2) (2, -2)\n  (-1, -1) (0, -1) mine (1, -1) (2, -1)\n  (-2, 0) (-1, 0) (0, 0) (1, 0) (2, 0)\n  (-2, 1) (-1, 1) (0, 1) (1, 1)\n  (-2, 2) mine (-1, 2) (0, 2) mine';
    const r = refused(island(rows));
    expect(r.code).toBe('run/invariant');
    expect(r.message).toContain('mines_at_the_extremities');
    expect(r.file).toBe(scenarios + 'diamond-mines/mines.rules');
    expect(r.line).toBe(lineOf('mines_at_the_extremities'));
  });

  it('a mine cut off from the island (an islet at sea): mines_joined_to_the_island', () => {
    // a mine out at sea beyond the top-left corner: no land hex beside it
    const rows = '  (0, -4) mine\n  (0, -2) mine (1, -2) (2, -2) mine\n  (-1, -1) (0, -1) (1, -1) (2, -1)\n  (-2, 0) (-1, 0) (0, 0) (1, 0) (2, 0)\n  (-2, 1) (-1, 1) (0, 1) (1, 1)\n  (-2, 2) (-1, 2) (0, 2) mine';
    const r = refused(island(rows, '[2, 3, 3, 4, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]', '[4 of forest, 3 of pasture, 3 of fields, 3 of hills, 3 of mountains]'));
    expect(r.code).toBe('run/invariant');
    expect(r.message).toContain('mines_joined_to_the_island');
    expect(r.line).toBe(lineOf('mines_joined_to_the_island'));
  });

  it('five mine places for the box\'s four mine hexes: four_mines_at_most', () => {
    const rows = '  (0, -2) mine (1, -2) (2, -2) mine\n  (-1, -1) (0, -1) (1, -1) (2, -1)\n  (-2, 0) mine (-1, 0) (0, 0) (1, 0) (2, 0)\n  (-2, 1) (-1, 1) (0, 1) (1, 1)\n  (-2, 2) mine (-1, 2) (0, 2) mine';
    const r = refused(island(rows, '[2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]', '[3 of forest, 3 of pasture, 3 of fields, 2 of hills, 3 of mountains]'));
    expect(r.code).toBe('run/invariant');
    expect(r.message).toContain('four_mines_at_most');
  });
});

describe('the blank_token reading', () => {
  it('leaves one hex without a number, not always the same one, and now and then a mine', () => {
    const loaded = load('diamond-mines/base.rules', 'blank_token');
    const blanks = new Map<string, number>();
    let onMine = 0;
    for (let seed = 0; seed < 200; seed++) {
      const game = createGame(loaded, { seed, players: 3 }).value!;
      const geometry = game.boardGeometry()!;
      const board = game.view(0).board!;
      const land = geometry.hexes.filter((h) => !h.frame);
      const empty = land.filter((h) => board.hexValues[h.id]! < 0);
      expect(empty).toHaveLength(1);
      blanks.set(`${empty[0]!.q},${empty[0]!.r}`, (blanks.get(`${empty[0]!.q},${empty[0]!.r}`) ?? 0) + 1);
      if (board.hexKinds[empty[0]!.id] === 'mine') onMine++;
    }
    // 200 deals over 19 places: far more than one place, mines among them
    expect(blanks.size).toBeGreaterThan(10);
    expect(onMine).toBeGreaterThan(0);
  });
});

describe('whole games, every invariant checked', () => {
  const ENDS = ['end:fourteen_points', 'end:general_supply_exhausted', 'end:two_mines_exhausted', 'end:payout_short'];
  const play = (loaded: LoadedGraph, games: number, players: (i: number) => number, agent: (seed: number) => Agent): Map<string, number> => {
    const reasons = new Map<string, number>();
    for (let i = 0; i < games; i++) {
      // one agent a seat for the whole game
      const agents = Array.from({ length: players(i) }, (_, seat) => agent(i * 8 + seat));
      const r = playGame(loaded, { seed: i, players: players(i), checkInvariants: true, recordLog: false }, agents);
      expect(r.diagnostics, `game ${i}`).toEqual([]);
      expect(r.outcome, `game ${i}`).not.toBeNull();
      expect(ENDS).toContain(r.outcome!.reason);
      reasons.set(r.outcome!.reason, (reasons.get(r.outcome!.reason) ?? 0) + 1);
    }
    return reasons;
  };
  const builder = (loaded: LoadedGraph) => (seed: number): Agent => policyAgent(loaded, 'builder', {}, seed).value!;

  it('the base edition, 3 and 4 players, builder and random agents, end by the scenario\'s ends', () => {
    const loaded = load('diamond-mines/base.rules');
    const byBuilder = play(loaded, 16, (i) => 3 + (i % 2), builder(loaded));
    const byRandom = play(loaded, 8, (i) => 3 + (i % 2), (seed) => randomAgent(seed));
    // builders race to 14 and to the mines: more than one end occurs
    expect(byBuilder.size + byRandom.size).toBeGreaterThan(2);
  });

  it('the 5–6 edition, 5 and 6 players, builder and random agents, end by the scenario\'s ends', () => {
    const loaded = load('diamond-mines/five-six.rules');
    play(loaded, 8, (i) => 5 + (i % 2), builder(loaded));
    play(loaded, 4, (i) => 5 + (i % 2), (seed) => randomAgent(seed));
  });
});
