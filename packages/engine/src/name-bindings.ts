import type { Expr, Stmt } from '@houserules/schema';

/**
 * Whether `name` is bound anywhere inside these expressions and statements: by
 * an aggregate, a `let`, a `for`, a `reveal`, a `roll`, a `pick`, or an ask's
 * chooser or choice. Generated code asks it before letting a JavaScript loop
 * variable stand for a binding, or a constraint's binding share its parameter's
 * slot: a binding of the same name inside would change what the name means.
 * Every node is visited, whatever object holds it (a pool or zone reference, an
 * ask's `who`), so no binding is missed.
 */
export function rebinds(name: string, nodes: readonly unknown[]): boolean {
  return nodes.some((n) => bindsWithin(name, n));
}

function bindsWithin(name: string, value: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => bindsWithin(name, v));
  if (typeof value !== 'object' || value === null) return false;
  if (bindsHere(name, value)) return true;
  return Object.values(value).some((v) => bindsWithin(name, v));
}

/** whether this node itself (not its children) binds the name */
function bindsHere(name: string, node: object): boolean {
  if ('k' in node) return (node as Expr).k === 'agg' && (node as Extract<Expr, { k: 'agg' }>).bind === name;
  if (!('s' in node)) return false;
  const s = node as Stmt;
  switch (s.s) {
    case 'let':
      return s.name === name;
    case 'for':
    case 'reveal':
    case 'roll':
    case 'pick':
      return s.bind === name;
    case 'ask':
      return ('each' in s.who && s.who.each === name) || ('bind' in s.choice && s.choice.bind === name);
    default:
      return false;
  }
}
