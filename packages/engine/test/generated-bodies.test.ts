// What generated rule bodies look like (docs/engine-design.md, "Generated rule bodies"):
// locals in JavaScript variables unless something outside the function reads them,
// halt checks only after what may fail, and the same play as the closures.
import { describe, expect, it } from 'vitest';
import type { Expr, Stmt } from '@houserules/schema';
import { createGame } from '../src/index.ts';
import { ask, at, bin, globalVar, graph, lit, load, local, num, players, playerVar, rule, set, varOf } from './graph-builder.ts';

const seat = (index: number): Expr => ({ k: 'seat', index });
const letOf = (name: string, value: Expr): Stmt => ({ s: 'let', name, value });
const fireSource = (codegen: boolean, body: Stmt[], vars = [globalVar('total', 0), playerVar('score', 0)]) => {
  const lg = load(graph({ vars, flow: [], rules: [rule('go', 'game_start', body)] }), { codegen });
  return { lg, source: String(lg.rules[0]!.fire) };
};

describe('generated rule bodies', () => {
  // a = 3; b = how many players score below a (an aggregate reading a); every score = a + b;
  // then seat 0 picks a player x, and `then` (run by the engine later) adds x + a to total
  const body: Stmt[] = [
    letOf('a', lit(3)),
    letOf('b', { k: 'agg', fn: 'count', bind: 'p', over: players, where: bin('<', varOf('var:score', local('p')), local('a')) }),
    { s: 'for', bind: 'p', over: players, body: [set('var:score', bin('+', local('a'), local('b')), local('p'))] },
    ask('rule:go/ask1', { single: seat(0) }, { bind: 'x', over: players }, [set('var:total', bin('+', local('x'), local('a')))]),
  ];

  it('keep a local that an ask reads later in the game’s locals, the others in variables, and play as the closures do', () => {
    const results = [true, false].map((codegen) => {
      const { lg, source } = fireSource(codegen, body);
      const game = createGame(lg, { seed: 1, players: 3 }).value!;
      expect(game.error).toBeNull();
      const seatToAsk = game.nextSeat();
      // the third option: player 3 (index 2)
      game.applyOption(seatToAsk, 2);
      return { source, view: game.view(0) };
    });
    const [generated, closures] = results;
    expect(generated!.view.vars).toEqual(closures!.view.vars);
    // every score is a + b = 3 + 3 (all three scored 0 < 3); total = x (2) + a (3): `then` read a
    expect(generated!.view.vars.total).toBe(5);
    expect(generated!.view.vars.score).toEqual([6, 6, 6]);
    // b is a variable of the rule's function, and the aggregate gets a as an argument; a (read by the ask's `then`) stays in g.locals
    expect(generated!.source).toMatch(/let l\d+ = 0/);
    expect(generated!.source).toMatch(/\ba\d+\(g, L\[\d+\]\)|\ba\d+\(g\)/);
  });

  it('keep a name an aggregate rebinds in a variable where the outer loop reads it with no such aggregate in its body, in g.locals where one clobbers it first', () => {
    // twice(x) = 2x, written in line: its argument is read inside the call's own function (no loop variable alias)
    const twice = { id: 'derived:twice', name: 'twice', perPlayer: false, params: [{ name: 'x', type: num }], type: num, value: bin('*', lit(2), local('x')), provenance: at };
    const call = (arg: Expr): Expr => ({ k: 'derived', id: 'derived:twice', args: [arg] });
    const countAll: Expr = { k: 'agg', fn: 'count', bind: 'p', over: players, where: bin('>=', local('p'), lit(0)) };
    const play = (codegen: boolean, body: Stmt[]) => {
      const lg = load(graph({ vars: [globalVar('total', 0), playerVar('score', 0)], derived: [twice], flow: [], rules: [rule('go', 'game_start', body)] }), { codegen });
      const game = createGame(lg, { seed: 1, players: 3 }).value!;
      expect(game.error).toBeNull();
      return { source: String(lg.rules[0]!.fire), vars: game.view(0).vars };
    };
    // clean: the aggregate binding p runs before the loop; each score is twice its player's index
    const clean: Stmt[] = [set('var:total', countAll), { s: 'for', bind: 'p', over: players, body: [set('var:score', call(local('p')), local('p'))] }];
    // clobbered: in the loop, the aggregate binds p again before the body reads it (the closures read its last element)
    const clobbered: Stmt[] = [{ s: 'for', bind: 'p', over: players, body: [set('var:total', countAll), set('var:score', bin('+', varOf('var:score', local('p')), call(local('p'))), local('p'))] }];
    const [cleanGen, cleanClosures] = [true, false].map((codegen) => play(codegen, clean));
    expect(cleanGen!.vars).toEqual(cleanClosures!.vars);
    expect(cleanGen!.vars.score).toEqual([0, 2, 4]);
    expect(cleanGen!.source).not.toMatch(/L\[\d+\]/);
    const [clobberedGen, clobberedClosures] = [true, false].map((codegen) => play(codegen, clobbered));
    expect(clobberedGen!.vars).toEqual(clobberedClosures!.vars);
    expect(clobberedGen!.vars.score).toEqual([0, 0, 12]);
    expect(clobberedGen!.source).toMatch(/L\[\d+\]/);
  });

  it('check for a halt only after what may fail', () => {
    const { source } = fireSource(true, [set('var:total', lit(1)), letOf('n', lit(2)), set('var:total', bin('+', varOf('var:total'), local('n')))]);
    expect(source).not.toContain('g.halt');
    // a division by a local may fail: the check follows it, and the helper (with its message) is called only for a zero divisor
    const divides = fireSource(true, [letOf('n', lit(2)), set('var:total', bin('/', lit(7), local('n')))]).source;
    expect(divides).toContain('g.halt');
    expect(divides).toMatch(/=== 0 \? H\.div\(/);
  });

  it('stop at the first failure: nothing after it runs, with either back end', () => {
    // the loop's `where` divides by zero: the set after the loop never runs
    const failing: Stmt[] = [
      { s: 'for', bind: 'p', over: players, where: bin('>', bin('/', varOf('var:score', local('p')), lit(0)), lit(0)), body: [set('var:score', lit(9), local('p'))] },
      set('var:total', lit(5)),
    ];
    for (const codegen of [true, false]) {
      const { lg } = fireSource(codegen, failing);
      const game = createGame(lg, { seed: 1, players: 2 }).value!;
      expect(game.error?.code).toBe('run/division-by-zero');
      expect(game.view(0).vars.total).toBe(0);
      expect(game.view(0).vars.score).toEqual([0, 0]);
    }
  });
});
