import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../src/game-record.ts';
import { summarize } from '../src/simulation-summary.ts';
import { gameSeed } from '../src/game-seeds.ts';

const record = (index: number, scores: number[], winners: number[], firings: number[], reason = 'flow'): GameRecord => ({
  index,
  seed: index,
  scores,
  winners,
  rounds: 5,
  turns: index,
  decisions: 10 + index,
  reason,
  firings,
});

const context = { scenario: 's', variant: null, players: 2, seed: 1, agents: ['random', 'first'], options: {}, ruleIds: ['rule:a', 'rule:b', 'rule:never'] };

describe('simulation summary', () => {
  const games = [
    record(0, [10, 4], [0], [2, 0, 0]),
    record(1, [6, 6], [0, 1], [1, 3, 0]),
    record(2, [2, 8], [1], [0, 1], 'limit'),
  ];

  it('counts shared wins fractionally, scores, lengths, firings and end reasons', () => {
    const s = summarize(games, context);
    expect(s.games).toBe(3);
    expect(s.seats[0]!.wins).toBe(2);
    expect(s.seats[0]!.sharedWins).toBe(1);
    expect(s.seats[0]!.winRate).toBeCloseTo(1.5 / 3, 12);
    expect(s.seats[1]!.winRate).toBeCloseTo(1.5 / 3, 12);
    expect(s.seats[1]!.agent).toBe('first');
    expect(s.seats[0]!.scoreMean).toBeCloseTo(6, 12);
    expect(s.seats[0]!.scoreStdDev).toBeCloseTo(4, 12); // sample sd of 10, 6, 2
    expect(s.length.turns).toEqual({ mean: 1, min: 0, max: 2 });
    expect(s.length.decisions.max).toBe(12);
    expect(s.rules.find((r) => r.id === 'rule:a')).toEqual({ id: 'rule:a', perGame: 1, gamesShare: 2 / 3 });
    expect(s.rules.find((r) => r.id === 'rule:never')).toEqual({ id: 'rule:never', perGame: 0, gamesShare: 0 });
    expect(s.endReasons).toEqual([
      { reason: 'flow', games: 2, share: 2 / 3 },
      { reason: 'limit', games: 1, share: 1 / 3 },
    ]);
  });

  it('counts how many games had each score and each length, in increasing value', () => {
    const s = summarize([...games, record(3, [6, 2], [0], [0, 0, 0])], context);
    expect(s.histograms.scores[0]).toEqual([
      { value: 2, games: 1 },
      { value: 6, games: 2 },
      { value: 10, games: 1 },
    ]);
    expect(s.histograms.scores[1]!.map((b) => b.value)).toEqual([2, 4, 6, 8]);
    expect(s.histograms.rounds).toEqual([{ value: 5, games: 4 }]);
    expect(s.histograms.decisions.map((b) => b.value)).toEqual([10, 11, 12, 13]);
  });

  it('does not depend on the order records arrive in', () => {
    expect(summarize([games[2]!, games[0]!, games[1]!], context)).toEqual(summarize(games, context));
  });

  it('derives game seeds from (seed, index) only, distinct across games and runs', () => {
    expect(gameSeed(7, 3)).toBe(gameSeed(7, 3));
    const seeds = new Set(Array.from({ length: 1000 }, (_, i) => gameSeed(7, i)));
    expect(seeds.size).toBe(1000);
    expect(gameSeed(8, 0)).not.toBe(gameSeed(7, 0));
  });
});
