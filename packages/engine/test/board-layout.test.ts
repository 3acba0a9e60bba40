import { describe, expect, it } from 'vitest';
import {
  buildBoard,
  cornerOf,
  degree,
  hexAt,
  hexagonBoard,
  itemsOf,
  radiusHexes,
  rowHexes,
  rowsBoard,
  sideOf,
  spotNode,
  withFrame,
  withInternals,
  type HexBoard,
} from '../src/board/index.ts';

function must(result: { board: HexBoard | null; problems: unknown[] }): HexBoard {
  expect(result.problems).toEqual([]);
  expect(result.board).not.toBeNull();
  return result.board!;
}

function expectConsistent(board: HexBoard): void {
  for (let h = 0; h < board.hexCount; h++) {
    for (let i = 0; i < 6; i++) {
      const c = cornerOf(board, h, i);
      const s = sideOf(board, h, i);
      expect(itemsOf(board.nodeHexes, c)).toContain(h);
      expect(itemsOf(board.edgeHexes, s)).toContain(h);
      // Side i joins corners i and i + 1.
      const ends = [board.edgeNodes[s * 2], board.edgeNodes[s * 2 + 1]].sort();
      expect(ends).toEqual([c, cornerOf(board, h, (i + 1) % 6)].sort());
      const n = board.hexNeighbours[h * 6 + i]!;
      if (n >= 0) {
        expect(board.hexNeighbours[n * 6 + ((i + 3) % 6)]).toBe(h);
        expect(sideOf(board, n, (i + 3) % 6)).toBe(s);
      } else {
        expect(degree(board.edgeHexes, s)).toBe(1);
      }
    }
  }
  for (let v = 0; v < board.nodeCount; v++) {
    const edges = itemsOf(board.nodeEdges, v);
    const nodes = itemsOf(board.nodeNodes, v);
    expect(edges.length).toBe(nodes.length);
    edges.forEach((e, k) => {
      const ends = [board.edgeNodes[e * 2]!, board.edgeNodes[e * 2 + 1]!];
      expect(ends).toContain(v);
      expect(ends).toContain(nodes[k]);
      expect(itemsOf(board.nodeNodes, nodes[k]!)).toContain(v);
    });
    for (const h of itemsOf(board.nodeHexes, v)) {
      const own = [...Array(6).keys()].map((i) => cornerOf(board, h, i));
      if (v < board.cornerCount) expect(own).toContain(v);
      else expect(board.nodeHex[v]).toBe(h);
    }
  }
}

