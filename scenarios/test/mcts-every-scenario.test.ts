// The mcts agent on every shipped scenario (issue 26, "Done when"): it plays each one to its end without a
// run error, and, wherever a seat cannot see some cards, it searches the same way whichever of those cards are
// where — two games that differ only by a swap of two cards the seat does not know give the same search,
// option by option and visit by visit (mcts-fairness.test.ts does the same by hand, scenario by scenario,
// and checks that a difference the seat sees does change the search).
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createGame, mctsAgent, randomAgent, type Game, type LoadedGraph } from '@houserules/engine';
import { loadScenario } from './load-scenario.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** every shipped scenario module: the .rules files under scenarios/ that are not test modules */
function shippedScenarios(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'tests' || name === 'test') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.rules')) out.push(relative(root, path));
    }
  };
  walk(root);
  return out;
}

/** a short game where the scenario has a round limit */
function shortGame(lg: LoadedGraph, rounds = 25): Record<string, number> {
  return lg.options.some((o) => o.name === 'round_limit') ? { round_limit: rounds } : {};
}

const quickSearch = { iterations: 40, depth: 100 };

/** how many decisions a random game of the scenario takes (seeded) */
function randomGameLength(lg: LoadedGraph, players: number): number {
  const g = createGame(lg, { seed: 5, players, options: shortGame(lg), recordLog: false }).value!;
  const bot = randomAgent(6);
  let n = 0;
  for (; n < 3000 && !g.isOver; n++) g.applyOption(g.nextSeat(), bot.choose(g, g.nextSeat()) as number);
  return n;
}

/** what a card is, as a player would name it: its kind and its fields */
function identity(g: Game, c: number): string {
  return `${g.cardKind[c]}:${g.fieldVals.slice(c * g.fieldWidth, (c + 1) * g.fieldWidth).join(',')}`;
}

/** two cards the seat does not know, of different identities, with their places; null if there are none */
function twoUnknownCards(g: Game, seat: number): [number, number] | null {
  const unknown: number[] = [];
  for (let c = 0; c < g.cardZone.length; c++) if (g.cardZone[c]! >= 0 && !g.knows(seat, c)) unknown.push(c);
  for (const a of unknown) for (const b of unknown) if (a < b && identity(g, a) !== identity(g, b)) return [a, b];
  return null;
}

/**
 * deals the cards the seat does not know anew over the places they occupy (a seeded shuffle), as another deal
 * would have put them: what others know of a place stays with the place
 */
function dealUnknownAnew(g: Game, seat: number, seed: number): void {
  const cards: number[] = [];
  for (let c = 0; c < g.cardZone.length; c++) if (g.cardZone[c]! >= 0 && !g.knows(seat, c)) cards.push(c);
  const places = cards.map((c) => ({ zone: g.cardZone[c]!, index: g.zoneCards[g.cardZone[c]!]!.indexOf(c), known: g.known[c]! }));
  const order = [...cards];
  let s = seed;
  for (let i = order.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  places.forEach((place, i) => {
    const c = order[i]!;
    g.zoneCards[place.zone]![place.index] = c;
    g.cardZone[c] = place.zone;
    g.known[c] = place.known;
  });
  g.invalidateAll();
  g.refreshDecisions();
}

/** the seat's search: its answer, its tree's size and what each option of the root did, playout by playout summed */
function search(lg: LoadedGraph, g: Game, seat: number): { answer: number; nodes: number; options: { visits: number; reward: number; points: number }[] } {
  const run = mctsAgent(lg, quickSearch, 42).value!.start(g, seat);
  while (run.step(16));
  return { answer: run.answer(), nodes: run.stats.nodes, options: run.rootOptions() };
}

const scenarios = shippedScenarios();
/** the scenarios in which some seat, at some point of a random game, does not know some cards */
const withHiddenCards = new Set([
  'catan/base.rules',
  'catan/five-six.rules',
  'catan/seafarers.rules',
  'diamant/diamant.rules',
  'diamond-islands/diamond-islands.rules',
  'diamond-mines/base.rules',
  'diamond-mines/five-six.rules',
  'diamond-mines/mines.rules',
  'durango/durango.rules',
  'examples/catan-snake-eyes/snake-eyes.rules',
  'examples/high-card/high-card.rules',
  'examples/night-signals/night-signals.rules',
  'kaffee/kaffee.rules',
]);

describe('mcts on every shipped scenario', () => {
  it('finds the shipped scenarios', () => {
    expect(scenarios).toContain('diamant/diamant.rules');
    expect(scenarios).toContain('kaffee/kaffee.rules');
    for (const s of withHiddenCards) expect(scenarios).toContain(s);
  });

  for (const file of scenarios) {
    const lg = loadScenario(file);
    if (lg.asks.length === 0 && lg.actions.length === 0) continue; // a module of rules for others (mines.rules)
    const { min, max } = lg.graph.scenario.players;
    const players = Math.max(min, Math.min(3, max));

    it(`${file}: one mcts seat and random others play a game to its end`, () => {
      const g = createGame(lg, { seed: 3, players, options: shortGame(lg, 12), recordLog: false }).value!;
      const mcts = mctsAgent(lg, { iterations: 8, depth: 30 }, 9).value!;
      const others = randomAgent(4);
      for (let n = 0; n < 20_000 && !g.isOver; n++) {
        const seat = g.nextSeat();
        expect(seat).toBeGreaterThanOrEqual(0);
        g.applyOption(seat, (seat === 0 ? mcts : others).choose(g, seat) as number);
      }
      expect(g.error).toBeNull();
      expect(g.isOver).toBe(true);
      expect(g.outcome).not.toBeNull();
    });

    it(`${file}: cards the seat does not know do not change its search`, () => {
      // mid-game: half way through a random game (at most 200 decisions in), then on to a point where the
      // seat to decide has a choice and does not know some cards
      const length = randomGameLength(lg, players);
      const start = (): Game => createGame(lg, { seed: 5, players, options: shortGame(lg) }).value!;
      const a = start();
      const moves: [number, number][] = [];
      const bot = randomAgent(6);
      const play = (): void => {
        const seat = a.nextSeat();
        const option = bot.choose(a, seat) as number;
        moves.push([seat, option]);
        a.applyOption(seat, option);
      };
      const ready = (): boolean => !a.isOver && moves.length >= Math.min(200, length / 2) && a.optionCount(a.nextSeat()) > 1 && twoUnknownCards(a, a.nextSeat()) !== null;
      while (moves.length < 3000 && !a.isOver && !ready()) play();
      const hidden = !a.isOver;
      expect(hidden).toBe(withHiddenCards.has(file));
      if (!hidden) return;
      // three decisions from there where the seat does not know some cards: the same search in both games
      for (let k = 0, n = 0; k < 3 && n < 200 && !a.isOver; n++, play()) {
        if (!ready()) continue;
        k++;
        const seat = a.nextSeat();
        const b = start();
        for (const [s, o] of moves) b.applyOption(s, o);
        dealUnknownAnew(b, seat, 77 + k);
        expect(a.stateHash()).not.toBe(b.stateHash());
        expect(search(lg, b, seat)).toEqual(search(lg, a, seat));
      }
    });
  }
});
