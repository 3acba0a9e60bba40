import { describe, expect, it } from 'vitest';
import type { Expr } from '@houserules/schema';
import { createGame, loadGraph } from '../src/index.ts';
import { at, bin, event, globalVar, graph, lit, local, num, playerVar, rule, set, varOf } from './graph-builder.ts';

// Calls of derived values with arguments, as generated code and as closures: both
// must evaluate every argument before binding any parameter, and a per-player
// value must see its player as self and give self back afterwards.
const call = (id: string, ...args: Expr[]): Expr => ({ k: 'derived', id, args });
const self: Expr = { k: 'ctx', name: 'self' };

function callGraph() {
  return graph({
    events: [event('go')],
    vars: [playerVar('x', 0), globalVar('nested', 0), globalVar('own', 0), globalVar('self_before', 0), globalVar('self_after', 0), globalVar('fact', 0), globalVar('chain', 0)],
    derived: [
      // diff(a, b) = 10a - b; nested as diff(b-ish, diff(...)) so an argument reads the slots being bound
      { id: 'derived:diff', name: 'diff', perPlayer: false, params: [{ name: 'a', type: num }, { name: 'b', type: num }], type: num, value: bin('-', bin('*', lit(10), local('a')), local('b')), provenance: at },
      // recursive: generated code writes a derived value in line into its caller, but never into itself
      { id: 'derived:fact', name: 'fact', perPlayer: false, params: [{ name: 'n', type: num }], type: num, value: { k: 'if', c: bin('<=', local('n'), lit(1)), t: lit(1), e: bin('*', local('n'), call('derived:fact', bin('-', local('n'), lit(1)))) }, provenance: at },
      // step0(n) = step1(n + 1) + 1 ... step6(n) = n: deeper than values are written in line into one another
      ...[0, 1, 2, 3, 4, 5, 6].map((k) => ({
        id: `derived:step${k}`, name: `step${k}`, perPlayer: false, params: [{ name: 'n', type: num }], type: num,
        value: k === 6 ? local('n') : bin('+', call(`derived:step${k + 1}`, bin('+', local('n'), lit(1))), lit(1)), provenance: at,
      })),
      { id: 'derived:own_x', name: 'own_x', perPlayer: true, params: [{ name: 'self', type: { t: 'player' } }], type: num, value: varOf('var:x', self), provenance: at },
    ],
    flow: [{ f: 'step', event: 'event:go' }],
    rules: [
      rule('go', 'go', [
        set('var:self_before', self),
        set('var:x', lit(4), { k: 'seat', index: 0 }),
        set('var:x', lit(9), { k: 'seat', index: 2 }),
        set('var:nested', call('derived:diff', lit(3), call('derived:diff', lit(2), lit(5)))),
        // the last call is for seat 2, so a self left behind would show
        set('var:own', bin('+', bin('*', lit(100), call('derived:own_x', { k: 'seat', index: 0 })), call('derived:own_x', { k: 'seat', index: 2 }))),
        set('var:self_after', self),
        set('var:fact', call('derived:fact', lit(5))),
        set('var:chain', call('derived:step0', lit(10))),
      ]),
    ],
  });
}

describe('derived values called with arguments', () => {
  for (const codegen of [true, false]) {
    it(`bind all arguments after evaluating them, and restore self (codegen ${codegen})`, () => {
      const loaded = loadGraph(callGraph(), { codegen }).value!;
      const game = createGame(loaded, { seed: 1, players: 3 }).value!;
      const vars = game.view(0).vars;
      // diff(2, 5) = 15; diff(3, 15) = 15
      // 5! = 120; step0(10) = 16 + 6
      expect(vars).toEqual(expect.objectContaining({ nested: 15, own: 409, fact: 120, chain: 22 }));
      expect(vars.self_after).toBe(vars.self_before);
    });
  }
});
