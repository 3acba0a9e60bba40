import { describe, expect, it } from 'vitest';
import type { Expr } from '@houserules/schema';
import { loadGraph, type LoadedGraph } from '../src/index.ts';
import { ownSitesWalk } from '../src/load/own-sites-walk.ts';
import { action, bin, constraint, ctx, lit, local } from './graph-builder.ts';
import { attr, siteGame, sites } from './site-graph.ts';
import { offersAgreeAfterRandomChanges, pieceNode } from './random-board-changes.ts';

/*
 * An aggregate over every site of a kind whose test starts with `site.owner ==
 * X` walks, in generated code, the game's lists of X's pieces on that kind of
 * site (load/own-sites-walk.ts, run/board-site-index.ts), kind by kind, instead
 * of every site; only order-free aggregates (any, all, count) whose test cannot
 * fail qualify, and an owner that is no player walks every site. These tests
 * change the board at random and compare what is offered (each action's check
 * reads one such aggregate) with the closure back end and a restored game.
 */

const piece = pieceNode;
const agg = (fn: 'any' | 'all' | 'count' | 'sum', bind: string, site: 'corner' | 'edge', where: Expr, value?: Expr): Extract<Expr, { k: 'agg' }> => ({
  k: 'agg',
  fn,
  bind,
  over: sites(site),
  where,
  ...(value ? { value } : {}),
});
const ownedBy = (s: string, who: Expr): Expr => bin('==', attr('owner', local(s)), who);
const number = { t: 'number' } as const;
const upTo = (n: number): Expr => ({ k: 'range', from: lit(0), to: lit(n) });

// the actor's towns; the actor's edge pieces of both kinds; whether the actor has a wall; the free edges (owner none: every edge walked)
const towns = agg('count', 'c', 'corner', bin('and', ownedBy('c', ctx('actor')), bin('==', attr('piece', local('c')), lit('piece:town'))));
const edgePieces = agg('count', 'e', 'edge', ownedBy('e', ctx('actor')));
const hasWall = agg('any', 'e', 'edge', bin('and', ownedBy('e', ctx('actor')), bin('==', attr('piece', local('e')), lit('piece:wall'))));
const freeEdges = agg('count', 'e', 'edge', ownedBy('e', lit(-1)));

function walkGame(codegen: boolean): LoadedGraph {
  const base = siteGame();
  const tally = (name: string, max: number) => action(name, [], { params: [{ name: 'n', type: number, domain: upTo(max) }] });
  const graph = siteGame({
    pieces: [piece('town', 'corner', 6, true), piece('road', 'edge', 8, true), piece('wall', 'edge', 10, true), piece('beacon', 'edge', 1, false)],
    actions: [...base.actions, tally('count_towns', 8), tally('count_edge_pieces', 20), tally('has_wall', 1), tally('count_free_edges', 200)],
    constraints: [
      ...base.constraints,
      constraint('towns_are_n', 'require', 'action:count_towns', ['n'], bin('==', towns, local('n')), 'n'),
      constraint('edge_pieces_are_n', 'require', 'action:count_edge_pieces', ['n'], bin('==', edgePieces, local('n')), 'n'),
      constraint('has_wall_is_n', 'require', 'action:has_wall', ['n'], bin('==', hasWall, local('n')), 'n'),
      constraint('free_edges_are_n', 'require', 'action:count_free_edges', ['n'], bin('==', freeEdges, local('n')), 'n'),
    ],
  });
  const loaded = loadGraph(graph, { codegen });
  if (loaded.value === null) throw new Error(JSON.stringify(loaded.diagnostics));
  return loaded.value;
}

const OWNED = [['wall', 'edge'], ['road', 'edge'], ['town', 'corner']] as const;

describe("an aggregate over the sites of one owner's pieces", () => {
  it('qualifies only when its result is free of the order and no part of its test can fail', () => {
    const lg = walkGame(true);
    const b = lg.board!;
    expect(ownSitesWalk(lg.graph, b, towns)?.pieces.map((pi) => b.pieces[pi]!.name)).toEqual(['town']);
    expect(ownSitesWalk(lg.graph, b, edgePieces)?.pieces.map((pi) => b.pieces[pi]!.name)).toEqual(['road', 'wall']);
    expect(ownSitesWalk(lg.graph, b, hasWall)).not.toBeNull();
    // a sum may depend on the order; a remainder may fail; the owner test must come first
    expect(ownSitesWalk(lg.graph, b, agg('sum', 'e', 'edge', ownedBy('e', ctx('actor')), local('e')))).toBeNull();
    expect(ownSitesWalk(lg.graph, b, agg('any', 'e', 'edge', bin('and', ownedBy('e', ctx('actor')), bin('==', bin('%', local('e'), lit(2)), lit(0)))))).toBeNull();
    expect(ownSitesWalk(lg.graph, b, agg('any', 'e', 'edge', bin('and', bin('>=', local('e'), lit(0)), ownedBy('e', ctx('actor')))))).toBeNull();
  });

  it('gives what the closure back end gives, after every one of many random placements and removals', () => {
    const { offers } = offersAgreeAfterRandomChanges(walkGame(true), walkGame(false), { players: 3, owned: OWNED, steps: 300, opSeed: 4 });
    const counts = new Set(offers.flat());
    // the tallies took several values each
    for (const name of ['count_towns', 'count_edge_pieces', 'has_wall', 'count_free_edges']) {
      expect([...counts].filter((o) => o.includes(`"action:${name}"`)).length).toBeGreaterThan(1);
    }
  });
});
