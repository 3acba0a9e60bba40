import { describe, expect, it } from 'vitest';
import type { Stmt } from '@houserules/schema';
import { createGame, type Move } from '../src/index.ts';
import {
  action,
  ask,
  bin,
  constraint,
  count,
  ctx,
  emit,
  event,
  eventNames,
  globalVar,
  graph,
  lit,
  load,
  local,
  move,
  num,
  players,
  playerVar,
  pool,
  rule,
  set,
  varOf,
} from './graph-builder.ts';

const coinPools = [pool('bank', 'global', [{ token: 'token:coin', initial: 'unlimited' }]), pool('purse', 'player', [{ token: 'token:coin', initial: 0 }])];
const choice = (value: number | string, askId = 'rule:offer/ask1'): Move => ({ kind: 'choice', ask: askId, value });

describe('single decisions', () => {
  const g = graph({
    events: [event('offer')],
    pools: coinPools,
    flow: [{ f: 'step', event: 'event:offer' }],
    rules: [
      rule('offer', 'offer', [
        { s: 'let', name: 'bonus', value: lit(10) },
        ask('rule:offer/ask1', { single: { k: 'seat', index: 1 } }, { bind: 'n', over: { k: 'range', from: lit(1), to: lit(3) } }, [
          move('token:coin', bin('+', local('n'), local('bonus')), 'pool:bank', 'pool:purse', undefined, ctx('actor')),
        ]),
      ]),
    ],
    constraints: [constraint('not_two', 'forbid', 'rule:offer/ask1', ['who', 'n'], bin('==', local('n'), lit(2)), 'Two is not on offer.')],
  });

  it('waits for the answer, enumerates the options a constraint leaves, and runs then with the choice bound', () => {
    const game = createGame(load(g), { seed: 1, players: 2 }).value!;
    expect(game.isOver).toBe(false);
    expect(game.pending()).toEqual([{ id: expect.any(String), seat: 1, ask: 'rule:offer/ask1', secret: false, options: [choice(1), choice(3)] }]);
    expect(game.legalActions(0)).toEqual([]);
    const applied = game.apply(1, choice(3));
    expect(applied).toEqual({ value: true, diagnostics: [] });
    expect(game.view(0).pools.purse).toEqual([{ coin: 0 }, { coin: 13 }]);
    expect(game.isOver).toBe(true);
  });

  it('refuses a forbidden choice with the constraint and its reason', () => {
    const game = createGame(load(g), { seed: 1, players: 2 }).value!;
    const refused = game.apply(1, choice(2));
    expect(refused.value).toBe(false);
    expect(refused.diagnostics.map((d) => d.code)).toEqual(['run/illegal-move']);
    expect(refused.diagnostics[0]!.message).toContain('not_two');
    expect(refused.diagnostics[0]!.hint).toBe('Two is not on offer.');
    expect(refused.diagnostics[0]!.related?.[0]?.message).toBe('constraint:not_two');
    expect(game.apply(0, choice(1)).diagnostics.map((d) => d.code)).toEqual(['run/no-pending-decision']);
    expect(game.apply(1, choice(7)).diagnostics.map((d) => d.code)).toEqual(['run/illegal-move']);
    expect(game.isOver).toBe(false);
  });
});

