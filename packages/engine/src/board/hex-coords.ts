/**
 * Axial hex coordinates (q, r) for pointy-top hexes, y growing downwards.
 * Direction i points across side i of a hex (see `hex-board.ts`):
 * 0 east, 1 south-east, 2 south-west, 3 west, 4 north-west, 5 north-east.
 */
export interface HexCoord {
  readonly q: number;
  readonly r: number;
}

export const HEX_DIRECTIONS: readonly HexCoord[] = [
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
  { q: 0, r: -1 },
  { q: 1, r: -1 },
];

/** A number unique to (q, r) for |q|, |r| < 2^20, used as a map key without strings. */
export function hexKey(q: number, r: number): number {
  return q * 0x200000 + r;
}

export function hexDistance(a: HexCoord, b: HexCoord): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Row-major order: top row first, left to right within a row. */
export function compareRowMajor(a: HexCoord, b: HexCoord): number {
  return a.r - b.r || a.q - b.q;
}

/** The hexagon of hexes within `radius` of (0, 0), in row-major order (radius 2: 19 hexes). */
export function radiusHexes(radius: number): HexCoord[] {
  const out: HexCoord[] = [];
  for (let r = -radius; r <= radius; r++) {
    const qMin = Math.max(-radius, -r - radius);
    const qMax = Math.min(radius, -r + radius);
    for (let q = qMin; q <= qMax; q++) out.push({ q, r });
  }
  return out;
}

/**
 * Rows of hexes of the given lengths, each row centred under the others, in
 * row-major order; the middle row is r = 0. Adjacent rows of a pointy-top
 * layout sit half a hex apart, so a row that cannot be centred exactly (its
 * parity does not fit) is moved half a hex to the left. Rows 3,4,5,4,3 give
 * the same hexes as `radiusHexes(2)`.
 */
export function rowHexes(lengths: readonly number[]): HexCoord[] {
  const out: HexCoord[] = [];
  const firstRow = -Math.floor((lengths.length - 1) / 2);
  lengths.forEach((length, index) => {
    const r = firstRow + index;
    // Doubled x: a hex centre sits at x = 2q + r (half-hex units).
    let xStart = -(length - 1);
    if ((((xStart - r) % 2) + 2) % 2 !== 0) xStart -= 1;
    for (let k = 0; k < length; k++) {
      const x = xStart + 2 * k;
      out.push({ q: (x - r) / 2, r });
    }
  });
  return out;
}

export interface FrameHex extends HexCoord {
  /** 1 for the ring touching the layout, 2 for the next… */
  readonly depth: number;
}

/**
 * The hexes at distance 1..width from a set of hexes and not in it: the
 * frame (sea) around a layout, in row-major order.
 */
export function frameHexes(hexes: readonly HexCoord[], width: number): FrameHex[] {
  const seen = new Set<number>();
  for (const h of hexes) seen.add(hexKey(h.q, h.r));
  const out: FrameHex[] = [];
  let layer: readonly HexCoord[] = hexes;
  for (let depth = 1; depth <= width; depth++) {
    const next: FrameHex[] = [];
    for (const h of layer) {
      for (const d of HEX_DIRECTIONS) {
        const q = h.q + d.q;
        const r = h.r + d.r;
        const key = hexKey(q, r);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push({ q, r, depth });
      }
    }
    out.push(...next);
    layer = next;
  }
  return out.sort(compareRowMajor);
}
