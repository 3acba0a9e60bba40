import type { HexBoard } from './hex-board.ts';

/**
 * Queries over the node/edge graph of a board and the pieces on it. Pieces
 * live outside the board, as owner arrays indexed by id: `edgeOwners[e]` and
 * `nodeOwners[v]` hold a small player number, or -1 (any negative) for none.
 * A node held by a player other than the one asked about is a blocker: chains
 * of that player's edges may end there but not pass through.
 * None of these allocate; they work in the board's scratch buffers.
 */
export type Owners = ArrayLike<number>;

function blocks(nodeOwners: Owners | undefined, v: number, player: number): boolean {
  if (!nodeOwners) return false;
  const o = nodeOwners[v]!;
  return o >= 0 && o !== player;
}

/** Number of edges on a shortest path between two nodes, or -1 if none. */
export function nodeDistance(board: HexBoard, from: number, to: number): number {
  if (from === to) return 0;
  const s = board.scratch;
  const stamp = s.nextStamp();
  const { start, items } = board.nodeNodes;
  let head = 0;
  let tail = 0;
  s.queue[tail++] = from;
  s.nodeMark[from] = stamp;
  s.nodeValue[from] = 0;
  while (head < tail) {
    const v = s.queue[head++]!;
    const d = s.nodeValue[v]! + 1;
    for (let j = start[v]!; j < start[v + 1]!; j++) {
      const w = items[j]!;
      if (s.nodeMark[w] === stamp) continue;
      if (w === to) return d;
      s.nodeMark[w] = stamp;
      s.nodeValue[w] = d;
      s.queue[tail++] = w;
    }
  }
  return -1;
}

/** Distances from one node to all (-1 where unreachable), written into `out` (length ≥ nodeCount). */
export function nodeDistances(board: HexBoard, from: number, out: Int32Array): Int32Array {
  out.fill(-1, 0, board.nodeCount);
  const queue = board.scratch.queue;
  const { start, items } = board.nodeNodes;
  let head = 0;
  let tail = 0;
  queue[tail++] = from;
  out[from] = 0;
  while (head < tail) {
    const v = queue[head++]!;
    for (let j = start[v]!; j < start[v + 1]!; j++) {
      const w = items[j]!;
      if (out[w]! >= 0) continue;
      out[w] = out[v]! + 1;
      queue[tail++] = w;
    }
  }
  return out;
}

/** Whether any node next to `node` (one edge away) is occupied. */
export function hasOccupiedNeighbour(board: HexBoard, node: number, nodeOwners: Owners): boolean {
  const { start, items } = board.nodeNodes;
  for (let j = start[node]!; j < start[node + 1]!; j++) if (nodeOwners[items[j]!]! >= 0) return true;
  return false;
}

/** Whether one of the player's edges ends at `node`. */
export function touchesOwnedEdge(board: HexBoard, node: number, player: number, edgeOwners: Owners): boolean {
  const { start, items } = board.nodeEdges;
  for (let j = start[node]!; j < start[node + 1]!; j++) if (edgeOwners[items[j]!] === player) return true;
  return false;
}

/** Whether a side or path `edge` has an end on a node the player holds or an edge of theirs (a blocker cuts the latter). */
export function edgeConnects(
  board: HexBoard,
  edge: number,
  player: number,
  edgeOwners: Owners,
  nodeOwners: Owners,
): boolean {
  for (let k = 0; k < 2; k++) {
    const v = board.edgeNodes[edge * 2 + k]!;
    if (nodeOwners[v] === player) return true;
    if (!blocks(nodeOwners, v, player) && touchesOwnedEdge(board, v, player, edgeOwners)) return true;
  }
  return false;
}

/**
 * Labels the connected components of the player's edges: `out[e]` is the
 * component of edge e (numbered from 0 by lowest edge id) or -1 if not the
 * player's. Two edges connect at a shared node unless `nodeOwners` says
 * another player holds it. Returns the number of components.
 */
export function edgeComponents(
  board: HexBoard,
  player: number,
  edgeOwners: Owners,
  out: Int32Array,
  nodeOwners?: Owners,
): number {
  out.fill(-1, 0, board.edgeCount);
  const queue = board.scratch.queue;
  const { start, items } = board.nodeEdges;
  let count = 0;
  for (let seed = 0; seed < board.edgeCount; seed++) {
    if (edgeOwners[seed] !== player || out[seed] !== -1) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    out[seed] = count;
    while (head < tail) {
      const e = queue[head++]!;
      for (let k = 0; k < 2; k++) {
        const v = board.edgeNodes[e * 2 + k]!;
        if (blocks(nodeOwners, v, player)) continue;
        for (let j = start[v]!; j < start[v + 1]!; j++) {
          const f = items[j]!;
          if (edgeOwners[f] === player && out[f] === -1) {
            out[f] = count;
            queue[tail++] = f;
          }
        }
      }
    }
    count++;
  }
  return count;
}

/**
 * Whether a chain of the player's edges joins node `from` to node `to`,
 * passing through no node another player holds (the two ends themselves may
 * be held by anyone).
 */
export function edgesJoin(
  board: HexBoard,
  player: number,
  edgeOwners: Owners,
  from: number,
  to: number,
  nodeOwners?: Owners,
): boolean {
  if (from === to) return true;
  const s = board.scratch;
  const stamp = s.nextStamp();
  const { start, items } = board.nodeEdges;
  let head = 0;
  let tail = 0;
  s.queue[tail++] = from;
  s.nodeMark[from] = stamp;
  while (head < tail) {
    const v = s.queue[head++]!;
    if (v !== from && blocks(nodeOwners, v, player)) continue;
    for (let j = start[v]!; j < start[v + 1]!; j++) {
      if (edgeOwners[items[j]!] !== player) continue;
      const w = board.nodeNodes.items[j]!;
      if (w === to) return true;
      if (s.nodeMark[w] === stamp) continue;
      s.nodeMark[w] = stamp;
      s.queue[tail++] = w;
    }
  }
  return false;
}
