import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { playGame, policyAgent, randomAgent, type Agent, type Game, type LoadedGraph } from '@houserules/engine';
import { loadModule } from './load-module.ts';

/** The rows of bench (d): what each plays. A row is timed in a process of its own (`catan-row.ts`). */
export const CATAN_ROWS = ['uniform random', 'builder policy', 'random, no player trades'] as const;
export type CatanRow = (typeof CATAN_ROWS)[number];

export const PLAYERS = 4;
/** Random agents rarely stall, but nothing forces them to win: the limit makes every game end. */
export const ROUND_LIMIT = 500;

/** What a row's games came to. */
export interface Tally {
  games: number;
  rounds: number;
  turns: number;
  decisions: number;
  byLimit: number;
  unfinished: number;
}

export const emptyTally = (): Tally => ({ games: 0, rounds: 0, turns: 0, decisions: 0, byLimit: 0, unfinished: 0 });

/** plays `games` games from seed `first` on, adding them to a tally */
export type Player = (first: number, games: number, tally: Tally) => void;

function player(loaded: LoadedGraph, makeAgent: (seed: number) => Agent): Player {
  // one game's arrays for every game (Game.restart), as a simulation run does
  let reuse: Game | null = null;
  return (first, games, tally) => {
    for (let i = 0; i < games; i++) {
      const seed = first + i;
      const agent = makeAgent(seed * 16 + 1);
      const result = playGame(loaded, { seed, players: PLAYERS, options: { round_limit: ROUND_LIMIT }, recordLog: false }, [agent], { reuse });
      const game = result.game;
      reuse = game;
      tally.games++;
      if (!game || !result.outcome) {
        tally.unfinished++;
        continue;
      }
      tally.rounds += game.round;
      tally.turns += game.turn;
      tally.decisions += result.steps;
      if (result.outcome.reason.includes('round_limit')) tally.byLimit++;
    }
  };
}

/**
 * A row's player, loading only its own module: the uniform random agent or the
 * scenario's `builder` policy on the base game, or random agents on the base game
 * without trades between players (catanatron's action set).
 */
export function catanRowPlayer(row: CatanRow, scenariosDir: string, noPlayerTradesFile: string): Player {
  const base = join(scenariosDir, 'catan/base.rules');
  if (row === 'random, no player trades') return player(loadModule(noPlayerTradesFile, base), (seed) => randomAgent(seed));
  const loaded = loadModule(base);
  if (row === 'uniform random') return player(loaded, (seed) => randomAgent(seed));
  return player(loaded, (seed) => {
    const agent = policyAgent(loaded, 'builder', {}, seed);
    if (agent.value === null) throw new Error(`builder policy: ${agent.diagnostics[0]?.message}`);
    return agent.value;
  });
}

/** the number of games that take about `ms` */
export function calibrate(play: Player, ms: number): number {
  let games = 2;
  for (;;) {
    const t0 = performance.now();
    play(1_000_000, games, emptyTally());
    const took = performance.now() - t0;
    if (took > ms / 4) return Math.max(2, Math.round((games * ms) / took));
    games *= 4;
  }
}
