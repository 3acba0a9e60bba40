import { describe, expect, it } from 'vitest';
import { boardFromDeclaration, fillHexes, fromUint32, hexAt, type BoardDeclaration } from '../src/board/index.ts';
import { seededUint32 } from './board-helpers.ts';

const KINDS = ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'c', 'c', 'c', 'c', 'd', 'd', 'd', 'd', 'e', 'e', 'e', 'x'];
const VALUES = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

describe('boards from a rule-graph declaration', () => {
  const shuffled: BoardDeclaration = {
    layout: { kind: 'radius', radius: 2 },
    kinds: { values: KINDS, shuffled: true },
    values: { values: VALUES, shuffled: true, except: ['x'] },
    regions: [{ name: 'middle', hexes: [{ q: 0, r: 0 }] }],
  };

  it('builds the layout and regions', () => {
    const { board, problems } = boardFromDeclaration(shuffled);
    expect(problems).toEqual([]);
    expect(board!.hexCount).toBe(19);
    expect(Array.from(board!.regions.get('middle')!.hexes)).toEqual([hexAt(board!, 0, 0)]);
  });

  it('shuffles kinds and values deterministically, skipping excepted kinds', () => {
    const board = boardFromDeclaration(shuffled).board!;
    const one = fillHexes(board, shuffled, fromUint32(seededUint32(3)));
    const two = fillHexes(board, shuffled, fromUint32(seededUint32(3)));
    const three = fillHexes(board, shuffled, fromUint32(seededUint32(4)));
    expect(one.problems).toEqual([]);
    expect(two.kinds).toEqual(one.kinds);
    expect(Array.from(two.values)).toEqual(Array.from(one.values));
    expect(three.kinds).not.toEqual(one.kinds);
    expect([...one.kinds].sort()).toEqual([...KINDS].sort());
    expect(one.values[one.kinds.indexOf('x')]).toBe(-1);
    expect(Array.from(one.values).filter((v) => v >= 0).sort((a, b) => a - b)).toEqual(VALUES);
  });

  it('keeps a map’s own kinds and values and deals the lists in order onto the rest', () => {
    const declaration: BoardDeclaration = {
      layout: {
        kind: 'map',
        hexes: [
          { q: 0, r: 0, kind: 'x' },
          { q: 1, r: 0, kind: 'a', value: 9 },
          { q: 0, r: 1 },
          { q: -1, r: 1 },
        ],
      },
      kinds: { values: ['b', 'c'], shuffled: false },
      values: { values: [4, 5], shuffled: false, except: ['x'] },
      regions: [],
    };
    const board = boardFromDeclaration(declaration).board!;
    const filled = fillHexes(board, declaration, () => 0.5);
    expect(filled.kinds).toEqual(['x', 'a', 'b', 'c']);
    expect(Array.from(filled.values)).toEqual([-1, 9, 4, 5]);
    expect(filled.problems).toEqual([]);
  });

  it('deals no value to the hexes of an excepted region, whatever their kind', () => {
    const declaration: BoardDeclaration = {
      layout: { kind: 'radius', radius: 2 },
      kinds: { values: KINDS.map((k) => (k === 'x' ? 'a' : k)), shuffled: true },
      values: { values: VALUES, shuffled: true, except: [], exceptRegions: ['middle'] },
      regions: [{ name: 'middle', hexes: [{ q: 0, r: 0 }] }],
    };
    const board = boardFromDeclaration(declaration).board!;
    for (const seed of [1, 2, 3]) {
      const filled = fillHexes(board, declaration, fromUint32(seededUint32(seed)));
      expect(filled.problems).toEqual([]);
      expect(filled.kinds[hexAt(board, 0, 0)]).toBeDefined();
      expect(filled.values[hexAt(board, 0, 0)]).toBe(-1);
      expect(Array.from(filled.values).filter((v) => v >= 0).sort((a, b) => a - b)).toEqual(VALUES);
    }
  });

  it('reports lists that do not fit the hexes', () => {
    const declaration: BoardDeclaration = {
      layout: { kind: 'radius', radius: 1 },
      kinds: { values: ['a', 'a', 'a'], shuffled: true },
      values: { values: [1, 2, 3, 4], shuffled: false, except: [] },
      regions: [],
    };
    const board = boardFromDeclaration(declaration).board!;
    const filled = fillHexes(board, declaration, fromUint32(seededUint32(1)));
    expect(filled.problems.map((p) => p.code)).toEqual(['board/kind-count', 'board/value-count']);
    expect(filled.kinds.filter((k) => k !== undefined).length).toBe(3);
  });

  it('reports a region naming a hex not on the board', () => {
    const { board, problems } = boardFromDeclaration({ ...shuffled, regions: [{ name: 'r', hexes: [{ q: 9, r: 9 }] }] });
    expect(board).toBeNull();
    expect(problems.map((p) => p.code)).toEqual(['board/unknown-hex']);
  });
});
