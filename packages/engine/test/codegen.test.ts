import { describe, expect, it } from 'vitest';
import type { Expr, Stmt } from '@houserules/schema';
import { createGame, isGenerated, loadGraph, playGame, randomAgent } from '../src/index.ts';
import { CodegenError, compileGenerated } from '../src/compile/expr-codegen.ts';
import { deckGame } from './deck-game.ts';
import { at, bin, event, globalVar, graph, lit, local, move, players, playerVar, pool, rule, set, varOf, zone } from './graph-builder.ts';

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

  it('runs every rule as generated code when on, and none when off', () => {
    const generated = loadGraph(deckGame()).value!;
    const closures = loadGraph(deckGame(), { codegen: false }).value!;
    expect(generated.rules.length).toBeGreaterThan(0);
    expect(generated.rules.every((r) => isGenerated(r.fire))).toBe(true);
    expect(generated.codegenFallbacks).toEqual([]);
    expect(closures.codegen).toBe(false);
    expect(closures.rules.some((r) => isGenerated(r.fire))).toBe(false);
  });

  it('is loud: code that does not compile throws, naming the node it was for', () => {
    expect(() => compileGenerated('return function fire(g) { if (', 'rule/broken', [], {})).toThrow(CodegenError);
    expect(() => compileGenerated('return function fire(g) { if (', 'rule/broken', [], {})).toThrow(/rule\/broken/);
    const ok = compileGenerated<(g: unknown) => number>('return function one() { return K[0]; };', 'expr/one', [1], {});
    expect(ok(null)).toBe(1);
    expect(isGenerated(ok)).toBe(true);
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

describe('generated loops over a global zone', () => {
  const field: Expr = { k: 'field', field: 'v', of: local('c') };
  const row: Expr = { k: 'zone', id: 'zone:row' };
  // cards 1..6 in the row (the first listed on top); a first loop only reads (walked in place), a second moves cards (walked over a copy)
  const g = graph({
    events: [event('go')],
    pools: [pool('bank', 'global', [{ token: 'token:coin', initial: 'unlimited' }]), pool('tally', 'global', [{ token: 'token:coin', initial: 0 }])],
    cardKinds: [{ id: 'card:a', name: 'a', fields: [{ name: 'v', type: { t: 'number' } }], pools: [], provenance: at }],
    zones: [zone('row', 'global', 'public', [1, 2, 3, 4, 5, 6].map((v) => ({ kind: 'card:a', count: 1, fields: { v } }))), zone('side', 'global', 'public')],
    vars: [globalVar('order', 0), globalVar('total', 0)],
    flow: [{ f: 'step', event: 'event:go' }],
    rules: [
      rule('read', 'game_start', [
        {
          s: 'for',
          bind: 'c',
          over: row,
          where: bin('>', field, lit(1)),
          body: [move('token:coin', field, 'pool:bank', 'pool:tally'), set('var:order', bin('+', bin('*', varOf('var:order'), lit(10)), field))],
        },
      ]),
      rule('split', 'game_start', [
        { s: 'for', bind: 'c', over: row, where: bin('>', field, lit(3)), body: [{ s: 'moveCard', card: local('c'), to: { zone: 'zone:side' }, position: 'top' }] },
        set('var:total', { k: 'agg', fn: 'sum', bind: 'c', over: row, value: field }),
      ]),
    ],
  });

  it('read the zone top first, skip what where refuses, and agree with the closure compiler', () => {
    const views = [true, false].map((codegen) => {
      const lg = loadGraph(g, { codegen }).value!;
      return createGame(lg, { seed: 1, players: 2, holdFlow: true }).value!.view(0);
    });
    for (const view of views) {
      expect(view.vars.order).toBe(23456);
      expect(view.pools.tally).toEqual({ coin: 20 });
      expect(view.vars.total).toBe(6);
      expect(view.zones.row).toMatchObject({ count: 3 });
      expect(view.zones.side).toMatchObject({ count: 3 });
    }
    expect(views[0]).toEqual(views[1]);
  });
});

describe('generated loops over a per-player zone', () => {
  const field: Expr = { k: 'field', field: 'v', of: local('c') };
  const handOf = (seat: number): Expr => ({ k: 'zone', id: 'zone:hand', of: { k: 'seat', index: seat } });
  // cards 1..4 in a row; 2 and 4 move to the second player's hand, and that hand is read in place
  const g = graph({
    events: [event('go')],
    cardKinds: [{ id: 'card:a', name: 'a', fields: [{ name: 'v', type: { t: 'number' } }], pools: [], provenance: at }],
    zones: [zone('row', 'global', 'public', [1, 2, 3, 4].map((v) => ({ kind: 'card:a', count: 1, fields: { v } }))), zone('hand', 'player', 'public')],
    vars: [globalVar('order', 0), globalVar('first_hand', 0), globalVar('missing', 0)],
    flow: [{ f: 'step', event: 'event:go' }],
    rules: [
      rule('deal', 'game_start', [
        { s: 'for', bind: 'c', over: { k: 'zone', id: 'zone:row' }, where: bin('==', bin('%', field, lit(2)), lit(0)), body: [{ s: 'moveCard', card: local('c'), to: { zone: 'zone:hand', of: { k: 'seat', index: 1 } }, position: 'top' }] },
        set('var:order', { k: 'agg', fn: 'sum', bind: 'c', over: handOf(1), value: field }),
        set('var:first_hand', { k: 'agg', fn: 'count', bind: 'c', over: handOf(0) }),
      ]),
      rule('no_such_hand', 'go', [set('var:missing', { k: 'agg', fn: 'count', bind: 'c', over: handOf(5) })]),
    ],
  });

  it('read the owner\u2019s cards, fail for a player who does not exist, and agree with the closure compiler', () => {
    const runs = [true, false].map((codegen) => {
      const lg = loadGraph(g, { codegen }).value!;
      const game = createGame(lg, { seed: 1, players: 2 }).value!;
      return { view: game.view(0), error: game.error?.code };
    });
    for (const { view, error } of runs) {
      expect(view.vars.order).toBe(6);
      expect(view.vars.first_hand).toBe(0);
      expect(error).toBe('run/no-such-owner');
    }
    expect(runs[0]).toEqual(runs[1]);
  });
});

describe('generated lists', () => {
  // `let big = list(p in players where rank(p) >= 2)`, `let doubled = list(p in players: rank(p) * 2)`,
  // then for p in big: p gets above(doubled, p) coins (the doubled ranks above p's own) and one of each token of a group
  const rank = (p: Expr): Expr => varOf('var:rank', p);
  const listOfNumbers = { t: 'list', of: { t: 'number' } } as const;
  const g = graph({
    events: [event('go')],
    tokens: [
      { id: 'token:coin', name: 'coin', groups: [], provenance: at },
      { id: 'token:red', name: 'red', groups: ['group:gems'], provenance: at },
      { id: 'token:blue', name: 'blue', groups: ['group:gems'], provenance: at },
    ],
    groups: [{ id: 'group:gems', name: 'gems', members: ['token:red', 'token:blue'], provenance: at }],
    pools: [
      pool('bank', 'global', ['token:coin', 'token:red', 'token:blue'].map((token) => ({ token, initial: 'unlimited' as const }))),
      pool('purse', 'player', ['token:coin', 'token:red', 'token:blue'].map((token) => ({ token, initial: 0 }))),
    ],
    vars: [playerVar('rank', 0)],
    derived: [
      {
        id: 'derived:above',
        name: 'above',
        params: [
          { name: 'xs', type: listOfNumbers },
          { name: 'q', type: { t: 'player' } },
        ],
        type: { t: 'number' },
        value: { k: 'agg', fn: 'sum', bind: 'x', over: local('xs'), where: bin('>', local('x'), bin('*', rank(local('q')), lit(2))) },
        perPlayer: false,
        provenance: at,
      },
    ],
    flow: [{ f: 'step', event: 'event:go' }],
    rules: [
      rule('rank', 'game_start', [{ s: 'for', bind: 'p', over: players, body: [set('var:rank', bin('%', bin('*', local('p'), lit(7)), lit(5)), local('p'))] }]),
      rule('pay', 'go', [
        { s: 'let', name: 'big', value: { k: 'agg', fn: 'list', bind: 'p', over: players, where: bin('>=', rank(local('p')), lit(2)) } },
        { s: 'let', name: 'doubled', value: { k: 'agg', fn: 'list', bind: 'p', over: players, value: bin('*', rank(local('p')), lit(2)) } },
        {
          s: 'for',
          bind: 'p',
          over: local('big'),
          body: [
            move('token:coin', { k: 'derived', id: 'derived:above', args: [local('doubled'), local('p')] }, 'pool:bank', 'pool:purse', undefined, local('p')),
            { s: 'for', bind: 't', over: { k: 'group', id: 'group:gems' }, body: [{ s: 'moveOf', token: local('t'), amount: lit(1), from: { pool: 'pool:bank' }, to: { pool: 'pool:purse', of: local('p') } }] },
          ],
        },
      ]),
    ],
  });

  it('fill list locals, pass them to derived values and loop over them and over groups, as the closure compiler does', () => {
    const results = [true, false].map((codegen) => {
      const lg = loadGraph(g, { codegen }).value!;
      return playGame(lg, { seed: 1, players: 5 }, [randomAgent(1)]).game!.view(0).pools.purse;
    });
    // ranks 0,2,4,1,3; doubled 0,4,8,2,6; big = seats 1, 2, 4 (ranks 2, 4, 3)
    // seat 1 (rank 2): doubled above 4 → 8 + 6 = 14; seat 2 (rank 4): above 8 → 0; seat 4 (rank 3): above 6 → 8
    expect(results[0]).toEqual([
      { coin: 0, red: 0, blue: 0 },
      { coin: 14, red: 1, blue: 1 },
      { coin: 0, red: 1, blue: 1 },
      { coin: 0, red: 0, blue: 0 },
      { coin: 8, red: 1, blue: 1 },
    ]);
    expect(results[1]).toEqual(results[0]);
  });
});

describe('generated moves of a token given as a value', () => {
  const seat = (index: number): Expr => ({ k: 'seat', index });
  const token = (name: string): Expr => ({ k: 'token', id: `token:${name}` });
  const moveOf = (t: Expr, amount: number, to: Expr): Stmt => ({ s: 'moveOf', token: t, amount: lit(amount), from: { pool: 'pool:bank' }, to: { pool: 'pool:hand', of: to } });
  /** a game whose start moves coins and gems, then runs `last` */
  const gameWith = (last: Stmt, codegen: boolean) => {
    const g = graph({
      tokens: [
        { id: 'token:coin', name: 'coin', groups: [], provenance: at },
        { id: 'token:gem', name: 'gem', groups: [], provenance: at },
      ],
      pools: [
        pool('bank', 'global', [{ token: 'token:coin', initial: 10 }, { token: 'token:gem', initial: 5 }]),
        pool('hand', 'player', [{ token: 'token:coin', initial: 0 }]),
      ],
      flow: [],
      rules: [rule('deal', 'game_start', [moveOf(token('coin'), 2, seat(1)), moveOf(token('coin'), 3, seat(0)), last])],
    });
    return createGame(loadGraph(g, { codegen }).value!, { seed: 1, players: 2 }).value!;
  };

  it('move the tokens, and fail as the closure compiler does for a token the pool lacks or a player who does not exist', () => {
    for (const codegen of [true, false]) {
      const fine = gameWith(moveOf(token('coin'), 1, seat(1)), codegen);
      expect(fine.error).toBeNull();
      expect(fine.view(0).pools.hand).toEqual([{ coin: 3 }, { coin: 3 }]);
      expect(fine.view(0).pools.bank).toEqual({ coin: 4, gem: 5 });
      // the hand holds no gem: nothing moves
      const gem = gameWith(moveOf(token('gem'), 1, seat(1)), codegen);
      expect(gem.error?.code).toBe('run/no-such-token');
      expect(gem.view(0).pools.bank).toEqual({ coin: 5, gem: 5 });
      const nobody = gameWith(moveOf(token('coin'), 1, seat(7)), codegen);
      expect(nobody.error?.code).toBe('run/no-such-owner');
      expect(nobody.view(0).pools.bank).toEqual({ coin: 5, gem: 5 });
    }
  });
});