describe('hex layouts', () => {
  it('radius 2 has 19 hexes, 54 corners and 72 sides', () => {
    const board = must(hexagonBoard(2));
    expect([board.hexCount, board.cornerCount, board.sideCount]).toEqual([19, 54, 72]);
    expect(board.nodeCount).toBe(54);
    expect(board.edgeCount).toBe(72);
  });

  it('rows 3,4,5,4,3 are the radius-2 hexagon', () => {
    const key = (h: { q: number; r: number }) => `${h.q},${h.r}`;
    expect(rowHexes([3, 4, 5, 4, 3]).map(key).sort()).toEqual(radiusHexes(2).map(key).sort());
  });

  it('rows 3,4,5,6,5,4,3 have 30 hexes, 80 corners and 109 sides', () => {
    // By hand: hexes 3+4+5+6+5+4+3 = 30. Shared sides: within rows
    // 2+3+4+5+4+3+2 = 23; between neighbouring rows each hex of the shorter
    // row touches two of the longer one: 2·(3+4+5) above the middle and the
    // same below = 48; so 71 shared. Sides = 6·30 − 71 = 109. The shape is
    // simply connected, so Euler's V − E + F = 1 (faces = hexes) gives
    // corners = 1 + 109 − 30 = 80. (The same count gives 72 and 54 for radius 2.)
    const board = must(rowsBoard([3, 4, 5, 6, 5, 4, 3]));
    expect([board.hexCount, board.cornerCount, board.sideCount]).toEqual([30, 80, 109]);
    expectConsistent(board);
    // The 71 shared sides of the count above, checked directly.
    let shared = 0;
    for (let e = 0; e < board.sideCount; e++) if (degree(board.edgeHexes, e) === 2) shared++;
    expect(shared).toBe(71);
  });

  it('adjacency is symmetric and consistent', () => {
    expectConsistent(must(hexagonBoard(2)));
    expectConsistent(must(hexagonBoard(0)));
  });

  it('each corner touches 1–3 hexes, each side 1–2, and the counts add up', () => {
    const board = must(hexagonBoard(2));
    let hexCorners = 0;
    let hexSides = 0;
    let coast = 0;
    for (let v = 0; v < board.cornerCount; v++) {
      const d = degree(board.nodeHexes, v);
      expect(d).toBeGreaterThanOrEqual(1);
      expect(d).toBeLessThanOrEqual(3);
      hexCorners += d;
      expect([2, 3]).toContain(degree(board.nodeEdges, v));
    }
    for (let e = 0; e < board.sideCount; e++) {
      const d = degree(board.edgeHexes, e);
      expect([1, 2]).toContain(d);
      hexSides += d;
      if (d === 1) coast++;
    }
    expect(hexCorners).toBe(6 * 19);
    expect(hexSides).toBe(6 * 19);
    expect(coast).toBe(30);
  });

  it('numbers ids deterministically: hexes in order, corners and sides by first appearance', () => {
    const board = must(hexagonBoard(2));
    expect([board.hexQ[0], board.hexR[0]]).toEqual([0, -2]);
    expect([...Array(6).keys()].map((i) => cornerOf(board, 0, i))).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...Array(6).keys()].map((i) => sideOf(board, 0, i))).toEqual([0, 1, 2, 3, 4, 5]);
    // Hex 1 is east of hex 0: its west side is hex 0's east side, its corners 3 and 4 are hex 0's 1 and 0.
    expect(hexAt(board, 1, -2)).toBe(1);
    expect(sideOf(board, 1, 3)).toBe(0);
    expect(cornerOf(board, 1, 3)).toBe(1);
    expect(cornerOf(board, 1, 4)).toBe(0);
    expect(cornerOf(board, 1, 0)).toBe(6);
    const again = must(hexagonBoard(2));
    expect(Array.from(again.hexCorners)).toEqual(Array.from(board.hexCorners));
    expect(Array.from(again.edgeNodes)).toEqual(Array.from(board.edgeNodes));
  });

  it('lists hex neighbours across each side', () => {
    const board = must(hexagonBoard(2));
    const centre = hexAt(board, 0, 0);
    const around = [...Array(6).keys()].map((i) => board.hexNeighbours[centre * 6 + i]);
    expect(around).toEqual([hexAt(board, 1, 0), hexAt(board, 0, 1), hexAt(board, -1, 1), hexAt(board, -1, 0), hexAt(board, 0, -1), hexAt(board, 1, -1)]);
    expect(board.hexNeighbours.filter((n) => n >= 0).length).toBe(2 * 42);
  });
});

