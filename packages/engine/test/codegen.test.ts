import { describe, expect, it } from 'vitest';
import { loadGraph, playGame, randomAgent } from '../src/index.ts';
import { deckGame } from './deck-game.ts';
import { bin, event, graph, local, move, players, playerVar, pool, rule, set, varOf } from './graph-builder.ts';

describe('generated code', () => {
  it('plays exactly like the closure compiler', () => {
    const generated = loadGraph(deckGame()).value!;
    const closures = loadGraph(deckGame(), { codegen: false }).value!;
    for (let seed = 0; seed < 50; seed++) {
      const a = playGame(generated, { seed, players: 2 }, [randomAgent(seed), randomAgent(seed + 1)]);
      const b = playGame(closures, { seed, players: 2 }, [randomAgent(seed), randomAgent(seed + 1)]);
      expect(a.game!.log).toEqual(b.game!.log);
      expect(a.outcome).toEqual(b.outcome);
    }
  });
});

describe('generated loops', () => {
  it('give aggregates inside a loop over players the loop variable', () => {
    // each player gets one coin per other player with a smaller rank
    const g = graph({
      events: [event('go')],
      pools: [pool('bank', 'global', [{ token: 'token:coin', initial: 'unlimited' }]), pool('purse', 'player', [{ token: 'token:coin', initial: 0 }])],
      vars: [playerVar('rank', 0)],
      flow: [{ f: 'step', event: 'event:go' }],
      rules: [
        rule('rank', 'game_start', [{ s: 'for', bind: 'p', over: players, body: [set('var:rank', bin('%', bin('*', local('p'), { k: 'lit', v: 7 }), { k: 'lit', v: 5 }), local('p'))] }]),
        rule('pay', 'go', [
          {
            s: 'for',
            bind: 'p',
            over: players,
            body: [
              move(
                'token:coin',
                { k: 'agg', fn: 'count', bind: 'q', over: players, where: bin('<', varOf('var:rank', local('q')), varOf('var:rank', local('p'))) },
                'pool:bank',
                'pool:purse',
                undefined,
                local('p'),
              ),
            ],
          },
        ]),
      ],
    });
    const results = [true, false].map((codegen) => {
      const lg = loadGraph(g, { codegen }).value!;
      return playGame(lg, { seed: 1, players: 5 }, [randomAgent(1)]).game!.view(0).pools.purse;
    });
    // ranks 0,2,4,1,3 → coins 0,2,4,1,3
    expect(results[0]).toEqual([0, 2, 4, 1, 3].map((coin) => ({ coin })));
    expect(results[1]).toEqual(results[0]);
  });
});
