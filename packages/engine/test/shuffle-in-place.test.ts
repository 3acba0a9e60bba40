import { describe, expect, it } from 'vitest';
import { nextBelow, nextUint32, seedPrng, shuffleInPlace } from '../src/run/prng.ts';

function byNextBelow(seed: number, n: number): { cards: number[]; state: number[] } {
  const s = new Uint32Array(4);
  seedPrng(s, seed);
  const cards = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = nextBelow(s, 0, i + 1);
    const t = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = t;
  }
  return { cards, state: Array.from(s) };
}

describe('shuffleInPlace', () => {
  it('shuffles exactly as repeated nextBelow draws, and leaves the generator in the same state', () => {
    // sizes up to 70 and a few huge ones (where rejection sampling draws again)
    const sizes = [0, 1, 2, 3, 35, 70, 100_003, 2_000_001];
    for (const n of sizes) {
      for (let seed = 0; seed < (n > 1000 ? 2 : 50); seed++) {
        const s = new Uint32Array(4);
        seedPrng(s, seed);
        const cards = Array.from({ length: n }, (_, i) => i);
        shuffleInPlace(s, 0, cards, n);
        const expected = byNextBelow(seed, n);
        expect(Array.from(s)).toEqual(expected.state);
        expect(cards).toEqual(expected.cards);
      }
    }
  });

  it('shuffles only the first len entries', () => {
    const s = new Uint32Array(4);
    seedPrng(s, 9);
    const cards = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    shuffleInPlace(s, 0, cards, 6);
    expect(cards.slice(6)).toEqual([6, 7, 8, 9]);
    expect([...cards.slice(0, 6)].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('seedPrng', () => {
  it('leaves the state of the words set from the seed and key, then 15 nextUint32 draws', () => {
    for (const [seed, key] of [[0, 0], [1, 0], [7, 0x3c75], [4294967295, 0x5ea4c4], [-12345, -1], [2 ** 31, 0x85ebca6b]] as const) {
      const expected = new Uint32Array(6);
      expected[1] = 0x9e3779b9 ^ key;
      expected[2] = 0x243f6a88 ^ Math.imul(key, 0x85ebca6b);
      expected[3] = 0xb7e15162 ^ Math.imul(key ^ (key >>> 16), 0xc2b2ae35);
      expected[4] = seed >>> 0;
      for (let i = 0; i < 15; i++) nextUint32(expected, 1);
      const s = new Uint32Array(6);
      seedPrng(s, seed, 1, key);
      expect(Array.from(s)).toEqual(Array.from(expected));
    }
  });
});
