import { pieceConservation } from './board-ops.ts';
import { stop } from './ending.ts';
import type { Game } from './game.ts';
import { memoStamp } from './memo-tables.ts';

/**
 * With `checkInvariants`: conservation of tokens and pieces and the declared invariants
 * after every event, each re-checked only when what it reads was written.
 */

/**
 * Token and piece conservation and the declared invariants, after an event.
 * Each is checked only when something it reads was written since it last
 * held (the stamps of state-resources.ts; pieces by pieceVersion): the state
 * it looks at is then the same, and so is the answer.
 */
export function checkInvariants(g: Game): void {
  const lg = g.lg;
  const countsStamp = memoStamp(g, lg.poolResources);
  if (countsStamp !== g.countsHeldAt) {
    if (!tokensConserved(g)) return stop(g);
    g.countsHeldAt = countsStamp;
  }
  if (lg.board && g.pieceVersion !== g.piecesHeldAt) {
    const broken = pieceConservation(g, lg.board);
    if (broken !== null) {
      g.fail('run/piece-conservation', broken);
      return stop(g);
    }
    g.piecesHeldAt = g.pieceVersion;
  }
  const held = (g.invariantsHeldAt ??= lg.invariants.map(() => -1));
  for (let i = 0; i < lg.invariants.length; i++) {
    const inv = lg.invariants[i]!;
    const stamp = inv.reads === null ? -1 : memoStamp(g, inv.reads);
    if (stamp >= 0 && stamp === held[i]) continue;
    if (inv.condition(g) === 0) {
      g.fail('run/invariant', `Invariant '${inv.name}' does not hold${inv.reason ? `: ${inv.reason}` : '.'}`, inv.reason || undefined);
      if (g.err?.code === 'run/invariant' && g.err.range === undefined) {
        g.err.file = inv.file;
        g.err.range = inv.range;
      }
      return stop(g);
    }
    held[i] = stamp;
  }
}

/** no finite pool below zero, and each token's total over all pools as declared; a failure recorded when not */
export function tokensConserved(g: Game): boolean {
  const sums = (g.tokenSums ??= new Float64Array(g.tokenTotals.length));
  sums.fill(0);
  for (let s = 0; s < g.counts.length; s++) {
    const v = g.counts[s]!;
    sums[g.slotToken[s]!] = sums[g.slotToken[s]!]! + v;
    if (g.finite[s] === 1 && v < 0) {
      g.fail('run/conservation', `A pool holds a negative count (${v}).`);
      return false;
    }
  }
  for (let t = 0; t < sums.length; t++) {
    if (sums[t] !== g.tokenTotals[t]) {
      g.fail('run/conservation', `Token '${g.lg.tokens[t]!.name}' totals ${sums[t]} over all pools instead of ${g.tokenTotals[t]}.`);
      return false;
    }
  }
  return true;
}
