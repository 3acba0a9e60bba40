import { describe, expect, it } from 'vitest';
import type { Expr } from '@houserules/schema';
import { createGame, loadGraph } from '../src/index.ts';
import { at, bin, event, globalVar, graph, lit, load, local, num, players, playerVar, rule, set, varOf } from './graph-builder.ts';

describe('derived values', () => {
  it('are recomputed after every change of what they read, within one rule', () => {
    const total = { k: 'derived' as const, id: 'derived:total', args: [] };
    const g = graph({
      events: [event('go')],
      vars: [playerVar('x', 1), globalVar('before', 0), globalVar('after', 0), globalVar('doubled', 0)],
      derived: [
        { id: 'derived:total', name: 'total', perPlayer: false, params: [], type: { t: 'number' }, value: { k: 'agg', fn: 'sum', bind: 'p', over: players, value: varOf('var:x', local('p')) }, provenance: at },
        { id: 'derived:twice', name: 'twice', perPlayer: true, params: [{ name: 'self', type: { t: 'player' } }], type: { t: 'number' }, value: bin('*', lit(2), varOf('var:x', local('self'))), provenance: at },
      ],
      flow: [{ f: 'step', event: 'event:go' }],
      rules: [
        rule('go', 'go', [
          set('var:before', total),
          set('var:x', lit(10), { k: 'seat', index: 1 }),
          set('var:after', total),
          set('var:doubled', { k: 'derived', id: 'derived:twice', args: [{ k: 'seat', index: 1 }] }),
        ]),
      ],
    });
    const vars = createGame(load(g), { seed: 1, players: 3 }).value!.view(0).vars;
    expect(vars).toEqual(expect.objectContaining({ before: 3, after: 12, doubled: 20 }));
  });

  it('are not memoised across changes of the turn or of self, even through another derived value', () => {
    const derived = (name: string, value: object) => ({ id: `derived:${name}`, name, perPlayer: false, params: [], type: { t: 'number' as const }, value, provenance: at }) as never;
    const g = graph({
      events: [event('act')],
      vars: [playerVar('x', 0), globalVar('seen', 0)],
      derived: [
        derived('current_x', varOf('var:x', { k: 'ctx', name: 'current' })),
        derived('own_x', varOf('var:x', { k: 'ctx', name: 'self' })),
        derived('own_x_again', { k: 'derived', id: 'derived:own_x', args: [] }),
      ],
      flow: [{ f: 'turns', order: 'seat', body: [{ f: 'step', event: 'event:act' }] }],
      rules: [
        rule('set_x', 'game_start', [
          set('var:x', lit(5), { k: 'seat', index: 0 }),
          set('var:x', lit(7), { k: 'seat', index: 1 }),
          set('var:x', lit(6), { k: 'seat', index: 2 }),
        ]),
        rule('see', 'act', [set('var:seen', bin('+', bin('*', varOf('var:seen'), lit(10)), { k: 'derived', id: 'derived:current_x', args: [] }))]),
      ],
      ranking: { bind: 'p', keys: [{ value: { k: 'derived', id: 'derived:own_x_again', args: [] }, direction: 'desc' }], ties: 'seat', provenance: at },
    });
    const game = createGame(load(g), { seed: 1, players: 3 }).value!;
    expect(game.view(0).vars.seen).toBe(576);
    expect(game.outcome!.ranking.map((r) => r.seat)).toEqual([1, 2, 0]);
  });
  it('receive a list argument as the whole list, not as one element', () => {
    const range15: Expr = { k: 'range', from: lit(1), to: lit(5) };
    const above2: Expr = { k: 'agg', fn: 'list', bind: 'x', over: range15, where: bin('>', local('x'), lit(2)) };
    const listOfNumbers = { t: 'list' as const, of: num };
    const call = (id: string, arg: Expr): Expr => ({ k: 'derived', id, args: [arg] });
    const g = graph({
      events: [event('go')],
      vars: [globalVar('counted', 0), globalVar('summed', 0), globalVar('twice', 0), globalVar('plain', 0)],
      derived: [
        { id: 'derived:count_nums', name: 'count_nums', perPlayer: false, params: [{ name: 'xs', type: listOfNumbers }], type: num, value: { k: 'agg', fn: 'count', bind: 'x', over: local('xs') }, provenance: at },
        { id: 'derived:sum_with', name: 'sum_with', perPlayer: false, params: [{ name: 'xs', type: listOfNumbers }, { name: 'k', type: num }], type: num, value: { k: 'agg', fn: 'sum', bind: 'x', over: local('xs'), value: bin('*', local('x'), local('k')) }, provenance: at },
        { id: 'derived:count_twice', name: 'count_twice', perPlayer: false, params: [{ name: 'ys', type: listOfNumbers }], type: num, value: bin('*', lit(2), call('derived:count_nums', local('ys'))), provenance: at },
      ],
      flow: [{ f: 'step', event: 'event:go' }],
      rules: [
        rule('go', 'go', [
          set('var:counted', call('derived:count_nums', above2)),
          set('var:summed', { k: 'derived', id: 'derived:sum_with', args: [above2, lit(10)] }),
          set('var:twice', call('derived:count_twice', above2)),
          set('var:plain', call('derived:count_nums', { k: 'list', items: [lit(7), lit(8)] })),
        ]),
      ],
    });
    for (const codegen of [true, false]) {
      const vars = createGame(loadGraph(g, { codegen }).value!, { seed: 1, players: 2 }).value!.view(0).vars;
      expect(vars).toEqual(expect.objectContaining({ counted: 3, summed: 120, twice: 6, plain: 2 }));
    }
  });
});
