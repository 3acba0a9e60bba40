import type { GameRecord } from './game-record.ts';
import { formatTable } from '../text-table.ts';

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
  failures: { games: number; codes: Record<string, number> };
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

class IntSpread {
  sum = 0;
  min = Infinity;
  max = -Infinity;
  add(x: number): void {
    this.sum += x;
    if (x < this.min) this.min = x;
    if (x > this.max) this.max = x;
  }
  result(n: number): Spread {
    return n === 0 ? { mean: 0, min: 0, max: 0 } : { mean: this.sum / n, min: this.min, max: this.max };
  }
}

/**
 * Aggregates games in index order. Everything summed is an integer (scores,
 * counts), and each division happens once at the end, so the summary is the
 * same bit for bit whichever thread played which game.
 */
export function summarize(records: readonly GameRecord[], context: SummaryContext): SimulationSummary {
  const sorted = [...records].sort((a, b) => a.index - b.index);
  const n = sorted.length;
  const players = context.players;
  const scoreSum = new Array<number>(players).fill(0);
  const scoreSquares = new Array<number>(players).fill(0);
  const wins = new Array<number>(players).fill(0);
  const sharedWins = new Array<number>(players).fill(0);
  // winsSharedBy[seat][k]: wins shared by k seats; fractional shares are summed once at the end.
  const winsSharedBy: Map<number, number>[] = Array.from({ length: players }, () => new Map());
  const rounds = new IntSpread();
  const turns = new IntSpread();
  const decisions = new IntSpread();
  const firingTotals = new Map<string, number>(context.ruleIds.map((id) => [id, 0]));
  const firingGames = new Map<string, number>(context.ruleIds.map((id) => [id, 0]));
  const reasons = new Map<string, number>();
  const failureCodes: Record<string, number> = {};
  let failures = 0;

  for (const game of sorted) {
    for (let seat = 0; seat < players; seat++) {
      const s = game.scores[seat] ?? 0;
      scoreSum[seat]! += s;
      scoreSquares[seat]! += s * s;
    }
    const k = game.winners.length;
    for (const seat of game.winners) {
      wins[seat]!++;
      if (k > 1) sharedWins[seat]!++;
      const byK = winsSharedBy[seat]!;
      byK.set(k, (byK.get(k) ?? 0) + 1);
    }
    rounds.add(game.rounds);
    turns.add(game.turns);
    decisions.add(game.decisions);
    game.firings.forEach((count, i) => {
      const id = context.ruleIds[i];
      if (id === undefined || count <= 0) return;
      firingTotals.set(id, firingTotals.get(id)! + count);
      firingGames.set(id, firingGames.get(id)! + 1);
    });
    reasons.set(game.reason, (reasons.get(game.reason) ?? 0) + 1);
    if (game.failure) {
      failures++;
      failureCodes[game.failure.code] = (failureCodes[game.failure.code] ?? 0) + 1;
    }
  }

  const seats: SeatSummary[] = [];
  for (let seat = 0; seat < players; seat++) {
    let share = 0;
    for (const [k, count] of [...winsSharedBy[seat]!.entries()].sort((a, b) => a[0] - b[0])) share += count / k;
    const mean = n === 0 ? 0 : scoreSum[seat]! / n;
    // Σ(x − mean)² = Σx² − (Σx)²/n, computed from the exact integer sums.
    const sq = n < 2 ? 0 : (scoreSquares[seat]! - (scoreSum[seat]! * scoreSum[seat]!) / n) / (n - 1);
    seats.push({
      seat,
      agent: context.agents[seat % Math.max(1, context.agents.length)] ?? 'random',
      wins: wins[seat]!,
      sharedWins: sharedWins[seat]!,
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
    length: { rounds: rounds.result(n), turns: turns.result(n), decisions: decisions.result(n) },
    rules: [...firingTotals.keys()].map((id) => ({
      id,
      perGame: n === 0 ? 0 : firingTotals.get(id)! / n,
      gamesShare: n === 0 ? 0 : firingGames.get(id)! / n,
    })),
    endReasons: [...reasons.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([reason, games]) => ({ reason, games, share: games / Math.max(1, n) })),
    failures: { games: failures, codes: failureCodes },
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const num = (x: number): string => x.toFixed(2);

export function formatSummary(s: SimulationSummary): string {
  const options = Object.entries(s.options)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');
  let out = `${s.scenario}  variant: ${s.variant ?? '(base)'}  players: ${s.players}  games: ${s.games}  seed: ${s.seed}\n`;
  if (options) out += `options: ${options}\n`;
  out += '\n';
  out += formatTable(
    ['seat', 'agent', 'win rate', 'wins', 'shared', 'score mean', 'score sd'],
    s.seats.map((seat) => [
      `p${seat.seat + 1}`,
      seat.agent,
      pct(seat.winRate),
      String(seat.wins),
      String(seat.sharedWins),
      num(seat.scoreMean),
      num(seat.scoreStdDev),
    ]),
    [false, false, true, true, true, true, true],
  );
  out += '(win rate counts a win shared by k seats as 1/k; "wins" counts every won game, "shared" those won jointly)\n\n';
  out += formatTable(
    ['game length', 'mean', 'min', 'max'],
    (['rounds', 'turns', 'decisions'] as const).map((k) => [k, num(s.length[k].mean), String(s.length[k].min), String(s.length[k].max)]),
    [false, true, true, true],
  );
  out += '\n';
  out += formatTable(
    ['rule', 'fired per game', 'in games'],
    s.rules.map((r) => [r.id.replace(/^rule:/, ''), num(r.perGame), pct(r.gamesShare)]),
    [false, true, true],
  );
  out += '\n';
  out += formatTable(
    ['end reason', 'games', 'share'],
    s.endReasons.map((r) => [r.reason, String(r.games), pct(r.share)]),
    [false, true, true],
  );
  if (s.failures.games > 0) {
    out += `\n${s.failures.games} game(s) stopped on a run error: ${Object.entries(s.failures.codes)
      .map(([c, k]) => `${c} ×${k}`)
      .join(', ')}\n`;
  }
  return out;
}
