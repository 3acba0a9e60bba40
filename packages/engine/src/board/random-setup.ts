import type { HexBoard } from './hex-board.ts';

/**
 * A source of uniform numbers in [0, 1). Pass one fed by the game's seeded
 * generator (`fromUint32`) so that a board setup replays exactly.
 */
export type RandomSource = () => number;

/** Adapts a uniform 32-bit integer source to a `RandomSource`. */
export function fromUint32(next: () => number): RandomSource {
  return () => (next() >>> 0) / 0x100000000;
}

/** Fisher–Yates, in place; returns the same array. */
export function shuffleInPlace<T>(items: T[], random: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}

/**
 * Deals kinds, shuffled, onto the given hexes (in the order of `hexIds`).
 * Returns an array indexed by hex id, `undefined` for hexes not dealt to.
 * Extra kinds stay undealt; extra hexes stay `undefined`.
 */
export function dealKinds<T>(
  board: HexBoard,
  hexIds: ArrayLike<number>,
  kinds: readonly T[],
  random: RandomSource,
): (T | undefined)[] {
  const deck = shuffleInPlace(kinds.slice(), random);
  const out: (T | undefined)[] = new Array<T | undefined>(board.hexCount).fill(undefined);
  for (let k = 0; k < hexIds.length && k < deck.length; k++) out[hexIds[k]!] = deck[k];
  return out;
}

export interface ValueOptions<T> {
  readonly random: RandomSource;
  /** Hexes of these kinds get no value (hexes of kind `undefined` never do). */
  readonly skipKinds?: readonly T[];
  /**
   * Values that must not sit on two adjacent hexes. The values are reshuffled
   * up to `attempts` times (default 100) until none are adjacent.
   */
  readonly apart?: { readonly values: readonly number[]; readonly attempts?: number };
}

export interface ValueAssignment {
  /** Per hex id: its value, or -1. */
  readonly values: Int32Array;
  /** False if the hex and value counts differ or `apart` could not be met; the last try is kept. */
  readonly satisfied: boolean;
  /** Shuffles used (1 without `apart`). */
  readonly attempts: number;
}

/**
 * Shuffles values over the hexes whose kind is set and not skipped, in hex id
 * order. Deterministic for a given random source.
 */
export function assignValues<T>(
  board: HexBoard,
  kinds: readonly (T | undefined)[],
  values: readonly number[],
  options: ValueOptions<T>,
): ValueAssignment {
  const skip = new Set(options.skipKinds ?? []);
  const targets: number[] = [];
  for (let h = 0; h < board.hexCount; h++) {
    const kind = kinds[h];
    if (kind !== undefined && !skip.has(kind)) targets.push(h);
  }
  const out = new Int32Array(board.hexCount).fill(-1);
  const deck = values.slice();
  const apart = options.apart ? new Set(options.apart.values) : undefined;
  const maxAttempts = options.apart ? Math.max(1, options.apart.attempts ?? 100) : 1;
  let attempts = 0;
  let apartHolds = true;
  while (attempts < maxAttempts) {
    attempts++;
    shuffleInPlace(deck, options.random);
    out.fill(-1);
    for (let k = 0; k < targets.length && k < deck.length; k++) out[targets[k]!] = deck[k]!;
    apartHolds = !apart || !hasAdjacentPair(board, out, apart);
    if (apartHolds) break;
  }
  return { values: out, satisfied: apartHolds && targets.length === deck.length, attempts };
}

/** Whether two adjacent hexes both carry a value of the set. */
export function hasAdjacentPair(board: HexBoard, values: ArrayLike<number>, set: ReadonlySet<number>): boolean {
  for (let h = 0; h < board.hexCount; h++) {
    if (values[h]! < 0 || !set.has(values[h]!)) continue;
    for (let i = 0; i < 6; i++) {
      const n = board.hexNeighbours[h * 6 + i]!;
      if (n > h && values[n]! >= 0 && set.has(values[n]!)) return true;
    }
  }
  return false;
}
