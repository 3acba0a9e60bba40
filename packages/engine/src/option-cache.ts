/**
 * The argument lists one action offers one player, kept while what they read is
 * unchanged (docs/design/incremental-evaluation.md). `values` holds the options
 * as enumeration lays them out ([action, ...args] each); `offsets` their starts,
 * relative to the first.
 */
export interface CachedOptions {
  stamp: number;
  readonly values: number[];
  readonly offsets: number[];
}

/** appends the cached options to a decision's lists */
export function appendCachedOptions(entry: CachedOptions, values: number[], offsets: number[]): void {
  const base = values.length;
  const cv = entry.values;
  const co = entry.offsets;
  for (let i = 0; i < co.length; i++) offsets.push(base + co[i]!);
  for (let i = 0; i < cv.length; i++) values.push(cv[i]!);
}

/** records what enumeration just appended (from v0 and o0 on) under the stamp, reusing the entry's arrays */
export function storeOptions(entry: CachedOptions | undefined, stamp: number, values: readonly number[], offsets: readonly number[], v0: number, o0: number): CachedOptions {
  const e = entry ?? { stamp, values: [], offsets: [] };
  e.stamp = stamp;
  e.values.length = 0;
  e.offsets.length = 0;
  for (let i = v0; i < values.length; i++) e.values.push(values[i]!);
  for (let i = o0; i < offsets.length; i++) e.offsets.push(offsets[i]! - v0);
  return e;
}
