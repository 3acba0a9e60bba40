import { describe, expect, it } from 'vitest';
import type { Expr, FlowNode } from '@houserules/schema';
import { createGame, loadGraph, type Move } from '../src/index.ts';
import { action, bin, constraint, count, ctx, graph, lit, local, pool } from './graph-builder.ts';

// pick(a, b) over 1..3 × 1..3 under constraints reading no argument, the first, the
// second, and both: the offered set must be exactly the pairs every constraint allows.
const range3: Expr = { k: 'range', from: lit(1), to: lit(3) };
/** each seat in turn takes actions until it passes */
const turnsOfActions: FlowNode[] = [{ f: 'turns', order: 'seat', body: [{ f: 'actions', by: ctx('current'), until: 'pass' }] }];
const pickAction = action('pick', [], {
  params: [
    { name: 'a', type: { t: 'number' }, domain: range3 },
    { name: 'b', type: { t: 'number' }, domain: range3 },
  ],
});
const coinPools = [pool('bank', 'global', [{ token: 'token:coin', initial: 'unlimited' }]), pool('purse', 'player', [{ token: 'token:coin', initial: 0 }])];

function pickGraph(purseBlocks: boolean) {
  return graph({
    pools: coinPools,
    flow: turnsOfActions,
    actions: [
      pickAction,
      action('pass', []),
    ],
    constraints: [
      constraint('a_not_two', 'forbid', 'action:pick', ['a', 'b'], bin('==', local('a'), lit(2)), 'no 2 first'),
      // bindings need not be named as the parameters are
      constraint('b_not_one', 'forbid', 'action:pick', ['x', 'y'], bin('==', local('y'), lit(1)), 'no 1 second'),
      // an inner binder named like an argument must not disturb the argument the constraints after it read
      constraint('inner_b', 'forbid', 'action:pick', ['a', 'b'], { k: 'agg', fn: 'any', bind: 'b', over: { k: 'list', items: [lit(7)] }, where: bin('==', local('b'), lit(0)) }, 'never'),
      constraint('a_le_b', 'require', 'action:pick', ['a', 'b'], bin('<=', local('a'), local('b')), 'ascending'),
      constraint('rich_stop', 'forbid', 'action:pick', ['a', 'b'], bin('>', count('pool:purse', 'token:coin', ctx('actor')), lit(5)), 'too rich'),
      // reads no argument, but an inner binder named like the second one makes it wait for both (safe)
      constraint(
        'purse_gate',
        'forbid',
        'action:pick',
        ['a', 'b'],
        {
          k: 'agg',
          fn: 'any',
          bind: 'b',
          over: { k: 'list', items: [lit(purseBlocks ? 0 : 1)] },
          where: bin('==', local('b'), count('pool:purse', 'token:coin', ctx('actor'))),
        },
        'purse',
      ),
    ],
  });
}

const pick = (a: number, b: number): Move => ({ kind: 'action', action: 'action:pick', args: [a, b] });
const pass: Move = { kind: 'action', action: 'action:pass', args: [] };

describe('action enumeration under constraints', () => {
  for (const codegen of [true, false]) {
    it(`offers exactly the argument lists every constraint allows (codegen ${codegen})`, () => {
      const loaded = loadGraph(pickGraph(false), { codegen }).value!;
      const game = createGame(loaded, { seed: 1, players: 2 }).value!;
      expect(game.legalActions(0)).toEqual([pick(1, 2), pick(1, 3), pick(3, 3), pass]);
      // a move outside the set is refused by the first constraint (in declaration order) that refuses it
      const refused = game.apply(0, pick(2, 1));
      expect(refused.diagnostics[0]!.related?.[0]?.message).toBe('constraint:a_not_two');
    });

    it(`a constraint that reads no argument removes the whole action (codegen ${codegen})`, () => {
      const loaded = loadGraph(pickGraph(true), { codegen }).value!;
      const game = createGame(loaded, { seed: 1, players: 2 }).value!;
      expect(game.legalActions(0)).toEqual([pass]);
    });
  }

  it('orders each constraint by the leading arguments it reads', () => {
    const loaded = loadGraph(pickGraph(false)).value!;
    const pickInfo = loaded.actions.find((a) => a.name === 'pick')!;
    expect(pickInfo.constraintsByReads.map((list) => list.map((c) => c.name))).toEqual([['rich_stop'], ['a_not_two'], ['b_not_one', 'inner_b', 'a_le_b', 'purse_gate']]);
  });
});

