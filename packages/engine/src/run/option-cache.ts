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
  values: number[] = [];
  offsets: number[] = [];
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

  /** the gathered values, copied into `into` (reused: resized to fit exactly) */
  takeValues(into: number[] = []): number[] {
    return copyPrefix(this.values, this.nv, into);
  }

  takeOffsets(into: number[] = []): number[] {
    return copyPrefix(this.offsets, this.no, into);
  }

  /**
   * Hands over the gathered values without copying: the caller gets the buffer's
   * own array (longer than `nv` when an earlier gathering filled more) and the
   * buffer carries on in `spare`.
   */
  handOverValues(spare: number[] = []): number[] {
    const out = this.values;
    this.values = spare;
    return out;
  }

  /** the offsets, handed over like handOverValues (the first `no` are this gathering's) */
  handOverOffsets(spare: number[] = []): number[] {
    const out = this.offsets;
    this.offsets = spare;
    return out;
  }
}

function copyPrefix(from: readonly number[], n: number, into: number[]): number[] {
  for (let i = 0; i < n; i++) into[i] = from[i]!;
  if (into.length > n) into.length = n;
  return into;
}

/**
 * One action's options for one player, valid while the stamp of what they read is
 * unchanged: `nv` values, [action, ...args] each. Every option of an action has
 * the same width (1 + its parameters), so the offsets need not be kept. The
 * values array is reused, never truncated.
 */
export interface CachedOptions {
  stamp: number;
  readonly values: number[];
  nv: number;
}

/** appends cached options (each `width` values) to the buffer */
export function appendCachedOptions(entry: CachedOptions, width: number, buf: OptionBuffer): void {
  const cv = entry.values;
  const values = buf.values;
  const offsets = buf.offsets;
  const base = buf.nv;
  const n = entry.nv;
  let no = buf.no;
  for (let at = base, end = base + n; at < end; at += width) offsets[no++] = at;
  for (let i = 0; i < n; i++) values[base + i] = cv[i]!;
  buf.nv = base + n;
  buf.no = no;
}

/** what enumeration just added to the buffer (from v0 on), kept under the stamp */
export function storeOptions(entry: CachedOptions | undefined, stamp: number, buf: OptionBuffer, v0: number): CachedOptions {
  const e = entry ?? { stamp, values: [], nv: 0 };
  e.stamp = stamp;
  const values = e.values;
  const bv = buf.values;
  const n = buf.nv - v0;
  for (let i = 0; i < n; i++) values[i] = bv[v0 + i]!;
  e.nv = n;
  return e;
}

/**
 * A game's answers of one check that reads only facts of the board, per site
 * (enumerate-codegen.ts): [0] the version of the board's contents they hold for,
 * then per site 0 (not yet worked out), 1 (allows) or 2 (refuses). Cleared when
 * that version moved (a restore, a restart: versions only grow).
 */
export function boardFactTable(g: object, tables: WeakMap<object, Int32Array>, sites: number, version: number): Int32Array {
  let t = tables.get(g);
  if (t === undefined) {
    t = new Int32Array(sites + 1);
    t[0] = -1;
    tables.set(g, t);
  }
  if (t[0] !== version) {
    t.fill(0);
    t[0] = version;
  }
  return t;
}
