/** A small card game for engine tests: draw a card on your turn, then choose how many coins to take. */
import type { RuleGraph } from '@houserules/schema';
import { ask, at, bin, count, ctx, graph, lit, local, move, pool, rule, zone } from './graph-builder.ts';

export function deckGame(): RuleGraph {
  return graph(
    {
      events: [{ id: 'event:play', name: 'play', params: [], source: 'step', provenance: at }],
      pools: [pool('bank', 'global', [{ token: 'token:coin', initial: 'unlimited' }]), pool('purse', 'player', [{ token: 'token:coin', initial: 0 }])],
      cardKinds: [{ id: 'card:a', name: 'a', fields: [{ name: 'v', type: { t: 'number' } }], pools: [], provenance: at }],
      zones: [
        zone('deck', 'global', 'hidden', [1, 2, 3, 4, 5, 6, 7, 8].map((v) => ({ kind: 'card:a', count: 1, fields: { v } }))),
        zone('hand', 'player', 'owner'),
      ],
      flow: [{ f: 'rounds', count: lit(3), body: [{ f: 'turns', order: 'seat', body: [{ f: 'step', event: 'event:play' }] }] }],
      rules: [
        rule('shuffle_deck', 'game_start', [{ s: 'shuffle', zone: { zone: 'zone:deck' } }]),
        rule('draw_and_take', 'play', [
          { s: 'reveal', from: { zone: 'zone:deck' }, to: { zone: 'zone:hand', of: ctx('current') }, bind: 'c', hidden: true },
          ask('rule:draw_and_take/ask1', { single: ctx('current') }, { bind: 'x', over: { k: 'list', items: [lit(0), lit(1), lit(2)] } }, [
            move('token:coin', bin('+', local('x'), lit(0)), 'pool:bank', 'pool:purse', undefined, ctx('actor')),
          ]),
        ]),
      ],
      ranking: { bind: 'p', keys: [{ value: count('pool:purse', 'token:coin', local('p')), direction: 'desc' }], ties: 'shared', provenance: at },
    },
    { min: 2, max: 2 },
  );
}
