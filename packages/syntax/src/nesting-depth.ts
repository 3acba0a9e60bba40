import type { Range } from '@houserules/schema';

/**
 * The first AST node nested deeper than `limit` (counting every node with a
 * `$type`, the item itself being 1), or undefined. Iterative: it must work on
 * exactly the trees that would overflow a recursive walk. Nesting without
 * brackets — `not not … x`, `a and a and …`, `x.y.y.y…`, an `else if` chain —
 * is found here; every later phase recurses over the AST and relies on it.
 */
export function firstTooDeep(root: object, limit: number): { range: Range | undefined } | undefined {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (Array.isArray(value)) {
      for (const v of value) if (typeof v === 'object' && v !== null) stack.push([v, depth]);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const node = value as Record<string, unknown>;
    const level = typeof node['$type'] === 'string' ? depth + 1 : depth;
    if (level > limit) return { range: node['range'] as Range | undefined };
    for (const key in node) {
      if (key === 'range') continue;
      const child = node[key];
      if (typeof child === 'object' && child !== null) stack.push([child, level]);
    }
  }
  return undefined;
}
