// Whole games of Catan for 5–6 players: they finish, with every invariant checked (token and piece
// conservation, `resources_conserved` at 24 a resource, `one_robber`); the special building phase
// comes into play, and only building happens in it.
import { describe, expect, it } from 'vitest';
import { playGame, randomAgent, type Agent, type LogEntry } from '@houserules/engine';
import { builderAgent, loadCatan, playBuilderGames, runProblem } from './load-catan.ts';

const fiveSix = loadCatan('five-six.rules', 'base.rules');
const builder = (seed: number): Agent => builderAgent(fiveSix, seed);
const BUILDING = new Set(['action:build_road', 'action:build_settlement', 'action:build_city', 'action:buy_development_card']);

/** The actions taken by a player whose turn it is not, by action id. */
function actionsOutOfTurn(log: readonly LogEntry[]): Record<string, number> {
  const out: Record<string, number> = {};
  let current = -1;
  for (const e of log) {
    if (e.event === 'turn_start') current = e.data['player'] as number;
    if (e.event !== '$answer') continue;
    const move = e.data['move'] as { kind: string; action?: string };
    if (move.kind !== 'action' || e.data['seat'] === current || !move.action) continue;
    out[move.action] = (out[move.action] ?? 0) + 1;
  }
  return out;
}

describe('Catan for 5–6 players, whole games', () => {
  it('builder games end with a winner of 10 or more points, no invariant broken; others build between turns', () => {
    const outOfTurn: Record<string, number> = {};
    const games = 16;
    const { problems, rounds } = playBuilderGames(fiveSix, games, (i) => 5 + (i % 2), {
      recordLog: true,
      each: (r) => {
        for (const [a, n] of Object.entries(actionsOutOfTurn(r.game!.log))) outOfTurn[a] = (outOfTurn[a] ?? 0) + n;
      },
    });
    console.info(`${games} Catan 5–6 games (builder) took ${(rounds / games).toFixed(1)} rounds on average; out of turn: ${JSON.stringify(outOfTurn)}`);
    expect(problems).toEqual([]);
    // out of turn there is only building and passing: no trade, no card played
    const other = Object.keys(outOfTurn).filter((a) => !BUILDING.has(a) && a !== 'action:end_special_building');
    expect(other).toEqual([]);
    expect(outOfTurn['action:build_settlement'] ?? 0).toBeGreaterThan(0);
    expect(outOfTurn['action:build_road'] ?? 0).toBeGreaterThan(0);
  });

  it('random games end, by 10 points or by the simulation round limit, no invariant broken', () => {
    const problems: string[] = [];
    const reasons: Record<string, number> = {};
    const games = 8;
    for (let i = 0; i < games; i++) {
      const config = { seed: 2000 + i, players: 5 + (i % 2), checkInvariants: true, recordLog: false, options: { round_limit: 150 } };
      const r = playGame(fiveSix, config, (seat) => randomAgent(i * 8 + seat));
      const problem = runProblem(2000 + i, r);
      if (problem !== null) problems.push(problem);
      else reasons[r.outcome!.reason] = (reasons[r.outcome!.reason] ?? 0) + 1;
    }
    expect(problems).toEqual([]);
    expect(Object.keys(reasons).every((k) => k.includes('ten_points') || k.includes('round_limit_reached'))).toBe(true);
  });

  it('seats 5 or 6 players, no fewer', () => {
    expect(fiveSix.graph.scenario.players).toEqual({ min: 5, max: 6 });
    const four = playGame(fiveSix, { seed: 1, players: 4 }, (seat) => builder(seat));
    expect(four.diagnostics.map((d) => d.code)).toEqual(['run/bad-player-count']);
  });
});
