import { describe, expect, it } from 'vitest';
import { createGame } from '../src/index.ts';
import { at, count, event, graph, lit, load, local, move, players, pool, rule } from './graph-builder.ts';

const dealEach = (n: number) => ({ s: 'for' as const, bind: 'p', over: players, body: [move('token:coin', lit(n), 'pool:bank', 'pool:purse', undefined, local('p'))] });

describe('tokens', () => {
  it('keeps an unlimited pool as a signed counter, so every coin stays accounted for', () => {
    const g = graph({
      events: [event('deal')],
      pools: [pool('bank', 'global', [{ token: 'token:coin', initial: 'unlimited' }]), pool('purse', 'player', [{ token: 'token:coin', initial: 0 }])],
      flow: [{ f: 'step', event: 'event:deal' }],
      rules: [rule('deal', 'deal', [dealEach(3)])],
    });
    const game = createGame(load(g), { seed: 1, players: 2, checkInvariants: true }).value!;
    expect(game.diagnostics).toEqual([]);
    const view = game.view(0);
    expect(view.pools.bank).toEqual({ coin: -6 });
    expect(view.pools.purse).toEqual([{ coin: 3 }, { coin: 3 }]);
  });

  it('stops the game with run/insufficient-tokens when a finite pool runs short', () => {
    const g = graph({
      events: [event('deal')],
      pools: [pool('bank', 'global', [{ token: 'token:coin', initial: 5 }]), pool('purse', 'player', [{ token: 'token:coin', initial: 0 }])],
      flow: [{ f: 'step', event: 'event:deal' }, { f: 'step', event: 'event:deal' }],
      rules: [rule('deal', 'deal', [dealEach(2)])],
    });
    const game = createGame(load(g), { seed: 1, players: 2, checkInvariants: true }).value!;
    expect(game.isOver).toBe(true);
    expect(game.outcome).toBeNull();
    expect(game.error?.code).toBe('run/insufficient-tokens');
    // the failure names the token it could not move
    expect(game.error?.message).toContain('coin');
    // the first deal went through and the second stopped at the first player short of coins
    expect(game.view(0).pools.purse).toEqual([{ coin: 2 }, { coin: 2 }]);
    expect(game.view(0).pools.bank).toEqual({ coin: 1 });
  });

  it('refuses to exceed a pool capacity', () => {
    const g = graph({
      events: [event('deal')],
      pools: [pool('bank', 'global', [{ token: 'token:coin', initial: 'unlimited' }]), pool('purse', 'player', [{ token: 'token:coin', initial: 0, capacity: 4 }])],
      flow: [{ f: 'step', event: 'event:deal' }, { f: 'step', event: 'event:deal' }, { f: 'step', event: 'event:deal' }],
      rules: [rule('deal', 'deal', [dealEach(2)])],
    });
    const game = createGame(load(g), { seed: 1, players: 2 }).value!;
    expect(game.error?.code).toBe('run/capacity-exceeded');
    expect(game.error?.message).toContain('coin');
  });

  it('checks the graph invariants after every event when asked to', () => {
    const g = graph({
      events: [event('deal')],
      pools: [pool('bank', 'global', [{ token: 'token:coin', initial: 'unlimited' }]), pool('purse', 'player', [{ token: 'token:coin', initial: 0 }])],
      flow: [{ f: 'step', event: 'event:deal' }, { f: 'step', event: 'event:deal' }],
      rules: [rule('deal', 'deal', [dealEach(3)])],
      invariants: [
        {
          id: 'invariant:small_purses',
          name: 'small_purses',
          status: 'active',
          condition: { k: 'agg', fn: 'all', bind: 'p', over: players, value: { k: 'bin', op: '<=', l: count('pool:purse', 'token:coin', local('p')), r: lit(4) } },
          reason: 'Purses hold at most 4.',
          provenance: at,
        },
      ],
    });
    const checked = createGame(load(g), { seed: 1, players: 2, checkInvariants: true }).value!;
    expect(checked.error?.code).toBe('run/invariant');
    // it points at the invariant's declaration
    expect(checked.error).toMatchObject({ file: at.file, range: at.range });
    expect(checked.view(0).pools.purse).toEqual([{ coin: 6 }, { coin: 6 }]);
    const unchecked = createGame(load(g), { seed: 1, players: 2 }).value!;
    expect(unchecked.error).toBeNull();
    expect(unchecked.outcome?.reason).toBe('flow-ended');
  });
});