describe('a constraint on the choice of an ask each', () => {
  // each chooser may pick at most one more than they hold; the constraint binds the chooser and the candidate
  const g = graph({
    events: [event('offer')],
    pools: coinPools,
    flow: [{ f: 'step', event: 'event:offer' }],
    rules: [
      rule('offer', 'offer', [
        move('token:coin', lit(2), 'pool:bank', 'pool:purse', undefined, { k: 'seat', index: 1 }),
        ask('rule:offer/ask1', { each: 'p', over: players }, { bind: 'n', over: { k: 'range', from: lit(1), to: lit(3) } }, [
          move('token:coin', local('n'), 'pool:bank', 'pool:purse', undefined, ctx('actor')),
        ]),
      ]),
    ],
    constraints: [constraint('greedy', 'forbid', 'rule:offer/ask1', ['who', 'n'], bin('>', local('n'), bin('+', count('pool:purse', 'token:coin', local('who')), lit(1))), 'Too many.')],
  });

  it('filters each chooser\'s options by the chooser and refuses with the constraint', () => {
    const game = createGame(load(g), { seed: 1, players: 2 }).value!;
    expect(game.legalActions(0)).toEqual([choice(1)]);
    expect(game.legalActions(1)).toEqual([choice(1), choice(2), choice(3)]);
    const refused = game.apply(0, choice(2));
    expect(refused.diagnostics.map((d) => d.code)).toEqual(['run/illegal-move']);
    expect(refused.diagnostics[0]!.related?.[0]?.message).toBe('constraint:greedy');
    expect(game.apply(0, choice(1)).value).toBe(true);
    expect(game.apply(1, choice(3)).value).toBe(true);
    expect(game.view(0).pools.purse).toEqual([{ coin: 1 }, { coin: 5 }]);
  });
});

describe('simultaneous secret decisions', () => {
  const plan = { t: 'enum' as const, values: ['stay', 'go'] };
  const g = graph({
    events: [event('decide'), event('revealed')],
    pools: coinPools,
    vars: [playerVar('plan', 'stay', plan)],
    flow: [{ f: 'step', event: 'event:decide' }],
    rules: [
      rule('decide', 'decide', [ask('rule:decide/ask1', { each: 'p', over: players }, { var: 'var:plan', values: ['stay', 'go'] }, [emit('event:revealed')], true)]),
      rule('pay_goers', 'revealed', [
        { s: 'for', bind: 'p', over: players, where: bin('==', varOf('var:plan', local('p')), lit('go')), body: [move('token:coin', lit(1), 'pool:bank', 'pool:purse', undefined, local('p'))] },
      ]),
    ],
  });
  const pick = (value: string): Move => choice(value, 'rule:decide/ask1');

  it('collects every commitment before revealing, and views hide what others chose', () => {
    const game = createGame(load(g), { seed: 1, players: 3 }).value!;
    expect(game.pending().map((d) => [d.seat, d.secret])).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);
    const before = game.view(1);
    expect(game.apply(0, pick('go')).value).toBe(true);
    const seen = game.view(1);
    // apart from who has committed, seat 1 sees exactly what it saw before seat 0 chose
    expect({ ...seen, committed: [], waitingFor: before.waitingFor }).toEqual(before);
    expect(seen.vars.plan).toEqual(['stay', 'stay', 'stay']);
    expect(seen.committed).toEqual([0]);
    expect(seen.waitingFor).toEqual([1, 2]);
    expect(seen.decisions.map((d) => d.seat)).toEqual([1]);
    expect(eventNames(game.log)).not.toContain('revealed');
    expect(game.apply(0, pick('stay')).diagnostics.map((d) => d.code)).toEqual(['run/no-pending-decision']);

    game.apply(2, pick('go'));
    expect(game.isOver).toBe(false);
    game.apply(1, pick('stay'));
    expect(game.isOver).toBe(true);
    const after = game.view(1);
    expect(after.vars.plan).toEqual(['go', 'stay', 'go']);
    expect(after.pools.purse).toEqual([{ coin: 1 }, { coin: 0 }, { coin: 1 }]);
    expect(eventNames(game.log).filter((e) => e === 'revealed')).toHaveLength(1);
  });

  it('runs neither then nor anything else when nobody is asked and there is no otherwise', () => {
    const nobody = graph({
      ...g,
      events: [event('decide'), event('revealed')],
      rules: [
        rule('decide', 'decide', [
          ask('rule:decide/ask1', { each: 'p', over: players, where: lit(false) }, { var: 'var:plan', values: ['stay', 'go'] }, [emit('event:revealed')], true),
        ]),
      ],
    });
    const game = createGame(load(nobody), { seed: 1, players: 3 }).value!;
    expect(game.isOver).toBe(true);
    expect(eventNames(game.log)).not.toContain('revealed');
  });
});

