import type { Diagnostic } from './rule-graph.ts';
import { walkNodes } from './walk-nodes.ts';

/** Names JavaScript objects give a meaning of their own (the compiler refuses them: `resolve/reserved-name`). */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Graph properties that hold a name or an id (`kind:name`), or a list of them. */
const NAME_KEYS = new Set(['name', 'id', 'bind', 'bindings', 'each', 'var', 'field', 'pool', 'token', 'zone', 'event', 'target', 'kind', 'piece', 'values', 'members', 'groups', 'except', 'tokens']);

function reserved(value: string): boolean {
  const name = value.slice(value.indexOf(':') + 1).split('@')[0]!;
  return RESERVED.has(name) || RESERVED.has(value);
}

/**
 * A hand-edited graph may name something `__proto__`, which would be lost in
 * (or would reshape) the objects the engine keys by name: the first such name,
 * as a `resolve/reserved-name` diagnostic. Card fields (`fields` records) are
 * checked by key. Iterative, like every check of an untrusted graph.
 */
export function checkGraphNames(graph: unknown): Diagnostic[] {
  const bad = walkNodes(graph, (node) => {
    for (const key of Object.keys(node)) {
      const value = node[key];
      const names = NAME_KEYS.has(key) ? (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : []) : [];
      if (key === 'fields' && typeof value === 'object' && value !== null && !Array.isArray(value)) names.push(...Object.keys(value));
      const found = names.find(reserved);
      if (found !== undefined) return found;
    }
    return undefined;
  });
  if (bad === undefined) return [];
  return [{ code: 'resolve/reserved-name', severity: 'error', message: `the rule graph uses the name ${JSON.stringify(bad)}, which JavaScript objects reserve (__proto__, constructor, prototype)` }];
}
