import type { GameFailure, GameOutcome } from '@houserules/simulation';
import { endReasonWords } from '@houserules/engine';
import { wilson, type Estimate } from './balance.ts';
import { holm, pairedMean, signTest } from './balance-statistics.ts';

/**
 * One measure compared game by game: each side's value (a rate with its
 * Wilson interval, a mean with its t interval), the mean of the per-game
 * difference b − a with its 95% interval, and the test of "no difference"
 * (the sign test on the games where a rate's event happened on one side only,
 * the paired t test for a mean), with Holm's correction over its table.
 */
export interface PairedRow {
  /** `p1 wins`, `p1 score`, `rounds`, `ends: fourteen_points` */
  measure: string;
  kind: 'rate' | 'mean';
  a: Estimate;
  b: Estimate;
  /** the mean per-game difference b − a (for a rate: in shares of games) */
  difference: Estimate;
  /** for a rate: games where it happened on the first side only, and on the second only */
  discordant?: { onlyA: number; onlyB: number };
  test: 'sign' | 'paired-t';
  p: number;
  /** p corrected for the other rows of its table (Holm) */
  pHolm: number;
  /** '' | '*' (corrected p < 0.05) | '**' (corrected p < 0.01) */
  mark: '' | '*' | '**';
}

export interface PairedTable {
  name: 'seats' | 'length' | 'ends';
  rows: PairedRow[];
  /** one line an errata editor can quote: "no significant change in seat balance in 2,000 paired games", "p1 wins 4.1 points more often (95% CI 1.2 to 7.0)" */
  verdict: string;
}

/** how many of the paired games something changed in, and its share with a Wilson interval */
export interface ChangedShare {
  games: number;
  share: Estimate;
}

/** a run error of one side: the game it stopped, and how to play that game again */
export interface SideFailure extends GameFailure {
  side: 'a' | 'b';
  replay?: string;
}

/** how many run errors a side shows in full (the rest are counted by code) */
export const FAILURES_SHOWN_PER_SIDE = 3;

export interface PairedBalance {
  /** games played on each side, game i with the same seed on both */
  games: number;
  /** games compared: those no run error stopped on either side */
  paired: number;
  tables: PairedTable[];
  /** how often the printings' differences matter in play: the paired games whose winner, any score, or end reason differs */
  matters: { winner: ChangedShare; score: ChangedShare; end: ChangedShare };
  /** run errors of either side: counts per side and code, the first games of each side in full */
  errors: { a: number; b: number; codes: { side: 'a' | 'b'; code: string; games: number }[]; first: SideFailure[] };
}

const won = (o: GameOutcome, seat: number): number => (o.winners.includes(seat) ? 1 : 0);

function rateRow(measure: string, xs: readonly number[], ys: readonly number[]): Omit<PairedRow, 'pHolm' | 'mark'> {
  const n = xs.length;
  let onlyA = 0, onlyB = 0, sa = 0, sb = 0;
  const d: number[] = [];
  for (let i = 0; i < n; i++) {
    sa += xs[i]!;
    sb += ys[i]!;
    if (xs[i]! > ys[i]!) onlyA++;
    else if (ys[i]! > xs[i]!) onlyB++;
    d.push(ys[i]! - xs[i]!);
  }
  const m = pairedMean(d);
  const clamp = (x: number): number => Math.max(-1, Math.min(1, x));
  return {
    measure,
    kind: 'rate',
    a: wilson(n ? sa / n : 0, n),
    b: wilson(n ? sb / n : 0, n),
    difference: { value: m.mean, low: clamp(m.low), high: clamp(m.high) },
    discordant: { onlyA, onlyB },
    test: 'sign',
    p: signTest(onlyA, onlyB),
  };
}

function meanRow(measure: string, xs: readonly number[], ys: readonly number[]): Omit<PairedRow, 'pHolm' | 'mark'> {
  const side = (v: readonly number[]): Estimate => {
    const m = pairedMean(v);
    return { value: m.mean, low: m.low, high: m.high };
  };
  const m = pairedMean(ys.map((y, i) => y - xs[i]!));
  return { measure, kind: 'mean', a: side(xs), b: side(ys), difference: { value: m.mean, low: m.low, high: m.high }, test: 'paired-t', p: m.p };
}

const count = (n: number): string => n.toLocaleString('en-US');
const points = (x: number): string => (100 * Math.abs(x)).toFixed(1);
const signedPoints = (x: number): string => (100 * x).toFixed(1);
const amount = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));

