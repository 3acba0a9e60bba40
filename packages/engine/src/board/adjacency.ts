/**
 * Compressed sparse rows: the items of element v are
 * `items[start[v]] .. items[start[v + 1] - 1]`. One flat array per relation
 * keeps queries free of allocation and friendly to the cache.
 */
export interface Adjacency {
  readonly start: Int32Array;
  readonly items: Int32Array;
}

/** Packs per-element lists (already in their final order) into an `Adjacency`. */
export function packAdjacency(lists: readonly (readonly number[])[]): Adjacency {
  const start = new Int32Array(lists.length + 1);
  let total = 0;
  for (let v = 0; v < lists.length; v++) {
    start[v] = total;
    total += lists[v]!.length;
  }
  start[lists.length] = total;
  const items = new Int32Array(total);
  let at = 0;
  for (const list of lists) for (const x of list) items[at++] = x;
  return { start, items };
}

export function degree(adjacency: Adjacency, v: number): number {
  return adjacency.start[v + 1]! - adjacency.start[v]!;
}

/** A copy of v's items, for callers off the hot path. */
export function itemsOf(adjacency: Adjacency, v: number): number[] {
  return Array.from(adjacency.items.subarray(adjacency.start[v]!, adjacency.start[v + 1]!));
}
