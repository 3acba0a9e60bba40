/**
 * sfc32: a small, fast 32-bit generator. Its whole state is four words kept in
 * the game state, so a snapshot carries the generator along with everything else.
 * Every function takes the words' array and the offset of the generator's first
 * word in it: a game keeps one generator per purpose in one array
 * (chance-streams.ts); an agent keeps one at offset 0.
 */
export function seedPrng(state: Uint32Array, seed: number, o = 0, key = 0): void {
  let a = 0x9e3779b9 ^ key;
  let b = 0x243f6a88 ^ Math.imul(key, 0x85ebca6b);
  let c = 0xb7e15162 ^ Math.imul(key ^ (key >>> 16), 0xc2b2ae35);
  let d = seed | 0;
  // Mix the seed in so that nearby seeds (and keys) give unrelated streams: 15 draws, as
  // nextUint32 makes them, with the state in int32 locals (the same bits as the words)
  for (let i = 0; i < 15; i++) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
  }
  state[o] = a;
  state[o + 1] = b;
  state[o + 2] = c;
  state[o + 3] = d;
}

export function nextUint32(s: Uint32Array, o: number): number {
  const a = s[o]!, b = s[o + 1]!, c = s[o + 2]!, d = s[o + 3]!;
  const t = (((a + b) | 0) + d) | 0;
  s[o + 3] = (d + 1) | 0;
  s[o] = b ^ (b >>> 9);
  s[o + 1] = (c + (c << 3)) | 0;
  s[o + 2] = ((c << 21) | (c >>> 11)) + t;
  return t >>> 0;
}

/**
 * A uniform integer in [0, n), 1 ≤ n < 2^21: Lemire's multiply-and-shift with
 * rejection, which needs a division only in the rare case it might reject.
 */
export function nextBelow(s: Uint32Array, o: number, n: number): number {
  if (n <= 1) return 0;
  // the product's low word by Math.imul (exact, and no truncation of a large double); its high word by division
  let x = nextUint32(s, o);
  let lo = Math.imul(x, n) >>> 0;
  if (lo < n) {
    const threshold = (4294967296 - n) % n;
    while (lo < threshold) {
      x = nextUint32(s, o);
      lo = Math.imul(x, n) >>> 0;
    }
  }
  return Math.floor((x * n) / 4294967296);
}

/**
 * Fisher–Yates over arr[0..len), exactly as repeated `nextBelow(s, o, i + 1)`
 * would shuffle it, but with the generator's state in locals for the whole
 * loop (int32 locals hold the same bits as the state words).
 */
export function shuffleInPlace(s: Uint32Array, o: number, arr: number[], len: number): void {
  let a = s[o]! | 0, b = s[o + 1]! | 0, c = s[o + 2]! | 0, d = s[o + 3]! | 0;
  for (let i = len - 1; i > 0; i--) {
    const n = i + 1;
    let t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    let x = t >>> 0;
    let lo = Math.imul(x, n) >>> 0;
    if (lo < n) {
      const threshold = (4294967296 - n) % n;
      while (lo < threshold) {
        t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        x = t >>> 0;
        lo = Math.imul(x, n) >>> 0;
      }
    }
    const j = Math.floor((x * n) / 4294967296);
    const tmp = arr[i]!;
    arr[i] = arr[j]!;
    arr[j] = tmp;
  }
  s[o] = a;
  s[o + 1] = b;
  s[o + 2] = c;
  s[o + 3] = d;
}
