import { describe, expect, it } from 'vitest';
import type { RuleGraph } from '@houserules/schema';
import { createGame, createProbe } from '../src/index.ts';
import { deckGame } from './deck-game.ts';
import { action, ask, at, bin, constraint, count, ctx, event, graph, lit, load, local, move, pool, rule } from './graph-builder.ts';

function held(g: RuleGraph) {
  return createProbe(load(g));
}

describe('test hooks', () => {
  it('holdFlow runs game_start only; resume starts the flow', () => {
    const lg = load(deckGame());
    const game = createGame(lg, { seed: 3, players: 2, holdFlow: true }).value!;
    expect(game.pending()).toEqual([]);
    expect(game.log.map((e) => e.event)).toEqual(['$start', 'game_start', '$shuffle']);
    game.resume();
    expect(game.pending().map((d) => d.seat)).toEqual([0]);
  });

  it('runs compiled statements on the state and reads expressions, with seats bound', () => {
    const probe = held(deckGame());
    const give = probe.statements([move('token:coin', lit(4), 'pool:bank', 'pool:purse', undefined, { k: 'seat', index: 1 })]);
    const purse = probe.value(count('pool:purse', 'token:coin', { k: 'seat', index: 1 }));
    const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
    expect(purse(game)).toBe(0);
    expect(game.runStatements(give)).toBe(true);
    expect(purse(game)).toBe(4);
  });

  it('reports a statement that breaks conservation as the game error', () => {
    const g = deckGame();
    const probe = held(g);
    const take = probe.statements([move('token:coin', lit(1), 'pool:purse', 'pool:bank', { k: 'seat', index: 0 })]);
    const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
    expect(game.runStatements(take)).toBe(false);
    expect(game.error?.code).toBe('run/insufficient-tokens');
  });

  it('forceDice fixes the next faces, then the generator takes over', () => {
    const g = graph(
      {
        events: [{ id: 'event:go', name: 'go', params: [], source: 'step', provenance: at }],
        pools: [pool('bank', 'global', [{ token: 'token:coin', initial: 'unlimited' }]), pool('purse', 'global', [{ token: 'token:coin', initial: 0 }])],
        flow: [{ f: 'rounds', count: lit(2), body: [{ f: 'step', event: 'event:go' }] }],
        rules: [rule('roll', 'go', [{ s: 'roll', dice: 2, sides: 6, bind: 'r' }, move('token:coin', { k: 'local', name: 'r' }, 'pool:bank', 'pool:purse')])],
      },
      { min: 1, max: 1 },
    );
    const game = createGame(load(g), { seed: 1, players: 1, holdFlow: true }).value!;
    game.forceDice([3, 4, 6, 6]);
    game.resume();
    expect(game.log.filter((e) => e.event === '$roll').map((e) => e.data['total'])).toEqual([7, 12]);
    expect(game.isOver).toBe(true);
  });

  it('flowStepBudget stops a flow that never waits for a decision', () => {
    const g = graph(
      {
        events: [{ id: 'event:tick', name: 'tick', params: [], source: 'step', provenance: at }],
        flow: [{ f: 'rounds', count: null, body: [{ f: 'step', event: 'event:tick' }] }],
        rules: [rule('tick', 'tick', [])],
      },
      { min: 1, max: 1 },
    );
    const game = createGame(load(g), { seed: 1, players: 1, holdFlow: true, flowStepBudget: 1000 }).value!;
    game.resume();
    expect(game.error?.code).toBe('run/step-budget');
    expect(game.isOver).toBe(true);
  });
  describe('statements between moves re-enumerate the open decisions', () => {
    const pools = [pool('bank', 'global', [{ token: 'token:coin', initial: 'unlimited' }]), pool('purse', 'player', [{ token: 'token:coin', initial: 0 }])];
    // n may be at most one more than the chooser holds
    const greedy = (target: string, bindings: string[]) =>
      constraint('greedy', 'forbid', target, bindings, bin('>', local('n'), bin('+', count('pool:purse', 'token:coin', ctx('actor')), lit(1))), 'Too many.');
    const giveTwo = [move('token:coin', lit(2), 'pool:bank', 'pool:purse', undefined, { k: 'seat', index: 0 })];

    it('offers the actions an arrange made legal', () => {
      const g = graph({
        pools,
        flow: [{ f: 'turns', order: 'seat', body: [{ f: 'actions', by: ctx('current'), until: 'pass' }] }],
        actions: [
          action('take', [move('token:coin', local('n'), 'pool:bank', 'pool:purse', undefined, ctx('actor'))], {
            params: [{ name: 'n', type: { t: 'number' }, domain: { k: 'range', from: lit(1), to: lit(3) } }],
          }),
          action('pass', []),
        ],
        constraints: [greedy('action:take', ['n'])],
      });
      const probe = held(g);
      const give = probe.statements(giveTwo);
      const game = createGame(probe.graph(), { seed: 1, players: 2 }).value!;
      expect(game.legalActions(0).length).toBe(2);
      expect(game.runStatements(give)).toBe(true);
      expect(game.legalActions(0).map((m) => (m.kind === 'action' ? [m.action, ...m.args] : []))).toEqual([
        ['action:take', 1],
        ['action:take', 2],
        ['action:take', 3],
        ['action:pass'],
      ]);
      expect(game.apply(0, { kind: 'action', action: 'action:take', args: [3] }).value).toBe(true);
    });

    it('offers the choices an arrange made legal', () => {
      const g = graph({
        events: [event('offer')],
        pools,
        flow: [{ f: 'step', event: 'event:offer' }],
        rules: [
          rule('offer', 'offer', [
            ask('rule:offer/ask1', { single: { k: 'seat', index: 0 } }, { bind: 'n', over: { k: 'range', from: lit(1), to: lit(3) } }, [
              move('token:coin', local('n'), 'pool:bank', 'pool:purse', undefined, ctx('actor')),
            ]),
          ]),
        ],
        constraints: [greedy('rule:offer/ask1', ['who', 'n'])],
      });
      const probe = held(g);
      const give = probe.statements(giveTwo);
      const game = createGame(probe.graph(), { seed: 1, players: 2 }).value!;
      expect(game.legalActions(0)).toEqual([{ kind: 'choice', ask: 'rule:offer/ask1', value: 1 }]);
      expect(game.runStatements(give)).toBe(true);
      expect(game.legalActions(0).map((m) => (m.kind === 'choice' ? m.value : null))).toEqual([1, 2, 3]);
      expect(game.apply(0, { kind: 'choice', ask: 'rule:offer/ask1', value: 3 }).value).toBe(true);
      expect(game.view(0).pools.purse).toEqual([{ coin: 5 }, { coin: 0 }]);
    });
  });
});
