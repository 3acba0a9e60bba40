import { describe, expect, it } from 'vitest';
import type { Expr, Stmt } from '@houserules/schema';
import { createGame } from '../src/index.ts';
import { overlaps, readsOfConditions, writesOfBlock } from '../src/load/end-dependencies.ts';
import { action, at, bin, ctx, end, event, globalVar, graph, lit, load, rule, set, varOf } from './graph-builder.ts';

const reached: Expr = { k: 'derived', id: 'derived:reached', args: [] };
const derived = [{ id: 'derived:reached', name: 'reached', perPlayer: false, params: [], type: { t: 'bool' as const }, value: bin('>=', varOf('var:score'), lit(5)), provenance: at }];

/** one turn of one player: the `act` step fires the given rules in order; the end reads `score` through a derived value */
const oneTurn = (bodies: Stmt[][]) =>
  graph({
    events: [event('act')],
    vars: [globalVar('score', 0), globalVar('other', 0), globalVar('last', 0)],
    derived,
    flow: [{ f: 'rounds', count: lit(1), body: [{ f: 'turns', order: 'seat', body: [{ f: 'step', event: 'event:act' }] }] }],
    rules: bodies.map((body, i) => rule(`r${i}`, 'act', [...body, set('var:last', lit(i))], { order: i })),
    ends: [end('reached', reached, 'own_turn')],
  });

const play = (bodies: Stmt[][]) => createGame(load(oneTurn(bodies)), { seed: 1, players: 1 }).value!;
const unrelated = set('var:other', bin('+', varOf('var:other'), lit(1)));
const scoring = (n: number) => set('var:score', lit(n));

describe('re-checking end conditions only after firings that may change them', () => {
  it('still ends right after the firing that writes what the condition reads', () => {
    const game = play([[unrelated], [scoring(5)], [unrelated], [unrelated]]);
    expect(game.outcome?.reason).toBe('end:reached');
    // `last` is written by every firing: the game stopped after the second rule
    expect(game.view(0).vars.last).toBe(1);
    expect(game.view(0).vars.other).toBe(1);
  });

  it('does not re-check after firings that write only unrelated state', () => {
    const few = play([[unrelated]]).endChecks;
    const many = play([[unrelated], [unrelated], [unrelated], [unrelated], [unrelated]]).endChecks;
    expect(many).toBe(few);
  });

  it('re-checks after every firing that writes what the condition reads', () => {
    const one = play([[scoring(1)]]).endChecks;
    const four = play([[scoring(1)], [scoring(2)], [scoring(3)], [scoring(4)]]).endChecks;
    expect(four).toBe(one + 3);
  });
});

describe('re-checking end conditions after actions', () => {
  const acting = graph({
    vars: [globalVar('score', 0), globalVar('other', 0)],
    derived,
    flow: [{ f: 'rounds', count: lit(1), body: [{ f: 'turns', order: 'seat', body: [{ f: 'actions', by: ctx('current'), until: 'pass' }] }] }],
    actions: [action('fidget', [unrelated]), action('score', [set('var:score', bin('+', varOf('var:score'), lit(5)))]), action('pass', [])],
    ends: [end('reached', reached, 'own_turn')],
  });
  const act = (name: string) => ({ kind: 'action' as const, action: `action:${name}`, args: [] });

  it('ends right after an action that writes what the condition reads, and checks after no unrelated one', () => {
    const game = createGame(load(acting), { seed: 1, players: 1 }).value!;
    // the first answer of a turn checks whatever it wrote: the turn began since the last check
    expect(game.apply(0, act('fidget')).value).toBe(true);
    const before = game.endChecks;
    expect(game.apply(0, act('fidget')).value).toBe(true);
    expect(game.apply(0, act('fidget')).value).toBe(true);
    expect(game.endChecks).toBe(before);
    expect(game.isOver).toBe(false);
    expect(game.apply(0, act('score')).value).toBe(true);
    expect(game.outcome?.reason).toBe('end:reached');
  });
});

describe('skipping end checks while nothing they read changed', () => {
  it('still checks an own-turn end in the turn after what it reads was written between turns', () => {
    const g = graph({
      events: [event('round_start'), event('act')],
      vars: [globalVar('score', 0), globalVar('last', 0)],
      derived,
      flow: [{ f: 'rounds', count: lit(1), body: [{ f: 'turns', order: 'seat', body: [{ f: 'step', event: 'event:act' }] }] }],
      rules: [rule('open', 'round_start', [scoring(5)]), rule('act', 'act', [set('var:last', lit(1))])],
      ends: [end('reached', reached, 'own_turn')],
    });
    for (const cache of [true, false]) {
      const game = createGame(load(g, { cache }), { seed: 1, players: 2 }).value!;
      expect(game.outcome?.reason).toBe('end:reached');
      // it ended in the first turn, after its first firing
      expect(game.turn).toBe(1);
    }
  });
});

describe('classifying reads and writes', () => {
  const reads = (e: Expr) => readsOfConditions([{ owner: 'end:x', condition: e }], []);

  it('treats a moved card as leaving any zone', () => {
    const w = writesOfBlock([{ s: 'moveCard', card: lit(0), to: { zone: 'zone:b' }, position: 'top' }]);
    expect(overlaps(w, reads({ k: 'zone', id: 'zone:a' }))).toBe(true);
    expect(overlaps(w, reads(varOf('var:x')))).toBe(false);
  });

  it('treats placing a piece as changing every piece query', () => {
    const w = writesOfBlock([{ s: 'if', cond: lit(true), then: [{ s: 'place', piece: 'piece:a', at: lit(0) }], else: [] }]);
    expect(overlaps(w, reads({ k: 'supply', piece: 'piece:b' }))).toBe(true);
  });

  it('treats a trail as reading every piece: others\' buildings on its nodes cut it', () => {
    const trail = reads({ k: 'trail', player: lit(0), pieces: ['piece:road'] });
    const building = writesOfBlock([{ s: 'place', piece: 'piece:house', at: lit(0) }], new Map([['piece:house', ['piece:house']]]));
    expect(overlaps(building, trail)).toBe(true);
    expect(overlaps(writesOfBlock([unrelated]), trail)).toBe(false);
  });

  it('always re-checks a condition that reads who acts', () => {
    expect(overlaps(writesOfBlock([]), reads({ k: 'ctx', name: 'actor' }))).toBe(true);
  });

  it('falls back to re-checking for a statement it does not know', () => {
    const w = writesOfBlock([{ s: 'future' } as unknown as Stmt]);
    expect(overlaps(w, reads(varOf('var:x')))).toBe(true);
  });
});
