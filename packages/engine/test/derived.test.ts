import { describe, expect, it } from 'vitest';
import { createGame } from '../src/index.ts';
import { at, bin, event, globalVar, graph, lit, load, local, players, playerVar, rule, set, varOf } from './graph-builder.ts';

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
});
