import type { Value } from '@houserules/schema';
import type { EndInfo, ListFn } from '../load/loaded-graph.ts';
import { record } from './game-log.ts';
import type { Game } from './game.ts';
import { memoStamp } from './memo-tables.ts';
import { truncate } from './packed-array.ts';
import type { Outcome } from './types.ts';

/**
 * Ending: the end conditions (after firings, turns and rounds), `end game`, and once
 * `game_end` has run, the ranking and the outcome.
 */

/** where the game is in ending: not ending, `end game` asked (the queue is cleared next), `game_end`'s rules running */
export const ENDING_NONE = 0;
export const ENDING_REQUESTED = 1;
export const ENDING_DRAINING = 2;

const NUMBER_TYPE = { t: 'number' } as const;
/** a ranking entry's score until it is written */
const NO_SCORE: Value[] = [];

export function endGame(this: Game, winners: ListFn | null, reason: string): void {
  if (this.endingPhase !== ENDING_NONE) return;
  this.endWinners = null;
  if (winners) {
    winners(this);
    const arr = this.srcArr, len = this.srcLen, rev = this.srcRev;
    const out: number[] = [];
    for (let k = 0; k < len; k++) out.push(rev ? arr[len - 1 - k]! : arr[k]!);
    this.endWinners = out;
  }
  this.endReason = reason;
  this.endingPhase = ENDING_REQUESTED;
  this.halt = true;
}

export function stop(g: Game): void {
  g.over = true;
  g.halt = true;
  truncate(g.decisions);
  g.openHint = null;
}

/**
 * The end conditions checked after firings and answers (immediate, and own-turn
 * ones during a turn) — skipped when nothing they read was written since they
 * last all failed (state-resources.ts).
 */
export function checkFiringEnds(g: Game): void {
  const reads = g.lg.firingEndReads;
  const stamp = reads === null ? -1 : memoStamp(g, reads);
  if (stamp >= 0 && stamp === g.firingEndStamp) return;
  if (g.endsImmediate.length > 0) checkEnds(g, g.endsImmediate);
  // between turns the own-turn conditions are not checked: what they read has not been seen failing yet
  const ownTurnChecked = g.current >= 0 || g.endsOwnTurn.length === 0;
  if (g.current >= 0 && g.endsOwnTurn.length > 0 && g.endingPhase === ENDING_NONE) checkEnds(g, g.endsOwnTurn);
  g.firingEndStamp = ownTurnChecked && g.endingPhase === ENDING_NONE && !g.over ? stamp : -1;
}

export function checkEnds(g: Game, ends: EndInfo[]): void {
  g.endChecks++;
  for (let i = 0; i < ends.length; i++) {
    const e = ends[i]!;
    const prevSelf = g.self;
    if (e.timing === 'own_turn') g.self = g.current;
    const holds = e.condition(g) !== 0;
    g.self = prevSelf;
    if (g.err !== null) return stop(g);
    if (holds) {
      g.endGame(e.winners, e.id);
      return;
    }
  }
}

export function finish(g: Game): void {
  const lg = g.lg;
  const n = g.playerCount;
  const r = lg.ranking;
  const nk = r ? r.keys.length : 0;
  // every score is written before it is read: one table serves each game played on this one (restart)
  const scores = (g.rankScores ??= new Float64Array(n * nk));
  if (r) {
    for (let p = 0; p < n; p++) {
      g.locals[r.slot] = p;
      g.self = p;
      for (let k = 0; k < nk; k++) scores[p * nk + k] = r.keys[k]!.value(g);
    }
    g.self = -1;
  }
  // insertion sort by the keys, then by seat: player counts are small (one scratch list for every game played on this one)
  const order = g.rankOrder;
  for (let p = 0; p < n; p++) {
    let i = p;
    order[i] = p;
    while (i > 0 && compareScores(g, scores, nk, p, order[i - 1]!) < 0) {
      order[i] = order[i - 1]!;
      i--;
    }
    order[i] = p;
  }
  const shared = r ? r.shared : true;
  // the outcome's lists are made at their size (a list grown by push from empty takes room for 17)
  const ranking: Outcome['ranking'] = order.slice(0, n).map((seat) => ({ seat, rank: 0, score: NO_SCORE }));
  let first = 0;
  for (let i = 0; i < n; i++) {
    const entry = ranking[i]!;
    const seat = entry.seat;
    const rank = i > 0 && shared && compareScores(g, scores, nk, order[i - 1]!, seat) === 0 ? ranking[i - 1]!.rank : i + 1;
    entry.rank = rank;
    // ranking keys are numbers (the compiler checks it): decoded as such, a score past 2^29 stays a number
    if (nk === 1) entry.score = [lg.strings.decode(scores[seat]!, NUMBER_TYPE)];
    else {
      const score: Value[] = [];
      for (let k = 0; k < nk; k++) score.push(lg.strings.decode(scores[seat * nk + k]!, NUMBER_TYPE));
      entry.score = score;
    }
    if (rank === 1) first++;
  }
  // the seats ranked first lead the order
  const winners = order.slice(0, first);
  g.result = { winners: g.endWinners ?? winners, ranking, reason: g.endReason };
  if (g.logEntries) record(g, '$end', { reason: g.endReason, winners: g.result.winners });
  g.over = true;
  truncate(g.decisions);
  g.openHint = null;
}

/** negative when seat a ranks before seat b on the ranking keys (0: tied) */
export function compareScores(g: Game, scores: Float64Array, nk: number, a: number, b: number): number {
  const keys = g.lg.ranking?.keys;
  if (!keys) return 0;
  for (let k = 0; k < nk; k++) {
    const x = scores[a * nk + k]!;
    const y = scores[b * nk + k]!;
    if (x !== y) return keys[k]!.desc ? y - x : x - y;
  }
  return 0;
}
