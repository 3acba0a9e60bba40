import type { Game } from './game.ts';
import { fail } from './run-errors.ts';

/**
 * Moving tokens between pool slots, with the run errors of a move that cannot be made
 * (negative, more than the pool holds, past a capacity).
 */

/** moves n tokens from count slot a to slot b (the pools are named in failures; the token is the slots') */
export function moveTokens(g: Game, a: number, b: number, n: number, fromName: string, toName: string): void {
  if (n === 0) return;
  if (n < 0 || !Number.isInteger(n)) {
    fail(g, 'run/negative-amount', `Cannot move ${n} ${slotTokenName(g, a)} from ${fromName} to ${toName}.`);
    return;
  }
  const counts = g.counts;
  if (g.finite[a] === 1 && counts[a]! < n) {
    fail(g, 'run/insufficient-tokens', `Cannot move ${n} ${slotTokenName(g, a)} from ${fromName}: it holds ${counts[a]}.`);
    return;
  }
  if (counts[b]! + n > g.capacity[b]!) {
    fail(g, 'run/capacity-exceeded', `Moving ${n} ${slotTokenName(g, a)} to ${toName} exceeds its capacity of ${g.capacity[b]}.`);
    return;
  }
  counts[a] = counts[a]! - n;
  counts[b] = counts[b]! + n;
  const ver = g.ver;
  ver[g.slotResource[a]!]!++;
  ver[g.slotResource[b]!]!++;
}

export function slotTokenName(g: Game, slot: number): string {
  const t = g.slotToken[slot]!;
  return g.lg.tokens[t]?.name ?? String(t);
}
