// Who knows what (docs/language.md, "Who knows what"; docs/design/information-model.md), and maps
// at run time: compiled from source and run on both back ends.
import { describe, expect, it } from 'vitest';
import { compileSource } from '@houserules/compiler';
import { createGame, loadGraph, type Game } from '@houserules/engine';

const SOURCE = `module knowledge

scenario "Who knows what" {
  players 3..3
}

option forget: bool = false "Shuffle the deck before the end."

token coin
pool bank { coin: unlimited }
card number_card { value: number }
zone deck: hidden { number_card(1..9) }
zone table: public
secret var target: number = 7
per player {
  zone hand: owner
  secret var bid: number = 0
  secret pool purse { coin: 2 }
  var track: map 1..3 of number = [10, 20, 30]
}
var at: number = 0
var cell: number = 0

flow {
  step deal
  step peek
  step face_up
  step back_down
  step reshuffle
  step read
}

rule deal on deal {
  for p in players {
    draw top of deck to p.hand as _c
    set p.bid = 10 * position(p, players)
  }
}

rule peek on peek {
  let players[1] look at players[2].hand
  show first(c in deck) to players[3]
}

rule face_up on face_up {
  move card first(c in players[3].hand) to table
}

rule back_down on back_down {
  move cards from table to deck
}

rule reshuffle on reshuffle when forget {
  shuffle deck
}

rule read on read {
  set cell = first(p in players).track[at + 2]
}
`;

function start(codegen: boolean, forget = false): Game {
  const compiled = compileSource(SOURCE, { file: 'knowledge.rules' });
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadGraph(compiled.value, { codegen });
  expect(loaded.diagnostics).toEqual([]);
  return createGame(loaded.value!, { seed: 3, players: 3, options: { forget } }).value!;
}

describe.each([true, false])('who knows what (codegen %s)', (codegen) => {
  it('hides other players\' secret values and global secrets from a view; a map shows its keys', () => {
    const g = start(codegen);
    const v = g.view(1);
    expect(v.vars.bid).toEqual([null, 20, null]);
    expect(v.pools.purse).toEqual([null, { coin: 2 }, null]);
    expect('target' in v.vars).toBe(false);
    expect(v.vars.track).toEqual([{ 1: 10, 2: 20, 3: 30 }, { 1: 10, 2: 20, 3: 30 }, { 1: 10, 2: 20, 3: 30 }]);
  });

  it('a look lasts; a card seen face up stays known under the deck until a shuffle', () => {
    const g = start(codegen);
    const hand = (seat: number): number => (g.view(seat).zones.hand as { cards?: { id: number }[] }[])[seat]!.cards![0]!.id;
    const p2card = hand(1);
    // p3's card left the hand (face up to the table, then under the deck): found in the full log
    const p3card = g.log.find((e) => e.event === '$reveal' && e.data.to === 'hand[2]')!.data.card as number;
    expect((g.view(2).zones.hand as { count: number }[])[2]!.count).toBe(0);
    // p1 looked at p2's hand; p3 did not
    expect((g.view(0).zones.hand as { cards?: unknown[] }[])[1]!.cards).toBeDefined();
    expect((g.view(2).zones.hand as { cards?: unknown[] }[])[1]!.cards).toBeUndefined();
    expect(g.knows(0, p2card)).toBe(true);
    expect(g.knows(2, p2card)).toBe(false);
    // p3's card went face up to the table, then under the deck: everybody knows where it is
    const deck = g.view(0).zones.deck as { count: number; cards?: unknown[]; known?: { position: number; card: { id: number } }[] };
    expect(deck.cards).toBeUndefined();
    expect(deck.known?.map((k) => k.card.id)).toContain(p3card);
    expect(g.knows(1, p3card)).toBe(true);
  });

  it('a shuffle forgets which card is where', () => {
    const g = start(codegen, true);
    const deck = g.view(0).zones.deck as { count: number; cards?: unknown[]; known?: unknown[] };
    expect(deck.count).toBe(7);
    expect(deck.cards).toBeUndefined();
    expect(deck.known).toBeUndefined();
    expect(g.known.filter((k) => k !== 0)).toHaveLength(2);
  });

  it('the redacted log names a drawn card to its owner only, and a shown card to whom it was shown', () => {
    const g = start(codegen);
    const draws = (seat: number) => g.redactedLog(seat).filter((e) => e.event === '$reveal' && e.data.hidden === true);
    expect(draws(0).map((e) => 'card' in e.data)).toEqual([true, false, false]);
    expect(draws(1).map((e) => 'card' in e.data)).toEqual([false, true, false]);
    const shows = (seat: number) => g.redactedLog(seat).filter((e) => e.event === '$show');
    expect(shows(2).map((e) => Array.isArray(e.data.cards))).toEqual([false, true]);
    expect(shows(0).map((e) => Array.isArray(e.data.cards))).toEqual([true, false]);
    expect(shows(1).every((e) => e.data.count === 1 && !('cards' in e.data))).toBe(true);
    // the full log is untouched
    expect(g.log.filter((e) => e.event === '$show').every((e) => Array.isArray(e.data.cards))).toBe(true);
  });

  it('snapshots keep knowledge; a restore brings it back', () => {
    const g = start(codegen);
    const snap = g.snapshot();
    const before = g.known.slice();
    g.known.fill(0);
    g.restore(snap);
    expect(g.known).toEqual(before);
  });
});

describe.each([true, false])('maps and positions at run time (codegen %s)', (codegen) => {
  it('reads a map at a computed key', () => {
    const g = start(codegen);
    expect(g.error).toBeNull();
    expect(g.view(0).vars.cell).toBe(20);
  });

  it('a key outside the map stops the game with run/key-out-of-range', () => {
    const src = SOURCE.replace('set cell = first(p in players).track[at + 2]', 'set cell = first(p in players).track[at + 5]');
    const loaded = loadGraph(compileSource(src, { file: 'k.rules' }).value, { codegen });
    const g = createGame(loaded.value!, { seed: 3, players: 3 }).value!;
    expect(g.error?.code).toBe('run/key-out-of-range');
  });

  it('a position outside a list stops the game with run/index-out-of-range', () => {
    const src = SOURCE.replace('set cell = first(p in players).track[at + 2]', 'set cell = [1, 2, 3][at + 4]');
    const loaded = loadGraph(compileSource(src, { file: 'k.rules' }).value, { codegen });
    const g = createGame(loaded.value!, { seed: 3, players: 3 }).value!;
    expect(g.error?.code).toBe('run/index-out-of-range');
  });
});
