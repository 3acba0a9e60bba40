import type { RunState } from './run-state.ts';
import type { LoadedBoard } from '../load/loaded-board.ts';
import { trailScratchOf } from './board-ops.ts';
import { edgeComponents, edgesJoin } from '../board/graph-queries.ts';

/**
 * What rules ask about a player's networks of edge pieces (`joined`,
 * `networks`): the owner arrays come from the trail scratch (board-ops.ts),
 * kept in step with every placed or removed piece. Several piece kinds count as
 * one network where they meet; another player's piece on a node cuts it.
 */

/** per board: one owner array for several kinds, and the component labels (enumeration never nests) */
const scratchByBoard = new WeakMap<LoadedBoard, { owners: Int32Array; labels: Int32Array }>();

function scratch(b: LoadedBoard): { owners: Int32Array; labels: Int32Array } {
  let s = scratchByBoard.get(b);
  if (s === undefined) scratchByBoard.set(b, (s = { owners: new Int32Array(b.edgeCount), labels: new Int32Array(b.edgeCount) }));
  return s;
}

/** the owner of each edge, counting only pieces of these kinds */
function ownersOf(g: RunState, b: LoadedBoard, pieces: readonly number[]): ArrayLike<number> {
  const layers = trailScratchOf(g, b).layers;
  if (pieces.length === 1) return layers[pieces[0]!]!;
  const out = scratch(b).owners;
  out.fill(-1);
  for (const pi of pieces) {
    const layer = layers[pi]!;
    for (let e = 0; e < b.edgeCount; e++) if (layer[e]! >= 0) out[e] = layer[e]!;
  }
  return out;
}

/** 1 when a chain of the player's pieces of these kinds joins corners `from` and `to` (site ids), else 0 */
export function joinedOf(g: RunState, b: LoadedBoard, pieces: readonly number[], player: number, from: number, to: number): number {
  const a = from - b.nodeBase;
  const c = to - b.nodeBase;
  if (player >>> 0 >= g.playerCount || a >>> 0 >= b.nodeCount || c >>> 0 >= b.nodeCount) return 0;
  const owners = ownersOf(g, b, pieces);
  return edgesJoin(b.board, player, owners, a, c, trailScratchOf(g, b).nodeOwners) ? 1 : 0;
}

/** how many separate networks the player's pieces of these kinds form */
export function networksOf(g: RunState, b: LoadedBoard, pieces: readonly number[], player: number): number {
  if (player >>> 0 >= g.playerCount) return 0;
  const owners = ownersOf(g, b, pieces);
  return edgeComponents(b.board, player, owners, scratch(b).labels, trailScratchOf(g, b).nodeOwners);
}
