import { describe, expect, it } from 'vitest';
import type { RuleGraph, Stmt } from '@houserules/schema';
import { createGame, type LogEntry } from '../src/index.ts';
import { purposeKey, streamPurposes } from '../src/run/chance-streams.ts';
import { at, graph, lit, load, rule, zone } from './graph-builder.ts';

/** Deals a deck, rolls in `production`, picks in `choose_first`; `extra` adds a rule that draws chance before them all. */
function chanceGame(extra: Stmt[] | null): RuleGraph {
  const rules = [
    rule('shuffle_deck', 'game_start', [{ s: 'shuffle', zone: { zone: 'zone:deck' } }]),
    rule('production', 'game_start', [
      { s: 'roll', dice: 2, sides: 6, bind: 'a' },
      { s: 'roll', dice: 1, sides: 20, bind: 'b' },
    ], { order: 2 }),
    rule('choose_first', 'game_start', [{ s: 'pick', bind: 'p', over: { k: 'players' } }], { order: 3 }),
  ];
  if (extra) rules.unshift(rule('extra', 'game_start', extra, { order: 0 }));
  return graph({
    cardKinds: [{ id: 'card:a', name: 'a', fields: [{ name: 'v', type: { t: 'number' } }], pools: [], provenance: at }],
    zones: [
      zone('deck', 'global', 'hidden', Array.from({ length: 12 }, (_, v) => ({ kind: 'card:a', count: 1, fields: { v } }))),
      zone('other', 'global', 'hidden', Array.from({ length: 12 }, (_, v) => ({ kind: 'card:a', count: 1, fields: { v } }))),
    ],
    flow: [{ f: 'rounds', count: lit(1), body: [] }],
    rules,
  });
}

/** what chance gave the rules both graphs share: the deck's order, every roll, the pick */
function chanceSeen(log: readonly LogEntry[], deck: number[]): unknown {
  const rolls = log.filter((e) => e.event === '$roll').map((e) => e.data.total);
  const picks = log.filter((e) => e.event === '$pick').map((e) => e.data.index);
  return { deck, rolls, picks };
}

function play(g: RuleGraph, seed: number, codegen: boolean): { log: LogEntry[]; deck: number[] } {
  const game = createGame(load(g, { codegen }), { seed, players: 4 }).value!;
  const deckValues = [...game.zoneCards[0]!.slice(0, game.zoneLen[0]!)];
  return { log: game.log, deck: deckValues };
}

describe('chance drawn by purpose', () => {
  for (const codegen of [true, false]) {
    it(`keeps the deck, the dice and the picks of shared rules when another rule adds chance (${codegen ? 'generated code' : 'closures'})`, () => {
      const extras: Stmt[][] = [
        [{ s: 'roll', dice: 3, sides: 6, bind: 'x' }],
        [{ s: 'pick', bind: 'p', over: { k: 'players' } }, { s: 'roll', dice: 1, sides: 6, bind: 'y' }],
        [{ s: 'shuffle', zone: { zone: 'zone:other' } }],
      ];
      for (let seed = 1; seed <= 20; seed++) {
        const base = play(chanceGame(null), seed, codegen);
        for (const extra of extras) {
          const more = play(chanceGame(extra), seed, codegen);
          // the extra rule's own chance entries come first: drop them
          const own = extra.filter((s) => s.s !== 'shuffle').length;
          const moreRolls = more.log.filter((e) => e.event === '$roll' || e.event === '$pick').slice(own);
          const baseRolls = base.log.filter((e) => e.event === '$roll' || e.event === '$pick');
          expect(moreRolls.map((e) => e.data)).toEqual(baseRolls.map((e) => e.data));
          expect(more.deck).toEqual(base.deck);
        }
      }
    });
  }

  it('gives unrelated sequences to different purposes and to different seeds', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) seen.add(JSON.stringify(chanceSeen(play(chanceGame(null), seed, true).log, play(chanceGame(null), seed, true).deck)));
    expect(seen.size).toBe(30);
    // the two rolls of one rule draw from two streams, and two zones shuffled on the same seed differ
    expect(new Set(streamPurposes(['roll:rule/a#0', 'roll:rule/a#1'], ['deck', 'hand[0]']).map(purposeKey)).size).toBe(6);
  });

  it('draws the same whichever back end compiled the rules, and is stable per seed', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const a = play(chanceGame([{ s: 'roll', dice: 1, sides: 6, bind: 'x' }]), seed, true);
      const b = play(chanceGame([{ s: 'roll', dice: 1, sides: 6, bind: 'x' }]), seed, false);
      expect(b.log).toEqual(a.log);
      expect(play(chanceGame(null), seed, true).log).toEqual(play(chanceGame(null), seed, true).log);
    }
  });
});
