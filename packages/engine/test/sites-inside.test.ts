// Sites inside a hex (spots and paths): `inside`, sites by name, their geometry and their part in
// queries, alike with and without code generation.
import { describe, expect, it } from 'vitest';
import type { Expr } from '@houserules/schema';
import { createGame, createProbe, loadGraph } from '../src/index.ts';
import { bin, lit } from './graph-builder.ts';
import { attr, boardNode, cornerAt, edgeAt, hexAt, place, rel, siteGame, size } from './site-graph.ts';

const seat = (index: number): Expr => ({ k: 'seat', index });
const named = (site: 'corner' | 'edge', name: string, of: Expr): Expr => ({ k: 'siteNamed', site, name, of });

/** the site game with a town in its centre hex: three spots, each joined to a corner by a path */
const townGame = () =>
  siteGame({
    boards: [
      boardNode({
        internals: {
          spots: [{ q: 0, r: 0, name: 'station' }, { q: 0, r: 0, name: 'hotel' }, { q: 0, r: 0, name: 'store' }],
          paths: [
            { q: 0, r: 0, name: 'trail', from: { corner: 5 }, to: { spot: 'station' } },
            { q: 0, r: 0, name: 'tracks', from: { corner: 1 }, to: { spot: 'hotel' } },
            { q: 0, r: 0, name: 'river', from: { corner: 3 }, to: { spot: 'store' } },
          ],
        },
      }),
    ],
  });

describe.each([true, false])('sites inside a hex (codegen %s)', (codegen) => {
  it('names them by hex, tells them from corners and sides, and joins them to the corners', () => {
    const probe = createProbe(loadGraph(townGame(), { codegen }).value!);
    const centre = hexAt(0, 0);
    const station = named('corner', 'station', centre);
    const trail = named('edge', 'trail', centre);
    const exprs: Expr[] = [
      bin('==', attr('inside', station), centre),
      bin('==', attr('inside', trail), centre),
      attr('inside', cornerAt(0, 0, 5)),
      attr('inside', edgeAt(0, 0, 0)),
      attr('inside', centre),
      // another hex has no station; a site that is no hex has none either
      named('corner', 'station', hexAt(1, 0)),
      named('corner', 'station', cornerAt(0, 0, 0)),
      // the trail joins the top corner (5) to the station
      { k: 'call', fn: 'contains', args: [rel('corners', trail), cornerAt(0, 0, 5)] },
      { k: 'call', fn: 'contains', args: [rel('corners', trail), station] },
      { k: 'call', fn: 'contains', args: [rel('neighbours', cornerAt(0, 0, 5)), station] },
      size(rel('neighbours', station)),
      size(rel('hexes', station)),
      // the centre hex lists its 6 corners and 3 spots, its 6 sides and 3 paths
      size(rel('corners', centre)),
      size(rel('edges', centre)),
      { k: 'distance', from: cornerAt(0, 0, 5), to: named('corner', 'hotel', centre) },
      { k: 'agg', fn: 'count', bind: 'x', over: { k: 'sites', site: 'corner' }, where: bin('!=', attr('inside', { k: 'local', name: 'x' }), lit(-1)) },
    ];
    const reads = exprs.map((e) => probe.value(e));
    const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
    expect(reads.map((r) => r(game))).toEqual([1, 1, -1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 9, 9, 3, 3]);
  });

  it('lets pieces stand on them and trails run along them', () => {
    const probe = createProbe(loadGraph(townGame(), { codegen }).value!);
    const centre = hexAt(0, 0);
    const build = probe.statements([
      place('piece:road', seat(0), edgeAt(0, 0, 4)),
      place('piece:road', seat(0), named('edge', 'trail', centre)),
      place('piece:town', seat(0), named('corner', 'station', centre)),
    ]);
    const trail = probe.value({ k: 'trail', player: seat(0), pieces: ['piece:road'] });
    const owner = probe.value(attr('owner', named('corner', 'station', centre)));
    const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
    expect(game.runStatements(build)).toBe(true);
    // side 4 (corners 4–5) then the trail (corner 5 to the station)
    expect([trail(game), owner(game)]).toEqual([2, 0]);
  });
});

describe('sites inside a hex, for drawing', () => {
  it('gives spots and paths their names and hex, spots drawn towards their path’s corner', () => {
    const game = createGame(loadGraph(townGame()).value!, { seed: 1, players: 2 }).value!;
    const geo = game.boardGeometry()!;
    const centre = geo.hexes.find((h) => h.q === 0 && h.r === 0)!;
    const spots = geo.corners.filter((c) => c.spot);
    expect(spots.map((s) => [s.name, s.inside])).toEqual([['station', centre.id], ['hotel', centre.id], ['store', centre.id]]);
    expect(geo.corners.filter((c) => !c.spot).every((c) => c.name === undefined && c.inside === undefined)).toBe(true);
    const paths = geo.edges.filter((e) => e.inside !== undefined);
    expect(paths.map((p) => p.name)).toEqual(['trail', 'tracks', 'river']);
    // the station lies 0.45 of the way from the centre up to the top corner
    const station = spots[0]!;
    expect(station.x).toBeCloseTo(centre.x, 9);
    expect(station.y).toBeCloseTo(centre.y - 0.45, 9);
    // each path ends at a corner of the hex and at its spot
    const trail = paths[0]!;
    expect([trail.from, trail.to]).toContain(station.id);
  });

  it('refuses at load a graph naming a spot that no hex has', () => {
    const g = townGame();
    g.derived.push({ id: 'derived:saloon', name: 'saloon', params: [], type: { t: 'site', site: 'corner' }, value: named('corner', 'saloon', hexAt(0, 0)), perPlayer: false, provenance: g.derived[0]!.provenance });
    const r = loadGraph(g);
    expect(r.value).toBeNull();
    expect(r.diagnostics.find((d) => d.code === 'run/unknown-reference')?.message).toContain('saloon');
  });
});
