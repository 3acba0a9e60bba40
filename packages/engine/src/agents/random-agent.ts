import { nextBelow, seedPrng } from '../run/prng.ts';
import type { Agent } from './agent.ts';

/** An agent whose generator can be seeded again: one per seat serves every game of a simulation run. */
export interface ReseedableAgent extends Agent {
  /** Starts the generator over from `seed`: the agent then chooses exactly as a new `randomAgent(seed)` would. */
  reseed(seed: number): void;
}

/** Uniform over the legal options, from its own seeded generator (the game's stays untouched). */
export function randomAgent(seed: number): ReseedableAgent {
  const rng = new Uint32Array(4);
  seedPrng(rng, seed);
  return {
    name: 'random',
    choose: (game, seat) => nextBelow(rng, 0, game.optionCount(seat)),
    reseed: (next) => seedPrng(rng, next),
  };
}
