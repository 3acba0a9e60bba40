// The mcts agent knows only what its seat knows (issue 26, docs/design/search-agents.md): two games
// that differ only in what the seat cannot see — the deck's order, another's hand, another's committed
// secret answer, another's secret score, the seat's own hand facing the table — give the same search,
// option by option and visit by visit. A game that differs in what the seat does see searches differently.
import { describe, expect, it } from 'vitest';
import { createGame, mctsAgent, randomAgent, type Game, type LoadedGraph } from '@houserules/engine';
import { loadScenario } from './load-scenario.ts';

/** the seat's search of the game: its answer and its figures (the same seed every time) */
function search(lg: LoadedGraph, game: Game, seat: number, params: Record<string, number> = { iterations: 300 }): { answer: number; nodes: number; rootVisits: number } {
  const agent = mctsAgent(lg, params, 42).value!;
  const answer = agent.choose(game, seat) as number;
  const s = agent.lastStats!;
  return { answer, nodes: s.nodes, rootVisits: s.rootVisits };
}

/** a zone instance's index by its declaration's name (and owner) */
function zoneInstance(g: Game, name: string, owner = -1): number {
  for (let z = 0; z < g.zoneInstDecl.length; z++) if (g.lg.zones[g.zoneInstDecl[z]!]!.name === name && g.zoneInstOwner[z] === owner) return z;
  throw new Error(`no zone ${name}`);
}

/** swaps the cards at two places (zone instance, position), as a different deal would have put them */
function swapCards(g: Game, za: number, ia: number, zb: number, ib: number): void {
  const a = g.zoneCards[za]![ia]!;
  const b = g.zoneCards[zb]![ib]!;
  g.zoneCards[za]![ia] = b;
  g.zoneCards[zb]![ib] = a;
  g.cardZone[a] = zb;
  g.cardZone[b] = za;
  const ka = g.known[a]!;
  g.known[a] = g.known[b]!;
  g.known[b] = ka;
  g.invalidateAll();
  g.refreshDecisions();
}

/** two games of the same seed, played to the same point */
function twoGames(lg: LoadedGraph, players: number, seed: number): [Game, Game] {
  return [createGame(lg, { seed, players }).value!, createGame(lg, { seed, players }).value!];
}

function answerAll(g: Game, pick: (seat: number) => number, until: (g: Game) => boolean): void {
  for (let n = 0; n < 200 && !until(g); n++) g.applyOption(g.nextSeat(), pick(g.nextSeat()));
}

