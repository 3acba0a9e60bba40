import { describe, expect, it } from 'vitest';
import { pathCandidates, placeLabel, spotCandidates, type LabelScene } from '../src/site-labels.ts';

const SIZE = 0.16;
const scene = (): LabelScene => ({ hex: { x: 0, y: 0 }, obstacles: [], placed: [] });

describe('names of the sites inside a hex', () => {
  it('go above a spot when nothing is there', () => {
    const s = scene();
    const at = placeLabel(s, 'inn', SIZE, spotCandidates({ x: 0, y: 0.2 }, 0.12, s.hex));
    expect(at.x).toBeCloseTo(0, 5);
    expect(at.y).toBeLessThan(0.2 - 0.12);
  });

  it('go below a spot when a path takes the place above it, and beside it when a token takes the place below', () => {
    const s = scene();
    s.obstacles.push({ x: 0, y: 0.2, r: 0.12 }, { x1: 0, y1: -1, x2: 0, y2: 0.2, r: 0.035 });
    const below = placeLabel(s, 'inn', SIZE, spotCandidates({ x: 0, y: 0.2 }, 0.12, s.hex));
    expect(below.y).toBeGreaterThan(0.2 + 0.12);
    const t = scene();
    t.obstacles.push({ x: 0, y: 0.2, r: 0.12 }, { x1: 0, y1: -1, x2: 0, y2: 0.2, r: 0.035 }, { x: 0, y: 0.6, r: 0.3 });
    const beside = placeLabel(t, 'inn', SIZE, spotCandidates({ x: 0, y: 0.2 }, 0.12, t.hex));
    expect(Math.abs(beside.x)).toBeGreaterThan(0.12);
  });

  it('do not cover a name placed before them', () => {
    const s = scene();
    const a = placeLabel(s, 'store', SIZE, spotCandidates({ x: -0.1, y: 0 }, 0.12, s.hex));
    const b = placeLabel(s, 'hotel', SIZE, spotCandidates({ x: 0.1, y: 0 }, 0.12, s.hex));
    const [first, second] = s.placed;
    const overlap = first!.minX < second!.maxX && second!.minX < first!.maxX && first!.minY < second!.maxY && second!.minY < first!.maxY;
    expect(overlap).toBe(false);
    expect(a).not.toEqual(b);
  });

  it('stay inside the hex: a name by a corner goes inwards', () => {
    const s = scene();
    // a path from the lower-left corner inwards: the side towards the outside leaves the hex
    const path = { x1: -Math.sqrt(3) / 2, y1: 0.5, x2: -0.3, y2: 0.2 };
    placeLabel(s, 'river', SIZE, pathCandidates(path, 0.035));
    const box = s.placed[0]!;
    for (const [x, y] of [[box.minX, box.minY], [box.maxX, box.minY], [box.minX, box.maxY], [box.maxX, box.maxY]] as const) {
      expect(Math.abs(x)).toBeLessThanOrEqual(Math.sqrt(3) / 2);
      expect(Math.abs(x) * 0.5 + Math.abs(y) * (Math.sqrt(3) / 2)).toBeLessThanOrEqual(Math.sqrt(3) / 2);
    }
  });

  it('take the place that hits least when none is clear', () => {
    const s = scene();
    s.obstacles.push({ x: 0, y: 0, r: 5 });
    const at = placeLabel(s, 'inn', SIZE, spotCandidates({ x: 0, y: 0 }, 0.12, s.hex));
    expect(Number.isFinite(at.x) && Number.isFinite(at.y)).toBe(true);
    expect(s.placed).toHaveLength(1);
  });
});
