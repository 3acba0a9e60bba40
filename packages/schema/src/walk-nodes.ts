/**
 * Every object node of a JSON-like tree (an AST or a rule graph), depth first
 * and iteratively: a tree nested a million deep must not overflow the stack
 * of a check meant to refuse it. Arrays are walked through, not visited;
 * strings, numbers and other leaves are not visited. Each node's properties
 * are walked except those named in `skipKeys` (an AST's `range`, say).
 *
 * `visit` returns `undefined` to go on, or a value to stop the walk with:
 * `walkNodes` returns the first such value (the first problem found), or
 * `undefined` when the whole tree was visited. Order: last child first (a
 * stack), the same order on every run.
 */
export function walkNodes<T>(
  root: unknown,
  visit: (node: Readonly<Record<string, unknown>>) => T | undefined,
  skipKeys: ReadonlySet<string> = NO_KEYS,
): T | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    const node = v as Record<string, unknown>;
    const stop = visit(node);
    if (stop !== undefined) return stop;
    for (const key in node) if (!skipKeys.has(key)) stack.push(node[key]);
  }
  return undefined;
}

const NO_KEYS: ReadonlySet<string> = new Set();
