import { describe, expect, it } from 'vitest';
import type { Expr } from '@houserules/schema';
import { createGame, createProbe, loadGraph, playGame, randomAgent, replayLog } from '../src/index.ts';
import { bin, lit } from './graph-builder.ts';
import { attr, boardNode, cornerAt, edgeAt, hexAt, place, rel, siteGame, sites, size } from './site-graph.ts';

const seat = (index: number): Expr => ({ k: 'seat', index });

describe('the board of a game', () => {
  it('deals kinds and values from the seed before game_start', () => {
    const lg = loadGraph(siteGame()).value!;
    const boards = new Set<string>();
    for (let seed = 0; seed < 8; seed++) {
      const game = createGame(lg, { seed, players: 2 }).value!;
      const view = game.view(0);
      const { hexKinds, hexValues } = view.board!;
      const land = hexKinds.slice(0, 7);
      expect([...land].sort()).toEqual(['a', 'a', 'b', 'b', 'c', 'c', 'd']);
      expect(hexKinds.slice(7)).toEqual(new Array(12).fill('sea'));
      expect(hexValues[land.indexOf('d')]).toBe(-1);
      expect(hexValues.slice(0, 7).filter((v) => v >= 0).sort((x, y) => x - y)).toEqual([2, 3, 4, 5, 6, 8]);
      // a game_start rule saw the dealt board
      const centre = game.boardGeometry()!.hexes.find((h) => h.q === 0 && h.r === 0)!.id;
      expect(view.vars.centre_kind).toBe(hexKinds[centre]);
      expect(createGame(lg, { seed, players: 2 }).value!.view(1).board!.hexKinds).toEqual(hexKinds);
      boards.add(JSON.stringify(hexKinds));
    }
    expect(boards.size).toBeGreaterThan(1);
  });

  it.each([true, false])('lists sites, relations, regions and sites by coordinates (codegen %s)', (codegen) => {
    const probe = createProbe(loadGraph(siteGame(), { codegen }).value!);
    const exprs: Expr[] = [
      size(sites('hex')),
      size(sites('corner')),
      size(sites('edge')),
      size(rel('corners', hexAt(0, 0))),
      size(rel('neighbours', hexAt(0, 0))),
      size(rel('neighbours', hexAt(1, 0))),
      size(rel('hexes', cornerAt(0, 0, 0))),
      size(rel('neighbours', cornerAt(0, 0, 0))),
      size(rel('corners', edgeAt(0, 0, 0))),
      size({ k: 'region', name: 'middle' }),
      hexAt(5, 5),
      bin('==', cornerAt(0, 0, 0), cornerAt(1, -1, 2)),
      bin('==', edgeAt(0, 0, 0), edgeAt(1, 0, 3)),
      { k: 'call', fn: 'contains', args: [rel('corners', edgeAt(0, 0, 0)), cornerAt(0, 0, 1)] },
      { k: 'call', fn: 'contains', args: [{ k: 'region', name: 'middle' }, hexAt(0, 0)] },
      { k: 'call', fn: 'contains', args: [{ k: 'list', items: [cornerAt(0, 0, 3), cornerAt(0, 0, 0)] }, cornerAt(1, -1, 2)] },
      { k: 'call', fn: 'contains', args: [{ k: 'list', items: [cornerAt(0, 0, 3), cornerAt(0, 0, 0)] }, cornerAt(1, -1, 0)] },
      // coordinates computed in play
      bin('==', { k: 'siteAt', site: 'hex', q: bin('-', lit(1), lit(1)), r: lit(0) }, hexAt(0, 0)),
      { k: 'siteAt', site: 'corner', q: bin('+', lit(1), lit(0)), r: lit(0), i: lit(6) },
    ];
    const reads = exprs.map((e) => probe.value(e));
    const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
    // radius 1: 7 hexes, 24 corners, 30 sides (the frame is only reached through relations)
    expect(reads.map((r) => r(game))).toEqual([7, 24, 30, 6, 6, 6, 3, 3, 2, 1, -1, 1, 1, 1, 1, 1, 0, 1, -1]);
  });

  it('reads site attributes of a bound site alike with and without code generation, out of range too', () => {
    const x = { k: 'local', name: 'x' } as const;
    const firstOf = (items: Expr[], value: Expr): Expr => ({ k: 'agg', fn: 'first', bind: 'x', over: { k: 'list', items }, value });
    const everySite = (site: 'hex' | 'corner' | 'edge', value: Expr): Expr => ({ k: 'agg', fn: 'sum', bind: 'x', over: sites(site), value });
    const exprs: Expr[] = [
      firstOf([cornerAt(0, 0, 0)], attr('piece', x)),
      firstOf([cornerAt(0, 0, 0)], attr('owner', x)),
      firstOf([cornerAt(0, 0, 1)], attr('piece', x)),
      firstOf([cornerAt(0, 0, 1)], attr('owner', x)),
      firstOf([lit(-5)], attr('piece', x)),
      firstOf([lit(100000)], attr('owner', x)),
      firstOf([cornerAt(0, 0, 0)], attr('kind', x)),
      firstOf([cornerAt(0, 0, 0)], attr('value', x)),
      everySite('hex', attr('value', x)),
      everySite('corner', { k: 'if', c: bin('==', attr('piece', x), lit('piece:town')), t: lit(1), e: lit(0) }),
      firstOf([hexAt(0, 0)], attr('kind', x)),
    ];
    const results = [true, false].map((codegen) => {
      const probe = createProbe(loadGraph(siteGame(), { codegen }).value!);
      const build = probe.statements([place('piece:town', seat(1), cornerAt(0, 0, 0))]);
      const reads = exprs.map((e) => probe.value(e));
      const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
      expect(game.runStatements(build)).toBe(true);
      return reads.map((r) => r(game));
    });
    // hex values: 2+3+4+5+6+8 on the numbered hexes, -1 on the unnumbered one (the frame is not listed)
    expect(results[0]!.slice(0, 10)).toEqual(['piece:town', 1, 'none', -1, 'none', -1, 'none', -1, 28 - 1, 1]);
    expect(results[1]).toEqual(results[0]);
  });

  it('gives geometry for drawing by site value', () => {
    const game = createGame(loadGraph(siteGame()).value!, { seed: 1, players: 2 }).value!;
    const geo = game.boardGeometry()!;
    expect(geo.hexes).toHaveLength(19);
    expect(geo.hexes.filter((h) => h.frame)).toHaveLength(12);
    const ids = new Set([...geo.hexes, ...geo.corners, ...geo.edges].map((s) => s.id));
    expect(ids.size).toBe(geo.hexes.length + geo.corners.length + geo.edges.length);
    const corner = new Map(geo.corners.map((c) => [c.id, c]));
    for (const e of geo.edges) {
      expect(Math.hypot(e.x2 - e.x1, e.y2 - e.y1)).toBeCloseTo(1);
      expect(corner.get(e.from)!.x).toBeCloseTo(e.x1);
    }
  });

  it('reports board problems as load diagnostics at the board', () => {
    const g = siteGame({ boards: [boardNode({ kinds: { values: ['a', 'b'], shuffled: false } })] });
    const r = loadGraph(g);
    expect(r.value).toBeNull();
    expect(r.diagnostics.map((d) => d.code)).toContain('board/kind-count');
    expect(r.diagnostics.find((d) => d.code === 'board/kind-count')!.file).toBe('test.rules');
  });
});

