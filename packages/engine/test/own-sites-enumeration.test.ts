import { describe, expect, it } from 'vitest';
import type { Expr } from '@houserules/schema';
import { createGame, loadGraph, type LoadedGraph } from '../src/index.ts';
import { seededUint32 } from './board-helpers.ts';
import { action, bin, constraint, ctx, lit, local } from './graph-builder.ts';
import { attr, siteGame, sites } from './site-graph.ts';
import { offered, offersAgreeAfterRandomChanges, pieceNode, randomBoardChanges } from './random-board-changes.ts';

/*
 * An action over every site of a kind whose first check keeps only the actor's
 * own pieces of one kind loops, in generated code, over the game's list of those
 * sites (run/board-site-index.ts) instead of every site. These tests change the
 * board at random and compare what is offered with the closure back end (which
 * scans every site), with a game restored from a snapshot and with a restarted one.
 */

const piece = pieceNode;
const own = (name: string, s: string, ownerFirst = false): Expr => {
  const isPiece = bin('==', attr('piece', local(s)), lit(`piece:${name}`));
  const isMine = bin('==', attr('owner', local(s)), ctx('actor'));
  return ownerFirst ? bin('and', isMine, isPiece) : bin('and', isPiece, isMine);
};

/** the site game with ships, towns and a global beacon, and actions that take one of the actor's own pieces */
function ownPiecesGame(codegen: boolean): LoadedGraph {
  const base = siteGame();
  const edge = { t: 'site', site: 'edge' } as const;
  const corner = { t: 'site', site: 'corner' } as const;
  const graph = siteGame({
    pieces: [piece('town', 'corner', 6, true), piece('road', 'edge', 8, true), piece('ship', 'edge', 8, true), piece('beacon', 'edge', 1, false)],
    actions: [
      ...base.actions,
      action('sail', [], { params: [{ name: 's', type: edge, domain: sites('edge') }] }),
      action('upgrade', [], { params: [{ name: 'c', type: corner, domain: sites('corner') }] }),
      action('aim', [], { params: [{ name: 'n', type: { t: 'number' }, domain: { k: 'range', from: lit(1), to: lit(2) } }, { name: 's', type: edge, domain: sites('edge') }] }),
      // the same check, but not the first one: the loop runs over every edge
      action('sail_late', [], { params: [{ name: 's', type: edge, domain: sites('edge') }] }),
      // the beacon is no player's: every edge is tried
      action('light', [], { params: [{ name: 's', type: edge, domain: sites('edge') }] }),
    ],
    constraints: [
      ...base.constraints,
      constraint('own_ship', 'require', 'action:sail', ['s'], own('ship', 's'), 'your ship'),
      constraint('not_beside_beacon', 'forbid', 'action:sail', ['s'], { k: 'agg', fn: 'any', bind: 'f', over: { k: 'siteRel', rel: 'edges', of: local('s') }, where: bin('==', attr('piece', local('f')), lit('piece:beacon')) }, 'beacon'),
      constraint('own_town', 'require', 'action:upgrade', ['c'], own('town', 'c', true), 'your town'),
      constraint('own_ship_aimed', 'require', 'action:aim', ['n', 't'], own('ship', 't'), 'your ship'),
      constraint('odd_edges_for_one', 'forbid', 'action:aim', ['n', 't'], bin('and', bin('==', local('n'), lit(1)), bin('==', bin('%', local('t'), lit(2)), lit(0))), 'odd'),
      constraint('some_edge', 'require', 'action:sail_late', ['s'], bin('>=', local('s'), lit(0)), 'an edge'),
      constraint('own_ship_late', 'require', 'action:sail_late', ['s'], own('ship', 's'), 'your ship'),
      constraint('the_beacon', 'require', 'action:light', ['s'], bin('and', bin('==', attr('piece', local('s')), lit('piece:beacon')), bin('==', attr('owner', local('s')), ctx('actor'))), 'no one owns it'),
    ],
  });
  return loadGraph(graph, { codegen }).value!;
}

const OWNED = [['ship', 'edge'], ['road', 'edge'], ['town', 'corner']] as const;
const boardChanges = (lg: LoadedGraph, players: number) => randomBoardChanges(lg, players, OWNED);

describe("an action over the actor's own pieces of one kind", () => {
  it('offers what the closure back end offers, in the same order, after every one of many random placements and removals', () => {
    const { offers, game, reference } = offersAgreeAfterRandomChanges(ownPiecesGame(true), ownPiecesGame(false), { players: 3, owned: OWNED, steps: 400, opSeed: 3 });
    const seen = new Map<string, number>();
    for (const o of offers.flat()) {
      const name = (JSON.parse(o) as { action: string }).action;
      seen.set(name, (seen.get(name) ?? 0) + 1);
    }
    // the generated enumeration used the index, and each action was offered now and then
    expect(game.siteIndex).not.toBeNull();
    expect(reference.siteIndex).toBeNull();
    for (const name of ['sail', 'upgrade', 'aim', 'sail_late']) expect(seen.get(`action:${name}`) ?? 0).toBeGreaterThan(0);
    // a global piece is no player's: the beacon is never the actor's own
    expect(seen.has('action:light')).toBe(false);
  });

  it('starts from the board again after a restart, even where the new game reaches the same piece version', () => {
    const players = 2;
    const { ops, graph } = boardChanges(ownPiecesGame(true), players);
    const game = createGame(graph, { seed: 9, players }).value!;
    const random = seededUint32(8);
    for (let step = 0; step < 60; step++) game.runStatements(ops[random() % ops.length]!);
    game.refreshDecisions();
    expect(offered(game).some((o) => o.includes('"action:sail"'))).toBe(true);
    const version = game.pieceVersion;
    // held: nothing is offered until the board has had other changes, as many as before (an index
    // kept from the last game would claim to be in step)
    expect(game.restart({ seed: 9, players, holdFlow: true })).toBe(true);
    const fresh = createGame(graph, { seed: 9, players, holdFlow: true }).value!;
    const other = seededUint32(21);
    while (game.pieceVersion < version) {
      const op = ops[other() % ops.length]!;
      game.runStatements(op);
      fresh.runStatements(op);
    }
    game.resume();
    fresh.resume();
    expect(offered(game).length).toBeGreaterThan(0);
    expect(offered(game)).toEqual(offered(fresh));
  });
});
