import { describe, expect, it } from 'vitest';
import {
  boundarySides,
  buildBoard,
  coastalHexes,
  cornerOf,
  createRegion,
  degree,
  hexAt,
  hexagonBoard,
  hexMaskOf,
  landMasses,
  nodeLandMass,
  radiusHexes,
  regionHasEdge,
  regionHasHex,
  regionHasNode,
  sideOf,
  sidesTouching,
  withFrame,
} from '../src/board/index.ts';

describe('regions', () => {
  const hexes = radiusHexes(2);
  const { board } = buildBoard({
    hexes,
    spots: [{ hex: { q: 2, r: -2 }, name: 'inner' }],
    regions: [{ name: 'isle', hexes: [{ q: 2, r: -2 }, { q: 2, r: -1 }] }],
  });

  it('holds its hexes and the corners, sides and spots they touch', () => {
    const isle = board!.regions.get('isle')!;
    const a = hexAt(board!, 2, -2);
    const b = hexAt(board!, 2, -1);
    expect(Array.from(isle.hexes)).toEqual([a, b].sort((x, y) => x - y));
    expect(regionHasHex(isle, a)).toBe(true);
    expect(regionHasHex(isle, hexAt(board!, 0, 0))).toBe(false);
    // Two adjacent hexes: 10 corners, 11 sides.
    expect(isle.nodeMask.reduce((n, x) => n + x, 0)).toBe(10 + 1);
    expect(isle.edgeMask.reduce((n, x) => n + x, 0)).toBe(11);
    expect(regionHasNode(isle, cornerOf(board!, a, 0))).toBe(true);
    expect(regionHasNode(isle, board!.cornerCount)).toBe(true);
    expect(regionHasNode(isle, cornerOf(board!, hexAt(board!, -2, 2), 2))).toBe(false);
    expect(regionHasEdge(isle, sideOf(board!, b, 2))).toBe(true);
    expect(regionHasEdge(isle, sideOf(board!, hexAt(board!, 0, 0), 0))).toBe(false);
  });

  it('may also hold single nodes', () => {
    const hex = { q: 0, r: 0 };
    const { board: b, problems } = buildBoard({
      hexes,
      regions: [{ name: 'marks', hexes: [], nodes: [{ hex, corner: 0 }, { hex, corner: 1 }] }],
    });
    expect(problems).toEqual([]);
    const marks = b!.regions.get('marks')!;
    const centre = hexAt(b!, 0, 0);
    expect(marks.hexes.length).toBe(0);
    expect(regionHasNode(marks, cornerOf(b!, centre, 0))).toBe(true);
    expect(regionHasNode(marks, cornerOf(b!, centre, 2))).toBe(false);
    const bad = buildBoard({
      hexes,
      regions: [{ name: 'marks', hexes: [], nodes: [{ hex, spot: 'none' }, { hex: { q: 7, r: 7 }, corner: 0 }] }],
    });
    expect(bad.problems.map((p) => p.code)).toEqual(['board/unknown-node', 'board/unknown-hex']);
  });

  it('can be made after the board is built', () => {
    const r = createRegion(board!, 'middle', [hexAt(board!, 0, 0), hexAt(board!, 0, 0)]);
    expect(r.hexes.length).toBe(1);
    expect(r.nodeMask.reduce((n, x) => n + x, 0)).toBe(6);
  });
});

describe('land masses', () => {
  const board = hexagonBoard(2).board!;
  const land = hexMaskOf(board, [
    hexAt(board, 0, 0),
    hexAt(board, 1, 0),
    hexAt(board, 0, 1),
    hexAt(board, -2, 0),
    hexAt(board, 2, -2),
  ]);

  it('groups hexes joined across sides', () => {
    const masses = landMasses(board, land);
    expect(masses.count).toBe(3);
    expect(Array.from(masses.sizes).sort()).toEqual([1, 1, 3]);
    expect(masses.label[hexAt(board, 0, 0)]).toBe(masses.label[hexAt(board, 0, 1)]);
    expect(masses.label[hexAt(board, -2, 0)]).not.toBe(masses.label[hexAt(board, 2, -2)]);
    expect(masses.label[hexAt(board, -1, 0)]).toBe(-1);
    // Groups are numbered by their lowest hex id; hex (2,-2) is id 2.
    expect(masses.label[hexAt(board, 2, -2)]).toBe(0);
    expect(nodeLandMass(board, masses, cornerOf(board, hexAt(board, 1, 0), 0))).toBe(masses.label[hexAt(board, 0, 0)]);
    expect(nodeLandMass(board, masses, cornerOf(board, hexAt(board, 0, 2), 2))).toBe(-1);
  });

  it('finds coasts and the sides touching a set', () => {
    const centreOnly = hexMaskOf(board, [hexAt(board, 0, 0)]);
    expect(Array.from(coastalHexes(board, centreOnly))).toEqual([hexAt(board, 0, 0)]);
    const all = hexMaskOf(board, [...Array(board.hexCount).keys()]);
    // Of the whole hexagon only the outer ring (12 hexes) is coastal.
    expect(coastalHexes(board, all).length).toBe(12);
    expect(boundarySides(board, all).length).toBe(30);
    expect(boundarySides(board, centreOnly).length).toBe(6);
    expect(boundarySides(board, land).length).toBe(6 + 6 + 12);
    expect(sidesTouching(board, land).length).toBe(6 + 6 + 15);
  });

  it('with a frame: sea hexes, coastal land and sea sides', () => {
    const framed = withFrame(board, 1).board!;
    const sea = hexMaskOf(framed, [...Array(framed.hexCount).keys()].filter((h) => framed.hexFrameDepth[h]! > 0));
    const land2 = hexMaskOf(framed, [...Array(framed.hexCount).keys()].filter((h) => framed.hexFrameDepth[h] === 0));
    expect(landMasses(framed, sea).count).toBe(1);
    const seaSides = sidesTouching(framed, sea);
    // The 30 coastal sides plus the frame ring's own sides.
    const coast = boundarySides(framed, land2);
    expect(coast.length).toBe(30);
    for (const e of coast) expect(degree(framed.edgeHexes, e)).toBe(2);
    expect(seaSides.length).toBe(framed.sideCount - 42);
  });
});
