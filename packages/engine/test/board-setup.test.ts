import { describe, expect, it } from 'vitest';
import {
  assignValues,
  dealKinds,
  fromUint32,
  hasAdjacentPair,
  hexAt,
  hexagonBoard,
  rowsBoard,
  shuffleInPlace,
} from '../src/board/index.ts';
import { seededUint32 } from './board-helpers.ts';

const KINDS = ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'c', 'c', 'c', 'c', 'd', 'd', 'd', 'd', 'e', 'e', 'e', 'x'];
const VALUES = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

describe('random setup', () => {
  const board = hexagonBoard(2).board!;
  const all = [...Array(board.hexCount).keys()];

  it('shuffles as a permutation, the same way for the same seed', () => {
    const one = shuffleInPlace([...Array(20).keys()], fromUint32(seededUint32(7)));
    const two = shuffleInPlace([...Array(20).keys()], fromUint32(seededUint32(7)));
    const other = shuffleInPlace([...Array(20).keys()], fromUint32(seededUint32(8)));
    expect(one).toEqual(two);
    expect(one).not.toEqual(other);
    expect([...one].sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it('deals every kind onto the hexes, deterministically', () => {
    const kinds = dealKinds(board, all, KINDS, fromUint32(seededUint32(1)));
    expect(kinds).toEqual(dealKinds(board, all, KINDS, fromUint32(seededUint32(1))));
    expect(kinds).not.toEqual(dealKinds(board, all, KINDS, fromUint32(seededUint32(2))));
    expect([...kinds].sort()).toEqual([...KINDS].sort());
  });

  it('deals only onto the hexes given', () => {
    const centre = hexAt(board, 0, 0);
    const rest = all.filter((h) => h !== centre);
    const kinds = dealKinds(board, rest, KINDS.slice(0, 18), fromUint32(seededUint32(3)));
    expect(kinds[centre]).toBeUndefined();
    expect(kinds.filter((k) => k !== undefined).length).toBe(18);
  });

  it('assigns values to every hex but skipped kinds', () => {
    const kinds = dealKinds(board, all, KINDS, fromUint32(seededUint32(4)));
    const result = assignValues(board, kinds, VALUES, { random: fromUint32(seededUint32(5)), skipKinds: ['x'] });
    expect(result.satisfied).toBe(true);
    expect(result.attempts).toBe(1);
    const skipped = kinds.indexOf('x');
    expect(result.values[skipped]).toBe(-1);
    expect(Array.from(result.values).filter((v) => v >= 0).sort((a, b) => a - b)).toEqual(VALUES);
    const again = assignValues(board, kinds, VALUES, { random: fromUint32(seededUint32(5)), skipKinds: ['x'] });
    expect(Array.from(again.values)).toEqual(Array.from(result.values));
  });

  it('reshuffles until values of a set are apart, deterministically', () => {
    const kinds = dealKinds(board, all, KINDS, fromUint32(seededUint32(9)));
    const apart = { values: [6, 8], attempts: 1000 };
    const hot = new Set(apart.values);
    let reshuffled = 0;
    for (let seed = 0; seed < 20; seed++) {
      const result = assignValues(board, kinds, VALUES, { random: fromUint32(seededUint32(seed)), skipKinds: ['x'], apart });
      expect(result.satisfied).toBe(true);
      expect(hasAdjacentPair(board, result.values, hot)).toBe(false);
      if (result.attempts > 1) reshuffled++;
      const again = assignValues(board, kinds, VALUES, { random: fromUint32(seededUint32(seed)), skipKinds: ['x'], apart });
      expect(Array.from(again.values)).toEqual(Array.from(result.values));
    }
    // Four such values on 18 hexes often touch, so some seeds must have needed another try.
    expect(reshuffled).toBeGreaterThan(0);
  });

  it('reports an impossible constraint and a count mismatch', () => {
    const line = rowsBoard([3]).board!;
    const kinds = ['a', 'a', 'a'];
    const impossible = assignValues(line, kinds, [6, 6, 8], {
      random: fromUint32(seededUint32(1)),
      apart: { values: [6, 8], attempts: 5 },
    });
    expect(impossible.satisfied).toBe(false);
    expect(impossible.attempts).toBe(5);
    const short = assignValues(line, kinds, [6, 8], { random: fromUint32(seededUint32(1)) });
    expect(short.satisfied).toBe(false);
    expect(Array.from(short.values).filter((v) => v < 0).length).toBe(1);
  });

  it('works on the 30-hex layout', () => {
    const big = rowsBoard([3, 4, 5, 6, 5, 4, 3]).board!;
    const kinds = dealKinds(big, [...Array(30).keys()], [...Array(28).fill('a'), 'x', 'x'], fromUint32(seededUint32(11)));
    const values = [2, 2, 12, 12, ...[3, 4, 5, 6, 8, 9, 10, 11].flatMap((v) => [v, v, v])];
    const result = assignValues(big, kinds, values, {
      random: fromUint32(seededUint32(12)),
      skipKinds: ['x'],
      apart: { values: [6, 8] },
    });
    expect(result.satisfied).toBe(true);
    expect(Array.from(result.values).filter((v) => v >= 0).length).toBe(28);
  });
});