describe('a check that reads only the inner argument', () => {
  // pick(a, b) over 1..3 × 1..3: b may not be one more than the purse, a must be odd; `earn` adds a coin.
  // The check on b is worked out once per b in an enumeration and must be worked out afresh in the next one.
  const g = graph({
    pools: coinPools,
    flow: turnsOfActions,
    actions: [
      pickAction,
      action('earn', [{ s: 'move', token: 'token:coin', amount: lit(1), from: { pool: 'pool:bank' }, to: { pool: 'pool:purse', of: ctx('actor') } }]),
      action('pass', []),
    ],
    constraints: [
      constraint('a_odd', 'require', 'action:pick', ['a', 'b'], bin('==', bin('%', local('a'), lit(2)), lit(1)), 'odd first'),
      constraint('b_not_next', 'forbid', 'action:pick', ['x', 'y'], bin('==', local('y'), bin('+', count('pool:purse', 'token:coin', ctx('actor')), lit(1))), 'not next'),
    ],
  });
  const picks = (moves: Move[]): string[] => moves.flatMap((m) => (m.kind === 'action' && m.action === 'action:pick' ? [m.args.join(',')] : []));

  for (const codegen of [true, false]) {
    it(`offers what the state allows in each enumeration (codegen ${codegen})`, () => {
      const game = createGame(loadGraph(g, { codegen }).value!, { seed: 1, players: 2 }).value!;
      expect(picks(game.legalActions(0))).toEqual(['1,2', '1,3', '3,2', '3,3']);
      expect(game.apply(0, { kind: 'action', action: 'action:earn', args: [] }).value).toBe(true);
      expect(picks(game.legalActions(0))).toEqual(['1,1', '1,3', '3,1', '3,3']);
    });
  }
});

describe('a check on the inner argument that also reads the outer one', () => {
  // pick(a, b) over 1..3 × 1..3 with b ≠ a, and pick2(a, b) with b over a..3 and b odd: neither check may be
  // worked out once per b, since its answer (or the element at an index of b's domain) depends on a.
  const startingAtA: Expr = { k: 'range', from: local('a'), to: lit(3) };
  const g = graph({
    pools: coinPools,
    flow: turnsOfActions,
    actions: [
      pickAction,
      action('pick2', [], {
        params: [
          { name: 'a', type: { t: 'number' }, domain: range3 },
          { name: 'b', type: { t: 'number' }, domain: startingAtA },
        ],
      }),
      action('pass', []),
    ],
    constraints: [
      constraint('different', 'forbid', 'action:pick', ['x', 'y'], bin('==', local('y'), local('x')), 'different'),
      constraint('b_odd', 'require', 'action:pick2', ['a', 'b'], bin('==', bin('%', local('b'), lit(2)), lit(1)), 'odd'),
    ],
  });
  const argsOf = (moves: Move[], name: string): string[] => moves.flatMap((m) => (m.kind === 'action' && m.action === `action:${name}` ? [m.args.join(',')] : []));

  for (const codegen of [true, false]) {
    it(`checks each pair (codegen ${codegen})`, () => {
      const game = createGame(loadGraph(g, { codegen }).value!, { seed: 1, players: 2 }).value!;
      const moves = game.legalActions(0);
      expect(argsOf(moves, 'pick')).toEqual(['1,2', '1,3', '2,1', '2,3', '3,1', '3,2']);
      expect(argsOf(moves, 'pick2')).toEqual(['1,1', '1,3', '2,3', '3,3']);
    });
  }
});