describe.each([true, false])('board rules (codegen %s)', (codegen) => {
  it('enumerates actions over corners with a distance rule', () => {
    const lg = loadGraph(siteGame(), { codegen }).value!;
    const probe = createProbe(lg);
    const x = cornerAt(0, 0, 0);
    const arrange = probe.statements([place('piece:town', seat(1), x)]);
    const neighbours = probe.value(size(rel('neighbours', x)));
    const game = createGame(probe.graph(), { seed: 2, players: 2, holdFlow: true }).value!;
    expect(game.runStatements(arrange)).toBe(true);
    game.resume();
    const options = game.legalActions(0);
    const towns = options.filter((m) => m.kind === 'action' && m.action === 'action:build_town');
    expect(towns).toHaveLength(24 - 1 - (neighbours(game) as number));
    // roads must start at one of the player's towns: none yet
    expect(options.filter((m) => m.kind === 'action' && m.action === 'action:build_road')).toHaveLength(0);
    const taken = game.apply(0, { kind: 'action', action: 'build_town', args: [(towns[0] as { args: number[] }).args[0]!] });
    expect(taken.value).toBe(true);
    // three roads touch the new town (a corner of the layout with three sides)
    expect(game.legalActions(0).filter((m) => m.kind === 'action' && m.action === 'action:build_road').length).toBeGreaterThanOrEqual(2);
    const refused = game.apply(0, { kind: 'action', action: 'build_town', args: [(towns[0] as { args: number[] }).args[0]!] });
    expect(refused.diagnostics[0]?.hint).toBe('taken');
  });

  it('finds the longest trail and cuts it at another player’s town', () => {
    const lg = loadGraph(siteGame(), { codegen }).value!;
    const probe = createProbe(lg);
    const roads = probe.statements([0, 1, 2, 3, 4].map((i) => place('piece:road', seat(0), edgeAt(0, 0, i))));
    const block = probe.statements([place('piece:town', seat(1), cornerAt(0, 0, 2))]);
    const unblock = probe.statements([{ s: 'removePiece', at: cornerAt(0, 0, 2) }]);
    const own = probe.statements([place('piece:town', seat(0), cornerAt(0, 0, 2))]);
    const trail = probe.value({ k: 'trail', player: seat(0), pieces: ['piece:road'] });
    const other = probe.value({ k: 'trail', player: seat(1), pieces: ['piece:road'] });
    const far = probe.value({ k: 'distance', from: cornerAt(0, 0, 0), to: cornerAt(0, 0, 3) });
    const game = createGame(probe.graph(), { seed: 2, players: 2, holdFlow: true }).value!;
    expect([trail(game), other(game), far(game)]).toEqual([0, 0, 3]);
    game.runStatements(roads);
    expect(trail(game)).toBe(5);
    const snap = game.snapshot();
    game.runStatements(block);
    expect(trail(game)).toBe(3);
    game.runStatements(unblock);
    expect(trail(game)).toBe(5);
    game.runStatements(own);
    expect(trail(game)).toBe(5);
    game.runStatements(unblock);
    game.runStatements(block);
    expect(trail(game)).toBe(3);
    // restoring brings the trail back even though no piece was placed since
    game.restore(snap);
    expect(trail(game)).toBe(5);
    expect(other(game)).toBe(0);
  });

  it('a roll yields the hex kind’s token to each town on it', () => {
    const lg = loadGraph(siteGame(), { codegen }).value!;
    const probe = createProbe(lg);
    const first = createGame(lg, { seed: 6, players: 2 }).value!;
    const { hexKinds, hexValues } = first.view(0).board!;
    const hex = first.boardGeometry()!.hexes.find((h) => !h.frame && hexKinds[h.id] !== 'd')!;
    const arrange = probe.statements([place('piece:town', seat(1), cornerAt(hex.q, hex.r, 0)), place('piece:town', seat(0), cornerAt(hex.q, hex.r, 3))]);
    const produce = probe.statements([{ s: 'emit', event: 'event:produce', args: [] }]);
    const game = createGame(probe.graph(), { seed: 6, players: 2, holdFlow: true, checkInvariants: true }).value!;
    game.runStatements(arrange);
    const value = hexValues[hex.id]!;
    game.forceDice(value > 7 ? [value - 6, 6] : [1, value - 1]);
    expect(game.runStatements(produce)).toBe(true);
    const hands = game.view(0).pools.hand as Record<string, number>[];
    const kind = hexKinds[hex.id]!;
    expect(hands.map((h) => h[kind])).toEqual([1, 1]);
    expect(hands.map((h) => (h.a ?? 0) + (h.b ?? 0) + (h.c ?? 0))).toEqual([1, 1]);
  });

  it('produces for towns on rolled hexes and conserves tokens', () => {
    const lg = loadGraph(siteGame(), { codegen }).value!;
    for (let seed = 0; seed < 6; seed++) {
      const { game } = playGame(lg, { seed, players: 3, checkInvariants: true }, (s) => randomAgent(seed + 10 * s));
      expect(game!.error).toBeNull();
      const rolls = game!.log.filter((e) => e.event === '$roll').length;
      expect(rolls).toBe(12);
    }
  });
});