describe('mcts searches only what its seat knows', () => {
  const diamant = loadScenario('diamant/diamant.rules');

  it('Diamant: the deck’s order does not change the search', () => {
    const [a, b] = twoGames(diamant, 4, 7);
    const deck = zoneInstance(b, 'expedition');
    expect(b.zoneLen[deck]).toBeGreaterThan(10);
    swapCards(b, deck, 0, deck, b.zoneLen[deck]! - 1);
    swapCards(b, deck, 1, deck, 5);
    expect(a.stateHash()).not.toBe(b.stateHash());
    expect(search(diamant, b, 0)).toEqual(search(diamant, a, 0));
  });

  it('Diamant: another seat’s committed secret plan does not change the search', () => {
    const [a, b] = twoGames(diamant, 3, 9);
    const first = a.nextSeat();
    expect(a.pending().find((d) => d.seat === first)!.secret).toBe(true);
    a.applyOption(first, 0);
    b.applyOption(first, 1);
    const next = a.nextSeat();
    expect(next).not.toBe(first);
    expect(a.stateHash()).not.toBe(b.stateHash());
    expect(search(diamant, b, next)).toEqual(search(diamant, a, next));
  });

  it('Diamant: a difference the seat sees (a card on the path) changes the search', () => {
    const [a, b] = twoGames(diamant, 3, 9);
    const deck = zoneInstance(b, 'expedition');
    const path = zoneInstance(b, 'path');
    expect(a.zoneLen[path]).toBeGreaterThan(0);
    swapCards(b, path, 0, deck, 0);
    expect(search(diamant, b, b.nextSeat())).not.toEqual(search(diamant, a, a.nextSeat()));
  });

  const highCard = loadScenario('examples/high-card/high-card.rules');
  /** 3 players, past the peeks (each looks at the next seat's hand): seat 0 knows its hand and seat 1's */
  const atFirstPlay = (seed: number): [Game, Game] => {
    const games = twoGames(highCard, 3, seed);
    for (const g of games) answerAll(g, () => 0, (x) => x.openAsk(x.nextSeat()) >= 0 && highCard.asks[x.openAsk(x.nextSeat())]!.id.includes('play'));
    return games;
  };

  it('high card: another’s hand the seat has not seen does not change the search', () => {
    const [a, b] = atFirstPlay(3);
    const hand2 = zoneInstance(b, 'hand', 2);
    const aside = zoneInstance(b, 'set_aside');
    expect(b.knows(0, b.zoneCards[hand2]![0]!)).toBe(false);
    swapCards(b, hand2, 0, aside, 1);
    expect(a.stateHash()).not.toBe(b.stateHash());
    expect(search(highCard, b, 0)).toEqual(search(highCard, a, 0));
  });

  it('high card: another’s secret score does not change the search; the seat’s own hand does', () => {
    const [a, b] = atFirstPlay(5);
    const score = highCard.vars.findIndex((v) => v.name === 'score');
    b.vars[b.varSlot(score, 1)] = 2;
    b.invalidateAll();
    expect(search(highCard, b, 0)).toEqual(search(highCard, a, 0));
    const [c] = atFirstPlay(5);
    swapCards(c, zoneInstance(c, 'hand', 0), 0, zoneInstance(c, 'set_aside'), 0);
    expect(search(highCard, c, 0)).not.toEqual(search(highCard, a, 0));
  });

  it('night signals: the seat’s own hand, which faces the table, does not change its search', () => {
    const night = loadScenario('examples/night-signals/night-signals.rules');
    const [a, b] = twoGames(night, 3, 4);
    const seat = a.nextSeat();
    const hand = zoneInstance(b, 'hand', seat);
    const deck = zoneInstance(b, 'deck');
    expect(b.knows(seat, b.zoneCards[hand]![0]!)).toBe(false);
    swapCards(b, hand, 0, deck, 0);
    expect(a.stateHash()).not.toBe(b.stateHash());
    expect(search(night, b, seat)).toEqual(search(night, a, seat));
  });

  it('Catan: the development deck’s order and another’s development cards do not change the search', () => {
    const catan = loadScenario('catan/base.rules');
    const games = [0, 1].map(() => createGame(catan, { seed: 21, players: 4, options: { round_limit: 500 } }).value!);
    // the same random moves on both until someone holds a development card the next seat to decide has not seen
    const bots = [randomAgent(5), randomAgent(5)];
    const holder = (g: Game): number => {
      const seat = g.nextSeat();
      for (let p = 0; p < 4; p++) if (p !== seat && g.zoneLen[zoneInstance(g, 'development_cards', p)]! > 0) return p;
      return -1;
    };
    const ready = (g: Game): boolean => holder(g) >= 0 && g.optionCount(g.nextSeat()) > 1;
    for (let n = 0; n < 3000 && !ready(games[0]!); n++) for (const [i, g] of games.entries()) g.applyOption(g.nextSeat(), bots[i]!.choose(g, g.nextSeat()) as number);
    const [a, b] = games as [Game, Game];
    const p = holder(b);
    expect(p).toBeGreaterThanOrEqual(0);
    const seat = b.nextSeat();
    const deck = zoneInstance(b, 'development_deck');
    const theirs = zoneInstance(b, 'development_cards', p);
    swapCards(b, deck, 0, deck, b.zoneLen[deck]! - 1);
    // a card of the deck that is not what theirs is (another kind, or other field values)
    const identity = (c: number): string => `${b.cardKind[c]}:${b.fieldVals.slice(c * b.fieldWidth, (c + 1) * b.fieldWidth).join(',')}`;
    const swapWith = [...Array(b.zoneLen[deck]).keys()].find((k) => identity(b.zoneCards[deck]![k]!) !== identity(b.zoneCards[theirs]![0]!));
    expect(swapWith).toBeDefined();
    swapCards(b, theirs, 0, deck, swapWith!);
    expect(a.stateHash()).not.toBe(b.stateHash());
    const params = { iterations: 60, depth: 200 };
    expect(search(catan, b, seat, params)).toEqual(search(catan, a, seat, params));
  });
});
