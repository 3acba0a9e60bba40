import type { Game } from '../run/game.ts';
import type { Move } from '../run/types.ts';

/**
 * Answers a seat's open decision: either the index of an option (in the order of
 * game.legalActions(seat)), which is the fast path, or a Move. -1 means "no move".
 */
export interface Agent {
  readonly name: string;
  choose(game: Game, seat: number): number | Move;
}
