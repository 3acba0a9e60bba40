// Where the board's state lives in a game's \`vars\` (after the players' blocks) and
// which site values each kind of site takes: worked out from the loaded board, the
// same for the loader, both back ends and the run-time board operations.
import type { LoadedBoard, LoadedPiece } from '../load/loaded-board.ts';

/** the site values of one kind of site: `first` … `first + count - 1` (a hex is its id; nodes, then edges, follow) */
export function siteRange(
  b: Pick<LoadedBoard, 'hexCount' | 'nodeBase' | 'nodeCount' | 'edgeBase' | 'edgeCount'>,
  site: 'hex' | 'corner' | 'edge',
): { first: number; count: number } {
  return site === 'hex' ? { first: 0, count: b.hexCount } : site === 'corner' ? { first: b.nodeBase, count: b.nodeCount } : { first: b.edgeBase, count: b.edgeCount };
}

/** the sites a pool has an instance for; null for a pool of the game, a player or a card (a graph without a board: none) */
export function sitePoolRange(scope: string, board: LoadedBoard | null): { first: number; count: number } | null {
  if (scope !== 'hex' && scope !== 'corner' && scope !== 'edge') return null;
  return board ? siteRange(board, scope) : { first: 0, count: 0 };
}

/** offset of the supplies relative to boardBase (they depend on the player count, so they come last) */
export function supplyBase(b: LoadedBoard): number {
  return b.ownerOff + b.siteCount;
}

/** how many slots the board block takes in `vars` for n players */
export function boardSlots(b: LoadedBoard, n: number): number {
  let w = supplyBase(b);
  for (const p of b.pieces) w += p.perPlayer ? n : 1;
  return w;
}

/** the supply slot of piece p for owner o (relative to boardBase): global pieces first, then one block of n per per-player piece */
export function supplySlot(b: LoadedBoard, p: LoadedPiece, o: number, n: number): number {
  return p.perPlayer ? supplyBase(b) + b.globalPieces + p.supplyIndex * n + o : supplyBase(b) + p.supplyIndex;
}
