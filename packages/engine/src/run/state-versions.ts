import type { Game } from './game.ts';

/**
 * A game's state is divided into resources (load/state-resources.ts), each with a
 * version in \`Game.ver\` that every write bumps; cached results keep the sum of the
 * versions they read. Two resources have fixed indices:
 */
/** the resource of round, turn and current player */
export const FLOW_CONTEXT = 0;
/** the resource of the board's hex kinds and values */
export const BOARD_CONTENTS = 1;

/** every cached result is stale (a restore, the end of set-up) */
export function invalidateAll(g: Game): void {
  const ver = g.ver;
  for (let r = 0; r < ver.length; r++) ver[r]!++;
}
