import { describe, expect, it } from 'vitest';
import type { Expr, Stmt } from '@houserules/schema';
import { readsOuterLocal, rebinds } from '../src/compile/name-bindings.ts';
import { lit, local, players } from './graph-builder.ts';

const countOver = (bind: string): Expr => ({ k: 'agg', fn: 'count', bind, over: players });
const hand = (of: Expr) => ({ pool: 'pool:hand', of });

describe('rebinds', () => {
  it('finds every statement and aggregate that binds a name', () => {
    const binders: Stmt[] = [
      { s: 'let', name: 'p', value: lit(1) },
      { s: 'for', bind: 'p', over: players, body: [] },
      { s: 'reveal', from: { zone: 'zone:deck' }, to: { zone: 'zone:row' }, bind: 'p', hidden: false },
      { s: 'roll', dice: 2, sides: 6, bind: 'p' },
      { s: 'pick', bind: 'p', over: players },
      { s: 'ask', id: 'r/ask1', who: { each: 'p', over: players }, choice: { var: 'var:answer', values: ['yes', 'no'] }, secret: false, then: [] },
      { s: 'ask', id: 'r/ask2', who: { single: lit(0) }, choice: { bind: 'p', over: players }, secret: false, then: [] },
      { s: 'set', var: 'var:n', value: countOver('p') },
    ];
    for (const b of binders) {
      expect(rebinds('p', [b])).toBe(true);
      expect(rebinds('q', [b])).toBe(false);
    }
  });

  it('looks inside blocks, references to pools and the order of a node’s keys does not matter', () => {
    const nested: Stmt = { s: 'if', cond: lit(1), then: [], else: [{ s: 'for', bind: 'x', over: players, body: [{ value: lit(2), name: 'p', s: 'let' } as Stmt] }] };
    expect(rebinds('p', [nested])).toBe(true);
    const inPool: Stmt = { s: 'move', token: 'token:coin', amount: lit(1), from: hand({ k: 'agg', fn: 'first', bind: 'p', over: players }), to: hand(lit(0)) };
    expect(rebinds('p', [inPool])).toBe(true);
  });

  it('does not count reading the name, or a node that merely mentions it', () => {
    const reads: Stmt[] = [
      { s: 'set', var: 'var:n', of: local('p'), value: local('p') },
      { s: 'emit', event: 'event:p', args: [local('p')] },
      { s: 'let', name: 'q', value: { k: 'ctx', name: 'self' } },
    ];
    expect(rebinds('p', [...reads, null, lit('p')])).toBe(false);
  });
});

describe('readsOuterLocal', () => {
  const none = new Set<string>();
  const moveTo = (of: Expr): Stmt => ({ s: 'move', token: 'token:coin', amount: lit(1), from: { pool: 'pool:bank' }, to: hand(of) });

  it('finds a read of a name bound outside the block, wherever it is', () => {
    expect(readsOuterLocal([moveTo(local('p'))], none)).toBe(true);
    expect(readsOuterLocal([{ s: 'emit', event: 'event:e', args: [lit(1), local('p')] }], none)).toBe(true);
    expect(readsOuterLocal([{ s: 'if', cond: lit(1), then: [], else: [{ s: 'set', var: 'var:n', value: local('p') }] }], none)).toBe(true);
  });

  it('does not count names bound before the read: a let, a loop, a pick, a roll, an aggregate, or given as bound', () => {
    const blocks: Stmt[][] = [
      [{ s: 'let', name: 'p', value: lit(0) }, moveTo(local('p'))],
      [{ s: 'for', bind: 'p', over: players, where: local('p'), body: [moveTo(local('p'))] }],
      [{ s: 'pick', bind: 'p', over: players }, moveTo(local('p'))],
      [{ s: 'roll', dice: 2, sides: 6, bind: 'p' }, moveTo(local('p'))],
      [{ s: 'set', var: 'var:n', value: { k: 'agg', fn: 'count', bind: 'p', over: players, where: local('p') } }],
    ];
    for (const block of blocks) expect(readsOuterLocal(block, none)).toBe(false);
    expect(readsOuterLocal([moveTo(local('p'))], new Set(['p']))).toBe(false);
  });

  it('reads the outer name where the binding is not yet in force', () => {
    const blocks: Stmt[][] = [
      // read before the let, and in the let's own value
      [moveTo(local('p')), { s: 'let', name: 'p', value: lit(0) }],
      [{ s: 'let', name: 'p', value: local('p') }],
      // a loop's and an aggregate's domain are read before their variable is bound
      [{ s: 'for', bind: 'p', over: local('p'), body: [] }],
      [{ s: 'set', var: 'var:n', value: { k: 'agg', fn: 'count', bind: 'p', over: local('p') } }],
      // a binding inside a nested block ends with the block
      [{ s: 'if', cond: lit(1), then: [{ s: 'let', name: 'p', value: lit(0) }], else: [] }, moveTo(local('p'))],
      [{ s: 'for', bind: 'p', over: players, body: [] }, moveTo(local('p'))],
    ];
    for (const block of blocks) expect(readsOuterLocal(block, none)).toBe(true);
  });

  it('follows a nested ask: its chooser and choice are bound in its own then', () => {
    const ask = (then: Stmt[]): Stmt => ({ s: 'ask', id: 'r/ask1', who: { each: 'q', over: players }, choice: { bind: 'v', over: players, where: local('q') }, secret: false, then });
    expect(readsOuterLocal([ask([moveTo(local('q')), moveTo(local('v'))])], none)).toBe(false);
    expect(readsOuterLocal([ask([moveTo(local('p'))])], none)).toBe(true);
  });
});
