// Game.restart (playGame's `reuse`): a game restarted on another's arrays plays exactly
// as a new one — the same log byte for byte, state hashes, snapshot, outcome and counts —
// whatever the game before it left behind (finished, stopped mid-way, other options).
import { describe, expect, it } from 'vitest';
import { createGame, playGame, randomAgent, type Game, type GameConfig, type LoadedGraph } from '@houserules/engine';
import { loadScenario } from './load-scenario.ts';

/** everything a game leaves to be seen, as one text */
function trace(game: Game, steps: number): string {
  return JSON.stringify({
    log: game.log,
    outcome: game.outcome,
    error: game.error,
    diagnostics: game.diagnostics,
    hash: game.stateHash(),
    snapshot: game.snapshot(),
    firings: game.ruleFiringCounts,
    endChecks: game.endChecks,
    round: game.round,
    turn: game.turn,
    steps,
  });
}

function fresh(lg: LoadedGraph, config: GameConfig, maxSteps?: number): string {
  const result = playGame(lg, config, [randomAgent(config.seed * 7 + 3)], { maxSteps });
  return trace(result.game!, result.steps);
}

const cases: { file: string; players: number; options: Record<string, number | string>; other?: Record<string, number | string> }[] = [
  { file: 'diamant/diamant.rules', players: 4, options: {}, other: { leftover_sharing: 'pooled' } },
  { file: 'catan/base.rules', players: 4, options: { round_limit: 40 }, other: { round_limit: 12 } },
  { file: 'kaffee/kaffee.rules', players: 3, options: { round_limit: 30 } },
];

describe('a restarted game plays exactly as a new one', () => {
  for (const c of cases) {
    it(`${c.file}: game after game on one game's arrays, with the log, invariant checks and without`, () => {
      const lg = loadScenario(c.file);
      let reused: Game | null = null;
      for (let i = 0; i < 6; i++) {
        const config: GameConfig = { seed: 100 + i, players: c.players, options: i === 3 && c.other ? c.other : c.options, recordLog: i !== 4, checkInvariants: i % 2 === 0 };
        // game 2 is stopped part-way (a decision budget), so the next restarts a game still waiting for decisions
        const maxSteps = i === 2 ? 25 : undefined;
        const result = playGame(lg, config, [randomAgent(config.seed * 7 + 3)], { maxSteps, reuse: reused });
        if (reused !== null) expect(result.game).toBe(reused);
        reused = result.game!;
        expect(trace(reused, result.steps)).toBe(fresh(lg, config, maxSteps));
      }
    });
  }

  it('refuses another player count or a configuration createGame refuses, changing nothing', () => {
    const lg = loadScenario('diamant/diamant.rules');
    const game = createGame(lg, { seed: 1, players: 4 }).value!;
    const before = JSON.stringify(game.snapshot());
    expect(game.restart({ seed: 2, players: 5 })).toBe(false);
    expect(game.restart({ seed: 2, players: 4, options: { no_such_option: 1 } })).toBe(false);
    expect(JSON.stringify(game.snapshot())).toBe(before);
    // playGame then creates a new game
    const result = playGame(lg, { seed: 2, players: 5 }, [randomAgent(1)], { reuse: game });
    expect(result.game).not.toBe(game);
    expect(result.game!.playerCount).toBe(5);
  });
});
