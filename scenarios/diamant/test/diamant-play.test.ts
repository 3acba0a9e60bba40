import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import {
  createGame,
  loadGraph,
  playGame,
  policyAgent,
  randomAgent,
  replayLog,
  type CardView,
  type Game,
  type LoadedGraph,
  type Move,
} from '@houserules/engine';

const file = fileURLToPath(new URL('../diamant.rules', import.meta.url));

function loadDiamant(variant?: string, codegen = true): LoadedGraph {
  const compiled = compile(createMemoryHost({ [file]: readFileSync(file, 'utf8') }), file, variant ? { variant } : {});
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadGraph(compiled.value, { codegen });
  expect(loaded.diagnostics).toEqual([]);
  return loaded.value!;
}

const diamant = loadDiamant();
const ASK = 'rule:decide/ask1';
const choose = (value: 'continue' | 'exit'): Move => ({ kind: 'choice', ask: ASK, value });

type Pools = Record<string, number>;
const pathOf = (game: Game): CardView[] => (game.view(0).zones.path as { cards: CardView[] }).cards;
const playerPool = (game: Game, pool: string, seat: number): Pools => (game.view(0).pools[pool] as Pools[])[seat]!;

/** answers the open secret decision of every seat in the cave */
function decideAll(game: Game, plan: (seat: number) => 'continue' | 'exit'): void {
  for (const seat of game.waitingSeats()) expect(game.apply(seat, choose(plan(seat))).diagnostics).toEqual([]);
}

/** true when two traps of the same kind are among the cards */
function trapPair(cards: CardView[]): boolean {
  const kinds = cards.filter((c) => c.kind === 'trap').map((c) => c.fields.kind);
  return new Set(kinds).size < kinds.length;
}

/** the first seed, from 1, whose first `n` cards hold no pair of identical traps */
function seedWithoutTrapPair(n: number, players: number): number {
  for (let seed = 1; seed < 200; seed++) {
    const game = createGame(diamant, { seed, players }).value!;
    for (let k = 1; k < n; k++) decideAll(game, () => 'continue');
    if (!trapPair(pathOf(game)) && pathOf(game).length === n) return seed;
  }
  throw new Error('no such seed');
}

