/**
 * The shapes pieces are drawn as, in board units (a hex's centre-to-corner
 * distance is 1): a shape at a point (corner and hex pieces, pool tokens) or
 * along a segment (edge pieces). Each returns SVG elements as text.
 */
import type { Shape } from './board-style.ts';
import { OUTLINE } from './palette.ts';
import { el, polygonPath } from './svg-text.ts';

type Pt = readonly [number, number];

function poly(points: Pt[], fill: string, strokeWidth: number): string {
  return el('path', { d: polygonPath(points), fill, stroke: OUTLINE, 'stroke-width': strokeWidth, 'stroke-linejoin': 'round' });
}

function regular(x: number, y: number, r: number, sides: number, rotation: number): Pt[] {
  return Array.from({ length: sides }, (_, i) => {
    const a = rotation + (2 * Math.PI * i) / sides;
    return [x + r * Math.cos(a), y + r * Math.sin(a)] as const;
  });
}

/** a shape centred at (x, y), about 2r across */
export function shapeAt(shape: Shape, x: number, y: number, r: number, fill: string): string {
  const w = Math.max(0.02, r * 0.18);
  switch (shape) {
    case 'square':
      return poly([[x - r * 0.85, y - r * 0.85], [x + r * 0.85, y - r * 0.85], [x + r * 0.85, y + r * 0.85], [x - r * 0.85, y + r * 0.85]], fill, w);
    case 'triangle':
      return poly(regular(x, y + r * 0.15, r * 1.05, 3, -Math.PI / 2), fill, w);
    case 'diamond':
      return poly(regular(x, y, r, 4, -Math.PI / 2), fill, w);
    case 'house':
      return poly([[x - r * 0.8, y + r * 0.8], [x - r * 0.8, y - r * 0.15], [x, y - r * 0.9], [x + r * 0.8, y - r * 0.15], [x + r * 0.8, y + r * 0.8]], fill, w);
    case 'tower':
      return poly([
        [x - r, y + r * 0.8], [x - r, y - r * 0.1], [x - r * 0.2, y - r * 0.1], [x - r * 0.2, y - r * 0.55],
        [x + r * 0.3, y - r * 1.05], [x + r * 0.8, y - r * 0.55], [x + r * 0.8, y + r * 0.8],
      ], fill, w);
    case 'pawn':
      return [
        poly([[x - r * 0.7, y + r], [x - r * 0.35, y - r * 0.1], [x + r * 0.35, y - r * 0.1], [x + r * 0.7, y + r]], fill, w),
        el('circle', { cx: x, cy: y - r * 0.45, r: r * 0.45, fill, stroke: OUTLINE, 'stroke-width': w }),
      ].join('');
    case 'ring':
      return el('circle', { cx: x, cy: y, r: r * 0.8, fill: 'none', stroke: fill, 'stroke-width': r * 0.35 });
    case 'hull':
    case 'bar':
    case 'dashed':
    case 'double':
    case 'disc':
    default:
      return el('circle', { cx: x, cy: y, r, fill, stroke: OUTLINE, 'stroke-width': w });
  }
}

/** a shape along the segment (x1, y1)–(x2, y2), shortened at both ends so that corner pieces stay visible */
export function shapeAlong(shape: Shape, x1: number, y1: number, x2: number, y2: number, width: number, fill: string): string {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const cut = len * 0.17;
  const a: Pt = [x1 + ux * cut, y1 + uy * cut];
  const b: Pt = [x2 - ux * cut, y2 - uy * cut];
  const line = (p: Pt, q: Pt, stroke: string, w: number, extra: Record<string, string | number> = {}): string =>
    el('line', { x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke, 'stroke-width': w, 'stroke-linecap': 'round', ...extra });
  switch (shape) {
    case 'dashed':
      return line(a, b, OUTLINE, width * 1.5, { 'stroke-dasharray': `${width * 1.2} ${width * 0.9}` }) + line(a, b, fill, width, { 'stroke-dasharray': `${width * 1.2} ${width * 0.9}` });
    case 'double': {
      const nx = -uy * width * 0.55;
      const ny = ux * width * 0.55;
      const off = (p: Pt, s: number): Pt => [p[0] + nx * s, p[1] + ny * s];
      return [1, -1].map((s) => line(off(a, s), off(b, s), OUTLINE, width * 0.8) + line(off(a, s), off(b, s), fill, width * 0.45)).join('');
    }
    case 'hull': {
      // a boat-like hull lying along the segment: a wide deck, a narrower keel
      const nx = -uy;
      const ny = ux;
      const h = width * 1.1;
      const mid: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const half = (len - 2 * cut) / 2;
      const at = (along: number, across: number): Pt => [mid[0] + ux * along + nx * across, mid[1] + uy * along + ny * across];
      return poly([at(-half, -h * 0.5), at(half, -h * 0.5), at(half * 0.7, h * 0.6), at(-half * 0.7, h * 0.6)], fill, width * 0.25);
    }
    case 'bar':
    default:
      return line(a, b, OUTLINE, width * 1.5) + line(a, b, fill, width);
  }
}
