import { describe, expect, it } from 'vitest';
import { addGame, createGameRunner, emptyPartial, mergePartial, playChunk, summarize, summarizePartial, type GameRecord, type SimulationPartial } from '@houserules/simulation';
import { loadScenario } from '../src/scenario-loader.ts';
import { repoRoot } from './run-cli.ts';

const players = 3;
const ruleIds = ['rule:a', 'rule:b', 'rule:c', 'rule:never'];
const context = { scenario: 's', variant: null, players, seed: 1, agents: ['random'], options: {}, ruleIds };

/** Varied synthetic games (shared wins, failures, several end reasons) from a small deterministic generator. */
function syntheticGames(count: number): GameRecord[] {
  let state = 12345;
  const next = (n: number): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  return Array.from({ length: count }, (_, index) => {
    const winnerCount = next(4);
    const winners = [0, 1, 2].slice(next(3)).slice(0, winnerCount);
    const record: GameRecord = {
      index,
      seed: index,
      scores: [next(40), next(40) - 5, next(7)],
      winners,
      rounds: 1 + next(5),
      turns: next(60),
      decisions: next(200),
      reason: ['flow', 'limit', 'out'][next(3)]!,
      firings: [next(4), next(2), next(9)],
    };
    if (next(10) === 0) record.failure = { game: index, seed: index, code: next(2) === 0 ? 'run/z-budget' : 'run/a-invariant', message: 'stopped' };
    return record;
  });
}

function chunked(games: readonly GameRecord[], size: number): SimulationPartial[] {
  const partials: SimulationPartial[] = [];
  for (let from = 0; from < games.length; from += size) {
    const partial = emptyPartial(players, ruleIds.length);
    for (const game of games.slice(from, from + size)) addGame(partial, game);
    partials.push(partial);
  }
  return partials;
}

function merged(partials: readonly SimulationPartial[]): SimulationPartial {
  const total = emptyPartial(players, ruleIds.length);
  for (const partial of partials) mergePartial(total, partial);
  return total;
}

describe('simulation partials', () => {
  const games = syntheticGames(997);
  const oneChunk = summarizePartial(merged(chunked(games, games.length)), context);

  it('merge to the one-chunk summary for any chunking and merge order', () => {
    expect(oneChunk.failures.games).toBeGreaterThan(0);
    expect(oneChunk.seats.some((s) => s.sharedWins > 0)).toBe(true);
    for (const size of [1, 7, 64, 500]) {
      const partials = chunked(games, size);
      expect(summarizePartial(merged(partials), context)).toEqual(oneChunk);
      expect(summarizePartial(merged([...partials].reverse()), context)).toEqual(oneChunk);
    }
    expect(summarize(games, context)).toEqual(oneChunk);
  });

  it('list failure codes in a fixed order whichever chunk met them first', () => {
    expect(Object.keys(oneChunk.failures.codes)).toEqual(['run/a-invariant', 'run/z-budget']);
  });

  it('give the same summary for real games played in different chunks', () => {
    const loaded = loadScenario(repoRoot, 'scenarios/diamant', undefined);
    if (!loaded.ok || loaded.graph === null) throw new Error('diamant did not load');
    const spec = { graph: loaded.graph, scenarioFile: loaded.file, variant: null, players: 4, options: {}, agents: [{ name: 'random', args: [] }], seed: 4, log: true };
    const runner = createGameRunner(spec);
    if (!runner.ok) throw new Error(runner.message);
    const realContext = { ...context, players: 4, ruleIds: runner.ruleIds };
    const whole = playChunk(runner, 4, 0, 30);
    const parts = [playChunk(runner, 4, 0, 11), playChunk(runner, 4, 11, 12), playChunk(runner, 4, 12, 30)];
    const total = emptyPartial(4, runner.ruleIds.length);
    for (const part of parts) mergePartial(total, part.partial);
    expect(summarizePartial(total, realContext)).toEqual(summarizePartial(whole.partial, realContext));
    expect(parts.map((p) => p.log).join('')).toBe(whole.log);
    expect(whole.partial.games).toBe(30);
  });
});
