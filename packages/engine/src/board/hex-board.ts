import type { Adjacency } from './adjacency.ts';
import type { BoardScratch } from './board-scratch.ts';
import type { BoardSpec } from './board-spec.ts';
import type { BoardGeometry } from './geometry.ts';
import type { Region } from './regions.ts';

/**
 * A hex board as a graph of nodes and edges, with every relation precomputed.
 *
 * Orientation: pointy-top hexes, axial (q, r), y grows downwards. Corner i of
 * a hex lies at angle 60·i − 30° clockwise from east (0 upper right, 1 lower
 * right, 2 bottom, 3 lower left, 4 upper left, 5 top); side i joins corners i
 * and i + 1 (mod 6) and faces direction i of `HEX_DIRECTIONS` (0 east, 1
 * south-east, 2 south-west, 3 west, 4 north-west, 5 north-east).
 *
 * Ids, all dense integers from 0, all deterministic:
 * - hexes: in the order of `spec.hexes`;
 * - nodes: first the corners, numbered by first appearance when walking hexes
 *   in id order and each hex's corners 0..5; then the spots, in `spec.spots` order;
 * - edges: first the hex sides, numbered by first appearance in the same walk
 *   (sides 0..5); then the paths, in `spec.paths` order.
 * So appending hexes (a frame) keeps every existing hex, corner and side id.
 *
 * Fixed-stride relations (6 per hex, 2 per edge) are flat arrays; variable ones
 * are `Adjacency` (CSR), each list in ascending id order. `nodeNodes` shares
 * `nodeEdges.start` and lists, at the same position, the far end of each edge.
 */
export interface HexBoard {
  readonly spec: BoardSpec;
  readonly hexCount: number;
  /** Nodes `0 .. cornerCount - 1` are corners; the rest are spots. */
  readonly cornerCount: number;
  readonly nodeCount: number;
  /** Edges `0 .. sideCount - 1` are hex sides; the rest are paths. */
  readonly sideCount: number;
  readonly edgeCount: number;

  readonly hexQ: Int32Array;
  readonly hexR: Int32Array;
  /** 0 for a hex of the layout, k for the k-th frame ring. */
  readonly hexFrameDepth: Uint8Array;
  /** Corner node of hex h at position i: `hexCorners[h * 6 + i]`. */
  readonly hexCorners: Int32Array;
  /** Side edge of hex h at position i: `hexSides[h * 6 + i]`. */
  readonly hexSides: Int32Array;
  /** Hex across side i of hex h, or -1: `hexNeighbours[h * 6 + i]`. */
  readonly hexNeighbours: Int32Array;
  readonly hexSpots: Adjacency;
  readonly hexPaths: Adjacency;

  /** Hexes touching a node: 1–3 for a corner, exactly 1 for a spot. */
  readonly nodeHexes: Adjacency;
  readonly nodeEdges: Adjacency;
  readonly nodeNodes: Adjacency;
  /** For a spot, its hex; -1 for a corner. */
  readonly nodeHex: Int32Array;
  /** Spot names, indexed by `node - cornerCount`. */
  readonly spotNames: readonly string[];

  /** Both ends of edge e: `edgeNodes[e * 2]`, `edgeNodes[e * 2 + 1]` (for a path: from, to). */
  readonly edgeNodes: Int32Array;
  /** Hexes an edge borders: 1–2 for a side, exactly 1 for a path. */
  readonly edgeHexes: Adjacency;
  /** For a path, its hex; -1 for a side. */
  readonly edgeHex: Int32Array;
  /** Path labels, indexed by `edge - sideCount`. */
  readonly pathNames: readonly (string | undefined)[];

  readonly geometry: BoardGeometry;
  readonly regions: ReadonlyMap<string, Region>;
  /** `hexKey(q, r)` → hex id. */
  readonly hexIndex: ReadonlyMap<number, number>;
  /** Internal work buffers of the queries. */
  readonly scratch: BoardScratch;
}
