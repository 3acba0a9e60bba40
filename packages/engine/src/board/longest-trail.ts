import type { Owners } from './graph-queries.ts';
import type { HexBoard } from './hex-board.ts';

export interface TrailOptions {
  /**
   * One owner array per edge kind (layer), each indexed by edge id. A trail
   * uses each (layer, edge) piece at most once.
   */
  readonly layers: readonly Owners[];
  /** A node held by another player blocks: a trail may end there but not pass through. */
  readonly nodeOwners?: Owners;
  /**
   * Nodes where a trail may pass from one layer to another (nonzero = yes).
   * Default: the nodes the player holds. Within one layer a trail passes any
   * node that does not block.
   */
  readonly junctions?: ArrayLike<number>;
}

// The search state lives in module variables so the recursion allocates
// nothing; JavaScript runs one search at a time.
let board: HexBoard;
let player = 0;
let layers: readonly Owners[] = [];
let nodeOwners: Owners | undefined;
let junctions: ArrayLike<number> | undefined;
let visited: Uint8Array = new Uint8Array(0);
let single: Owners = [];
let adjStart: Int32Array = new Int32Array(0);
let adjEdges: Int32Array = new Int32Array(0);
let adjEnds: Int32Array = new Int32Array(0);
let seen: Int32Array = new Int32Array(0);
let stamp = 0;
let edgeCount = 0;
let best = 0;
let total = 0;

/**
 * The number of pieces on the longest trail (a walk that repeats no piece; it
 * may revisit nodes, so loops count in full) through the player's edges.
 * Exhaustive depth-first search over pieces: exponential in general, quick for
 * the few dozen pieces a player has.
 */
export function longestTrail(target: HexBoard, who: number, options: TrailOptions): number {
  board = target;
  player = who;
  layers = options.layers;
  nodeOwners = options.nodeOwners;
  junctions = options.junctions;
  edgeCount = target.edgeCount;
  adjStart = target.nodeEdges.start;
  adjEdges = target.nodeEdges.items;
  adjEnds = target.nodeNodes.items;
  const scratch = target.scratch;
  const layerCount = layers.length;
  // the player's pieces, as (layer, edge) slots in layer then edge order: one pass over the owner arrays
  const owned = scratch.trailPieceBuffer(edgeCount * layerCount);
  total = 0;
  for (let l = 0; l < layerCount; l++) {
    const owners = layers[l]!;
    const offset = l * edgeCount;
    for (let e = 0; e < edgeCount; e++) if (owners[e] === who) owned[total++] = offset + e;
  }
  best = 0;
  if (total === 0) return 0;
  visited = scratch.trailBuffer(edgeCount * layerCount);
  seen = scratch.trailSeenBuffer(edgeCount * layerCount);
  stamp = scratch.nextStamp();
  single = layers[0]!;
  const edgeNodes = target.edgeNodes;
  const nodeMark = scratch.nodeMark;
  // A longest trail can be taken to start where it cannot be extended
  // backwards: at a blocker, or at a node with an odd number of the player's
  // pieces (per kind where kinds may not switch). A part of the graph with no
  // such node is a closed trail through all its pieces, found by starting
  // anywhere in it: the second loop starts from any piece no walk reached.
  for (let i = 0; i < total && best < total; i++) {
    const e = layerCount === 1 ? owned[i]! : owned[i]! % edgeCount;
    for (let k = 0; k < 2; k++) {
      const v = edgeNodes[e * 2 + k]!;
      if (nodeMark[v] === stamp) continue;
      nodeMark[v] = stamp;
      if (layerCount === 1 ? mayStartAlone(v) : mayStartAt(v)) start(v);
    }
  }
  for (let i = 0; i < total && best < total; i++) {
    const slot = owned[i]!;
    if (seen[slot] !== stamp) start(edgeNodes[(layerCount === 1 ? slot : slot % edgeCount) * 2]!);
  }
  return best;
}

function start(v: number): void {
  if (layers.length === 1) walkOne(v, 0);
  else walk(v, -1, 0);
}

function blocked(v: number): boolean {
  if (!nodeOwners) return false;
  const o = nodeOwners[v]!;
  return o >= 0 && o !== player;
}

function isJunction(v: number): boolean {
  return junctions ? junctions[v] !== 0 : nodeOwners ? nodeOwners[v] === player : false;
}

/** `mayStartAt` for a single layer: a blocker, or an odd number of the player's pieces */
function mayStartAlone(v: number): boolean {
  if (nodeOwners) {
    const o = nodeOwners[v]!;
    if (o >= 0 && o !== player) return true;
  }
  let count = 0;
  for (let j = adjStart[v]!, end = adjStart[v + 1]!; j < end; j++) if (single[adjEdges[j]!] === player) count++;
  return (count & 1) === 1;
}

function mayStartAt(v: number): boolean {
  if (blocked(v)) return true;
  const start = board.nodeEdges.start;
  const edges = board.nodeEdges.items;
  const pooled = layers.length === 1 || isJunction(v);
  let all = 0;
  for (let l = 0; l < layers.length; l++) {
    const owners = layers[l]!;
    let count = 0;
    for (let j = start[v]!; j < start[v + 1]!; j++) if (owners[edges[j]!] === player) count++;
    if (!pooled && count % 2 === 1) return true;
    all += count;
  }
  return pooled && all % 2 === 1;
}

function walk(v: number, layer: number, length: number): void {
  if (length > best) best = length;
  if (best === total) return;
  if (length > 0 && blocked(v)) return;
  const canSwitch = length === 0 || isJunction(v);
  for (let j = adjStart[v]!; j < adjStart[v + 1]!; j++) {
    const e = adjEdges[j]!;
    for (let l = 0; l < layers.length; l++) {
      if (l !== layer && !canSwitch) continue;
      if (layers[l]![e] !== player) continue;
      const slot = l * edgeCount + e;
      if (visited[slot]) continue;
      visited[slot] = 1;
      seen[slot] = stamp;
      walk(adjEnds[j]!, l, length + 1);
      visited[slot] = 0;
      if (best === total) return;
    }
  }
}

/** `walk` for a single layer: the same search without the layer bookkeeping. */
function walkOne(v: number, length: number): void {
  if (length > best) best = length;
  if (best === total) return;
  if (length > 0 && nodeOwners) {
    const o = nodeOwners[v]!;
    if (o >= 0 && o !== player) return;
  }
  const end = adjStart[v + 1]!;
  for (let j = adjStart[v]!; j < end; j++) {
    const e = adjEdges[j]!;
    if (single[e] !== player || visited[e]) continue;
    visited[e] = 1;
    seen[e] = stamp;
    walkOne(adjEnds[j]!, length + 1);
    visited[e] = 0;
    if (best === total) return;
  }
}