/** the row in words: "p1 wins 4.1 points more often (95% CI 1.2 to 7.0)", "rounds: 1.20 more (95% CI 0.40 to 2.00)" */
function rowInWords(r: PairedRow): string {
  const d = r.difference;
  if (r.kind === 'rate') {
    const ci = `95% CI ${signedPoints(d.low)} to ${signedPoints(d.high)} points`;
    const more = d.value >= 0 ? 'more' : 'less';
    if (r.measure.startsWith('ends: ')) return `games end by ${r.measure.slice(6)} ${points(d.value)} points ${more} often (${ci})`;
    return `${r.measure} ${points(d.value)} points ${more} often (${ci})`;
  }
  const ci = `95% CI ${amount(d.low)} to ${amount(d.high)}`;
  const what = r.measure.endsWith(' score') ? `${r.measure.replace(/ score$/, '')} scores` : `games last`;
  const unit = r.measure.endsWith(' score') ? '' : ` ${r.measure}`;
  return `${what} ${amount(Math.abs(d.value))}${unit} ${d.value >= 0 ? 'more' : 'fewer'} (${ci})`;
}

const NO_CHANGE: Record<PairedTable['name'], string> = { seats: 'seat balance', length: 'game length', ends: 'how games end' };

function table(name: PairedTable['name'], raw: Omit<PairedRow, 'pHolm' | 'mark'>[], paired: number): PairedTable {
  const adjusted = holm(raw.map((r) => r.p));
  const rows: PairedRow[] = raw.map((r, i) => {
    const pHolm = adjusted[i]!;
    return { ...r, pHolm, mark: pHolm < 0.01 ? '**' : pHolm < 0.05 ? '*' : '' };
  });
  const significant = rows.filter((r) => r.mark !== '');
  const verdict = significant.length === 0 ? `no significant change in ${NO_CHANGE[name]} in ${count(paired)} paired games` : significant.map(rowInWords).join('; ');
  return { name, rows, verdict };
}

function changed(games: number, n: number): ChangedShare {
  return { games, share: wilson(n ? games / n : 0, n) };
}

/**
 * The balance of two printings compared game by game: game i of each was
 * played with the same seed and agents, so each measure is compared on the
 * per-game difference (a paired test), which sees far smaller effects than
 * two independent summaries. Games a run error stopped on either side are left
 * out of the comparison and listed (`errors`).
 */
export function pairedBalance(a: readonly GameOutcome[], b: readonly GameOutcome[], options: { replay?: (side: 'a' | 'b', game: number) => string } = {}): PairedBalance {
  const games = Math.min(a.length, b.length);
  const seats = Math.min(a[0]?.scores.length ?? 0, b[0]?.scores.length ?? 0);
  const xs: GameOutcome[] = [];
  const ys: GameOutcome[] = [];
  const first: SideFailure[] = [];
  const codes = new Map<string, { side: 'a' | 'b'; code: string; games: number }>();
  const failed = { a: 0, b: 0 };
  for (let i = 0; i < games; i++) {
    const x = a[i]!;
    const y = b[i]!;
    for (const [side, o] of [['a', x], ['b', y]] as const) {
      if (!o.failure) continue;
      failed[side]++;
      const key = `${side} ${o.failure.code}`;
      const c = codes.get(key) ?? { side, code: o.failure.code, games: 0 };
      c.games++;
      codes.set(key, c);
      if (failed[side] <= FAILURES_SHOWN_PER_SIDE) first.push({ ...o.failure, side, ...(options.replay ? { replay: options.replay(side, o.failure.game) } : {}) });
    }
    if (x.failure || y.failure) continue;
    xs.push(x);
    ys.push(y);
  }
  const n = xs.length;
  const seatRows: Omit<PairedRow, 'pHolm' | 'mark'>[] = [];
  for (let s = 0; s < seats; s++) {
    seatRows.push(rateRow(`p${s + 1} wins`, xs.map((o) => won(o, s)), ys.map((o) => won(o, s))));
  }
  for (let s = 0; s < seats; s++) {
    seatRows.push(meanRow(`p${s + 1} score`, xs.map((o) => o.scores[s] ?? 0), ys.map((o) => o.scores[s] ?? 0)));
  }
  const lengthRows = (['rounds', 'turns', 'decisions'] as const).map((k) => meanRow(k, xs.map((o) => o[k]), ys.map((o) => o[k])));
  const reasons = [...new Set([...xs, ...ys].map((o) => o.reason))].sort();
  const endRows = reasons.map((r) => rateRow(`ends: ${endReasonWords(r)}`, xs.map((o) => (o.reason === r ? 1 : 0)), ys.map((o) => (o.reason === r ? 1 : 0))));
  let winner = 0, score = 0, end = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (x.winners.length !== y.winners.length || x.winners.some((w) => !y.winners.includes(w))) winner++;
    if (x.scores.length !== y.scores.length || x.scores.some((v, s) => v !== y.scores[s])) score++;
    if (x.reason !== y.reason) end++;
  }
  return {
    games,
    paired: n,
    tables: [table('seats', seatRows, n), table('length', lengthRows, n), table('ends', endRows, n)],
    matters: { winner: changed(winner, n), score: changed(score, n), end: changed(end, n) },
    errors: { a: failed.a, b: failed.b, codes: [...codes.values()].sort((x, y) => x.side.localeCompare(y.side) || y.games - x.games || x.code.localeCompare(y.code)), first },
  };
}