describe('board games play alike with and without code generation', () => {
  it('same logs, outcomes and hashes; a log replays', () => {
    const generated = loadGraph(siteGame()).value!;
    const closures = loadGraph(siteGame(), { codegen: false }).value!;
    let produced = 0;
    for (let seed = 0; seed < 20; seed++) {
      const a = playGame(generated, { seed, players: 3 }, (s) => randomAgent(seed * 3 + s));
      const b = playGame(closures, { seed, players: 3 }, (s) => randomAgent(seed * 3 + s));
      expect(a.game!.log).toEqual(b.game!.log);
      expect(a.game!.stateHash()).toBe(b.game!.stateHash());
      expect(a.game!.view(0)).toEqual(b.game!.view(0));
      const hands = a.game!.view(0).pools.hand as Record<string, number>[];
      produced += hands.reduce((n, h) => n + (h.a ?? 0) + (h.b ?? 0) + (h.c ?? 0), 0);
      const replayed = replayLog(closures, { seed, players: 3 }, a.game!.log);
      expect(replayed.diagnostics).toEqual([]);
      expect(replayed.value!.stateHash()).toBe(a.game!.stateHash());
    }
    // the production loop really ran
    expect(produced).toBeGreaterThan(0);
  });

  it('reads hex kinds and values in rules', () => {
    const lg = loadGraph(siteGame()).value!;
    const probe = createProbe(lg);
    const desert = probe.value({ k: 'agg', fn: 'first', bind: 'h', over: sites('hex'), where: bin('==', attr('kind', { k: 'local', name: 'h' }), lit('d')), value: attr('value', { k: 'local', name: 'h' }) });
    const sum = probe.value({ k: 'agg', fn: 'sum', bind: 'h', over: sites('hex'), value: attr('value', { k: 'local', name: 'h' }) });
    const game = createGame(probe.graph(), { seed: 4, players: 2, holdFlow: true }).value!;
    expect(desert(game)).toBe(-1);
    expect(sum(game)).toBe(2 + 3 + 4 + 5 + 6 + 8 - 1);
  });
});

