import type { MapKeys, Value, VarNode } from '@houserules/schema';
import type { StringTable } from './value-codec.ts';

/**
 * A map var's keys at run time (docs/language.md, "Maps"): a map holds one value slot
 * per key, side by side, so `m[k]` is the var's slot plus the key's index.
 */
export interface LoadedMapKeys {
  count: number;
  /** for a number range: the first key; the index is key − from */
  from: number;
  /** for enum or token keys: encoded key → index (null for a range) */
  index: Map<number, number> | null;
  /** the keys as values, in order (views, messages) */
  values: Value[];
}

export function loadMapKeys(keys: MapKeys, strings: StringTable): LoadedMapKeys {
  if ('from' in keys) {
    const count = Math.max(0, keys.to - keys.from + 1);
    return { count, from: keys.from, index: null, values: Array.from({ length: count }, (_, i) => keys.from + i) };
  }
  const index = new Map<number, number>();
  keys.values.forEach((v, i) => index.set(strings.encode(v), i));
  return { count: keys.values.length, from: 0, index, values: keys.values.slice() };
}

/** How many value slots a var takes: its key count for a map, else one. */
export function varWidth(v: VarNode): number {
  if (!v.keys) return 1;
  return 'from' in v.keys ? Math.max(0, v.keys.to - v.keys.from + 1) : v.keys.values.length;
}