describe('geometry', () => {
  it('places corners one unit from their hex centre and one unit apart', () => {
    const board = must(hexagonBoard(2));
    const g = board.geometry;
    for (let h = 0; h < board.hexCount; h++) {
      for (let i = 0; i < 6; i++) {
        const c = cornerOf(board, h, i);
        expect(Math.hypot(g.nodeX[c]! - g.hexX[h]!, g.nodeY[c]! - g.hexY[h]!)).toBeCloseTo(1, 9);
      }
    }
    for (let e = 0; e < board.edgeCount; e++) {
      const a = board.edgeNodes[e * 2]!;
      const b = board.edgeNodes[e * 2 + 1]!;
      expect(Math.hypot(g.nodeX[a]! - g.nodeX[b]!, g.nodeY[a]! - g.nodeY[b]!)).toBeCloseTo(1, 9);
      expect(g.edgeMidX[e]).toBeCloseTo((g.nodeX[a]! + g.nodeX[b]!) / 2, 9);
    }
  });

  it('is pointy-top: corner 5 straight above the centre, neighbours √3 apart', () => {
    const board = must(hexagonBoard(1));
    const g = board.geometry;
    const centre = hexAt(board, 0, 0);
    expect(g.hexX[centre]).toBe(0);
    expect(g.hexY[centre]).toBe(0);
    const top = cornerOf(board, centre, 5);
    expect(g.nodeX[top]).toBeCloseTo(0, 9);
    expect(g.nodeY[top]).toBeCloseTo(-1, 9);
    const east = hexAt(board, 1, 0);
    expect(g.hexX[east]).toBeCloseTo(Math.sqrt(3), 9);
    expect(g.hexY[east]).toBeCloseTo(0, 9);
  });

  it('has a bounding box around every corner', () => {
    const { bounds } = must(hexagonBoard(2)).geometry;
    expect(bounds.minX).toBeCloseTo((-5 * Math.sqrt(3)) / 2, 9);
    expect(bounds.maxX).toBeCloseTo((5 * Math.sqrt(3)) / 2, 9);
    expect(bounds.minY).toBeCloseTo(-4, 9);
    expect(bounds.maxY).toBeCloseTo(4, 9);
  });
});

describe('frame', () => {
  it('adds rings of frame hexes and keeps the ids of what was there', () => {
    const land = must(hexagonBoard(2));
    const framed = must(withFrame(land, 1));
    expect(framed.hexCount).toBe(37);
    expect(framed.cornerCount).toBe(96);
    expect(must(hexagonBoard(3)).sideCount).toBe(132);
    // A hexagon of radius n has 6(n+1)² corners and 9n² + 15n + 6 sides; n = 3 here.
    expect(framed.sideCount).toBe(132);
    expect(Array.from(framed.hexCorners.subarray(0, 19 * 6))).toEqual(Array.from(land.hexCorners));
    expect(Array.from(framed.hexSides.subarray(0, 19 * 6))).toEqual(Array.from(land.hexSides));
    expect(Array.from(framed.hexFrameDepth).filter((d) => d === 1).length).toBe(18);
    expect(Array.from(framed.hexFrameDepth.subarray(0, 19)).every((d) => d === 0)).toBe(true);
    // Every land corner now touches three hexes; every land side two.
    for (let v = 0; v < land.cornerCount; v++) expect(degree(framed.nodeHexes, v)).toBe(3);
    for (let e = 0; e < land.sideCount; e++) expect(degree(framed.edgeHexes, e)).toBe(2);
    expectConsistent(framed);
    const wider = must(withFrame(land, 2));
    expect(wider.hexCount).toBe(61);
    expect(Array.from(wider.hexFrameDepth).filter((d) => d === 2).length).toBe(24);
  });
});

