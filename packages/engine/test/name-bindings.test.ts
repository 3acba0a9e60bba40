import { describe, expect, it } from 'vitest';
import type { Expr, Stmt } from '@houserules/schema';
import { rebinds } from '../src/name-bindings.ts';
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
