import type { HistogramBar, SimulationSummary } from '@houserules/simulation';
import { endReasonWords } from '@houserules/engine';

/** One measure of both summaries side by side (docs/diff.md, "Balance"). */
export interface BalanceRow {
  /** `p1 win rate`, `p1 score`, `rounds`, `end: fourteen_points` */
  measure: string;
  a: Estimate;
  b: Estimate;
  /** b − a */
  difference: number;
  /** two-sided p-value of "no difference" */
  p: number;
  /** '' | '*' (p < 0.05) | '**' (p < 0.01) */
  mark: '' | '*' | '**';
}

/** a mean (or rate) with its 95% confidence interval */
export interface Estimate {
  value: number;
  low: number;
  high: number;
}

const Z95 = 1.959963984540054;

/** the standard normal's two-sided tail beyond |z| (Abramowitz and Stegun 7.1.26, |error| < 1.5e-7) */
export function twoSidedP(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-x * x);
  return Math.max(0, Math.min(1, 1 - erf));
}

const estimate = (mean: number, se: number): Estimate => ({ value: mean, low: mean - Z95 * se, high: mean + Z95 * se });

/**
 * The Wilson score interval (95%) of a rate seen in n trials: inside [0, 1]
 * whatever the rate (a Wald interval, rate ± 1.96·se, leaves it near 0 and 1
 * and is empty at 0 and 1 themselves).
 */
export function wilson(rate: number, n: number, z = Z95): Estimate {
  const p = Math.max(0, Math.min(1, rate));
  if (n <= 0) return { value: p, low: 0, high: 1 };
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // at 0 and 1 the interval reaches the bound exactly (rounding would leave 1e-17 either way)
  return { value: p, low: p === 0 ? 0 : Math.max(0, Math.min(p, centre - half)), high: p === 1 ? 1 : Math.min(1, Math.max(p, centre + half)) };
}

function row(measure: string, ma: number, sa: number, mb: number, sb: number, intervals?: { a: Estimate; b: Estimate }): BalanceRow {
  const se = Math.hypot(sa, sb);
  const d = mb - ma;
  const p = se === 0 ? (d === 0 ? 1 : 0) : twoSidedP(d / se);
  return { measure, a: intervals?.a ?? estimate(ma, sa), b: intervals?.b ?? estimate(mb, sb), difference: d, p, mark: p < 0.01 ? '**' : p < 0.05 ? '*' : '' };
}

/** mean and standard error of the mean of a histogram */
function histogramMoments(bars: readonly HistogramBar[]): { mean: number; se: number } {
  let n = 0, sum = 0, squares = 0;
  for (const b of bars) {
    n += b.games;
    sum += b.value * b.games;
    squares += b.value * b.value * b.games;
  }
  if (n === 0) return { mean: 0, se: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (squares - n * mean * mean) / (n - 1)) : 0;
  return { mean, se: Math.sqrt(variance / n) };
}

/**
 * Compares two summaries of the same number of games, seeds and agents: per
 * seat the win rate and mean score (Welch), the game's length in rounds, turns
 * and decisions, and the share of each end reason; each with a 95% interval
 * (Wilson's for a rate, so never outside [0, 1]) and a significance mark.
 */
export function compareBalance(a: SimulationSummary, b: SimulationSummary): BalanceRow[] {
  const rows: BalanceRow[] = [];
  const na = Math.max(1, a.games);
  const nb = Math.max(1, b.games);
  const rate = (p: number, n: number): number => Math.sqrt(Math.max(0, p * (1 - p)) / n);
  for (let s = 0; s < Math.min(a.seats.length, b.seats.length); s++) {
    const x = a.seats[s]!;
    const y = b.seats[s]!;
    rows.push(row(`p${s + 1} win rate`, x.winRate, rate(x.winRate, na), y.winRate, rate(y.winRate, nb), { a: wilson(x.winRate, a.games), b: wilson(y.winRate, b.games) }));
  }
  for (let s = 0; s < Math.min(a.seats.length, b.seats.length); s++) {
    const x = a.seats[s]!;
    const y = b.seats[s]!;
    rows.push(row(`p${s + 1} score`, x.scoreMean, x.scoreStdDev / Math.sqrt(na), y.scoreMean, y.scoreStdDev / Math.sqrt(nb)));
  }
  for (const key of ['rounds', 'turns', 'decisions'] as const) {
    const x = histogramMoments(a.histograms[key]);
    const y = histogramMoments(b.histograms[key]);
    rows.push(row(key, x.mean, x.se, y.mean, y.se));
  }
  const reasons = [...new Set([...a.endReasons.map((r) => r.reason), ...b.endReasons.map((r) => r.reason)])].sort();
  for (const reason of reasons) {
    const x = a.endReasons.find((r) => r.reason === reason)?.share ?? 0;
    const y = b.endReasons.find((r) => r.reason === reason)?.share ?? 0;
    rows.push(row(`ends: ${endReasonWords(reason)}`, x, rate(x, na), y, rate(y, nb), { a: wilson(x, a.games), b: wilson(y, b.games) }));
  }
  return rows;
}
