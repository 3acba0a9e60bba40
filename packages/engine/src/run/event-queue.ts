import type { Game } from './game.ts';

/**
 * The event queue: a flat array of events and their arguments (`stride` words each),
 * slid down rather than grown.
 */

export function enqueue(g: Game, ev: number, args: ArrayLike<number>, n: number): void {
  if (g.qHead > 0 && g.qTail === g.qEvent.length) {
    // slide the live part down instead of growing
    const live = g.qTail - g.qHead;
    for (let i = 0; i < live; i++) g.qEvent[i] = g.qEvent[g.qHead + i]!;
    for (let i = 0; i < live * g.stride; i++) g.qArgs[i] = g.qArgs[g.qHead * g.stride + i]!;
    g.qTail = live;
    g.qHead = 0;
  }
  const t = g.qTail++;
  g.qEvent[t] = ev;
  const base = t * g.stride;
  for (let k = 0; k < g.stride; k++) g.qArgs[base + k] = k < n ? args[k]! : 0;
}
