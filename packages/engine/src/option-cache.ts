/**
 * Gathering the options of an action decision, and keeping one action's
 * argument lists for one player while what they read is unchanged
 * (docs/design/incremental-evaluation.md).
 */

/**
 * The options being gathered for a decision, as [action, ...args] each in
 * `values` and their starts in `offsets`. The arrays only grow (truncating an
 * array frees its storage); `nv` and `no` say how much of them is filled.
 */
export class OptionBuffer {
  readonly values: number[] = [];
  readonly offsets: number[] = [];
  nv = 0;
  no = 0;

  reset(): void {
    this.nv = 0;
    this.no = 0;
  }

  /** starts an option of action ai (its arguments follow with arg) */
  start(ai: number): void {
    this.offsets[this.no++] = this.nv;
    this.values[this.nv++] = ai;
  }

  arg(v: number): void {
    this.values[this.nv++] = v;
  }

  /** the gathered options as exact-size arrays */
  takeValues(): number[] {
    return this.values.slice(0, this.nv);
  }

  takeOffsets(): number[] {
    return this.offsets.slice(0, this.no);
  }
}

/** One action's options for one player (`offsets` relative to the first), valid while the stamp of what they read is unchanged. */
export interface CachedOptions {
  stamp: number;
  values: number[];
  offsets: number[];
}

/** appends cached options to the buffer */
export function appendCachedOptions(entry: CachedOptions, buf: OptionBuffer): void {
  const cv = entry.values;
  const co = entry.offsets;
  const values = buf.values;
  const offsets = buf.offsets;
  const base = buf.nv;
  let no = buf.no;
  for (let i = 0; i < co.length; i++) offsets[no++] = base + co[i]!;
  let nv = base;
  for (let i = 0; i < cv.length; i++) values[nv++] = cv[i]!;
  buf.nv = nv;
  buf.no = no;
}

/** what enumeration just added to the buffer (from v0 and o0 on), kept under the stamp */
export function storeOptions(entry: CachedOptions | undefined, stamp: number, buf: OptionBuffer, v0: number, o0: number): CachedOptions {
  const values = buf.values.slice(v0, buf.nv);
  const offsets = buf.offsets.slice(o0, buf.no);
  for (let i = 0; i < offsets.length; i++) offsets[i] = offsets[i]! - v0;
  if (entry === undefined) return { stamp, values, offsets };
  entry.stamp = stamp;
  entry.values = values;
  entry.offsets = offsets;
  return entry;
}
