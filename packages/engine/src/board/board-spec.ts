import type { DiagnosticCode } from '@houserules/schema';
import type { HexCoord } from './hex-coords.ts';

/**
 * What a board is made of, as an author (or the compiler) states it. Every
 * reference is by coordinates and names so that a spec can be checked before
 * any id exists; `buildBoard` turns it into a `HexBoard` or a list of problems.
 */
export interface BoardSpec {
  readonly hexes: readonly HexCoord[];
  /** Extra nodes inside hexes (a town's spots, its centre). */
  readonly spots?: readonly SpotSpec[];
  /** Extra edges inside a hex, joining its corners and spots. */
  readonly paths?: readonly PathSpec[];
  readonly regions?: readonly RegionSpec[];
  /**
   * How many leading rings of the layout are frame, per hex (0 = not frame);
   * set by `withFrame`, usually absent.
   */
  readonly frameDepth?: readonly number[];
}

export interface SpotSpec {
  readonly hex: HexCoord;
  /** Unique within its hex. */
  readonly name: string;
  /**
   * Offset from the hex centre, in hex-size units. Default: 0.45 of the way
   * towards the corner of the hex its first path comes from; a spot with no
   * path to a corner sits on a circle of radius 0.45, the hex's such spots
   * spread evenly (one alone: the centre).
   */
  readonly at?: { readonly x: number; readonly y: number };
}

/** One end of a path: a corner of a hex (0..5, see `hex-board.ts`) or a spot in it. */
export type NodeRef =
  | { readonly hex: HexCoord; readonly corner: number }
  | { readonly hex: HexCoord; readonly spot: string };

export interface PathSpec {
  readonly from: NodeRef;
  readonly to: NodeRef;
  /** A free label (e.g. which printed path it is); kept, never interpreted. */
  readonly name?: string;
}

export interface RegionSpec {
  readonly name: string;
  readonly hexes: readonly HexCoord[];
  /** Single corners or spots in the region besides those of its hexes. */
  readonly nodes?: readonly NodeRef[];
}

/**
 * A mistake in a spec. `element` says which entry of the spec is wrong
 * (`index` into `spec.hexes`, `spec.spots`, `spec.paths` or `spec.regions`;
 * index 0 for a declaration's `kinds` or `values` list) so
 * the compiler can attach the source range it knows for that entry.
 */
export interface BoardProblem {
  readonly code: BoardProblemCode;
  readonly message: string;
  readonly element: {
    readonly kind: 'hex' | 'spot' | 'path' | 'region' | 'kinds' | 'values';
    readonly index: number;
  };
}

/** the board's codes, each a registered one (`@houserules/schema`'s registry): a code not registered drops out of the type, so using it does not type-check */
export type BoardProblemCode = Extract<
  DiagnosticCode,
  | 'board/bad-coordinate'
  | 'board/duplicate-hex'
  | 'board/unknown-hex'
  | 'board/duplicate-spot'
  | 'board/dangling-edge'
  | 'board/unknown-node'
  | 'board/cross-hex-path'
  | 'board/duplicate-path'
  | 'board/self-loop'
  | 'board/duplicate-region'
  | 'board/empty-board'
  | 'board/kind-count'
  | 'board/value-count'
>;
