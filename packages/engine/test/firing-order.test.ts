import { describe, expect, it } from 'vitest';
import { createGame } from '../src/index.ts';
import { bin, emit, event, eventNames, globalVar, graph, lit, load, rule, set, varOf } from './graph-builder.ts';

const appendDigit = (d: number) => set('var:trace', bin('+', bin('*', varOf('var:trace'), lit(10)), lit(d)));

function run(g: ReturnType<typeof graph>) {
  const game = createGame(load(g), { seed: 1, players: 2 }).value!;
  expect(game.isOver).toBe(true);
  return game;
}

describe('firing order', () => {
  it('fires the rules of an event by their order, then declaration order', () => {
    const game = run(
      graph({
        events: [event('go')],
        vars: [globalVar('trace', 0)],
        flow: [{ f: 'step', event: 'event:go' }],
        rules: [
          rule('third', 'go', [appendDigit(3)], { order: 2 }),
          rule('first', 'go', [appendDigit(1)], { order: 0 }),
          rule('second_a', 'go', [appendDigit(2)], { order: 1 }),
          rule('second_b', 'go', [appendDigit(4)], { order: 1 }),
        ],
      }),
    );
    expect(game.view(0).vars.trace).toBe(1243);
  });

  it('evaluates each when just before its rule fires, seeing what earlier rules did', () => {
    const game = run(
      graph({
        events: [event('go')],
        vars: [globalVar('flag', 0)],
        flow: [{ f: 'step', event: 'event:go' }],
        rules: [
          rule('too_early', 'go', [], { order: 0, when: bin('==', varOf('var:flag'), lit(1)) }),
          rule('raise', 'go', [set('var:flag', lit(1))], { order: 1 }),
          rule('after_raise', 'go', [], { order: 2, when: bin('==', varOf('var:flag'), lit(1)) }),
          rule('lowered', 'go', [set('var:flag', lit(0))], { order: 3 }),
          rule('after_lowered', 'go', [], { order: 4, when: bin('==', varOf('var:flag'), lit(1)) }),
        ],
      }),
    );
    expect(game.ruleFirings).toEqual({
      'rule:too_early': 0,
      'rule:raise': 1,
      'rule:after_raise': 1,
      'rule:lowered': 1,
      'rule:after_lowered': 0,
    });
  });

  it('queues emitted events first in, first out, after the emitting rules finish', () => {
    const game = run(
      graph({
        events: [event('go'), event('one'), event('two'), event('three', [{ name: 'n', type: { t: 'number' } }])],
        vars: [globalVar('trace', 0)],
        flow: [{ f: 'step', event: 'event:go' }],
        rules: [
          rule('start', 'go', [emit('event:one'), emit('event:two'), appendDigit(1)], { order: 0 }),
          rule('also_on_go', 'go', [appendDigit(2)], { order: 1 }),
          rule('on_one', 'one', [emit('event:three', lit(7)), appendDigit(3)]),
          rule('on_two', 'two', [appendDigit(4)]),
          rule('on_three', 'three', [set('var:trace', bin('+', bin('*', varOf('var:trace'), lit(10)), { k: 'local', name: 'n' }))], { bindings: ['n'] }),
        ],
      }),
    );
    expect(eventNames(game.log)).toEqual(['game_start', 'go', 'one', 'two', 'three', 'game_end']);
    expect(game.view(0).vars.trace).toBe(12347);
    expect(game.log.find((e) => e.event === 'three')?.data).toEqual({ n: 7 });
  });

  it('emits the built-in events of rounds and turns with their arguments', () => {
    const game = run(
      graph({
        flow: [{ f: 'rounds', count: lit(2), body: [{ f: 'turns', order: 'snake', body: [] }] }],
      }),
    );
    const turns = game.log.filter((e) => e.event === 'turn_start').map((e) => e.data.player);
    expect(turns).toEqual([0, 1, 1, 0, 0, 1, 1, 0]);
    expect(game.log.filter((e) => e.event === 'round_end').map((e) => e.data.round)).toEqual([1, 2]);
  });
});
