/**
 * A packed array of n copies of a value. `new Array(n).fill(v)` makes a holey
 * array, whose every access V8 checks for holes; pushing keeps it packed.
 */
export function filledArray(n: number, v: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(v);
  return a;
}

/**
 * A packed array of the values, each a small integer (a V8 Smi), so that the
 * array keeps Smi elements (`Array.from` of a Float64Array makes one of doubles).
 */
export function smallIntegers(from: ArrayLike<number>): number[] {
  const a: number[] = [];
  for (let i = 0; i < from.length; i++) a.push(from[i]! | 0);
  return a;
}

/** makes dst a copy of src in place (keeping dst's identity: compiled code and tables hold it) */
export function copyInto<T>(dst: T[], src: readonly T[]): void {
  // setting an array's length is a call into V8's run time even when it does not change
  if (dst.length !== src.length) dst.length = src.length;
  for (let i = 0; i < src.length; i++) dst[i] = src[i]!;
}

/**
 * copyInto for arrays of small integers alone: a function of its own, so that its
 * element loads and stores see one kind of array (copyInto's see lists of lists
 * and snapshots' arrays too, which makes them slow generic accesses)
 */
export function copySmis(dst: number[], src: readonly number[]): void {
  if (dst.length !== src.length) dst.length = src.length;
  copyRun(dst, src, src.length);
}

/**
 * Copies src into the front of dst, leaving what lies past it (an array whose live
 * part is counted elsewhere: a zone's cards, the flow's frames, the event queue).
 * Unlike copySmis it never shortens dst: shortening drops the array's backing
 * store, and the game then grows it again, an allocation and a copy each time.
 */
export function copyPrefix(dst: number[], src: readonly number[]): void {
  copyRun(dst, src, src.length);
}

/**
 * dst[0..n) = src[0..n), four elements at a time: four loads, then four stores. One
 * element a turn, V8 checks both arrays again after every store (a store could have
 * changed src, were it the same array), about 22 instructions an element; by fours
 * the checks are made once a turn (restart's copies: about half the instructions).
 */
function copyRun(dst: number[], src: readonly number[], n: number): void {
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    const a = src[i]!, b = src[i + 1]!, c = src[i + 2]!, d = src[i + 3]!;
    dst[i] = a;
    dst[i + 1] = b;
    dst[i + 2] = c;
    dst[i + 3] = d;
  }
  for (; i < n; i++) dst[i] = src[i]!;
}

/** empties an array (setting the length only when there is something to drop) */
export function truncate(a: unknown[]): void {
  if (a.length !== 0) a.length = 0;
}
