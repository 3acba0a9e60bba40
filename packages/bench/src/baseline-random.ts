/**
 * The baseline's generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting
 * generator, 128-bit state, passes PractRand), seeded through splitmix32 — the
 * same class of generator as the engine's, so the comparison is not won by a
 * cheaper PRNG.
 */
export class BaselineRandom {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed: number) {
    this.reseed(seed);
  }

  reseed(seed: number): void {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next() | 0;
    this.b = next() | 0;
    this.c = next() | 0;
    this.d = 1;
    // Discard the first outputs, as sfc32's authors recommend.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /**
   * A uniform integer in [0, n), 1 ≤ n < 2^21, without modulo bias: Lemire's
   * multiply-and-shift with rejection (the engine's `nextBelow` does the same).
   * A remainder of 2^32 is a floating-point modulo in JavaScript (2^32 is not an
   * int32), tens of cycles of latency: this needs one only when it might reject.
   */
  below(n: number): number {
    let x = this.nextUint32();
    let lo = Math.imul(x, n) >>> 0;
    if (lo < n) {
      const threshold = (0x100000000 - n) % n;
      while (lo < threshold) {
        x = this.nextUint32();
        lo = Math.imul(x, n) >>> 0;
      }
    }
    return Math.floor((x * n) / 0x100000000);
  }
}
