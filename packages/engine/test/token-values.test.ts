import { describe, expect, it } from 'vitest';
import type { Expr, RuleGraph, Stmt } from '@houserules/schema';
import { createGame, createProbe, loadGraph } from '../src/index.ts';
import { at, count, event, graph, lit, local, pool, rule } from './graph-builder.ts';

const seat = (index: number): Expr => ({ k: 'seat', index });
const tok = (name: string): Expr => ({ k: 'token', id: `token:${name}` });
const group: Expr = { k: 'group', id: 'group:gem' };

/** three gem tokens in a group, plus coin outside it; a bank and a hand per player */
function tokenGraph(rules: RuleGraph['rules'] = []): RuleGraph {
  const token = (name: string, groups: string[]) => ({ id: `token:${name}`, name, groups, provenance: at });
  return graph({
    tokens: [token('x', ['group:gem']), token('y', ['group:gem']), token('z', ['group:gem']), token('coin', [])],
    groups: [{ id: 'group:gem', name: 'gem', members: ['token:x', 'token:y', 'token:z'], provenance: at }],
    pools: [
      pool('bank', 'global', ['x', 'y', 'z', 'coin'].map((t) => ({ token: `token:${t}`, initial: 20 }))),
      pool('hand', 'player', ['x', 'y', 'z'].map((t) => ({ token: `token:${t}`, initial: 0 }))),
    ],
    events: [event('go')],
    flow: [{ f: 'step', event: 'event:go' }],
    rules,
  });
}

const moveOf = (token: Expr, amount: number | null, to: Expr): Stmt => ({
  s: 'moveOf',
  token,
  amount: amount === null ? null : lit(amount),
  from: { pool: 'pool:bank' },
  to: { pool: 'pool:hand', of: to },
});

describe.each([true, false])('token values (codegen %s)', (codegen) => {
  function setup(statements: Stmt[][], values: Expr[]) {
    const lg = loadGraph(tokenGraph(), { codegen }).value!;
    const probe = createProbe(lg);
    const run = statements.map((s) => probe.statements(s));
    const reads = values.map((v) => probe.value(v));
    const game = createGame(probe.graph(), { seed: 9, players: 2, holdFlow: true, checkInvariants: true }).value!;
    return { game, run, read: () => reads.map((r) => r(game)) };
  }

  it('moves, counts and sums tokens given as values', () => {
    const each: Stmt = { s: 'for', bind: 't', over: group, body: [moveOf(local('t'), 2, seat(1))] };
    const { game, run, read } = setup(
      [[each, moveOf(tok('y'), 3, seat(1))], [moveOf(tok('coin'), 1, seat(1))]],
      [
        { k: 'countOf', pool: 'pool:hand', token: tok('y'), of: seat(1) },
        count('pool:hand', 'group:gem', seat(1)),
        count('pool:bank', 'group:gem'),
        { k: 'countOf', pool: 'pool:hand', token: tok('coin'), of: seat(1) },
        { k: 'agg', fn: 'sum', bind: 't', over: group, value: { k: 'countOf', pool: 'pool:hand', token: local('t'), of: seat(1) } },
        { k: 'call', fn: 'size', args: [group] },
        tok('z'),
        { k: 'countOf', pool: 'pool:bank', token: tok('x') },
      ],
    );
    expect(read()).toEqual([0, 0, 60, 0, 0, 3, 'token:z', 20]);
    expect(game.runStatements(run[0]!)).toBe(true);
    expect(read()).toEqual([5, 9, 51, 0, 9, 3, 'token:z', 18]);
    // the hand holds no coin
    expect(game.runStatements(run[1]!)).toBe(false);
    expect(game.error?.code).toBe('run/no-such-token');
  });

  it('picks weighted by a value; nothing when every weight is zero', () => {
    const pick: Stmt = { s: 'pick', bind: 't', over: group, weight: { k: 'countOf', pool: 'pool:hand', token: local('t'), of: seat(0) } };
    const keep: Stmt = { s: 'moveOf', token: local('t'), amount: lit(1), from: { pool: 'pool:hand', of: seat(0) }, to: { pool: 'pool:hand', of: seat(1) } };
    const draw = (): Stmt[] => [pick, { s: 'if', cond: { k: 'bin', op: '>=', l: local('t'), r: lit(0) }, then: [keep], else: [] }];
    const fill = [moveOf(tok('x'), 1, seat(0)), moveOf(tok('z'), 3, seat(0))];
    const { game, run, read } = setup([draw(), fill, [...draw(), ...draw(), ...draw(), ...draw()]], [
      { k: 'countOf', pool: 'pool:hand', token: tok('x'), of: seat(1) },
      { k: 'countOf', pool: 'pool:hand', token: tok('y'), of: seat(1) },
      { k: 'countOf', pool: 'pool:hand', token: tok('z'), of: seat(1) },
    ]);
    // nothing to pick from: no pick is drawn
    expect(game.runStatements(run[0]!)).toBe(true);
    expect(read()).toEqual([0, 0, 0]);
    expect(game.log.filter((e) => e.event === '$pick')).toHaveLength(0);
    game.runStatements(run[1]!);
    // four picks take the four tokens there are, never a y
    expect(game.runStatements(run[2]!)).toBe(true);
    expect(read()).toEqual([1, 0, 3]);
  });
});

describe('weighted picks', () => {
  it('follow the weights and replay from the seed', () => {
    const weights: Expr = { k: 'if', c: { k: 'bin', op: '==', l: local('t'), r: tok('x') }, t: lit(1), e: { k: 'if', c: { k: 'bin', op: '==', l: local('t'), r: tok('y') }, t: lit(0), e: lit(3) } };
    const draws: Stmt[] = [];
    for (let k = 0; k < 400; k++) draws.push({ s: 'pick', bind: 't', over: group, weight: weights }, moveOf(local('t'), 1, seat(1)));
    const g = tokenGraph([rule('draw', 'go', draws)]);
    g.pools[0]!.entries.forEach((e) => (e.initial = 'unlimited'));
    const results = [true, false].map((codegen) => {
      const lg = loadGraph(g, { codegen }).value!;
      const game = createGame(lg, { seed: 77, players: 2 }).value!;
      return game.view(0).pools.hand as Record<string, number>[];
    });
    expect(results[1]).toEqual(results[0]);
    const hand = results[0]![1]!;
    expect(hand.y).toBe(0);
    expect(hand.x! + hand.z!).toBe(400);
    // weight 1 against 3: far from an even split
    expect(hand.z!).toBeGreaterThan(2 * hand.x!);
    const other = createGame(loadGraph(g).value!, { seed: 78, players: 2 }).value!.view(0).pools.hand as Record<string, number>[];
    expect(other[1]).not.toEqual(hand);
  });
});
