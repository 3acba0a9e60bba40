import { describe, expect, it } from 'vitest';
import { createGameRunner, emptyPartial, mergePartial, playChunk, summarizePartial, type SimulationSpec } from '@houserules/simulation';
import type { RuleGraph } from '@houserules/schema';
import { compareBalance, printable, twoSidedP, wilson } from '../src/index.ts';
import { BASE, graphOf } from './fixtures.ts';

const files = { '/s/luck.rules': BASE };
const base = graphOf(files, '/s/luck.rules').graph;
const generous = graphOf(files, '/s/luck.rules', 'generous').graph;

function summary(graph: RuleGraph, games: number) {
  const spec: SimulationSpec = { graph, scenarioFile: 'luck.rules', variant: null, players: 3, options: {}, agents: [{ name: 'random', args: [] }], seed: 1, log: false };
  const runner = createGameRunner(spec);
  if (!runner.ok) throw new Error(runner.message);
  const partial = emptyPartial(3, runner.ruleIds.length);
  mergePartial(partial, playChunk(runner, 3, 0, games).partial);
  return summarizePartial(partial, { scenario: 'luck', variant: null, players: 3, seed: 1, agents: ['random'], options: {}, ruleIds: runner.ruleIds });
}

describe('balance side by side', () => {
  it('marks the doubled payout as a significant difference in score, and the same rules as none', () => {
    const a = summary(base, 300);
    const b = summary(generous, 300);
    const rows = compareBalance(a, b);
    const score = rows.find((r) => r.measure === 'p1 score')!;
    expect(score.difference).toBeGreaterThan(0);
    expect(score.mark).toBe('**');
    expect(score.a.low).toBeLessThan(score.a.value);
    expect(score.a.high).toBeGreaterThan(score.a.value);
    // same seeds, same agents, same rules: every row equal, nothing marked
    const same = compareBalance(a, summary(base, 300));
    expect(same.every((r) => r.difference === 0 && r.mark === '')).toBe(true);
    expect(rows.map((r) => r.measure)).toEqual(expect.arrayContaining(['p1 win rate', 'p3 score', 'rounds', 'decisions', 'ends: flow']));
  });

  it('gives Wilson intervals for rates: known answers, never outside [0, 1]', () => {
    // 5 of 10: 23.66%–76.34%; 0 of 10: 0–27.75% (z²/(n+z²)); 10 of 10: 72.25%–100%
    expect(wilson(0.5, 10).low).toBeCloseTo(0.2366, 4);
    expect(wilson(0.5, 10).high).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10)).toEqual({ value: 0, low: 0, high: expect.closeTo(0.27753, 5) as number });
    expect(wilson(1, 10).low).toBeCloseTo(0.72247, 5);
    expect(wilson(1, 10).high).toBe(1);
    for (const n of [1, 2, 7, 200]) {
      for (let k = 0; k <= n; k++) {
        const e = wilson(k / n, n);
        expect(e.low).toBeGreaterThanOrEqual(0);
        expect(e.high).toBeLessThanOrEqual(1);
        expect(e.low).toBeLessThanOrEqual(e.value);
        expect(e.high).toBeGreaterThanOrEqual(e.value);
      }
    }
  });

  it('computes two-sided normal tails', () => {
    expect(twoSidedP(0)).toBeCloseTo(1, 6);
    expect(twoSidedP(1.959963984540054)).toBeCloseTo(0.05, 5);
    expect(twoSidedP(-2.5758293035489)).toBeCloseTo(0.01, 5);
  });

  it('shows control characters from a scenario visibly instead of sending them to the terminal', () => {
    expect(printable('a\u001b[31mred\u0007 b\nc')).toBe('a\\u{1b}[31mred\\u{7} b\nc');
  });
});
