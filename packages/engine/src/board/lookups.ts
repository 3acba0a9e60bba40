import type { HexBoard } from './hex-board.ts';
import { hexKey } from './hex-coords.ts';

/** The hex id at (q, r), or -1. */
export function hexAt(board: HexBoard, q: number, r: number): number {
  return board.hexIndex.get(hexKey(q, r)) ?? -1;
}

/** Corner node i (0..5) of a hex. */
export function cornerOf(board: HexBoard, hex: number, i: number): number {
  return board.hexCorners[hex * 6 + i]!;
}

/** Side edge i (0..5) of a hex. */
export function sideOf(board: HexBoard, hex: number, i: number): number {
  return board.hexSides[hex * 6 + i]!;
}

/** The node of the spot named `name` in a hex, or -1. */
export function spotNode(board: HexBoard, hex: number, name: string): number {
  const { start, items } = board.hexSpots;
  for (let j = start[hex]!; j < start[hex + 1]!; j++) {
    const v = items[j]!;
    if (board.spotNames[v - board.cornerCount] === name) return v;
  }
  return -1;
}
