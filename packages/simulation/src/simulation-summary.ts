import type { GameFailure, GameRecord } from './game-record.ts';
import { addGame, emptyPartial, type IntegerSpread, type SimulationPartial } from './simulation-partial.ts';

export interface Spread {
  mean: number;
  min: number;
  max: number;
}

export interface SeatSummary {
  seat: number;
  agent: string;
  /** Games this seat won, alone or shared. */
  wins: number;
  /** Of those, games whose win was shared with other seats. */
  sharedWins: number;
  /** Win share: a win shared by k seats counts 1/k; divided by the games played. */
  winRate: number;
  scoreMean: number;
  /** Sample standard deviation (n − 1). */
  scoreStdDev: number;
}

export interface RuleSummary {
  id: string;
  /** Mean firings per game. */
  perGame: number;
  /** Share of games in which it fired at least once. */
  gamesShare: number;
}

export interface SimulationSummary {
  scenario: string;
  variant: string | null;
  players: number;
  games: number;
  seed: number;
  agents: string[];
  options: Record<string, unknown>;
  seats: SeatSummary[];
  length: { rounds: Spread; turns: Spread; decisions: Spread };
  rules: RuleSummary[];
  endReasons: { reason: string; games: number; share: number }[];
  /** How many games had each value, in increasing value: each seat's score, and the game's length. */
  histograms: { scores: HistogramBar[][]; rounds: HistogramBar[]; turns: HistogramBar[]; decisions: HistogramBar[] };
  /** games stopped on a run error, by code, with one message per code (it names the rules of a loop) */
  failures: { games: number; codes: Record<string, number>; examples: Record<string, string>; first: GameFailure[] };
}

export interface HistogramBar {
  value: number;
  games: number;
}

export interface SummaryContext {
  scenario: string;
  variant: string | null;
  players: number;
  seed: number;
  agents: string[];
  options: Record<string, unknown>;
  /** The rules, in the order of each record's firings (rules that never fired show too). */
  ruleIds: string[];
}

const spreadResult = (spread: IntegerSpread, n: number): Spread =>
  n === 0 ? { mean: 0, min: 0, max: 0 } : { mean: spread.sum / n, min: spread.min ?? 0, max: spread.max ?? 0 };

const histogram = (counts: Record<string, number>): HistogramBar[] =>
  Object.entries(counts)
    .map(([value, games]) => ({ value: Number(value), games }))
    .sort((a, b) => a.value - b.value);

const sortedCounts = (counts: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(counts).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));

/** Aggregates game records (in any order) into a summary, through the same partial a worker builds. */
export function summarize(records: readonly GameRecord[], context: SummaryContext): SimulationSummary {
  const partial = emptyPartial(context.players, context.ruleIds.length);
  for (const record of records) addGame(partial, record);
  return summarizePartial(partial, context);
}

/**
 * Turns the integer aggregate of a run into its summary. Each division
 * happens once here, so the summary is the same bit for bit however the games
 * were split between threads and chunks.
 */
export function summarizePartial(partial: SimulationPartial, context: SummaryContext): SimulationSummary {
  const n = partial.games;
  const players = context.players;
  const seats: SeatSummary[] = [];
  for (let seat = 0; seat < players; seat++) {
    let share = 0;
    const byK = partial.winsSharedBy[seat] ?? [];
    for (let k = 1; k < byK.length; k++) if (byK[k]! > 0) share += byK[k]! / k;
    const sum = partial.scoreSum[seat] ?? 0;
    const mean = n === 0 ? 0 : sum / n;
    // Σ(x − mean)² = Σx² − (Σx)²/n, computed from the exact integer sums.
    const sq = n < 2 ? 0 : ((partial.scoreSquares[seat] ?? 0) - (sum * sum) / n) / (n - 1);
    seats.push({
      seat,
      agent: context.agents[seat % Math.max(1, context.agents.length)] ?? 'random',
      wins: partial.wins[seat] ?? 0,
      sharedWins: partial.sharedWins[seat] ?? 0,
      winRate: n === 0 ? 0 : share / n,
      scoreMean: mean,
      scoreStdDev: Math.sqrt(Math.max(0, sq)),
    });
  }

  return {
    scenario: context.scenario,
    variant: context.variant,
    players,
    games: n,
    seed: context.seed,
    agents: context.agents,
    options: context.options,
    seats,
    length: { rounds: spreadResult(partial.rounds, n), turns: spreadResult(partial.turns, n), decisions: spreadResult(partial.decisions, n) },
    rules: context.ruleIds.map((id, i) => ({
      id,
      perGame: n === 0 ? 0 : (partial.firingTotals[i] ?? 0) / n,
      gamesShare: n === 0 ? 0 : (partial.firingGames[i] ?? 0) / n,
    })),
    endReasons: Object.entries(partial.reasons)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([reason, games]) => ({ reason, games, share: games / Math.max(1, n) })),
    histograms: {
      scores: Array.from({ length: players }, (_, seat) => histogram(partial.scoreCounts[seat] ?? {})),
      rounds: histogram(partial.roundCounts),
      turns: histogram(partial.turnCounts),
      decisions: histogram(partial.decisionCounts),
    },
    // Codes sorted, so the order does not depend on which chunk met a code first.
    failures: { games: partial.failures, codes: sortedCounts(partial.failureCodes), examples: partial.failureExamples ?? {}, first: partial.firstFailures ?? [] },
  };
}
