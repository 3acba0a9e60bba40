/**
 * The small statistics the paired balance needs (docs/diff.md, "Balance"):
 * Student's t (paired differences of a measure), the exact binomial sign test
 * (McNemar's, on the games where a seat's win changes) and Holm's correction
 * for testing many rows at once. Every loop has a fixed cap.
 */

/** terms of a continued fraction before it is taken as converged (it needs about √max(a, b); larger inputs use the normal limit) */
const MAX_FRACTION_TERMS = 2000;
/** halvings of a bisection for a quantile (from [0, 1e6], far below any printed digit) */
const BISECTION_STEPS = 100;
/** above this many degrees of freedom, or discordant games, the normal limit is used (exact to far below a printed digit) */
const NORMAL_LIMIT = 100_000;

const Z95 = 1.959963984540054;

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 digits) */
export function logGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const y = x - 1;
  let a = c[0]!;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** the continued fraction of the incomplete beta (modified Lentz) */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_FRACTION_TERMS; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a - 1 + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + 1 + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}

/** the regularized incomplete beta I_x(a, b) */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** the standard normal's two-sided tail beyond |z| (Abramowitz and Stegun 7.1.26, |error| < 1.5e-7) */
export function normalTwoSided(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-x * x);
  return Math.max(0, Math.min(1, 1 - erf));
}

/** Student's t with `df` degrees of freedom: the two-sided tail beyond |t| */
export function tTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  if (df > NORMAL_LIMIT) return normalTwoSided(t);
  return Math.max(0, Math.min(1, incompleteBeta(df / (df + t * t), df / 2, 0.5)));
}

/** the t such that the two-sided tail beyond it is `p` (0.05: the 95% quantile) */
export function tQuantile(p: number, df: number): number {
  if (df > NORMAL_LIMIT && Math.abs(p - 0.05) < 1e-12) return Z95;
  let low = 0;
  let high = 1e6;
  for (let i = 0; i < BISECTION_STEPS; i++) {
    const mid = (low + high) / 2;
    if (tTwoSided(mid, df) > p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** A paired comparison of a measure: the mean of the per-game difference (b − a) with its 95% interval and p. */
export interface PairedMean {
  n: number;
  mean: number;
  low: number;
  high: number;
  p: number;
}

/** the paired t test of per-game differences (a difference that is the same in every game has no spread: p is 1 when it is 0, else 0) */
export function pairedMean(differences: readonly number[]): PairedMean {
  const n = differences.length;
  if (n === 0) return { n, mean: 0, low: 0, high: 0, p: 1 };
  let sum = 0;
  for (const d of differences) sum += d;
  const mean = sum / n;
  let squares = 0;
  for (const d of differences) squares += (d - mean) * (d - mean);
  const sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
  const se = sd / Math.sqrt(n);
  if (se === 0 || n < 2) return { n, mean, low: mean, high: mean, p: mean === 0 ? 1 : n < 2 ? 1 : 0 };
  const q = tQuantile(0.05, n - 1);
  return { n, mean, low: mean - q * se, high: mean + q * se, p: tTwoSided(mean / se, n - 1) };
}

/**
 * The exact two-sided sign test (McNemar's exact test): in `onlyA` games
 * something happened on the first side only, in `onlyB` on the second only;
 * under "no difference" each such game is a fair coin.
 */
export function signTest(onlyA: number, onlyB: number): number {
  const n = onlyA + onlyB;
  if (n === 0) return 1;
  const k = Math.min(onlyA, onlyB);
  if (k * 2 === n) return 1;
  if (n > NORMAL_LIMIT) return normalTwoSided((Math.abs(onlyA - onlyB) - 1) / Math.sqrt(n));
  // P(X ≤ k) for X ~ Binomial(n, ½) is I_½(n − k, k + 1)
  return Math.min(1, 2 * incompleteBeta(0.5, n - k, k + 1));
}

/**
 * Holm's step-down correction of p-values tested together: the i-th smallest
 * is multiplied by (m − i), kept at least the one before it, at most 1. Each
 * adjusted p is compared with 0.05 as it is.
 */
export function holm(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p || x.i - y.i);
  const out = new Array<number>(m).fill(1);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}