describe('Diamant, scripted', () => {
  it('shares each treasure among the players in the cave and gives a lone leaver the leftovers and relics', () => {
    const seed = seedWithoutTrapPair(3, 3);
    const game = createGame(diamant, { seed, players: 3, checkInvariants: true }).value!;
    decideAll(game, () => 'continue');
    decideAll(game, () => 'continue');
    // three cards are on the path, all three players still in the cave
    const path = pathOf(game);
    expect(path).toHaveLength(3);
    const treasures = path.filter((c) => c.kind === 'treasure').map((c) => c.fields.value as number);
    const relics = path.filter((c) => c.kind === 'relic').length;
    const share = treasures.reduce((sum, v) => sum + Math.floor(v / 3), 0);
    const leftovers = treasures.reduce((sum, v) => sum + (v % 3), 0);
    for (const seat of [0, 1, 2]) expect(playerPool(game, 'carried', seat).ruby).toBe(share);
    expect(path.filter((c) => c.kind === 'treasure').map((c) => c.pools!.gems!.ruby)).toEqual(path.filter((c) => c.kind === 'treasure').map((c) => (c.fields.value as number) % 3));

    // seat 0 leaves alone: the leftovers and the relics are its own
    decideAll(game, (seat) => (seat === 0 ? 'exit' : 'continue'));
    expect(game.error).toBeNull();
    expect(playerPool(game, 'carried', 0).ruby).toBe(0);
    expect(playerPool(game, 'chest', 0).ruby).toBe(share + leftovers);
    expect((game.view(0).vars.relic_value as number[])[0]).toBe(5 * relics);
    expect((game.view(0).zones.relics as { count: number }[])[0]!.count).toBe(relics);
    expect(game.view(0).vars.in_cave).toEqual([false, true, true]);
    // the fourth card is on the path now (the relics went with the leaver), or the cave collapsed on the two who stayed
    const after = pathOf(game);
    if (trapPair(after)) {
      expect(game.view(0).round).toBe(2);
    } else {
      expect(after).toHaveLength(4 - relics);
      const fourth = after[0]!;
      const more = fourth.kind === 'treasure' ? Math.floor((fourth.fields.value as number) / 2) : 0;
      expect(playerPool(game, 'carried', 1).ruby).toBe(share + more);
    }
  });

  it('sends everyone home empty-handed when a second identical trap shows', () => {
    // everyone stays in the cave, so only a trap pair can end the first round
    const game = createGame(diamant, { seed: 7, players: 4, checkInvariants: true }).value!;
    let path = pathOf(game);
    while (game.view(0).round === 1 && !game.isOver) {
      path = pathOf(game);
      decideAll(game, () => 'continue');
    }
    expect(game.error).toBeNull();
    // the path before the last decision, plus the trap that sprang
    // one trap of the pair left the game, and so did the relics left in the cave
    const outOfGame = (game.view(0).zones.out_of_game as { cards: CardView[] }).cards.filter((c) => c.kind === 'trap');
    expect(outOfGame).toHaveLength(1);
    expect(path.some((c) => c.kind === 'trap' && c.fields.kind === outOfGame[0]!.fields.kind)).toBe(true);
    for (const seat of [0, 1, 2, 3]) {
      expect(playerPool(game, 'carried', seat).ruby).toBe(0);
      expect(playerPool(game, 'chest', seat)).toEqual({ ruby: 0, diamond: 0 });
    }
    expect(game.view(0).round).toBe(2);
    expect(game.view(0).vars.in_cave).toEqual([true, true, true, true]);
  });

  it('plays five rounds where everyone leaves after the first card, scoring it by hand', () => {
    const game = createGame(diamant, { seed: 11, players: 3, checkInvariants: true }).value!;
    const firstCards: CardView[] = [];
    while (!game.isOver) {
      expect(pathOf(game)).toHaveLength(1);
      firstCards.push(pathOf(game)[0]!);
      decideAll(game, () => 'exit');
    }
    expect(game.error).toBeNull();
    expect(firstCards).toHaveLength(5);
    // three leave together: a third of each treasure each, leftovers (under 3) stay, no relic is taken
    const score = firstCards.reduce((sum, c) => sum + (c.kind === 'treasure' ? Math.floor((c.fields.value as number) / 3) : 0), 0);
    expect(game.outcome!.ranking).toEqual([0, 1, 2].map((seat) => ({ seat, rank: 1, score: [score] })));
    expect(game.outcome!.winners).toEqual([0, 1, 2]);
  });
});

describe('Diamant, random play', () => {
  it('plays 10,000 games with every invariant checked and no violation', () => {
    const incan = loadDiamant('incan_gold');
    let games = 0;
    const problems: string[] = [];
    const t0 = performance.now();
    for (let i = 0; i < 10_000; i++) {
      const players = 3 + (i % 6);
      const lg = i % 2 === 0 ? diamant : incan;
      const r = playGame(lg, { seed: i, players, checkInvariants: true, recordLog: false }, (seat) => randomAgent(i * 8 + seat));
      if (r.diagnostics.length > 0 || !r.outcome) problems.push(`seed ${i}: ${r.diagnostics.map((d) => d.code).join(', ')}`);
      games++;
    }
    const ms = performance.now() - t0;
    console.info(`10,000 Diamant games with invariants checked in ${Math.round(ms)} ms`);
    expect(problems).toEqual([]);
    expect(games).toBe(10_000);
  });

  it('plays the same games through generated code and through closures', () => {
    const closures = loadDiamant(undefined, false);
    for (let i = 0; i < 300; i++) {
      const config = { seed: i, players: 3 + (i % 6), checkInvariants: true };
      const a = playGame(diamant, config, (seat) => randomAgent(i * 8 + seat));
      const b = playGame(closures, config, (seat) => randomAgent(i * 8 + seat));
      expect(a.game!.log).toEqual(b.game!.log);
      expect(a.game!.stateHash()).toBe(b.game!.stateHash());
    }
  });

  it('replays a game between policy agents, hash for hash', () => {
    const cautious = policyAgent(diamant, 'cautious').value!;
    const greedy = policyAgent(diamant, 'greedy', { threshold: 12 }).value!;
    const played = playGame(diamant, { seed: 3, players: 4 }, [cautious, greedy, cautious, greedy]);
    expect(played.diagnostics).toEqual([]);
    const replayed = replayLog(diamant, { seed: 3, players: 4 }, played.game!.log);
    expect(replayed.diagnostics).toEqual([]);
    expect(replayed.value!.outcome).toEqual(played.outcome);
  });
});
