import { nextBelow, seedPrng } from '../run/prng.ts';
import type { Agent } from './agent.ts';

/** Uniform over the legal options, from its own seeded generator (the game's stays untouched). */
export function randomAgent(seed: number): Agent {
  const rng = new Uint32Array(4);
  seedPrng(rng, seed);
  return {
    name: 'random',
    choose: (game, seat) => nextBelow(rng, 0, game.optionCount(seat)),
  };
}
