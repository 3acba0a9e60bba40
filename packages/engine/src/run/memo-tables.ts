// A game's tables of memoised derived values (load/derived-memo.ts plans them at
// load; these run in play, from generated code and from the closures alike).
import type { MemoPlan } from '../load/derived-memo.ts';
import type { RunState } from './run-state.ts';

/** a game's table for a plan, made on first use; every stamp -1 (versions sum to at least 0) */
export function memoTable(g: RunState, plan: MemoPlan): Int32Array {
  let t = g.memo[plan.index];
  if (t === undefined) {
    t = new Int32Array(plan.size * plan.width).fill(-1);
    g.memo[plan.index] = t;
  }
  return t;
}

/** the stamp: the sum of the versions of what the plan reads */
export function memoStamp(g: RunState, reads: Int32Array): number {
  const ver = g.ver;
  let s = 0;
  for (let k = 0; k < reads.length; k++) s += ver[reads[k]!]!;
  return s;
}

/** the multipliers of the arguments' hash (generated code writes the same hash out: load/derived-memo.ts, memoSlotSource) */
export const MEMO_HASH: readonly number[] = [-1640531535, -2048144777, -1028477379];

/** the entry's offset in the table for these arguments (strings hash by their table index) */
export function memoSlot(plan: MemoPlan, a0: number, a1: number, a2: number): number {
  const h = Math.imul(a0 | 0, MEMO_HASH[0]!) ^ Math.imul(a1 | 0, MEMO_HASH[1]!) ^ Math.imul(a2 | 0, MEMO_HASH[2]!);
  // sizes are powers of two: a mask, not a division
  return (h & (plan.size - 1)) * plan.width;
}
