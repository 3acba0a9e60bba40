/**
 * The check three site-listing tests share: a game of the generated back end, one of the closures (the
 * reference) and one restored from the generated game's snapshot must offer the first seat the same
 * moves, in the same order, after every one of many random placements and removals.
 */
import { expect } from 'vitest';
import type { PieceNode } from '@houserules/schema';
import { createGame, createProbe, type Game, type LoadedGraph } from '../src/index.ts';
import { seededUint32 } from './board-helpers.ts';
import { at } from './graph-builder.ts';
import { placeOnRandomFreeSite, removeFromRandomTakenSite } from './site-graph.ts';

/** a piece of a test game (per player: each seat has `count`) */
export const pieceNode = (name: string, site: PieceNode['site'], count: number, perPlayer: boolean): PieceNode => ({ id: `piece:${name}`, name, site, supply: count, perPlayer, provenance: at });

/** a piece kind each seat places and the site it goes on */
export type OwnedPiece = readonly [name: string, site: 'corner' | 'edge'];

/**
 * Statements changing a board at random: each seat placing each of `owned` on a free site, a global
 * `beacon` on a free edge, and removals from taken edges and corners; with the graph that has room for them.
 */
export function randomBoardChanges(lg: LoadedGraph, players: number, owned: readonly OwnedPiece[]): { ops: ((g: Game) => void)[]; graph: LoadedGraph } {
  const probe = createProbe(lg);
  const ops: ((g: Game) => void)[] = [];
  for (let p = 0; p < players; p++) for (const [name, site] of owned) ops.push(probe.statements(placeOnRandomFreeSite(name, site, p)));
  ops.push(probe.statements(placeOnRandomFreeSite('beacon', 'edge')));
  for (let k = 0; k < 2; k++) ops.push(probe.statements(removeFromRandomTakenSite('edge')), probe.statements(removeFromRandomTakenSite('corner')));
  return { ops, graph: probe.graph() };
}

/** the first seat's legal moves, as text */
export const offered = (g: Game): string[] => g.legalActions(0).map((m) => JSON.stringify(m));

/**
 * Plays `steps` random board changes (chosen by `opSeed`) on three games of seed 5 and expects the
 * same offers from each after every step; returns each step's offers and the generated game.
 */
export function offersAgreeAfterRandomChanges(
  generatedGraph: LoadedGraph,
  closureGraph: LoadedGraph,
  setup: { players: number; owned: readonly OwnedPiece[]; steps: number; opSeed: number },
): { offers: string[][]; game: Game; reference: Game } {
  const generated = randomBoardChanges(generatedGraph, setup.players, setup.owned);
  const closures = randomBoardChanges(closureGraph, setup.players, setup.owned);
  const game = createGame(generated.graph, { seed: 5, players: setup.players }).value!;
  const reference = createGame(closures.graph, { seed: 5, players: setup.players }).value!;
  const restored = createGame(generated.graph, { seed: 5, players: setup.players }).value!;
  const random = seededUint32(setup.opSeed);
  const offers: string[][] = [];
  for (let step = 0; step < setup.steps; step++) {
    const op = random() % generated.ops.length;
    expect(game.runStatements(generated.ops[op]!)).toBe(true);
    expect(reference.runStatements(closures.ops[op]!)).toBe(true);
    game.refreshDecisions();
    reference.refreshDecisions();
    const options = offered(game);
    expect(options).toEqual(offered(reference));
    // a restore leaves any index out of step: the next listing rebuilds it
    restored.restore(game.snapshot());
    restored.refreshDecisions();
    expect(offered(restored)).toEqual(options);
    offers.push(options);
  }
  return { offers, game, reference };
}
