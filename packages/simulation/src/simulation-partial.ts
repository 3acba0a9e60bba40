import type { GameFailure, GameRecord } from './game-record.ts';

/** How many stopped games a run keeps in full (the lowest game numbers): `simulate` prints them. */
export const FIRST_FAILURES_KEPT = 3;

/** Sum, minimum and maximum of an integer per game (min/max are null before the first game). */
export interface IntegerSpread {
  sum: number;
  min: number | null;
  max: number | null;
}

/**
 * The aggregate of some games of a run, made only of integers, so partials
 * merge exactly in any order and grouping: a worker sends one per chunk
 * instead of one record per game, and the summary divides once at the end.
 */
export interface SimulationPartial {
  games: number;
  scoreSum: number[];
  scoreSquares: number[];
  wins: number[];
  sharedWins: number[];
  /** winsSharedBy[seat][k]: this seat's wins that k seats shared (index 0 unused). */
  winsSharedBy: number[][];
  rounds: IntegerSpread;
  turns: IntegerSpread;
  decisions: IntegerSpread;
  /** Per rule, in the run's rule order: total firings, and games in which it fired. */
  firingTotals: number[];
  firingGames: number[];
  reasons: Record<string, number>;
  /** Histograms, value → games: each seat's score, and the game's rounds, turns and decisions. */
  scoreCounts: Record<string, number>[];
  roundCounts: Record<string, number>;
  turnCounts: Record<string, number>;
  decisionCounts: Record<string, number>;
  failures: number;
  failureCodes: Record<string, number>;
  /**
   * Per failure code, one of its messages (the first in string order, so any
   * merge order keeps the same one): what a summary shows of a stopped game,
   * such as the rules of a loop a step budget stopped.
   */
  failureExamples: Record<string, string>;
  /**
   * The first games (by number) a run error stopped, in full, at most
   * FIRST_FAILURES_KEPT: the same for any chunking. Not written to a shard's
   * partial file (its text is the scenario's, not counts).
   */
  firstFailures?: GameFailure[];
}

/** The per-game fields a partial aggregates (a GameRecord without its index, seed and log). */
export type GameOutcomeFields = Pick<GameRecord, 'scores' | 'winners' | 'rounds' | 'turns' | 'decisions' | 'reason' | 'firings' | 'failure'>;

const zeros = (length: number): number[] => new Array<number>(length).fill(0);
const emptySpread = (): IntegerSpread => ({ sum: 0, min: null, max: null });

export function emptyPartial(players: number, ruleCount: number): SimulationPartial {
  return {
    games: 0,
    scoreSum: zeros(players),
    scoreSquares: zeros(players),
    wins: zeros(players),
    sharedWins: zeros(players),
    winsSharedBy: Array.from({ length: players }, () => zeros(players + 1)),
    rounds: emptySpread(),
    turns: emptySpread(),
    decisions: emptySpread(),
    firingTotals: zeros(ruleCount),
    firingGames: zeros(ruleCount),
    reasons: {},
    scoreCounts: Array.from({ length: players }, () => ({})),
    roundCounts: {},
    turnCounts: {},
    decisionCounts: {},
    failures: 0,
    failureCodes: {},
    failureExamples: {},
  };
}

function addToSpread(spread: IntegerSpread, x: number): void {
  spread.sum += x;
  if (spread.min === null || x < spread.min) spread.min = x;
  if (spread.max === null || x > spread.max) spread.max = x;
}

function mergeSpread(into: IntegerSpread, from: IntegerSpread): void {
  into.sum += from.sum;
  if (from.min !== null && (into.min === null || from.min < into.min)) into.min = from.min;
  if (from.max !== null && (into.max === null || from.max > into.max)) into.max = from.max;
}

function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

function addArray(into: number[], from: readonly number[]): void {
  for (let i = 0; i < into.length; i++) into[i]! += from[i] ?? 0;
}

