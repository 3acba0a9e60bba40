import { describe, expect, it } from 'vitest';
import { createGame } from '../src/index.ts';
import { ask, event, globalVar, graph, lit, load, rule, set, varOf, bin } from './graph-builder.ts';

// `round` counts within its `rounds` block (from 1 again in the next one); `roundsPlayed`
// counts every round of the game, which is what a game's length is (simulate's "rounds").
const twoBlocks = graph({
  events: [event('act')],
  vars: [globalVar('seen', 0)],
  flow: [
    { f: 'rounds', count: lit(2), body: [{ f: 'step', event: 'event:act' }] },
    { f: 'rounds', count: lit(3), body: [{ f: 'step', event: 'event:act' }] },
  ],
  rules: [
    rule('note', 'act', [
      set('var:seen', bin('+', varOf('var:seen'), lit(1))),
      ask('rule:note/ask1', { single: { k: 'seat', index: 1 } }, { bind: 'n', over: { k: 'range', from: lit(1), to: lit(2) } }, []),
    ]),
  ],
});

describe.each([true, false])('rounds played (generated code: %s)', (codegen) => {
  it('count every round of every `rounds` block, while `round` starts again in each', () => {
    const game = createGame(load(twoBlocks, { codegen }), { seed: 1, players: 2 }).value!;
    const roundsSeen: number[] = [];
    let snapshotAt: ReturnType<typeof game.snapshot> | null = null;
    while (!game.over) {
      roundsSeen.push(game.round);
      if (game.roundsPlayed === 3 && snapshotAt === null) snapshotAt = game.snapshot();
      const d = game.decisions[0]!;
      expect(game.applyOption(d.seat, 0)).toBe(true);
    }
    expect(roundsSeen).toEqual([1, 2, 1, 2, 3]);
    expect(game.round).toBe(3);
    expect(game.roundsPlayed).toBe(5);
    // a restored snapshot carries the count
    game.restore(snapshotAt!);
    expect(game.roundsPlayed).toBe(3);
    expect(game.round).toBe(1);
  });
});
