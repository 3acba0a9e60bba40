import { describe, expect, it } from 'vitest';
import type { Expr, Stmt } from '@houserules/schema';
import { createGame, loadGraph, randomAgent, type Game, type LoadedGraph } from '../src/index.ts';
import { siteSelectionPlan } from '../src/load/site-selection.ts';
import { at, bin, globalVar, lit, local, num } from './graph-builder.ts';
import { attr, sites, siteGame } from './site-graph.ts';

/*
 * An aggregate over every hex whose test starts with facts of the board (a hex's
 * value and kind) walks only the hexes those facts select, kept per game and key
 * (load/site-selection.ts, run/board-selections.ts); what is left of the test
 * (the piece on the hex) runs on each. These tests check the split and play the
 * same games through generated code (which keeps selections), closures and
 * generated code without caches.
 */

const call = (id: string, ...args: Expr[]): Expr => ({ k: 'derived', id, args });
const hexes = sites('hex');
// yields(h, n) = h.value == n and yield(h) >= 0 and h.piece == none
const yields = {
  id: 'derived:yields',
  name: 'yields',
  perPlayer: false,
  params: [{ name: 'h', type: { t: 'site' as const, site: 'hex' as const } }, { name: 'n', type: num }],
  type: { t: 'bool' as const },
  value: bin('and', bin('and', bin('==', attr('value', local('h')), local('n')), bin('>=', call('derived:yield', local('h')), lit(0))), bin('==', attr('piece', local('h')), lit('none'))),
  provenance: at,
};

function selectionGame(options: { codegen: boolean; cache?: boolean }): LoadedGraph {
  const base = siteGame();
  const produce = base.rules.find((r) => r.name === 'produce')!;
  const count: Expr = { k: 'agg', fn: 'count', bind: 'h', over: hexes, where: call('derived:yields', local('h'), local('total')) };
  const listed: Stmt = { s: 'let', name: 'picked', value: { k: 'agg', fn: 'list', bind: 'h', over: hexes, where: call('derived:yields', local('h'), local('total')) } };
  const first: Expr = { k: 'agg', fn: 'sum', bind: 'h', over: { k: 'local', name: 'picked' }, value: local('h') };
  const seen: Expr = { k: 'var', id: 'var:seen' };
  const record: Stmt = { s: 'set', var: 'var:seen', value: bin('%', bin('+', bin('*', seen, lit(31)), bin('+', bin('*', count, lit(1000)), first)), lit(1000003)) };
  const graph = siteGame({
    vars: [...base.vars, globalVar('seen', 0)],
    derived: [...base.derived, yields],
    rules: base.rules.map((r) => (r === produce ? { ...r, body: [...r.body, listed, record] } : r)),
  });
  return loadGraph(graph, options).value!;
}

function play(game: Game): number {
  const agent = randomAgent(7);
  while (!game.isOver) {
    const seat = game.nextSeat();
    if (seat < 0) break;
    game.applyOption(seat, agent.choose(game, seat) as number);
  }
  return game.view(0).vars.seen as number;
}

describe('a selection of sites by facts of the board', () => {
  it('splits the test at the first conjunct that reads more than the board, through derived values', () => {
    const graph = selectionGame({ codegen: false }).graph;
    const plan = siteSelectionPlan(graph, hexes, 'h', call('derived:yields', local('h'), local('total')), (name) => name === 'total')!;
    expect(plan.keys).toEqual(['total']);
    expect(plan.select).toEqual(bin('and', bin('==', attr('value', local('h')), local('total')), bin('>=', call('derived:yield', local('h')), lit(0))));
    expect(plan.rest).toEqual(bin('==', attr('piece', local('h')), lit('none')));
    // a test that starts with the pieces selects nothing; a list local is no key; a division may fail
    expect(siteSelectionPlan(graph, hexes, 'h', bin('and', bin('==', attr('piece', local('h')), lit('none')), bin('==', attr('value', local('h')), lit(5))), () => true)).toBeNull();
    expect(siteSelectionPlan(graph, hexes, 'h', bin('==', attr('value', local('h')), local('total')), () => false)).toBeNull();
    expect(siteSelectionPlan(graph, hexes, 'h', bin('==', bin('/', attr('value', local('h')), local('total')), lit(1)), () => true)).toBeNull();
  });

  it('plays the same games through generated code, closures and no caches, after a restart and a restore', () => {
    const generated = selectionGame({ codegen: true });
    const closures = selectionGame({ codegen: false });
    const uncached = selectionGame({ codegen: true, cache: false });
    const restarted = createGame(generated, { seed: 1, players: 3 }).value!;
    const seen = new Set<number>();
    for (let seed = 1; seed <= 10; seed++) {
      const config = { seed, players: 3 };
      const mid = createGame(generated, config).value!;
      const value = play(createGame(generated, config).value!);
      expect(play(createGame(closures, config).value!)).toBe(value);
      expect(play(createGame(uncached, config).value!)).toBe(value);
      expect(restarted.restart(config)).toBe(true);
      expect(play(restarted)).toBe(value);
      // a game played to its end, restored to its start: its selections were kept for other versions
      const other = createGame(generated, config).value!;
      play(other);
      other.restore(mid.snapshot());
      expect(play(other)).toBe(value);
      seen.add(value);
    }
    expect(seen.size).toBeGreaterThan(5);
  });
});
