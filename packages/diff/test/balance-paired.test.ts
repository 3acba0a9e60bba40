import { describe, expect, it } from 'vitest';
import type { GameOutcome } from '@houserules/simulation';
import { formatDiffReport, holm, incompleteBeta, pairedBalance, pairedMean, signTest, structuralDiff, tQuantile, tTwoSided, type DiffReport } from '../src/index.ts';
import { BASE, graphOf } from './fixtures.ts';

describe('the statistics of the paired balance, on known answers', () => {
  it('gives Student t tails and quantiles', () => {
    // scipy.stats.t.ppf(0.975, df): 12.7062 (1), 2.776445 (4), 2.262157 (9), 1.971957 (199)
    expect(tQuantile(0.05, 1)).toBeCloseTo(12.70620474, 5);
    expect(tQuantile(0.05, 4)).toBeCloseTo(2.77644511, 6);
    expect(tQuantile(0.05, 9)).toBeCloseTo(2.26215716, 6);
    expect(tQuantile(0.05, 199)).toBeCloseTo(1.97195654, 6);
    expect(tTwoSided(0, 5)).toBeCloseTo(1, 10);
    expect(incompleteBeta(0.5, 2, 2)).toBeCloseTo(0.5, 12);
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
  });

  it('tests paired differences: mean, 95% interval, p (scipy ttest_1samp)', () => {
    const five = pairedMean([1, 2, 3, 4, 5]);
    expect(five.mean).toBe(3);
    expect(five.p).toBeCloseTo(0.01323559956, 8);
    expect(five.low).toBeCloseTo(3 - 2.77644511 * Math.sqrt(0.5), 6);
    expect(five.high).toBeCloseTo(3 + 2.77644511 * Math.sqrt(0.5), 6);
    expect(pairedMean([2, -1, 0, 3, 1, 1, -2, 4]).p).toBeCloseTo(0.20020007416, 8);
    // the same difference in every game: no spread
    expect(pairedMean([0, 0, 0])).toEqual({ n: 3, mean: 0, low: 0, high: 0, p: 1 });
    expect(pairedMean([2, 2, 2]).p).toBe(0);
  });

  it('tests discordant games exactly (McNemar, the sign test)', () => {
    // one game won on the first side only, nine on the second only: 2·(1 + 10)/1024
    expect(signTest(1, 9)).toBeCloseTo(0.021484375, 12);
    expect(signTest(9, 1)).toBeCloseTo(0.021484375, 12);
    expect(signTest(0, 0)).toBe(1);
    expect(signTest(5, 5)).toBe(1);
    // 0 against 5: 2/32
    expect(signTest(0, 5)).toBeCloseTo(0.0625, 12);
  });

  it('corrects many rows at once (Holm)', () => {
    const adjusted = holm([0.01, 0.04, 0.03]);
    expect(adjusted[0]).toBeCloseTo(0.03, 12);
    expect(adjusted[1]).toBeCloseTo(0.06, 12);
    expect(adjusted[2]).toBeCloseTo(0.06, 12);
    expect(holm([0.5, 0.9])).toEqual([1, 1]);
  });
});

const game = (index: number, winners: number[], scores: number[], reason = 'end:flow-ended', failure?: GameOutcome['failure']): GameOutcome => ({
  index,
  seed: 1000 + index,
  scores,
  winners,
  rounds: 5,
  turns: 10,
  decisions: 20 + scores[0]!,
  reason,
  ...(failure ? { failure } : {}),
});

const luck = graphOf({ '/s/luck.rules': BASE }, '/s/luck.rules').graph;

