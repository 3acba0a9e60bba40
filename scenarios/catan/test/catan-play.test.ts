// Whole games of the Catan base game: they finish, with every invariant checked (token and piece
// conservation, `resources_conserved`, `one_robber`), and replay identically.
import { describe, expect, it } from 'vitest';
import { playGame, randomAgent, replayLog, type Agent } from '@houserules/engine';
import { builderAgent, loadCatan, loadCatanWith, playBuilderGames, runProblem } from './load-catan.ts';

const base = loadCatan('base.rules');
const builder = (seed: number): Agent => builderAgent(base, seed);

describe('Catan base game, whole games', () => {
  it('builder games end with a winner of 10 or more points, no invariant broken', () => {
    const games = 200;
    const { problems, rounds } = playBuilderGames(base, games, (i) => 3 + (i % 2));
    console.info(`${games} Catan games (builder, 3–4 players), ${(rounds / games).toFixed(1)} rounds on average`);
    expect(problems).toEqual([]);
  });

  it('random games end, by 10 points or by the simulation round limit, no invariant broken', () => {
    const problems: string[] = [];
    const reasons: Record<string, number> = {};
    const games = 30;
    for (let i = 0; i < games; i++) {
      const config = { seed: 1000 + i, players: 4, checkInvariants: true, recordLog: false, options: { round_limit: 150 } };
      const r = playGame(base, config, (seat) => randomAgent(i * 8 + seat));
      const problem = runProblem(1000 + i, r);
      if (problem !== null) problems.push(problem);
      else reasons[r.outcome!.reason] = (reasons[r.outcome!.reason] ?? 0) + 1;
    }
    console.info(`${games} random Catan games ended by: ${JSON.stringify(reasons)}`);
    expect(problems).toEqual([]);
    expect(Object.keys(reasons).every((k) => k.includes('ten_points') || k.includes('round_limit_reached'))).toBe(true);
  });

  it('plays the same random games through generated code and through closures', () => {
    // phases, a per-turn limit, cached option lists, asks of several players: generated code must follow the closures move for move
    const closures = loadCatanWith({ codegen: false }, 'base.rules');
    for (let i = 0; i < 12; i++) {
      const config = { seed: 500 + i, players: 3 + (i % 2), options: { round_limit: 40 } };
      const a = playGame(base, config, (seat) => randomAgent(i * 8 + seat));
      const b = playGame(closures, config, (seat) => randomAgent(i * 8 + seat));
      expect(a.diagnostics).toEqual([]);
      expect(a.game!.log).toEqual(b.game!.log);
      expect(a.game!.stateHash()).toBe(b.game!.stateHash());
    }
  });

  it('replays a builder game, outcome for outcome', () => {
    const config = { seed: 7, players: 4 };
    const played = playGame(base, config, (seat) => builder(56 + seat));
    expect(played.diagnostics).toEqual([]);
    const replayed = replayLog(base, config, played.game!.log);
    expect(replayed.diagnostics).toEqual([]);
    expect(replayed.value!.outcome).toEqual(played.outcome);
    expect(replayed.value!.stateHash()).toBe(played.game!.stateHash());
  });
});
