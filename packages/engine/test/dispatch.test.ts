import type { RuleGraph } from '@houserules/schema';
import { describe, expect, it } from 'vitest';
import { createGame, isGenerated } from '../src/index.ts';
import { bin, emit, end, event, globalVar, graph, lit, load, playerVar, rule, set, varOf } from './graph-builder.ts';

// The generated dispatcher of each event (compile/dispatch-codegen.ts) and the closure
// back end's loop (run/dispatch.ts), and the graph's generated flow (compile/flow-codegen.ts)
// and the flow machine (run/flow-machine.ts), must play every game alike: the same firings, log,
// error, outcome and state, whatever stops a dispatch part-way.

const add = (name: string, d: number) => set(name, bin('+', bin('*', varOf(name), lit(10)), lit(d)));

const graphs: Record<string, RuleGraph> = {
  'a loop of rules spending the step budget': graph({
    events: [event('ping'), event('pong')],
    flow: [{ f: 'step', event: 'event:ping' }],
    rules: [rule('hit', 'ping', [emit('event:pong')]), rule('also', 'ping', []), rule('return_hit', 'pong', [emit('event:ping')])],
  }),
  'end game part-way through an event': graph({
    events: [event('act')],
    vars: [globalVar('trace', 0)],
    flow: [{ f: 'rounds', count: lit(3), body: [{ f: 'step', event: 'event:act' }] }],
    rules: [
      rule('first', 'act', [add('var:trace', 1)]),
      rule('stop', 'act', [{ s: 'end', scope: 'game' }, add('var:trace', 2)], { order: 1, when: bin('>=', varOf('var:trace'), lit(100)) }),
      rule('later', 'act', [add('var:trace', 3)], { order: 2 }),
      rule('on_end', 'game_end', [add('var:trace', 4)]),
    ],
  }),
  'a run error in the second rule': graph({
    events: [event('act')],
    vars: [globalVar('trace', 0), playerVar('score', 0)],
    flow: [{ f: 'rounds', count: lit(2), body: [{ f: 'step', event: 'event:act' }] }],
    rules: [rule('first', 'act', [add('var:trace', 1)]), rule('bad', 'act', [set('var:score', lit(1), lit(7))], { order: 1 }), rule('later', 'act', [add('var:trace', 3)], { order: 2 })],
  }),
  'an end condition met after a firing, with rules that cannot end the game': graph({
    events: [event('act')],
    vars: [globalVar('ticks', 0), globalVar('other', 0)],
    flow: [{ f: 'rounds', count: lit(5), body: [{ f: 'turns', order: 'seat', body: [{ f: 'step', event: 'event:act' }] }] }],
    rules: [
      rule('noise', 'act', [set('var:other', bin('+', varOf('var:other'), lit(1)))]),
      rule('tick', 'act', [set('var:ticks', bin('+', varOf('var:ticks'), lit(1)))], { order: 1 }),
      rule('noise_after', 'act', [set('var:other', bin('+', varOf('var:other'), lit(1)))], { order: 2 }),
      rule('closing', 'turn_end', [set('var:other', bin('+', varOf('var:other'), lit(1)))]),
    ],
    ends: [end('enough', bin('>=', varOf('var:ticks'), lit(5)), 'immediately')],
  }),
  'every kind of flow node': graph({
    events: [event('act'), event('tick'), event('other')],
    vars: [globalVar('trace', 0), globalVar('n', 0)],
    flow: [
      { f: 'if', cond: bin('==', varOf('var:n'), lit(0)), then: [{ f: 'step', event: 'event:tick' }], else: [{ f: 'step', event: 'event:other' }] },
      { f: 'phase', name: 'opening', body: [{ f: 'turns', order: 'snake', body: [{ f: 'step', event: 'event:act' }] }] },
      { f: 'if', cond: bin('==', varOf('var:n'), lit(0)), then: [{ f: 'step', event: 'event:tick' }], else: [{ f: 'step', event: 'event:other' }] },
      {
        f: 'rounds',
        count: lit(3),
        body: [
          { f: 'turns', order: 'reverse', body: [{ f: 'repeat', while: bin('<', bin('%', varOf('var:n'), lit(4)), lit(3)), body: [{ f: 'step', event: 'event:act' }, { f: 'step', event: 'event:tick' }] }] },
          { f: 'repeat', body: [{ f: 'step', event: 'event:other' }] },
        ],
      },
    ],
    rules: [
      rule('count', 'act', [set('var:n', bin('+', varOf('var:n'), lit(1)))]),
      rule('mark', 'tick', [add('var:trace', 1)]),
      rule('leave', 'other', [add('var:trace', 2), { s: 'end', scope: 'round' }]),
      rule('turn_mark', 'turn_end', [add('var:trace', 3)]),
    ],
  }),
};

function play(g: RuleGraph, codegen: boolean, checkInvariants: boolean) {
  const lg = load(g, { codegen });
  const game = createGame(lg, { seed: 3, players: 2, stepBudget: 50, checkInvariants }).value!;
  return {
    dispatchers: [...lg.events.map((e) => e.dispatch), lg.advance, lg.dispatchEvent].map((f) => (f === null ? 'loop' : isGenerated(f) ? 'generated' : 'closure')),
    log: JSON.stringify(game.log),
    firings: game.ruleFirings,
    error: game.error?.code ?? null,
    outcome: game.outcome,
    hash: game.stateHash(),
    snapshot: JSON.stringify(game.snapshot()),
    endChecks: game.endChecks,
  };
}

describe('dispatching an event', () => {
  it.each(Object.keys(graphs))('%s plays alike with generated dispatchers and with the loop', (name) => {
    for (const checking of [false, true]) {
      const generated = play(graphs[name]!, true, checking);
      const closures = play(graphs[name]!, false, checking);
      expect(generated.dispatchers.every((d) => d === 'generated')).toBe(true);
      expect(closures.dispatchers.every((d) => d === 'loop')).toBe(true);
      const { dispatchers: _g, ...a } = generated;
      const { dispatchers: _c, ...b } = closures;
      expect(a).toEqual(b);
    }
  });

  it('stops where each case says', () => {
    expect(play(graphs['a loop of rules spending the step budget']!, true, false).error).toBe('run/step-budget');
    const ended = play(graphs['end game part-way through an event']!, true, false);
    expect(ended.outcome?.reason).toBe('end-game');
    expect(ended.firings).toEqual({ 'rule:first': 2, 'rule:stop': 1, 'rule:later': 1, 'rule:on_end': 1 });
    expect(play(graphs['a run error in the second rule']!, true, false).firings).toEqual({ 'rule:first': 1, 'rule:bad': 1, 'rule:later': 0 });
    const ticked = play(graphs['an end condition met after a firing, with rules that cannot end the game']!, true, false);
    expect(ticked.outcome?.reason).toBe('end:enough');
    expect(ticked.firings['rule:tick']).toBe(5);
    expect(ticked.firings['rule:noise_after']).toBe(4);
    const flowed = play(graphs['every kind of flow node']!, true, false);
    expect(flowed.error).toBeNull();
    expect(flowed.outcome?.reason).toBe('flow-ended');
    // the snake's four turns (n = 4), then the first round's first turn acts three times (the repeat leaves at n = 7 and
    // never runs again); `other` ends each of the three rounds, and once outside any round
    expect(flowed.firings).toEqual({ 'rule:count': 7, 'rule:mark': 4, 'rule:leave': 4, 'rule:turn_mark': 10 });
  });
});
