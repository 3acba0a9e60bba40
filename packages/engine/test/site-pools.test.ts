// Pools per site (`per hex { pool stock { coin } }`): one instance per hex, corner or edge, addressed
// by the site; tokens in them are conserved like any other; the board view lists what they hold.
import type { Expr } from '@houserules/schema';
import { describe, expect, it } from 'vitest';
import { createGame, createProbe, loadGraph } from '../src/index.ts';
import { count, lit, local, move, pool } from './graph-builder.ts';
import { cornerAt, hexAt, rel, siteGame, sites } from './site-graph.ts';

/** the site game with a box of 30 coins, 5 of them into each of two hexes at game start, and a per-corner pool */
function pooled(capacity?: number): ReturnType<typeof siteGame> {
  const g = siteGame();
  g.pools.push(
    pool('box', 'global', [{ token: 'token:coin', initial: 30 }]),
    pool('stock', 'hex', [capacity === undefined ? { token: 'token:coin', initial: 0 } : { token: 'token:coin', initial: 0, capacity }]),
    pool('cache', 'corner', [{ token: 'token:coin', initial: 0 }]),
  );
  g.rules.push({
    id: 'rule:fill',
    name: 'fill',
    status: 'active',
    event: 'event:game_start',
    bindings: [],
    body: [move('token:coin', lit(5), 'pool:box', 'pool:stock', undefined, hexAt(0, 0)), move('token:coin', lit(5), 'pool:box', 'pool:stock', undefined, hexAt(1, 0))],
    order: 0,
    provenance: g.rules[0]!.provenance,
  });
  return g;
}

const stock = (of: Expr): Expr => count('pool:stock', 'token:coin', of);

describe.each([true, false])('pools per site (codegen %s)', (codegen) => {
  it('start empty, take tokens by site, and keep each token\'s total', () => {
    const probe = createProbe(loadGraph(pooled(), { codegen }).value!);
    const centre = probe.value(stock(hexAt(0, 0)));
    const east = probe.value(stock(hexAt(1, 0)));
    const west = probe.value(stock(hexAt(-1, 0)));
    const all = probe.value({ k: 'agg', fn: 'sum', bind: 'h', over: sites('hex'), value: stock(local('h')) });
    const box = probe.value(count('pool:box', 'token:coin'));
    // from the centre's stock to a corner's cache, then along that corner's hexes
    const shift = probe.statements([
      move('token:coin', lit(2), 'pool:stock', 'pool:cache', hexAt(0, 0), cornerAt(0, 0, 0)),
      { s: 'for', bind: 'h', over: rel('hexes', cornerAt(0, 0, 0)), body: [move('token:coin', lit(1), 'pool:box', 'pool:stock', undefined, local('h'))] },
    ]);
    const cache = probe.value(count('pool:cache', 'token:coin', cornerAt(0, 0, 0)));
    const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true, checkInvariants: true }).value!;
    expect([centre(game), east(game), west(game), all(game), box(game)]).toEqual([5, 5, 0, 10, 20]);
    expect(game.runStatements(shift)).toBe(true);
    expect(cache(game)).toBe(2);
    expect(all(game)).toBe(10 - 2 + 3);
    expect(box(game)).toBe(17);
    const view = game.view(0).board!;
    const centreId = game.boardGeometry()!.hexes.find((h) => h.q === 0 && h.r === 0)!.id;
    expect(view.pools!.stock![centreId]).toEqual({ coin: 4 });
    expect(Object.values(view.pools!.cache!)).toEqual([{ coin: 2 }]);
    // per-site pools are the board's, not listed with the game's and players' pools
    expect(Object.keys(game.view(0).pools)).not.toContain('stock');
    expect(game.error).toBeNull();
  });

  it('refuse a move past a site pool\'s capacity, and a site that is not of its kind', () => {
    const probe = createProbe(loadGraph(pooled(6), { codegen }).value!);
    const over = probe.statements([move('token:coin', lit(2), 'pool:box', 'pool:stock', undefined, hexAt(0, 0))]);
    const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
    expect(game.runStatements(over)).toBe(false);
    expect(game.error?.code).toBe('run/capacity-exceeded');
    const wrong = probe.statements([move('token:coin', lit(1), 'pool:box', 'pool:stock', undefined, cornerAt(0, 0, 0))]);
    const second = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
    expect(second.runStatements(wrong)).toBe(false);
    expect(second.error?.code).toBe('run/no-such-site');
    const read = probe.value(stock(lit(-1)));
    const third = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
    read(third);
    expect(third.error?.code).toBe('run/no-such-site');
  });

  it('are part of the snapshot and the state hash', () => {
    const probe = createProbe(loadGraph(pooled(), { codegen }).value!);
    const take = probe.statements([move('token:coin', lit(1), 'pool:stock', 'pool:box', hexAt(1, 0))]);
    const east = probe.value(stock(hexAt(1, 0)));
    const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
    const before = game.snapshot();
    const hash = game.stateHash();
    expect(game.runStatements(take)).toBe(true);
    expect(east(game)).toBe(4);
    expect(game.stateHash()).not.toBe(hash);
    game.restore(before);
    expect(east(game)).toBe(5);
    expect(game.stateHash()).toBe(hash);
  });
});

describe('pools per site without a board', () => {
  it('are a load diagnostic, not a crash', () => {
    const g = pooled();
    g.boards = [];
    g.pieces = [];
    const r = loadGraph(g);
    expect(r.value).toBeNull();
    expect(r.diagnostics.map((d) => d.code)).toContain('run/unknown-reference');
  });
});
