import type { Move } from '../run/types.ts';
import type { Agent } from './agent.ts';

/** Plays the given moves in order; once they run out it answers -1 (playGame reports run/script-exhausted). */
export function scriptedAgent(moves: readonly Move[]): Agent & { readonly remaining: number } {
  let next = 0;
  return {
    name: 'scripted',
    get remaining() {
      return moves.length - next;
    },
    choose: () => (next < moves.length ? moves[next++]! : -1),
  };
}
