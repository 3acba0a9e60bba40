import { buildBoard, spotNode, type HexBoard } from '../src/board/index.ts';

/**
 * A hand-drawn graph: one hex holding a spot per node name and a path per
 * pair, so any small graph can be written as a list of edges. Edge k of the
 * list is edge id `sideCount + k`.
 */
export function drawGraph(pairs: readonly (readonly [string, string])[]): {
  board: HexBoard;
  node: (name: string) => number;
  edge: (k: number) => number;
} {
  const names = [...new Set(pairs.flat())];
  const hex = { q: 0, r: 0 };
  const { board, problems } = buildBoard({
    hexes: [hex],
    spots: names.map((name) => ({ hex, name })),
    paths: pairs.map(([a, b]) => ({ from: { hex, spot: a }, to: { hex, spot: b } })),
  });
  if (!board) throw new Error(`test graph does not build: ${problems.map((p) => p.code).join(', ')}`);
  return {
    board,
    node: (name) => {
      const v = spotNode(board, 0, name);
      if (v < 0) throw new Error(`no node ${name}`);
      return v;
    },
    edge: (k) => board.sideCount + k,
  };
}

/** Owner arrays with every entry -1. */
export function emptyOwners(size: number): Int32Array {
  return new Int32Array(size).fill(-1);
}

/** mulberry32: a tiny seeded uint32 generator for deterministic tests. */
export function seededUint32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