describe('two groups open at once, one resolving into a new ask', () => {
  // two asks to every player open together (groups A and B); A's `then` emits `again`, whose rule asks C once A's
  // records were handed back, so C's records are A's, reused, behind B's
  const plan = { t: 'enum' as const, values: ['stay', 'go'] };
  const g = graph({
    events: [event('decide'), event('again')],
    pools: coinPools,
    vars: [playerVar('plan', 'stay', plan)],
    flow: [{ f: 'step', event: 'event:decide' }],
    rules: [
      rule('first', 'decide', [ask('rule:first/ask1', { each: 'p', over: players }, { var: 'var:plan', values: ['stay', 'go'] }, [emit('event:again')])]),
      rule('second', 'decide', [ask('rule:second/ask1', { each: 'p', over: players }, { bind: 'b', over: { k: 'range', from: lit(4), to: lit(5) } }, [])]),
      rule('third', 'again', [ask('rule:third/ask1', { each: 'p', over: players }, { bind: 'c', over: { k: 'range', from: lit(7), to: lit(9) } }, [])]),
    ],
  });

  for (const codegen of [true, false]) {
    it(`a seat's open decision is its first open one, whatever records a resolved group handed back (codegen ${codegen})`, () => {
      const game = createGame(load(g, { codegen }), { seed: 1, players: 2 }).value!;
      expect(game.pending().map((d) => [d.seat, d.ask])).toEqual([
        [0, 'rule:first/ask1'],
        [1, 'rule:first/ask1'],
        [0, 'rule:second/ask1'],
        [1, 'rule:second/ask1'],
      ]);
      expect(game.nextSeat()).toBe(0);
      expect(game.applyOption(0, 0)).toBe(true);
      expect(game.nextSeat()).toBe(1);
      // seat 1's answer resolves group A; `again` then asks C with A's records, behind group B
      expect(game.applyOption(1, 1)).toBe(true);
      expect(game.pending().map((d) => [d.seat, d.ask])).toEqual([
        [0, 'rule:second/ask1'],
        [1, 'rule:second/ask1'],
        [0, 'rule:third/ask1'],
        [1, 'rule:third/ask1'],
      ]);
      // asked before nextSeat looks again: seat 1's open decision is B's, not C's
      expect(game.optionCount(1)).toBe(2);
      expect(game.legalActions(1).map((m) => (m.kind === 'choice' ? m.value : null))).toEqual([4, 5]);
      expect(game.applyOption(1, 1)).toBe(true);
      expect(game.pending().map((d) => [d.seat, d.ask])).toEqual([
        [0, 'rule:second/ask1'],
        [0, 'rule:third/ask1'],
        [1, 'rule:third/ask1'],
      ]);
    });
  }
});

