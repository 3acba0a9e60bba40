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
  visited = scratch.trailBuffer(edgeCount * layers.length);
  seen = scratch.trailSeenBuffer(edgeCount * layers.length);
  stamp = scratch.nextStamp();
  best = 0;
  total = 0;
  for (const owners of layers) for (let e = 0; e < edgeCount; e++) if (owners[e] === who) total++;
  if (total === 0) return 0;
  single = layers[0]!;
  // A longest trail can be taken to start where it cannot be extended
  // backwards: at a blocker, or at a node with an odd number of the player's
  // pieces (per kind where kinds may not switch). A part of the graph with no
  // such node is a closed trail through all its pieces, found by starting
  // anywhere in it: the second loop starts from any piece no walk reached.
  for (let l = 0; l < layers.length && best < total; l++) {
    const owners = layers[l]!;
    for (let e = 0; e < edgeCount && best < total; e++) {
      if (owners[e] !== who) continue;
      for (let k = 0; k < 2; k++) {
        const v = target.edgeNodes[e * 2 + k]!;
        if (scratch.nodeMark[v] === stamp) continue;
        scratch.nodeMark[v] = stamp;
        if (mayStartAt(v)) start(v);
      }
    }
  }
  for (let l = 0; l < layers.length && best < total; l++) {
    const owners = layers[l]!;
    for (let e = 0; e < edgeCount && best < total; e++) {
      if (owners[e] === who && seen[l * edgeCount + e] !== stamp) start(target.edgeNodes[e * 2]!);
    }
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
