import { describe, expect, it } from 'vitest';
import type { Expr } from '@houserules/schema';
import { createGame, loadGraph, type Game, type LoadedGraph } from '../src/index.ts';
import { action, bin, constraint, lit, local } from './graph-builder.ts';
import { attr, rel, siteGame, sites } from './site-graph.ts';

/*
 * A check of an action's site parameter that reads only facts of the board
 * (hex kinds and values, relations) gives the same answer for a site all game:
 * generated enumeration works it out once per site and game. These tests deal
 * other boards (other seeds, a restart, a restore of another game) and compare
 * what is offered with the closure back end, which checks every time.
 */

const touches = (kind: string, c: string): Expr => ({ k: 'agg', fn: 'any', bind: 'x', over: rel('hexes', local(c)), where: bin('==', attr('kind', local('x')), lit(kind)) });

function factsGame(options: { codegen: boolean; cache?: boolean }): LoadedGraph {
  const base = siteGame();
  const graph = siteGame({
    actions: [
      ...base.actions,
      action('claim', [], { params: [{ name: 'h', type: { t: 'site', site: 'hex' }, domain: sites('hex') }] }),
      action('mark', [], { params: [{ name: 'c', type: { t: 'site', site: 'corner' }, domain: sites('corner') }] }),
    ],
    constraints: [
      ...base.constraints,
      constraint('claim_a', 'require', 'action:claim', ['h'], bin('==', attr('kind', local('h')), lit('a')), 'a hexes only'),
      constraint('claim_valued', 'forbid', 'action:claim', ['h'], bin('<', attr('value', local('h')), lit(5)), 'five and up'),
      // the board fact after a check of the pieces: still worked out once
      constraint('mark_free', 'forbid', 'action:mark', ['c'], bin('!=', attr('piece', local('c')), lit('none')), 'taken'),
      constraint('mark_b', 'require', 'action:mark', ['c'], touches('b', 'c'), 'beside a b hex'),
    ],
  });
  return loadGraph(graph, options).value!;
}

const offered = (g: Game): string[] => g.legalActions(0).map((m) => JSON.stringify(m));

describe('a check that reads only facts of the board', () => {
  it('offers what the closure back end offers on boards dealt by other seeds, after a restart and after a restore', () => {
    const generated = factsGame({ codegen: true });
    const closures = factsGame({ codegen: false });
    const uncached = factsGame({ codegen: true, cache: false });
    const restarted = createGame(generated, { seed: 1, players: 2 }).value!;
    const restored = createGame(generated, { seed: 1, players: 2 }).value!;
    const lists = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const game = createGame(generated, { seed, players: 2 }).value!;
      const options = offered(game);
      expect(options).toEqual(offered(createGame(closures, { seed, players: 2 }).value!));
      expect(options).toEqual(offered(createGame(uncached, { seed, players: 2 }).value!));
      expect(restarted.restart({ seed, players: 2 })).toBe(true);
      expect(offered(restarted)).toEqual(options);
      restored.restore(game.snapshot());
      restored.refreshDecisions();
      expect(offered(restored)).toEqual(options);
      lists.add(JSON.stringify(options.filter((o) => !o.includes('"action:build'))));
    }
    // the deals differ, and so do the sites these checks allow
    expect(lists.size).toBeGreaterThan(3);
  });
});
