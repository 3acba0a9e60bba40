/**
 * A packed array of n copies of a value. `new Array(n).fill(v)` makes a holey
 * array, whose every access V8 checks for holes; pushing keeps it packed.
 */
export function filledArray(n: number, v: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(v);
  return a;
}
