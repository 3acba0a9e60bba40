import type { Range } from '../src/index.ts';

/** A deep copy without `range` fields: two parses of equivalent text compare equal. */
export function withoutRanges(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRanges);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) if (key !== 'range') out[key] = withoutRanges(v);
    return out;
  }
  return value;
}

/** Every `$type` in a tree. */
export function nodeTypes(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) nodeTypes(v, into);
  } else if (value !== null && typeof value === 'object') {
    const t = (value as { $type?: unknown }).$type;
    if (typeof t === 'string') into.add(t);
    for (const v of Object.values(value)) nodeTypes(v, into);
  }
  return into;
}

/** Every `range` in a tree. */
export function allRanges(value: unknown, into: Range[] = []): Range[] {
  if (Array.isArray(value)) {
    for (const v of value) allRanges(v, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'range') into.push(v as Range);
      else allRanges(v, into);
    }
  }
  return into;
}

export function textAt(source: string, range: Range | undefined): string | undefined {
  return range === undefined ? undefined : source.slice(range.start.offset, range.end.offset);
}
