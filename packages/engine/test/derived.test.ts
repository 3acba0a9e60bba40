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
});