describe('the paired balance of two printings', () => {
  it('pairs game i with game i: wins by the sign test, scores by the paired t test, corrected per table', () => {
    // 12 games; on the second side p2 takes nine of p1's wins away (and scores 1 more in each of them), nothing else changes
    const a = Array.from({ length: 12 }, (_, i) => game(i, [0], [5, 4]));
    const b = a.map((g, i) => (i < 9 ? game(i, [1], [5, 5]) : g));
    const bal = pairedBalance(a, b);
    expect(bal.paired).toBe(12);
    const seats = bal.tables.find((t) => t.name === 'seats')!;
    const p1 = seats.rows.find((r) => r.measure === 'p1 wins')!;
    expect(p1.discordant).toEqual({ onlyA: 9, onlyB: 0 });
    expect(p1.p).toBeCloseTo(2 / 512, 12);
    expect(p1.a.value).toBe(1);
    expect(p1.a.high).toBe(1);
    expect(p1.difference.value).toBeCloseTo(-0.75, 12);
    expect(p1.difference.low).toBeGreaterThanOrEqual(-1);
    // four rows in the seats table: Holm multiplies the smallest p (p2's score, 1 more in 9 of 12) by 4, the next (p1's wins) by 3
    const p2score = seats.rows.find((r) => r.measure === 'p2 score')!;
    expect(p2score.p).toBeLessThan(p1.p);
    expect(p2score.pHolm).toBeCloseTo(4 * p2score.p, 12);
    expect(p1.pHolm).toBeCloseTo(3 * (2 / 512), 12);
    expect(p1.mark).not.toBe('');
    expect(seats.verdict).toMatch(/^p1 wins 75\.0 points less often \(95% CI/);
    const p1score = seats.rows.find((r) => r.measure === 'p1 score')!;
    expect(p1score).toMatchObject({ test: 'paired-t', p: 1, mark: '' });
    // nothing else changed
    expect(bal.tables.find((t) => t.name === 'length')!.verdict).toBe('no significant change in game length in 12 paired games');
    expect(bal.tables.find((t) => t.name === 'ends')!.verdict).toBe('no significant change in how games end in 12 paired games');
    // how often it matters: the winner and a score change in the same 9 of 12 games, the end in none
    expect(bal.matters.winner.games).toBe(9);
    expect(bal.matters.score.games).toBe(9);
    expect(bal.matters.end.games).toBe(0);
    expect(bal.matters.winner.share.value).toBe(0.75);
    expect(bal.matters.end.share.low).toBe(0);
  });

  it('says "no significant change" for the same printing, and finds a change too small for two independent summaries', () => {
    const a = Array.from({ length: 40 }, (_, i) => game(i, [i % 2], [i % 7, (i * 3) % 5]));
    const same = pairedBalance(a, a);
    expect(same.tables.every((t) => t.rows.every((r) => r.mark === ''))).toBe(true);
    expect(same.tables[0]!.verdict).toBe('no significant change in seat balance in 40 paired games');
    expect(same.matters.winner.games).toBe(0);
    // p1 scores exactly 1 more in every game: the scores spread 0–6 either side, but the pair's difference does not
    const plus = pairedBalance(a, a.map((g) => ({ ...g, scores: [g.scores[0]! + 1, g.scores[1]!] })));
    const row = plus.tables[0]!.rows.find((r) => r.measure === 'p1 score')!;
    expect(row.difference).toEqual({ value: 1, low: 1, high: 1 });
    expect(row.mark).toBe('**');
    expect(plus.tables[0]!.verdict).toContain('p1 scores 1.00 more');
    expect(plus.matters.score.games).toBe(40);
  });

  it('shows run errors of either side with their game, seed, code and replay command, and leaves those games out', () => {
    const failure = { game: 2, seed: 1002, code: 'run/step-budget', message: 'a loop', place: 'in rule `loop`', file: '/s/b.rules', range: { start: { offset: 0, line: 7, column: 1 }, end: { offset: 4, line: 7, column: 5 } } };
    const a = Array.from({ length: 5 }, (_, i) => game(i, [0], [1, 0]));
    const b = a.map((g, i) => (i === 2 ? game(i, [], [0, 0], 'error', failure) : g));
    const bal = pairedBalance(a, b, { replay: (side, g) => `replay ${side} ${g}` });
    expect(bal.games).toBe(5);
    expect(bal.paired).toBe(4);
    expect(bal.errors).toMatchObject({ a: 0, b: 1, codes: [{ side: 'b', code: 'run/step-budget', games: 1 }] });
    expect(bal.errors.first).toEqual([{ ...failure, side: 'b', replay: 'replay b 2' }]);
    const report: DiffReport = { a: { label: 'A', file: '/s/a.rules' }, b: { label: 'B', file: '/s/b.rules' }, structural: structuralDiff(luck, luck), behaviour: null, balance: { ...bal, agents: ['random'] } };
    const text = formatDiffReport(report);
    expect(text).toMatch(/RUN ERRORS: 1 game of B stopped/);
    expect(text).toContain('B, game 2 (seed 1002): run/step-budget in rule `loop` (/s/b.rules:7)');
    expect(text).toContain('replay it: replay b 2');
  });
});
