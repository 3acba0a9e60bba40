import { describe, expect, it } from 'vitest';
import { ChunkSizer } from '../src/simulate/chunk-sizer.ts';

describe('chunks sized by the clock (the progress bar moves by time)', () => {
  it('starts with one game, then holds about the target time of games', () => {
    const sizer = new ChunkSizer(100, 1024);
    expect(sizer.next()).toBe(1);
    // A slow scenario: 40 ms a game → two games a chunk.
    for (let i = 0; i < 5; i++) sizer.record(sizer.next(), 40 * sizer.next());
    expect(sizer.next()).toBe(2);
  });

  it('follows a scenario that gets faster, up to the cap, and never below one game', () => {
    const fast = new ChunkSizer(100, 300);
    for (let i = 0; i < 20; i++) fast.record(fast.next(), 0.01 * fast.next());
    expect(fast.next()).toBe(300);
    const slow = new ChunkSizer(100, 300);
    slow.record(1, 5000);
    expect(slow.next()).toBe(1);
  });
});
