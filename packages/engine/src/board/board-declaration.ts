import type { BoardNode } from '@houserules/schema';
import type { BoardProblem } from './board-spec.ts';
import { buildBoard, type BoardResult } from './build-board.ts';
import type { HexBoard } from './hex-board.ts';
import { radiusHexes } from './hex-coords.ts';
import { shuffleInPlace, type RandomSource } from './random-setup.ts';

/** The parts of a rule graph's board node that shape the board and its setup. */
export type BoardDeclaration = Pick<BoardNode, 'layout' | 'kinds' | 'values' | 'regions'>;

/** The layout and regions of a declaration as a board (no chance involved). */
export function boardFromDeclaration(declaration: BoardDeclaration): BoardResult {
  const layout = declaration.layout;
  const hexes = layout.kind === 'radius' ? radiusHexes(layout.radius) : layout.hexes.map((h) => ({ q: h.q, r: h.r }));
  return buildBoard({ hexes, regions: declaration.regions });
}

/** Per hex id: its kind (undefined: none) and value (-1: none). */
export interface HexContents {
  readonly kinds: (string | undefined)[];
  readonly values: Int32Array;
  /** Count mismatches between the declared lists and the hexes that take them. */
  readonly problems: BoardProblem[];
}

/**
 * Fills a board as the declaration says. Hexes a map gives a kind or value
 * keep it. The `kinds` list goes, in order or shuffled, onto the hexes without
 * a kind, in hex id order; then the `values` list onto the hexes without a
 * value whose kind is not excepted and that lie in no excepted region (a hex
 * with no kind takes no value). Same
 * random source, same result.
 */
export function fillHexes(board: HexBoard, declaration: BoardDeclaration, random: RandomSource): HexContents {
  const problems: BoardProblem[] = [];
  const kinds: (string | undefined)[] = new Array<string | undefined>(board.hexCount).fill(undefined);
  const values = new Int32Array(board.hexCount).fill(-1);
  const layout = declaration.layout;
  if (layout.kind === 'map') {
    layout.hexes.forEach((h, i) => {
      if (i >= board.hexCount) return;
      if (h.kind !== undefined) kinds[i] = h.kind;
      if (h.value !== undefined) values[i] = h.value;
    });
  }
  if (declaration.kinds) {
    const deck = declaration.kinds.values.slice();
    if (declaration.kinds.shuffled) shuffleInPlace(deck, random);
    let next = 0;
    for (let h = 0; h < board.hexCount; h++) if (kinds[h] === undefined && next < deck.length) kinds[h] = deck[next++];
    const open = kinds.filter((k) => k === undefined).length;
    if (next !== deck.length || open > 0) {
      problems.push({
        code: 'board/kind-count',
        message: `${deck.length} kinds for ${next + open} hexes without one`,
        element: { kind: 'kinds', index: 0 },
      });
    }
  }
  if (declaration.values) {
    const except = new Set(declaration.values.except);
    // hexes of the regions named in `exceptRegions` take no value either
    const unvalued = new Set<string>();
    for (const name of declaration.values.exceptRegions ?? []) {
      for (const region of declaration.regions) if (region.name === name) for (const h of region.hexes) unvalued.add(`${h.q},${h.r}`);
    }
    const deck = declaration.values.values.slice();
    if (declaration.values.shuffled) shuffleInPlace(deck, random);
    let next = 0;
    let wanting = 0;
    for (let h = 0; h < board.hexCount; h++) {
      const kind = kinds[h];
      if (values[h]! >= 0 || kind === undefined || except.has(kind)) continue;
      if (unvalued.size > 0 && unvalued.has(`${board.hexQ[h]},${board.hexR[h]}`)) continue;
      wanting++;
      if (next < deck.length) values[h] = deck[next++]!;
    }
    if (wanting !== deck.length) {
      problems.push({
        code: 'board/value-count',
        message: `${deck.length} values for ${wanting} hexes that take one`,
        element: { kind: 'values', index: 0 },
      });
    }
  }
  return { kinds, values, problems };
}