describe('an ask with no legal option', () => {
  // seat 1 is asked for a number 1..3 a constraint may forbid entirely; `then` pays the number, `otherwise` pays 100,
  // and the statement after the ask records what the purse held then (so: whether `otherwise` ran in place of the ask)
  const built = (forbidAll: boolean, each: boolean) =>
    graph({
      events: [event('offer')],
      pools: coinPools,
      vars: [globalVar('after', 0)],
      flow: [{ f: 'step', event: 'event:offer' }],
      rules: [
        rule('offer', 'offer', [
          ask(
            'rule:offer/ask1',
            each ? { each: 'p', over: players } : { single: { k: 'seat', index: 1 } },
            { bind: 'n', over: { k: 'range', from: lit(1), to: lit(3) } },
            [move('token:coin', local('n'), 'pool:bank', 'pool:purse', undefined, ctx('actor'))],
            false,
            [move('token:coin', lit(100), 'pool:bank', 'pool:purse', undefined, { k: 'seat', index: 0 })],
          ),
          set('var:after', count('pool:purse', 'token:coin', { k: 'seat', index: 0 })),
        ]),
      ],
      constraints: [constraint('closed', 'forbid', 'rule:offer/ask1', ['who', 'n'], lit(forbidAll), 'Closed.')],
    });

  for (const codegen of [true, false]) {
    for (const each of [false, true]) {
      it(`runs otherwise at once, in place of the ask, and not then (${each ? 'ask each' : 'ask P'}, codegen ${codegen})`, () => {
        const game = createGame(load(built(true, each), { codegen }), { seed: 1, players: 2 }).value!;
        expect(game.isOver).toBe(true);
        expect(game.view(0).pools.purse).toEqual([{ coin: 100 }, { coin: 0 }]);
        expect(game.view(0).vars.after).toBe(100);
        // the author said what happens: no warning
        expect(game.diagnostics.map((d) => d.code)).toEqual([]);
      });

      it(`runs then, not otherwise, when someone has an option (${each ? 'ask each' : 'ask P'}, codegen ${codegen})`, () => {
        const game = createGame(load(built(false, each), { codegen }), { seed: 1, players: 2 }).value!;
        expect(game.view(0).vars.after).toBe(0);
        for (const seat of game.waitingSeats()) game.apply(seat, choice(2));
        expect(game.isOver).toBe(true);
        expect(game.view(0).pools.purse).toEqual(each ? [{ coin: 2 }, { coin: 2 }] : [{ coin: 0 }, { coin: 2 }]);
      });
    }
  }

  it('asks the choosers who have an option and runs neither otherwise nor then for the others (ask each)', () => {
    const partial = graph({
      ...built(false, true),
      constraints: [constraint('seat0_closed', 'forbid', 'rule:offer/ask1', ['who', 'n'], bin('==', local('who'), { k: 'seat', index: 0 }), 'Closed.')],
    });
    const game = createGame(load(partial), { seed: 1, players: 2 }).value!;
    expect(game.waitingSeats()).toEqual([1]);
    game.apply(1, choice(3));
    expect(game.isOver).toBe(true);
    expect(game.view(0).pools.purse).toEqual([{ coin: 0 }, { coin: 3 }]);
    expect(game.diagnostics.map((d) => d.code)).toEqual([]);
  });

  it('without otherwise, skips the question with a run/no-options warning and runs no then', () => {
    const plain = built(true, false);
    const offer = plain.rules[0]!.body[0] as Extract<Stmt, { s: 'ask' }>;
    delete offer.otherwise;
    const game = createGame(load(plain), { seed: 1, players: 2 }).value!;
    expect(game.isOver).toBe(true);
    expect(game.view(0).pools.purse).toEqual([{ coin: 0 }, { coin: 0 }]);
    expect(game.diagnostics.map((d) => d.code)).toEqual(['run/no-options']);
  });
});

describe('actions', () => {
  const g = graph({
    pools: coinPools,
    flow: [{ f: 'turns', order: 'seat', body: [{ f: 'actions', by: ctx('current'), until: 'pass' }] }],
    actions: [
      action('take', [move('token:coin', local('n'), 'pool:bank', 'pool:purse', undefined, ctx('actor'))], {
        params: [{ name: 'n', type: { t: 'number' }, domain: { k: 'range', from: lit(1), to: lit(3) } }],
        limitPerTurn: 1,
      }),
      action('pass', []),
    ],
    constraints: [
      constraint('greedy', 'forbid', 'action:take', ['n'], bin('>', local('n'), bin('+', count('pool:purse', 'token:coin', ctx('actor')), lit(1))), 'Take at most one more than you hold.'),
    ],
  });
  const take = (n: number): Move => ({ kind: 'action', action: 'action:take', args: [n] });
  const pass: Move = { kind: 'action', action: 'action:pass', args: [] };

  it('offers the current player every action and argument a constraint does not forbid', () => {
    const game = createGame(load(g), { seed: 1, players: 2 }).value!;
    expect(game.legalActions(0)).toEqual([take(1), pass]);
    const refused = game.apply(0, take(3));
    expect(refused.diagnostics.map((d) => d.code)).toEqual(['run/illegal-move']);
    expect(refused.diagnostics[0]!.message).toContain('greedy');
    expect(refused.diagnostics[0]!.hint).toBe('Take at most one more than you hold.');
    expect(refused.diagnostics[0]!.related?.[0]?.message).toBe('constraint:greedy');
    expect(game.apply(0, take(1)).value).toBe(true);
    // the limit of one per turn leaves only pass
    expect(game.legalActions(0)).toEqual([pass]);
    expect(game.apply(0, pass).value).toBe(true);
    expect(game.view(0).current).toBe(1);
    expect(game.legalActions(1)).toEqual([take(1), pass]);
    game.apply(1, pass);
    expect(game.isOver).toBe(true);
    expect(game.view(0).pools.purse).toEqual([{ coin: 1 }, { coin: 0 }]);
  });
});

