import { describe, expect, it } from 'vitest';
import { createGame } from '../src/index.ts';
import { at, bin, ctx, emit, end, event, eventNames, globalVar, graph, lit, load, local, players, playerVar, rule, set, varOf } from './graph-builder.ts';

describe('step budget', () => {
  it('stops a self-emitting rule with run/step-budget naming it', () => {
    const g = graph({
      events: [event('ping')],
      flow: [{ f: 'step', event: 'event:ping' }],
      rules: [rule('echo', 'ping', [emit('event:ping')])],
    });
    const game = createGame(load(g), { seed: 1, players: 1, stepBudget: 500 }).value!;
    expect(game.isOver).toBe(true);
    expect(game.error?.code).toBe('run/step-budget');
    expect(game.error?.message).toContain('echo');
    expect(game.ruleFirings['rule:echo']).toBe(500);
  });

  it('names every rule of a loop through several events', () => {
    const g = graph({
      events: [event('ping'), event('pong')],
      flow: [{ f: 'step', event: 'event:ping' }],
      rules: [rule('hit', 'ping', [emit('event:pong')]), rule('return_hit', 'pong', [emit('event:ping')])],
    });
    const game = createGame(load(g), { seed: 1, players: 1, stepBudget: 100 }).value!;
    expect(game.error?.code).toBe('run/step-budget');
    expect(game.error?.hint?.split(', ').sort()).toEqual(['hit', 'return_hit']);
  });

  it('gives each flow step its own budget', () => {
    const g = graph({
      events: [event('ping')],
      vars: [globalVar('n', 0)],
      flow: [{ f: 'rounds', count: lit(10), body: [{ f: 'step', event: 'event:ping' }] }],
      rules: [rule('tick', 'ping', [set('var:n', bin('+', varOf('var:n'), lit(1)))])],
    });
    const game = createGame(load(g), { seed: 1, players: 1, stepBudget: 1 }).value!;
    expect(game.error).toBeNull();
    expect(game.view(0).vars.n).toBe(10);
  });
});

describe('ranking', () => {
  const scored = (ties: 'shared' | 'seat') =>
    graph({
      vars: [playerVar('score', 0)],
      flow: [],
      rules: [
        rule('score', 'game_start', [
          // scores by seat: 5, 9, 5, 9
          { s: 'for', bind: 'p', over: players, body: [set('var:score', { k: 'if', c: bin('==', bin('%', local('p'), lit(2)), lit(0)), t: lit(5), e: lit(9) }, local('p'))] },
        ]),
      ],
      ranking: { bind: 'p', keys: [{ value: varOf('var:score', local('p')), direction: 'desc' }], ties, provenance: at },
    });

  it('shares ranks among equal scores', () => {
    const outcome = createGame(load(scored('shared')), { seed: 1, players: 4 }).value!.outcome!;
    expect(outcome.ranking).toEqual([
      { seat: 1, rank: 1, score: [9] },
      { seat: 3, rank: 1, score: [9] },
      { seat: 0, rank: 3, score: [5] },
      { seat: 2, rank: 3, score: [5] },
    ]);
    expect(outcome.winners).toEqual([1, 3]);
    expect(outcome.reason).toBe('flow-ended');
  });

  it('breaks ties by seat when asked to', () => {
    const outcome = createGame(load(scored('seat')), { seed: 1, players: 4 }).value!.outcome!;
    expect(outcome.ranking.map((r) => [r.seat, r.rank])).toEqual([
      [1, 1],
      [3, 2],
      [0, 3],
      [2, 4],
    ]);
    expect(outcome.winners).toEqual([1]);
  });
});

describe('end conditions', () => {
  // Each turn_start adds one to `ticks`; two players, three rounds.
  const ending = (timing: 'immediately' | 'own_turn' | 'end_of_turn' | 'end_of_round', winners?: ReturnType<typeof lit>) =>
    graph({
      events: [event('act')],
      vars: [globalVar('ticks', 0)],
      flow: [{ f: 'rounds', count: lit(3), body: [{ f: 'turns', order: 'seat', body: [{ f: 'step', event: 'event:act' }] }] }],
      rules: [rule('tick', 'turn_start', [set('var:ticks', bin('+', varOf('var:ticks'), lit(1)))])],
      ends: [end('three_ticks', bin('>=', varOf('var:ticks'), lit(3)), timing, winners)],
    });

  const lastEvents = (timing: Parameters<typeof ending>[0]) => {
    const game = createGame(load(ending(timing)), { seed: 1, players: 2 }).value!;
    expect(game.outcome?.reason).toBe('end:three_ticks');
    return eventNames(game.log).slice(-4);
  };

  it('ends immediately after the rule firing that made the condition true', () => {
    // ticks reach 3 at the first turn_start of round 2
    expect(lastEvents('immediately')).toEqual(['round_end', 'round_start', 'turn_start', 'game_end']);
  });

  it('ends during the own turn as soon as it holds', () => {
    expect(lastEvents('own_turn')).toEqual(['round_end', 'round_start', 'turn_start', 'game_end']);
  });

  it('ends at the end of the turn, after turn_end', () => {
    expect(lastEvents('end_of_turn')).toEqual(['turn_start', 'act', 'turn_end', 'game_end']);
  });

  it('ends at the end of the round, after round_end', () => {
    expect(lastEvents('end_of_round')).toEqual(['act', 'turn_end', 'round_end', 'game_end']);
  });

  it('takes its winners from the end condition when it names them', () => {
    const game = createGame(load(ending('immediately', { k: 'list', items: [{ k: 'seat', index: 1 }] } as never)), { seed: 1, players: 2 }).value!;
    expect(game.outcome?.winners).toEqual([1]);
  });

  it('stops at once on end game, with its winners', () => {
    const g = graph({
      events: [event('act')],
      vars: [globalVar('after', 0)],
      flow: [{ f: 'rounds', count: lit(3), body: [{ f: 'step', event: 'event:act' }] }],
      rules: [rule('stop', 'act', [{ s: 'end', scope: 'game', winners: ctx('player_count') }, set('var:after', lit(1))]), rule('later', 'act', [set('var:after', lit(2))], { order: 1 })],
    });
    const game = createGame(load(g), { seed: 1, players: 3 }).value!;
    expect(game.outcome).toEqual(expect.objectContaining({ winners: [3], reason: 'end-game' }));
    expect(game.view(0).vars.after).toBe(0);
    expect(eventNames(game.log).slice(-2)).toEqual(['act', 'game_end']);
  });

  it('leaves the innermost round on end round, then goes on with the next', () => {
    const g = graph({
      events: [event('act')],
      vars: [globalVar('acts', 0)],
      flow: [{ f: 'rounds', count: lit(2), body: [{ f: 'repeat', body: [{ f: 'step', event: 'event:act' }] }] }],
      rules: [
        rule('count_acts', 'act', [set('var:acts', bin('+', varOf('var:acts'), lit(1)))]),
        rule('stop_round', 'act', [{ s: 'end', scope: 'round' }], { order: 1, when: bin('==', bin('%', varOf('var:acts'), lit(3)), lit(0)) }),
      ],
    });
    const game = createGame(load(g), { seed: 1, players: 1 }).value!;
    expect(game.outcome?.reason).toBe('flow-ended');
    expect(game.view(0).vars.acts).toBe(6);
    expect(eventNames(game.log)).toEqual(['game_start', 'round_start', 'act', 'act', 'act', 'round_end', 'round_start', 'act', 'act', 'act', 'round_end', 'game_end']);
  });
});
