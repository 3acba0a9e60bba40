/**
 * sfc32: a small, fast 32-bit generator. Its whole state is four words kept in
 * the game state, so a snapshot carries the generator along with everything else.
 */
export function seedPrng(state: Uint32Array, seed: number): void {
  state[0] = 0x9e3779b9;
  state[1] = 0x243f6a88;
  state[2] = 0xb7e15162;
  state[3] = seed >>> 0;
  // Mix the seed in so that nearby seeds give unrelated streams.
  for (let i = 0; i < 15; i++) nextUint32(state);
}

export function nextUint32(s: Uint32Array): number {
  const a = s[0]!, b = s[1]!, c = s[2]!, d = s[3]!;
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  s[2] = ((c << 21) | (c >>> 11)) + t;
  return t >>> 0;
}

/**
 * A uniform integer in [0, n), 1 ≤ n < 2^21: Lemire's multiply-and-shift with
 * rejection, which needs a division only in the rare case it might reject.
 */
export function nextBelow(s: Uint32Array, n: number): number {
  if (n <= 1) return 0;
  // the product's low word by Math.imul (exact, and no truncation of a large double); its high word by division
  let x = nextUint32(s);
  let lo = Math.imul(x, n) >>> 0;
  if (lo < n) {
    const threshold = (4294967296 - n) % n;
    while (lo < threshold) {
      x = nextUint32(s);
      lo = Math.imul(x, n) >>> 0;
    }
  }
  return Math.floor((x * n) / 4294967296);
}

/**
 * Fisher–Yates over arr[0..len), exactly as repeated `nextBelow(s, i + 1)`
 * would shuffle it, but with the generator's state in locals for the whole
 * loop (int32 locals hold the same bits as the state words).
 */
export function shuffleInPlace(s: Uint32Array, arr: number[], len: number): void {
  let a = s[0]! | 0, b = s[1]! | 0, c = s[2]! | 0, d = s[3]! | 0;
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
  s[0] = a;
  s[1] = b;
  s[2] = c;
  s[3] = d;
}
