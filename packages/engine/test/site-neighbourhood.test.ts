import { describe, expect, it } from 'vitest';
import type { DerivedNode, Expr } from '@houserules/schema';
import { loadGraph, type LoadedGraph } from '../src/index.ts';
import { neighbourhoodPlan } from '../src/load/site-neighbourhood.ts';
import { action, at, bin, constraint, ctx, lit, local } from './graph-builder.ts';
import { attr, rel, siteGame, sites } from './site-graph.ts';
import { offersAgreeAfterRandomChanges, pieceNode } from './random-board-changes.ts';

/*
 * An action over every site of a kind whose check admits only sites near the
 * actor's pieces (a corner of the edge is the actor's, or a corner of the edge
 * touches an edge piece of the actor's) loops, in generated code, over the sites
 * reached backwards from the actor's pieces (load/site-neighbourhood.ts,
 * run/board-neighbourhoods.ts) instead of every site. These tests change the
 * board at random and compare what is offered with the closure back end (which
 * scans every site) and with a game restored from a snapshot.
 */

const piece = pieceNode;
const edge = { t: 'site', site: 'edge' } as const;
const any = (bind: string, over: Expr, where: Expr): Expr => ({ k: 'agg', fn: 'any', bind, over, where });
// touches(p, e) = any(c in e.corners where c.owner == p or (c.owner == -1 and any(f in c.edges where f.piece == wall and f.owner == p)))
const touches: DerivedNode = {
  id: 'derived:touches',
  name: 'touches',
  perPlayer: false,
  params: [
    { name: 'p', type: { t: 'player' } },
    { name: 'e', type: edge },
  ],
  type: { t: 'bool' },
  value: any(
    'c',
    rel('corners', local('e')),
    bin(
      'or',
      bin('==', attr('owner', local('c')), local('p')),
      bin('and', bin('==', attr('owner', local('c')), lit(-1)), any('f', rel('edges', local('c')), bin('and', bin('==', attr('piece', local('f')), lit('piece:wall')), bin('==', attr('owner', local('f')), local('p'))))),
    ),
  ),
  provenance: at,
};
const touchesActor = (s: string): Expr => ({ k: 'derived', id: 'derived:touches', args: [ctx('actor'), local(s)] });
const free = (s: string): Expr => bin('!=', attr('piece', local(s)), lit('none'));

function neighbourhoodGame(codegen: boolean): LoadedGraph {
  const base = siteGame();
  const graph = siteGame({
    pieces: [piece('town', 'corner', 6, true), piece('road', 'edge', 8, true), piece('wall', 'edge', 10, true), piece('beacon', 'edge', 1, false)],
    derived: [...base.derived, touches],
    actions: [
      ...base.actions,
      action('extend', [], { params: [{ name: 's', type: edge, domain: sites('edge') }] }),
      // a check that may fail (a remainder) comes first: every edge is tried
      action('extend_odd', [], { params: [{ name: 's', type: edge, domain: sites('edge') }] }),
    ],
    constraints: [
      ...base.constraints,
      constraint('extend_free', 'forbid', 'action:extend', ['s'], free('s'), 'taken'),
      constraint('extend_touches', 'require', 'action:extend', ['s'], touchesActor('s'), 'not yours'),
      constraint('extend_odd_only', 'require', 'action:extend_odd', ['s'], bin('==', bin('%', local('s'), lit(2)), lit(1)), 'odd'),
      constraint('extend_odd_touches', 'require', 'action:extend_odd', ['s'], touchesActor('s'), 'not yours'),
    ],
  });
  const loaded = loadGraph(graph, { codegen });
  if (loaded.value === null) throw new Error(JSON.stringify(loaded.diagnostics));
  return loaded.value;
}

const OWNED = [['wall', 'edge'], ['town', 'corner']] as const;

describe("an action over the sites near the actor's pieces", () => {
  it('is planned from the shape of its checks, through a derived value, only where no check before it may fail', () => {
    const lg = neighbourhoodGame(true);
    const checks = (action: string) => lg.graph.constraints.filter((c) => c.target === `action:${action}`);
    const plan = neighbourhoodPlan(lg.graph, lg.board!, sites('edge'), checks('extend'));
    // from the actor's corner pieces one relation back; from the edge pieces, to their corners, then to those corners' edges
    expect(plan?.chains.map((c) => c.steps.map((s) => s.rel))).toEqual([['corners'], ['edges', 'corners']]);
    expect(neighbourhoodPlan(lg.graph, lg.board!, sites('edge'), checks('extend_odd'))).toBeNull();
  });

  it('offers what the closure back end offers, in the same order, after every one of many random placements and removals', () => {
    const { offers } = offersAgreeAfterRandomChanges(neighbourhoodGame(true), neighbourhoodGame(false), { players: 3, owned: OWNED, steps: 400, opSeed: 3 });
    const seen = new Map<string, number>();
    for (const o of offers.flat()) {
      const name = (JSON.parse(o) as { action: string }).action;
      seen.set(name, (seen.get(name) ?? 0) + 1);
    }
    expect(seen.get('action:extend') ?? 0).toBeGreaterThan(20);
    expect(seen.get('action:extend_odd') ?? 0).toBeGreaterThan(0);
  });
});
