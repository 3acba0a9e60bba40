import { describe, expect, it } from 'vitest';
import type { TypeDesc } from '@houserules/schema';
import { createGame } from '../src/index.ts';
import { STRING_BASE, StringTable } from '../src/load/value-codec.ts';
import { bin, event, globalVar, graph, lit, load, rule, set } from './graph-builder.ts';

// Enum members are interned from 2^29 on, so that every run-time value is a small
// integer; a value whose type is known decodes by that type, even a number that
// large.
describe('value decoding', () => {
  const colour: TypeDesc = { t: 'enum', values: ['red', 'blue'] };

  it('tells numbers, booleans and enum members apart by their type', () => {
    const strings = new StringTable();
    const blue = strings.intern('blue');
    expect(blue).toBeGreaterThanOrEqual(STRING_BASE);
    expect(blue).toBeLessThan(2 ** 30); // a V8 Smi with pointer compression
    expect(strings.decode(blue)).toBe('blue');
    expect(strings.decode(blue, colour)).toBe('blue');
    expect(strings.decode(blue, { t: 'number' })).toBe(blue);
    expect(strings.decode(1, { t: 'bool' })).toBe(true);
    expect(strings.decode(7)).toBe(7);
  });

  it("shows a number variable past the interned range as a number in a seat's view", () => {
    const big = STRING_BASE + 3;
    const g = graph({
      vars: [globalVar('total', 0), globalVar('shade', 'red', colour)],
      events: [event('go')],
      flow: [{ f: 'step', event: 'event:go' }],
      rules: [rule('grow', 'go', [set('var:total', bin('+', lit(STRING_BASE - 1), lit(4))), set('var:shade', lit('blue'))])],
    });
    const game = createGame(load(g), { seed: 1, players: 2 }).value!;
    expect(game.isOver).toBe(true);
    const view = game.view(0);
    expect(view.vars['total']).toBe(big);
    expect(view.vars['shade']).toBe('blue');
  });
});
