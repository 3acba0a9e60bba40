/**
 * Positions for drawing, in units where a hex's centre-to-corner distance is 1
 * (pointy-top, y downwards; see `hex-board.ts`).
 */
export interface BoardGeometry {
  readonly hexX: Float64Array;
  readonly hexY: Float64Array;
  readonly nodeX: Float64Array;
  readonly nodeY: Float64Array;
  readonly edgeMidX: Float64Array;
  readonly edgeMidY: Float64Array;
  /** Encloses every hex outline and every spot. */
  readonly bounds: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number };
}

const SQRT3 = Math.sqrt(3);

export function hexCentreX(q: number, r: number): number {
  return SQRT3 * (q + r / 2);
}

export function hexCentreY(r: number): number {
  return 1.5 * r;
}

/** Offsets of corner i from its hex centre. */
export const CORNER_DX: readonly number[] = [0, 1, 2, 3, 4, 5].map((i) => Math.cos(((60 * i - 30) * Math.PI) / 180));
export const CORNER_DY: readonly number[] = [0, 1, 2, 3, 4, 5].map((i) => Math.sin(((60 * i - 30) * Math.PI) / 180));

/**
 * Corner i on an integer lattice: x in units of √3/2, y in units of 1/2, with
 * the hex centre at (2q + r, 3r). Equal lattice points are the same corner,
 * which is how shared corners are found without floating-point comparisons.
 */
export const CORNER_LATTICE_X: readonly number[] = [1, 1, 0, -1, -1, 0];
export const CORNER_LATTICE_Y: readonly number[] = [-1, 1, 2, 1, -1, -2];

/** Both ends of edge e as [x1, y1, x2, y2]. */
export function edgeEndpoints(
  geometry: BoardGeometry,
  edgeNodes: Int32Array,
  e: number,
): [number, number, number, number] {
  const a = edgeNodes[e * 2]!;
  const b = edgeNodes[e * 2 + 1]!;
  return [geometry.nodeX[a]!, geometry.nodeY[a]!, geometry.nodeX[b]!, geometry.nodeY[b]!];
}
