import { describe, expect, it } from 'vitest';
import { addGame, emptyPartial, mergePartialFiles, parseShard, partialFile, readPartialFile, shardSlice, type PartialRun } from '../src/index.ts';

const run: PartialRun = { scenario: 's.rules', graph: 'sha256:x', variant: null, players: 2, seed: 1, agents: ['random'], options: {}, ruleIds: ['rule:a'], checkInvariants: false, games: 5 };

function shardFile(index: number, count: number, r: PartialRun = run) {
  const shard = shardSlice(r.games, index, count);
  const partial = emptyPartial(r.players, r.ruleIds.length);
  for (let g = shard.from; g < shard.to; g++) addGame(partial, { scores: [g, 1], winners: [g % 2], rounds: 1 + g, turns: 2, decisions: 3, reason: 'flow', firings: [g] });
  return partialFile(r, shard, partial);
}

describe('shards', () => {
  it('split [0, games) into contiguous slices that differ by at most one game', () => {
    for (const games of [1, 2, 7, 31, 100, 1001]) {
      for (const count of [1, 2, 3, 8, 13, 200]) {
        const slices = Array.from({ length: count }, (_, i) => shardSlice(games, i + 1, count));
        expect(slices[0]!.from).toBe(0);
        expect(slices.at(-1)!.to).toBe(games);
        for (let i = 1; i < count; i++) expect(slices[i]!.from).toBe(slices[i - 1]!.to);
        const sizes = slices.map((s) => s.to - s.from);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('parse i/n with 1 ≤ i ≤ n', () => {
    expect(parseShard('2/8')).toEqual({ ok: true, index: 2, count: 8 });
    for (const bad of ['0/8', '9/8', '1/0', '1/100000', '-1/2', '1/2/3', '', ' 1/2']) expect(parseShard(bad).ok, bad).toBe(false);
  });
});

describe('partial files', () => {
  it('read back what is written (through JSON) and merge into the partial of the whole run', () => {
    const files = [1, 2, 3].map((i) => JSON.parse(JSON.stringify(shardFile(i, 3))) as unknown);
    const read = files.map((f) => readPartialFile(f));
    expect(read.map((r) => r.ok)).toEqual([true, true, true]);
    const merged = mergePartialFiles(read.map((r) => (r.ok ? r.file : null)!));
    expect(merged.ok && merged.partial).toEqual(shardFile(1, 1).partial);
  });

  it('are refused, never thrown on, when edited', () => {
    const good = JSON.parse(JSON.stringify(shardFile(1, 2))) as { run: Record<string, unknown>; shard: Record<string, unknown>; partial: Record<string, unknown> };
    const spread = good.partial.rounds as Record<string, unknown>;
    const bad: unknown[] = [
      null, 'text', [], { ...good, format: 'other' },
      { ...good, run: { ...good.run, players: 0 } },
      { ...good, run: { ...good.run, agents: [] } },
      { ...good, run: { ...good.run, options: JSON.parse('{"__proto__": 1}') as unknown } },
      { ...good, shard: { ...good.shard, to: 4 } },
      { ...good, partial: { ...good.partial, wins: [1] } },
      { ...good, partial: { ...good.partial, rounds: { ...spread, min: 9 } } },
      { ...good, partial: { ...good.partial, failures: 1 } },
      { ...good, partial: { ...good.partial, firingGames: [99] } },
      { ...good, partial: { ...good.partial, roundCounts: { x: 2 } } },
    ];
    for (const value of bad) {
      const r = readPartialFile(value);
      expect(r.ok, JSON.stringify(value)?.slice(0, 80)).toBe(false);
      if (!r.ok) expect(r.message.length).toBeGreaterThan(0);
    }
  });

  it('are refused when their statistics cannot be, whatever shape they have', () => {
    const good = JSON.parse(JSON.stringify(shardFile(1, 1))) as { partial: Record<string, unknown> };
    expect(readPartialFile(good).ok).toBe(true);
    const p = good.partial as { scoreSum: number[]; scoreSquares: number[]; wins: number[]; sharedWins: number[]; winsSharedBy: number[][]; firingTotals: number[]; firingGames: number[]; rounds: { sum: number; min: number; max: number } };
    const edits: [string, Record<string, unknown>][] = [
      // seat 1 scores 0, 1, 2, 3, 4: sum 10, squares 30; a sum of squares below what the mean allows (10²/5 = 20)
      ['squares below the mean', { scoreSquares: [19, p.scoreSquares[1]!] }],
      ['squares above the counts', { scoreSquares: [31, p.scoreSquares[1]!] }],
      ['a sum that is not the counts\'', { scoreSum: [11, p.scoreSum[1]!] }],
      ['a minimum no game had', { rounds: { ...p.rounds, min: 2 } }],
      ['a sum of rounds the counts do not make', { rounds: { ...p.rounds, sum: p.rounds.sum + 1 } }],
      ['more wins than by sharing', { wins: [p.wins[0]! + 1, p.wins[1]!] }],
      ['a shared win one seat alone counts', { winsSharedBy: [[0, (p.winsSharedBy[0]![1] ?? 0) - 1, 1], p.winsSharedBy[1]!], sharedWins: [1, p.sharedWins[1]!] }],
      ['fewer firings than games fired in', { firingTotals: [p.firingGames[0]! - 1] }],
    ];
    for (const [what, edit] of edits) {
      const r = readPartialFile({ ...good, partial: { ...good.partial, ...edit } });
      expect(r.ok, what).toBe(false);
    }
  });

  it('merge only the complete set of shards of one run', () => {
    const [a, b] = [shardFile(1, 2), shardFile(2, 2)];
    expect(mergePartialFiles([b, a]).ok).toBe(true);
    expect(mergePartialFiles([a]).ok).toBe(false);
    expect(mergePartialFiles([a, a]).ok).toBe(false);
    expect(mergePartialFiles([a, shardFile(2, 2, { ...run, seed: 2 })]).ok).toBe(false);
    expect(mergePartialFiles([a, shardFile(2, 3)]).ok).toBe(false);
    expect(mergePartialFiles([]).ok).toBe(false);
  });
});
