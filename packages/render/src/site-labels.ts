/**
 * Where the names of the sites inside a hex go (its spots and paths): each name at the first of a
 * few places around its site that clears the hex's outline, the number token, the spots, the
 * paths and the names placed before it; where none clears them all, the place that hits least.
 * Text widths are estimated from the font size (the package measures no fonts: it runs in a
 * browser and in Node alike), generously, so a real font fits inside the estimate.
 */

export interface Point {
  x: number;
  y: number;
}

/** something a name must not cover: a spot, a token (circles) or a path (a thick segment) */
export type Obstacle = { x: number; y: number; r: number } | { x1: number; y1: number; x2: number; y2: number; r: number };

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** the hex a scene lies in (pointy-top, centre-to-corner 1), what its names must clear, and the names placed so far */
export interface LabelScene {
  hex: Point;
  obstacles: Obstacle[];
  placed: Box[];
}

/** where a name's text goes: `x` is its middle (text-anchor middle), `y` its baseline */
export interface LabelPlace {
  x: number;
  y: number;
}

/** a generous average width of a lower-case letter, and a line's height above and below the baseline, per unit of font size */
const LETTER = 0.56;
const ASCENT = 0.74;
const DESCENT = 0.22;
/** the room kept between a name and what it clears */
const GAP = 0.03;
/** how far inside the hex's outline a name stays (its border is drawn over the fill) */
const INSET = 0.05;

function boxAround(centre: Point, text: string, size: number): Box {
  const w = LETTER * size * Math.max(1, text.length);
  const h = (ASCENT + DESCENT) * size;
  return { minX: centre.x - w / 2, maxX: centre.x + w / 2, minY: centre.y - h / 2, maxY: centre.y + h / 2 };
}

function insideHex(p: Point, hex: Point): boolean {
  const dx = Math.abs(p.x - hex.x);
  const dy = Math.abs(p.y - hex.y);
  const apothem = Math.sqrt(3) / 2 - INSET;
  return dx <= apothem && dx * 0.5 + dy * (Math.sqrt(3) / 2) <= apothem;
}

function distanceToSegment(p: Point, s: { x1: number; y1: number; x2: number; y2: number }): number {
  const vx = s.x2 - s.x1;
  const vy = s.y2 - s.y1;
  const len2 = vx * vx + vy * vy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - s.x1) * vx + (p.y - s.y1) * vy) / len2));
  return Math.hypot(p.x - (s.x1 + t * vx), p.y - (s.y1 + t * vy));
}

function covered(p: Point, o: Obstacle): boolean {
  return 'x1' in o ? distanceToSegment(p, o) < o.r + GAP : Math.hypot(p.x - o.x, p.y - o.y) < o.r + GAP;
}

/** how many of a grid of points over the box fall outside the hex or on something it must clear */
function hits(box: Box, scene: LabelScene): number {
  let n = 0;
  const cols = 9;
  const rows = 3;
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const p = { x: box.minX + ((box.maxX - box.minX) * i) / (cols - 1), y: box.minY + ((box.maxY - box.minY) * j) / (rows - 1) };
      if (!insideHex(p, scene.hex)) n++;
      else if (scene.obstacles.some((o) => covered(p, o))) n++;
      else if (scene.placed.some((b) => p.x > b.minX - GAP && p.x < b.maxX + GAP && p.y > b.minY - GAP && p.y < b.maxY + GAP)) n++;
    }
  }
  return n;
}

/** a place a name may take: its box pushed out from `from` along the unit vector `dir`, `reach` beyond its own half size */
export interface LabelCandidate {
  from: Point;
  dir: Point;
  reach: number;
}

/** the first candidate that clears everything (else the one that hits least), recorded as placed in the scene */
export function placeLabel(scene: LabelScene, text: string, size: number, candidates: readonly LabelCandidate[]): LabelPlace {
  let best: { box: Box; score: number } | null = null;
  for (const c of candidates) {
    const half = boxAround({ x: 0, y: 0 }, text, size);
    const centre = { x: c.from.x + c.dir.x * (c.reach + GAP + half.maxX), y: c.from.y + c.dir.y * (c.reach + GAP + half.maxY) };
    const box = boxAround(centre, text, size);
    const score = hits(box, scene);
    if (best === null || score < best.score) best = { box, score };
    if (score === 0) break;
  }
  if (best === null) throw new Error('placeLabel needs a candidate');
  scene.placed.push(best.box);
  return { x: (best.box.minX + best.box.maxX) / 2, y: best.box.maxY - DESCENT * size };
}

const UP = { x: 0, y: -1 };
const DOWN = { x: 0, y: 1 };

/** the places around a spot of radius r: above, below, towards the hex's centre, then around */
export function spotCandidates(spot: Point, r: number, hex: Point): LabelCandidate[] {
  const dx = hex.x - spot.x;
  const dy = hex.y - spot.y;
  const d = Math.hypot(dx, dy);
  const dirs: Point[] = [UP, DOWN];
  if (d > 1e-6) dirs.push({ x: dx / d, y: dy / d });
  for (let i = 0; i < 8; i++) dirs.push({ x: Math.cos((i * Math.PI) / 4), y: Math.sin((i * Math.PI) / 4) });
  return dirs.map((dir) => ({ from: spot, dir, reach: r }));
}

/** the places beside a path of half width r: either side of its middle, then nearer either end */
export function pathCandidates(path: { x1: number; y1: number; x2: number; y2: number }, r: number): LabelCandidate[] {
  const len = Math.hypot(path.x2 - path.x1, path.y2 - path.y1) || 1;
  const n = { x: -(path.y2 - path.y1) / len, y: (path.x2 - path.x1) / len };
  const out: LabelCandidate[] = [];
  for (const t of [0.5, 0.35, 0.65, 0.2, 0.8]) {
    const from = { x: path.x1 + t * (path.x2 - path.x1), y: path.y1 + t * (path.y2 - path.y1) };
    out.push({ from, dir: n, reach: r }, { from, dir: { x: -n.x, y: -n.y }, reach: r });
  }
  return out;
}