describe('spots and paths inside a hex', () => {
  const hex = { q: 0, r: 0 };
  const spec = {
    hexes: radiusHexes(1),
    spots: [
      { hex, name: 'centre' },
      { hex, name: 'north', at: { x: 0, y: -0.4 } },
      { hex, name: 'south', at: { x: 0, y: 0.4 } },
    ],
    paths: [
      { from: { hex, corner: 0 }, to: { hex, spot: 'centre' } },
      { from: { hex, corner: 3 }, to: { hex, spot: 'centre' } },
      { from: { hex, corner: 5 }, to: { hex, spot: 'north' } },
      { from: { hex, spot: 'centre' }, to: { hex, spot: 'south' }, name: 'lane' },
    ],
  };

  it('adds nodes after the corners and edges after the sides, in the same graph', () => {
    const board = must(buildBoard(spec));
    expect(board.cornerCount).toBe(24);
    expect(board.nodeCount).toBe(27);
    expect(board.sideCount).toBe(30);
    expect(board.edgeCount).toBe(34);
    const h = hexAt(board, 0, 0);
    const centre = spotNode(board, h, 'centre');
    expect(centre).toBe(24);
    expect(itemsOf(board.nodeHexes, centre)).toEqual([h]);
    expect(itemsOf(board.hexSpots, h)).toEqual([24, 25, 26]);
    expect(itemsOf(board.hexPaths, h)).toEqual([30, 31, 32, 33]);
    expect(board.edgeHex[33]).toBe(h);
    expect(board.pathNames[3]).toBe('lane');
    expect(degree(board.nodeEdges, centre)).toBe(3);
    expect(itemsOf(board.nodeNodes, cornerOf(board, h, 0))).toContain(centre);
    expect(board.geometry.nodeY[spotNode(board, h, 'north')]).toBeCloseTo(-0.4, 9);
    expectConsistent(board);
  });

  it('draws spots without a position towards the corners their paths come from, loose ones round the centre', () => {
    const board = must(buildBoard(spec));
    const h = hexAt(board, 0, 0);
    const at = (name: string): [number, number] => {
      const v = spotNode(board, h, name);
      return [board.geometry.nodeX[v]! - board.geometry.hexX[h]!, board.geometry.nodeY[v]! - board.geometry.hexY[h]!];
    };
    // `centre` is joined to the opposite corners 0 and 3: it stays at the centre
    expect(at('centre')[0]).toBeCloseTo(0, 9);
    expect(at('centre')[1]).toBeCloseTo(0, 9);
    const spoke = must(buildBoard({ hexes: radiusHexes(1), spots: [{ hex, name: 'inn' }], paths: [{ from: { hex, corner: 2 }, to: { hex, spot: 'inn' } }] }));
    // towards corner 2, the bottom: 0.45 below the centre
    expect(spoke.geometry.nodeX[spoke.cornerCount]!).toBeCloseTo(0, 9);
    expect(spoke.geometry.nodeY[spoke.cornerCount]!).toBeCloseTo(0.45, 9);
    const loose = must(buildBoard({ hexes: radiusHexes(1), spots: ['a', 'b', 'c'].map((name) => ({ hex, name })) }));
    const radii = [0, 1, 2].map((k) => Math.hypot(loose.geometry.nodeX[loose.cornerCount + k]!, loose.geometry.nodeY[loose.cornerCount + k]!));
    for (const r of radii) expect(r).toBeCloseTo(0.45, 9);
    expect(loose.geometry.nodeY[loose.cornerCount]!).toBeCloseTo(-0.45, 9);
  });

  it('can add spots and paths to a built board, keeping every id', () => {
    const plain = must(hexagonBoard(1));
    const extended = must(withInternals(plain, { spots: spec.spots, paths: spec.paths }));
    expect(Array.from(extended.hexCorners)).toEqual(Array.from(plain.hexCorners));
    expect(Array.from(extended.edgeNodes.subarray(0, plain.edgeCount * 2))).toEqual(Array.from(plain.edgeNodes));
    expect(extended.nodeCount).toBe(plain.nodeCount + 3);
    expect(extended.edgeCount).toBe(plain.edgeCount + 4);
    const bad = withInternals(plain, { paths: [{ from: { hex, spot: 'nowhere' }, to: { hex, corner: 0 } }] });
    expect(bad.board).toBeNull();
    expect(bad.problems.map((p) => p.code)).toEqual(['board/dangling-edge']);
  });

  it('keeps spots and paths when a frame is added', () => {
    const framed = must(withFrame(must(buildBoard(spec)), 1));
    expect(framed.nodeCount - framed.cornerCount).toBe(3);
    expect(framed.edgeCount - framed.sideCount).toBe(4);
    expect(spotNode(framed, hexAt(framed, 0, 0), 'south')).toBe(framed.cornerCount + 2);
  });
});
