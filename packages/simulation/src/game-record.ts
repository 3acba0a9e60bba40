import type { Range } from '@houserules/schema';

/** What one simulated game reports back (from this thread or a worker): plain, cloneable data. */
export interface GameRecord {
  index: number;
  seed: number;
  /** Each seat's first ranking key (its score), 0 when the scenario has no ranking. */
  scores: number[];
  winners: number[];
  rounds: number;
  turns: number;
  decisions: number;
  reason: string;
  /** Times each rule fired in this game, in the order of the run's rule ids (cheap to send between threads). */
  firings: number[];
  /** Set when the game stopped on a run diagnostic (step budget, invariant…). */
  failure?: GameFailure;
  /** The game's JSON lines (header and events) when a log was asked for. */
  log?: string;
}

/**
 * A run error and its place: the rule, action or ask that was running (its
 * file and range, and `place`, a line naming it: "in rule `share_treasure`"),
 * with the game's number and seed so it can be played again.
 */
export interface GameFailure {
  game: number;
  seed: number;
  code: string;
  message: string;
  hint?: string;
  file?: string;
  range?: Range;
  place?: string;
}

/**
 * One game's result, kept per game when a run asks for it (`diff --balance`
 * pairs game i of one printing with game i of the other): who won, the
 * scores, how it ended, and the run error that stopped it.
 */
export type GameOutcome = Pick<GameRecord, 'index' | 'seed' | 'scores' | 'winners' | 'rounds' | 'turns' | 'decisions' | 'reason' | 'failure'>;
