import { describe, expect, it } from 'vitest';
import { buildBoard, radiusHexes, type BoardSpec } from '../src/board/index.ts';

const A = { q: 0, r: 0 };
const B = { q: 1, r: 0 };
const FAR = { q: 5, r: 5 };

function codes(spec: BoardSpec) {
  const { board, problems } = buildBoard(spec);
  if (problems.length > 0) expect(board).toBeNull();
  return problems.map((p) => [p.code, p.element.kind, p.element.index]);
}

describe('board validation', () => {
  it('accepts a well-formed spec', () => {
    expect(
      codes({
        hexes: [A, B],
        spots: [{ hex: A, name: 's' }],
        paths: [{ from: { hex: A, corner: 0 }, to: { hex: A, spot: 's' } }],
        regions: [{ name: 'r', hexes: [B] }],
      }),
    ).toEqual([]);
  });

  it('reports duplicate hexes and bad coordinates', () => {
    expect(codes({ hexes: [A, B, { q: 0, r: 0 }] })).toEqual([['board/duplicate-hex', 'hex', 2]]);
    expect(codes({ hexes: [A, { q: 0.5, r: 0 }] })).toEqual([['board/bad-coordinate', 'hex', 1]]);
    expect(codes({ hexes: [] })).toEqual([['board/empty-board', 'hex', 0]]);
  });

  it('reports hexes referenced but not defined', () => {
    expect(
      codes({
        hexes: [A],
        spots: [{ hex: FAR, name: 's' }],
        paths: [{ from: { hex: FAR, corner: 0 }, to: { hex: A, corner: 1 } }],
        regions: [{ name: 'r', hexes: [A, FAR] }],
      }),
    ).toEqual([
      ['board/unknown-hex', 'spot', 0],
      ['board/unknown-hex', 'path', 0],
      ['board/unknown-hex', 'region', 0],
    ]);
  });

  it('reports dangling paths: an end that is no node', () => {
    expect(
      codes({
        hexes: [A],
        spots: [{ hex: A, name: 's' }],
        paths: [
          { from: { hex: A, spot: 's' }, to: { hex: A, spot: 'missing' } },
          { from: { hex: A, corner: 6 }, to: { hex: A, spot: 's' } },
        ],
      }),
    ).toEqual([
      ['board/dangling-edge', 'path', 0],
      ['board/dangling-edge', 'path', 1],
    ]);
  });

  it('reports a path joining nodes of different hexes, but not one along a shared corner', () => {
    const hexes = radiusHexes(2);
    const far = { q: -2, r: 2 };
    expect(
      codes({
        hexes,
        spots: [
          { hex: A, name: 's' },
          { hex: far, name: 't' },
        ],
        paths: [
          { from: { hex: A, spot: 's' }, to: { hex: far, spot: 't' } },
          { from: { hex: A, spot: 's' }, to: { hex: far, corner: 0 } },
          // Corner 3 of B is corner 1 of A: this path lies in A.
          { from: { hex: A, spot: 's' }, to: { hex: B, corner: 3 } },
        ],
      }),
    ).toEqual([
      ['board/cross-hex-path', 'path', 0],
      ['board/cross-hex-path', 'path', 1],
    ]);
  });

  it('reports duplicate spots, duplicate paths, loops and duplicate regions', () => {
    expect(
      codes({
        hexes: [A],
        spots: [
          { hex: A, name: 's' },
          { hex: A, name: 's' },
        ],
        paths: [
          { from: { hex: A, spot: 's' }, to: { hex: A, corner: 0 } },
          { from: { hex: A, corner: 0 }, to: { hex: A, spot: 's' } },
          { from: { hex: A, corner: 0 }, to: { hex: A, corner: 1 } },
          { from: { hex: A, spot: 's' }, to: { hex: A, spot: 's' } },
        ],
        regions: [
          { name: 'r', hexes: [A] },
          { name: 'r', hexes: [A] },
        ],
      }),
    ).toEqual([
      ['board/duplicate-spot', 'spot', 1],
      ['board/duplicate-path', 'path', 1],
      ['board/duplicate-path', 'path', 2],
      ['board/self-loop', 'path', 3],
      ['board/duplicate-region', 'region', 1],
    ]);
  });

  it('lists every problem at once', () => {
    expect(
      codes({
        hexes: [A, A],
        spots: [{ hex: FAR, name: 's' }],
        paths: [{ from: { hex: A, spot: 'nope' }, to: { hex: A, corner: 0 } }],
      }).map((c) => c[0]),
    ).toEqual(['board/duplicate-hex', 'board/unknown-hex', 'board/dangling-edge']);
  });
});