describe('spots and paths inside a hex', () => {
  // hex (0, 0) holds spots s1, s2; path p1 joins its corner 0 to s1, path p2 joins s1 to s2
  const town = (): ReturnType<typeof siteGame> =>
    siteGame({
      boards: [
        boardNode({
          internals: {
            spots: [{ q: 0, r: 0, name: 's1' }, { q: 0, r: 0, name: 's2' }],
            paths: [
              { q: 0, r: 0, name: 'p1', from: { corner: 0 }, to: { spot: 's1' } },
              { q: 0, r: 0, name: 'p2', from: { spot: 's1' }, to: { spot: 's2' } },
            ],
          },
        }),
      ],
    });
  const x: Expr = { k: 'local', name: 'x' };
  const edgeCount = (of: Expr): Expr => size(rel('edges', of));
  // s1 is the only corner of hex (0, 0) with exactly two edges (a corner of an inner hex has three)
  const isFirstSpot = bin('==', edgeCount(x), lit(2));

  it.each([true, false])('counts spots among corners and paths among edges, joins them, and takes pieces (codegen %s)', (codegen) => {
    const probe = createProbe(loadGraph(town(), { codegen }).value!);
    const build = probe.statements([{ s: 'for', bind: 'x', over: rel('corners', hexAt(0, 0)), where: isFirstSpot, body: [place('piece:town', seat(1), x)] }]);
    const exprs: Expr[] = [
      size(sites('corner')),
      size(sites('edge')),
      size(rel('corners', hexAt(0, 0))),
      size(rel('edges', hexAt(0, 0))),
      size(rel('neighbours', cornerAt(0, 0, 0))),
      edgeCount(cornerAt(0, 0, 0)),
      { k: 'agg', fn: 'count', bind: 'x', over: rel('corners', hexAt(0, 0)), where: isFirstSpot },
      // s1's neighbours: corner 0 and s2
      { k: 'agg', fn: 'first', bind: 'x', over: rel('corners', hexAt(0, 0)), where: isFirstSpot, value: { k: 'call', fn: 'contains', args: [rel('neighbours', x), cornerAt(0, 0, 0)] } },
      { k: 'agg', fn: 'first', bind: 'x', over: rel('corners', hexAt(0, 0)), where: isFirstSpot, value: size(rel('neighbours', x)) },
      { k: 'agg', fn: 'first', bind: 'x', over: rel('corners', hexAt(0, 0)), where: isFirstSpot, value: size(rel('hexes', x)) },
      { k: 'agg', fn: 'sum', bind: 'x', over: sites('corner'), value: { k: 'if', c: bin('==', attr('piece', x), lit('piece:town')), t: lit(1), e: lit(0) } },
      { k: 'agg', fn: 'first', bind: 'x', over: rel('corners', hexAt(0, 0)), where: isFirstSpot, value: attr('owner', x) },
    ];
    const reads = exprs.map((e) => probe.value(e));
    const game = createGame(probe.graph(), { seed: 1, players: 2, holdFlow: true }).value!;
    expect(game.runStatements(build)).toBe(true);
    expect(reads.map((r) => r(game))).toEqual([26, 32, 8, 8, 4, 4, 1, 1, 2, 1, 1, 1]);
  });

  it('names spots and paths in the geometry for drawing, and flags the paths', () => {
    const game = createGame(loadGraph(town()).value!, { seed: 1, players: 2 }).value!;
    const geo = game.boardGeometry()!;
    expect(geo.corners.filter((c) => c.spot).map((c) => c.name)).toEqual(['s1', 's2']);
    expect(geo.corners.filter((c) => !c.spot).every((c) => c.name === undefined)).toBe(true);
    const paths = geo.edges.filter((e) => e.path);
    expect(paths.map((e) => e.name)).toEqual(['p1', 'p2']);
    const spot = new Map(geo.corners.map((c) => [c.id, c]));
    expect(spot.get(paths[1]!.from)!.name).toBe('s1');
    expect(spot.get(paths[1]!.to)!.name).toBe('s2');
    expect(geo.edges.slice(-2)).toEqual(paths);
  });

  it('reports a path to a spot the hex lacks', () => {
    const bad = town();
    bad.boards[0]!.internals!.paths[1]!.to = { spot: 'nowhere' };
    expect(loadGraph(bad).diagnostics.map((d) => d.code)).toContain('board/dangling-edge');
  });
});
