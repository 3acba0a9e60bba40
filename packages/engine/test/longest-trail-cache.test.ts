import { describe, expect, it } from 'vitest';
import type { Expr, PieceNode, Stmt } from '@houserules/schema';
import { createGame, createProbe, loadGraph } from '../src/index.ts';
import type { Game } from '../src/run/game.ts';
import { seededUint32 } from './board-helpers.ts';
import { at } from './graph-builder.ts';
import { cornerAt, edgeAt, place, placeOnRandomFreeSite, removeAt, removeFromRandomTakenSite, seat, siteGame } from './site-graph.ts';

/*
 * The longest trail is cached per player and invalidated only by the pieces
 * that can change it. These tests read cached lengths, change the board, and
 * check each length against the truth.
 */


const piece = (name: string, site: PieceNode['site'], count: number, perPlayer: boolean): PieceNode => ({
  id: `piece:${name}`,
  name,
  site,
  supply: count,
  perPlayer,
  provenance: at,
});

/** the site game with two per-player edge kinds (road, ship), towns, and a global piece on corners and on edges */
function trailGame() {
  const pieces = [
    piece('town', 'corner', 8, true),
    piece('road', 'edge', 12, true),
    piece('ship', 'edge', 12, true),
    piece('beacon', 'corner', 1, false),
    piece('bridge', 'edge', 1, false),
  ];
  return loadGraph(siteGame({ pieces })).value!;
}

const trail = (player: number, ...kinds: string[]): Expr => ({ k: 'trail', player: seat(player), pieces: kinds.map((k) => `piece:${k}`) });

describe('the longest trail cache', () => {
  for (const codegen of [true, false]) {
    it(`sees an opponent's town cut a cached trail, and a player's own road extend it (codegen ${codegen})`, () => {
      const lg = loadGraph(siteGame({ pieces: [piece('town', 'corner', 3, true), piece('road', 'edge', 8, true)] }), { codegen }).value!;
      const probe = createProbe(lg);
      const run = (body: Stmt[]) => probe.statements(body);
      // edge i of the centre hex joins its corners i and i + 1
      const roads = run([0, 1, 2, 3, 4].map((i) => place('piece:road', seat(0), edgeAt(0, 0, i))));
      const otherRoad = run([place('piece:road', seat(1), edgeAt(1, 0, 0))]);
      const cut = run([place('piece:town', seat(1), cornerAt(0, 0, 2))]);
      const uncut = run([removeAt(cornerAt(0, 0, 2))]);
      const close = run([place('piece:road', seat(0), edgeAt(0, 0, 5))]);
      const ownTown = run([place('piece:town', seat(0), cornerAt(0, 0, 4))]);
      const mine = probe.value(trail(0, 'road'));
      const theirs = probe.value(trail(1, 'road'));
      const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
      const both = () => [mine(game), theirs(game)];

      expect(both()).toEqual([0, 0]);
      game.runStatements(roads);
      expect(both()).toEqual([5, 0]);
      // another player's road elsewhere: theirs grows, mine stays
      game.runStatements(otherRoad);
      expect(both()).toEqual([5, 1]);
      // a town of the other player in the middle of my cached trail cuts it
      game.runStatements(cut);
      expect(both()).toEqual([3, 1]);
      game.runStatements(uncut);
      expect(both()).toEqual([5, 1]);
      // my own road closes the loop around the hex
      game.runStatements(close);
      expect(both()).toEqual([6, 1]);
      // my own town on my loop neither cuts nor lengthens it
      game.runStatements(ownTown);
      expect(both()).toEqual([6, 1]);
      game.runStatements(cut);
      expect(both()).toEqual([6, 1]);
    });
  }

  it("sees a player's own town join their road and ship, and another player's town part them", () => {
    const lg = trailGame();
    const probe = createProbe(lg);
    const run = (body: Stmt[]) => probe.statements(body);
    const network = run([place('piece:road', seat(0), edgeAt(0, 0, 0)), place('piece:ship', seat(0), edgeAt(0, 0, 1))]);
    const join = run([place('piece:town', seat(0), cornerAt(0, 0, 1))]);
    const free = run([removeAt(cornerAt(0, 0, 1))]);
    const block = run([place('piece:town', seat(1), cornerAt(0, 0, 1))]);
    const mixed = probe.value(trail(0, 'road', 'ship'));
    const roads = probe.value(trail(0, 'road'));
    const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;

    game.runStatements(network);
    expect([mixed(game), roads(game)]).toEqual([1, 1]);
    game.runStatements(join);
    expect([mixed(game), roads(game)]).toEqual([2, 1]);
    game.runStatements(free);
    expect([mixed(game), roads(game)]).toEqual([1, 1]);
    game.runStatements(block);
    expect([mixed(game), roads(game)]).toEqual([1, 1]);
  });

  it('agrees with a length found from scratch after every one of many random placements and removals', () => {
    const lg = trailGame();
    const probe = createProbe(lg);
    const players = 3;
    const kinds = [['road'], ['ship'], ['road', 'ship'], ['ship', 'road', 'road']];
    const lengths = kinds.flatMap((k) => Array.from({ length: players }, (_, p) => probe.value(trail(p, ...k))));
    const placeRandom = placeOnRandomFreeSite;
    const removeRandom = removeFromRandomTakenSite;
    const ops: ((g: Game) => void)[] = [];
    for (let p = 0; p < players; p++) {
      // edges more often than corners, so that trails grow long
      for (let k = 0; k < 3; k++) ops.push(probe.statements(placeRandom('road', 'edge', p)), probe.statements(placeRandom('ship', 'edge', p)));
      ops.push(probe.statements(placeRandom('town', 'corner', p)));
    }
    ops.push(probe.statements(placeRandom('beacon', 'corner')), probe.statements(placeRandom('bridge', 'edge')));
    for (let k = 0; k < 3; k++) ops.push(probe.statements(removeRandom('edge')), probe.statements(removeRandom('corner')));

    const graph = probe.graph();
    const game = createGame(graph, { seed: 7, players, holdFlow: true }).value!;
    const fresh = createGame(graph, { seed: 7, players, holdFlow: true }).value!;
    const random = seededUint32(11);
    let longest = 0;
    for (let step = 0; step < 600; step++) {
      expect(game.runStatements(ops[random() % ops.length]!)).toBe(true);
      const cached = lengths.map((length) => length(game) as number);
      // restoring rebuilds every trail from the board
      fresh.restore(game.snapshot());
      expect(cached).toEqual(lengths.map((length) => length(fresh)));
      longest = Math.max(longest, ...cached);
    }
    // the walk went somewhere: trails long enough to be cut and joined
    expect(longest).toBeGreaterThanOrEqual(5);
  });
});
