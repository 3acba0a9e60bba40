import type { GameOutcome } from './game-record.ts';
import type { GameRunner } from './game-runner.ts';
import { addGame, emptyPartial, type SimulationPartial } from './simulation-partial.ts';

export type ReadyRunner = Extract<GameRunner, { ok: true }>;

/** What playing games [from, to) leaves behind: their aggregate and, when asked for, their log lines in game order. */
export interface ChunkResult {
  from: number;
  to: number;
  partial: SimulationPartial;
  log?: string;
  /** each game's outcome, in game order, when asked for (`outcomes`) */
  outcomes?: GameOutcome[];
}

/**
 * Plays a run of consecutive games and folds them into one partial. Both the
 * single-threaded path and the workers go through here, so they aggregate
 * the same way. With `outcomes`, each game's outcome is kept as well.
 */
export function playChunk(runner: ReadyRunner, players: number, from: number, to: number, outcomes = false): ChunkResult {
  const partial = emptyPartial(players, runner.ruleIds.length);
  let log: string | undefined;
  const kept: GameOutcome[] | undefined = outcomes ? [] : undefined;
  for (let i = from; i < to; i++) {
    const record = runner.play(i);
    addGame(partial, record);
    if (record.log !== undefined) log = (log ?? '') + record.log;
    if (kept) {
      const { index, seed, scores, winners, rounds, turns, decisions, reason, failure } = record;
      kept.push(failure === undefined ? { index, seed, scores, winners, rounds, turns, decisions, reason } : { index, seed, scores, winners, rounds, turns, decisions, reason, failure });
    }
  }
  const result: ChunkResult = { from, to, partial };
  if (log !== undefined) result.log = log;
  if (kept) result.outcomes = kept;
  return result;
}
