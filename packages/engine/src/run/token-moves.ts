import type { Game } from './game.ts';

/**
 * Moving tokens between pool slots, with the run errors of a move that cannot be made
 * (negative, more than the pool holds, past a capacity).
 */

/** moves n tokens from count slot a to slot b (the pools are named in failures; the token is the slots') */
export function moveTokens(this: Game, a: number, b: number, n: number, fromName: string, toName: string): void {
  if (n === 0) return;
  if (n < 0 || !Number.isInteger(n)) {
    this.fail('run/negative-amount', `Cannot move ${n} ${slotTokenName(this, a)} from ${fromName} to ${toName}.`);
    return;
  }
  const counts = this.counts;
  if (this.finite[a] === 1 && counts[a]! < n) {
    this.fail('run/insufficient-tokens', `Cannot move ${n} ${slotTokenName(this, a)} from ${fromName}: it holds ${counts[a]}.`);
    return;
  }
  if (counts[b]! + n > this.capacity[b]!) {
    this.fail('run/capacity-exceeded', `Moving ${n} ${slotTokenName(this, a)} to ${toName} exceeds its capacity of ${this.capacity[b]}.`);
    return;
  }
  counts[a] = counts[a]! - n;
  counts[b] = counts[b]! + n;
  const ver = this.ver;
  ver[this.slotResource[a]!]!++;
  ver[this.slotResource[b]!]!++;
}

export function slotTokenName(g: Game, slot: number): string {
  const t = g.slotToken[slot]!;
  return g.lg.tokens[t]?.name ?? String(t);
}