describe('the asking rule\'s locals', () => {
  // one rule asks twice before anyone answers (two events queued): each then reads the amount its own firing bound
  const g = graph({
    events: [event('start'), event('tick', [{ name: 'amount', type: num }])],
    pools: coinPools,
    flow: [{ f: 'step', event: 'event:start' }],
    rules: [
      rule('start', 'start', [emit('event:tick', lit(1)), emit('event:tick', lit(2))]),
      rule(
        'tick',
        'tick',
        [
          { s: 'let', name: 'bonus', value: bin('*', local('amount'), lit(10)) },
          // a list local too: the seats below the amount (one, then two)
          { s: 'let', name: 'below', value: { k: 'agg', fn: 'list', bind: 'q', over: players, where: bin('<', local('q'), local('amount')) } },
          ask('rule:tick/ask1', { single: { k: 'seat', index: 0 } }, { bind: 'n', over: { k: 'range', from: lit(1), to: lit(2) } }, [
            move(
              'token:coin',
              bin('+', bin('+', local('amount'), local('bonus')), { k: 'agg', fn: 'count', bind: 'x', over: local('below') }),
              'pool:bank',
              'pool:purse',
              undefined,
              ctx('actor'),
            ),
          ]),
        ],
        { bindings: ['amount'] },
      ),
    ],
  });

  it('are saved when the ask opens and back when its then runs, though the rule fired again in between', () => {
    for (const codegen of [true, false]) {
      const game = createGame(load(g, { codegen }), { seed: 1, players: 2 }).value!;
      expect(game.apply(0, choice(1, 'rule:tick/ask1')).value).toBe(true);
      expect(game.view(0).pools.purse).toEqual([{ coin: 12 }, { coin: 0 }]);
      expect(game.apply(0, choice(1, 'rule:tick/ask1')).value).toBe(true);
      expect(game.view(0).pools.purse).toEqual([{ coin: 36 }, { coin: 0 }]);
    }
  });
});

describe('a shorter list of choices after a longer one', () => {
  // the second ask offers fewer values than the first: its list may be the first one's, reused
  const g = graph({
    events: [event('offer')],
    vars: [globalVar('top', 3)],
    flow: [{ f: 'step', event: 'event:offer' }, { f: 'step', event: 'event:offer' }],
    rules: [
      rule('offer', 'offer', [
        ask('rule:offer/ask1', { single: { k: 'seat', index: 0 } }, { bind: 'n', over: { k: 'range', from: lit(1), to: varOf('var:top') } }, [set('var:top', lit(1))]),
      ]),
    ],
  });

  it('offers, accepts and hashes only the values of the ask now', () => {
    const game = createGame(load(g), { seed: 1, players: 2 }).value!;
    expect(game.pending()[0]!.options).toEqual([choice(1), choice(2), choice(3)]);
    expect(game.apply(0, choice(3)).value).toBe(true);
    expect(game.pending()[0]!.options).toEqual([choice(1)]);
    expect(game.optionCount(0)).toBe(1);
    expect(game.apply(0, choice(3)).diagnostics.map((d) => d.code)).toEqual(['run/illegal-move']);
    expect(game.applyOption(0, 1)).toBe(false);
    // a restored copy holds exactly the options offered, and hashes the same
    const copy = createGame(load(g), { seed: 1, players: 2 }).value!;
    copy.restore(game.snapshot());
    expect(copy.stateHash()).toBe(game.stateHash());
    expect(game.apply(0, choice(1)).value).toBe(true);
    expect(game.isOver).toBe(true);
  });
});
