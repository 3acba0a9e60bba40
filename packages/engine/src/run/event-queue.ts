import type { Game } from './game.ts';

/**
 * The event queue: a flat array of events and their arguments (`stride` words each),
 * slid down rather than grown.
 */

export function enqueue(this: Game, ev: number, args: ArrayLike<number>, n: number): void {
  if (this.qHead > 0 && this.qTail === this.qEvent.length) {
    // slide the live part down instead of growing
    const live = this.qTail - this.qHead;
    for (let i = 0; i < live; i++) this.qEvent[i] = this.qEvent[this.qHead + i]!;
    for (let i = 0; i < live * this.stride; i++) this.qArgs[i] = this.qArgs[this.qHead * this.stride + i]!;
    this.qTail = live;
    this.qHead = 0;
  }
  const t = this.qTail++;
  this.qEvent[t] = ev;
  const qArgs = this.qArgs, stride = this.stride;
  const base = t * stride;
  for (let k = 0; k < stride; k++) qArgs[base + k] = k < n ? args[k]! : 0;
}