/** Adds one game to a partial; firings beyond the partial's rules are ignored. */
export function addGame(partial: SimulationPartial, game: GameOutcomeFields): void {
  const players = partial.scoreSum.length;
  partial.games++;
  for (let seat = 0; seat < players; seat++) {
    const s = game.scores[seat] ?? 0;
    partial.scoreSum[seat]! += s;
    partial.scoreSquares[seat]! += s * s;
    const counts = partial.scoreCounts[seat]!;
    counts[s] = (counts[s] ?? 0) + 1;
  }
  const k = game.winners.length;
  for (const seat of game.winners) {
    if (seat < 0 || seat >= players) continue;
    partial.wins[seat]!++;
    if (k > 1) partial.sharedWins[seat]!++;
    const byK = partial.winsSharedBy[seat]!;
    while (byK.length <= k) byK.push(0);
    byK[k]!++;
  }
  addToSpread(partial.rounds, game.rounds);
  addToSpread(partial.turns, game.turns);
  addToSpread(partial.decisions, game.decisions);
  partial.roundCounts[game.rounds] = (partial.roundCounts[game.rounds] ?? 0) + 1;
  partial.turnCounts[game.turns] = (partial.turnCounts[game.turns] ?? 0) + 1;
  partial.decisionCounts[game.decisions] = (partial.decisionCounts[game.decisions] ?? 0) + 1;
  const rules = partial.firingTotals.length;
  for (let i = 0; i < rules; i++) {
    const count = game.firings[i] ?? 0;
    if (count <= 0) continue;
    partial.firingTotals[i]! += count;
    partial.firingGames[i]!++;
  }
  partial.reasons[game.reason] = (partial.reasons[game.reason] ?? 0) + 1;
  if (game.failure) {
    partial.failures++;
    partial.failureCodes[game.failure.code] = (partial.failureCodes[game.failure.code] ?? 0) + 1;
    keepExample(partial.failureExamples, game.failure.code, game.failure.message);
    keepFirstFailures((partial.firstFailures ??= []), [game.failure]);
  }
}

/** Adds `from` into `into`; integer sums, so any order and grouping gives the same result. */
export function mergePartial(into: SimulationPartial, from: SimulationPartial): void {
  into.games += from.games;
  addArray(into.scoreSum, from.scoreSum);
  addArray(into.scoreSquares, from.scoreSquares);
  addArray(into.wins, from.wins);
  addArray(into.sharedWins, from.sharedWins);
  into.winsSharedBy.forEach((byK, seat) => {
    const other = from.winsSharedBy[seat] ?? [];
    while (byK.length < other.length) byK.push(0);
    addArray(byK, other);
  });
  mergeSpread(into.rounds, from.rounds);
  mergeSpread(into.turns, from.turns);
  mergeSpread(into.decisions, from.decisions);
  addArray(into.firingTotals, from.firingTotals);
  addArray(into.firingGames, from.firingGames);
  addCounts(into.reasons, from.reasons);
  into.scoreCounts.forEach((counts, seat) => addCounts(counts, from.scoreCounts[seat] ?? {}));
  addCounts(into.roundCounts, from.roundCounts);
  addCounts(into.turnCounts, from.turnCounts);
  addCounts(into.decisionCounts, from.decisionCounts);
  into.failures += from.failures;
  addCounts(into.failureCodes, from.failureCodes);
  for (const [code, message] of Object.entries(from.failureExamples ?? {})) keepExample(into.failureExamples, code, message);
  if (from.firstFailures !== undefined && from.firstFailures.length > 0) keepFirstFailures((into.firstFailures ??= []), from.firstFailures);
}

function keepFirstFailures(kept: GameFailure[], more: readonly GameFailure[]): void {
  kept.push(...more);
  kept.sort((a, b) => a.game - b.game);
  kept.length = Math.min(kept.length, FIRST_FAILURES_KEPT);
}

function keepExample(examples: Record<string, string>, code: string, message: string): void {
  const kept = Object.prototype.hasOwnProperty.call(examples, code) ? examples[code] : undefined;
  if (kept === undefined || message < kept) Object.defineProperty(examples, code, { value: message, enumerable: true, writable: true, configurable: true });
}
