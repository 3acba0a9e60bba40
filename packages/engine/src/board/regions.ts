import type { HexBoard } from './hex-board.ts';

/**
 * A named set of hexes with the nodes and edges they touch (a hex's corners,
 * sides, spots and paths all belong to it), plus any single nodes named with
 * it. Masks are indexed by id (1 = in).
 */
export interface Region {
  readonly name: string;
  /** Ascending hex ids. */
  readonly hexes: Int32Array;
  readonly hexMask: Uint8Array;
  readonly nodeMask: Uint8Array;
  readonly edgeMask: Uint8Array;
}

type RegionBoard = Pick<
  HexBoard,
  'hexCount' | 'nodeCount' | 'edgeCount' | 'hexCorners' | 'hexSides' | 'hexSpots' | 'hexPaths'
>;

/** Builds a region from hex ids and extra node ids (duplicates and order do not matter). */
export function createRegion(
  board: RegionBoard,
  name: string,
  hexIds: ArrayLike<number>,
  nodeIds: ArrayLike<number> = [],
): Region {
  const hexMask = new Uint8Array(board.hexCount);
  const nodeMask = new Uint8Array(board.nodeCount);
  const edgeMask = new Uint8Array(board.edgeCount);
  for (let k = 0; k < hexIds.length; k++) {
    const h = hexIds[k]!;
    if (h < 0 || h >= board.hexCount) continue;
    hexMask[h] = 1;
    for (let i = 0; i < 6; i++) {
      nodeMask[board.hexCorners[h * 6 + i]!] = 1;
      edgeMask[board.hexSides[h * 6 + i]!] = 1;
    }
    for (let j = board.hexSpots.start[h]!; j < board.hexSpots.start[h + 1]!; j++) nodeMask[board.hexSpots.items[j]!] = 1;
    for (let j = board.hexPaths.start[h]!; j < board.hexPaths.start[h + 1]!; j++) edgeMask[board.hexPaths.items[j]!] = 1;
  }
  for (let k = 0; k < nodeIds.length; k++) {
    const v = nodeIds[k]!;
    if (v >= 0 && v < board.nodeCount) nodeMask[v] = 1;
  }
  const hexes: number[] = [];
  for (let h = 0; h < board.hexCount; h++) if (hexMask[h]) hexes.push(h);
  return { name, hexes: Int32Array.from(hexes), hexMask, nodeMask, edgeMask };
}

export function regionHasHex(region: Region, hex: number): boolean {
  return region.hexMask[hex] === 1;
}

export function regionHasNode(region: Region, node: number): boolean {
  return region.nodeMask[node] === 1;
}

export function regionHasEdge(region: Region, edge: number): boolean {
  return region.edgeMask[edge] === 1;
}

/** The connected groups of a set of hexes (hexes adjacent across a side join). */
export interface LandMasses {
  readonly count: number;
  /** Per hex id: its group, or -1 outside the set. Groups are numbered by their lowest hex id. */
  readonly label: Int32Array;
  /** Hex count of each group. */
  readonly sizes: Int32Array;
}

/** The islands of a set of hexes given as a mask over hex ids (nonzero = in the set). */
export function landMasses(board: HexBoard, hexMask: ArrayLike<number>): LandMasses {
  const label = new Int32Array(board.hexCount).fill(-1);
  const queue = new Int32Array(board.hexCount);
  const sizes: number[] = [];
  let count = 0;
  for (let seed = 0; seed < board.hexCount; seed++) {
    if (!hexMask[seed] || label[seed] !== -1) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    label[seed] = count;
    while (head < tail) {
      const h = queue[head++]!;
      for (let i = 0; i < 6; i++) {
        const n = board.hexNeighbours[h * 6 + i]!;
        if (n >= 0 && hexMask[n] && label[n] === -1) {
          label[n] = count;
          queue[tail++] = n;
        }
      }
    }
    sizes.push(tail);
    count++;
  }
  return { count, label, sizes: Int32Array.from(sizes) };
}

/**
 * The group of hexes in `masses` a node touches, or -1. A corner touches at
 * most one group: the hexes around a corner are pairwise adjacent.
 */
export function nodeLandMass(board: HexBoard, masses: LandMasses, node: number): number {
  const { start, items } = board.nodeHexes;
  for (let j = start[node]!; j < start[node + 1]!; j++) {
    const m = masses.label[items[j]!]!;
    if (m >= 0) return m;
  }
  return -1;
}

/** Hexes of the set with at least one side not shared with another hex of the set (or off the board). */
export function coastalHexes(board: HexBoard, hexMask: ArrayLike<number>): Int32Array {
  const out: number[] = [];
  for (let h = 0; h < board.hexCount; h++) {
    if (!hexMask[h]) continue;
    for (let i = 0; i < 6; i++) {
      const n = board.hexNeighbours[h * 6 + i]!;
      if (n < 0 || !hexMask[n]) {
        out.push(h);
        break;
      }
    }
  }
  return Int32Array.from(out);
}

/** Sides with a hex of the set on exactly one side: the coastline of the set. */
export function boundarySides(board: HexBoard, hexMask: ArrayLike<number>): Int32Array {
  const out: number[] = [];
  const { start, items } = board.edgeHexes;
  for (let e = 0; e < board.sideCount; e++) {
    let inside = 0;
    for (let j = start[e]!; j < start[e + 1]!; j++) if (hexMask[items[j]!]) inside++;
    // A side of one hex, or of two with only one in the set.
    if (inside === 1) out.push(e);
  }
  return Int32Array.from(out);
}

/** Sides touching at least one hex of the set (e.g. the edges where a sea piece may go). */
export function sidesTouching(board: HexBoard, hexMask: ArrayLike<number>): Int32Array {
  const out: number[] = [];
  const { start, items } = board.edgeHexes;
  for (let e = 0; e < board.sideCount; e++) {
    for (let j = start[e]!; j < start[e + 1]!; j++) {
      if (hexMask[items[j]!]) {
        out.push(e);
        break;
      }
    }
  }
  return Int32Array.from(out);
}

/** A mask over hex ids from a list of ids. */
export function hexMaskOf(board: HexBoard, hexIds: ArrayLike<number>): Uint8Array {
  const mask = new Uint8Array(board.hexCount);
  for (let k = 0; k < hexIds.length; k++) mask[hexIds[k]!] = 1;
  return mask;
}
