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

/**
 * Whether the statements read a local that is neither in `bound` nor bound
 * inside them before the read, i.e. a local of the enclosing scope (an ask's
 * `then` that does not, needs none of the asking rule's locals saved). A name
 * bound in a nested block counts only within that block; an aggregate's or a
 * loop's domain is read before its variable is bound.
 */
export function readsOuterLocal(body: readonly Stmt[], bound: ReadonlySet<string>): boolean {
  const names = new Set(bound);
  for (const s of body) if (stmtReadsOuter(s, names)) return true;
  return false;
}

/** whether the statement reads a local not in `bound`; adds what it binds for the statements after it */
function stmtReadsOuter(s: Stmt, bound: Set<string>): boolean {
  const within = (...extra: string[]): Set<string> => new Set([...bound, ...extra]);
  switch (s.s) {
    case 'let':
      if (exprReadsOuter(s.value, bound)) return true;
      bound.add(s.name);
      return false;
    case 'if':
      return exprReadsOuter(s.cond, bound) || readsOuterLocal(s.then, bound) || readsOuterLocal(s.else, bound);
    case 'for':
      return exprReadsOuter(s.over, bound) || (s.where !== undefined && exprReadsOuter(s.where, within(s.bind))) || readsOuterLocal(s.body, within(s.bind));
    case 'pick':
      if (exprReadsOuter(s.over, bound) || [s.where, s.weight].some((e) => e !== undefined && exprReadsOuter(e, within(s.bind)))) return true;
      bound.add(s.bind);
      return false;
    case 'reveal':
      if (anyExprReadsOuter([s.from, s.to], bound)) return true;
      bound.add(s.bind);
      return false;
    case 'roll':
      bound.add(s.bind);
      return false;
    case 'ask': {
      const each = 'each' in s.who ? [s.who.each] : [];
      if ('single' in s.who ? exprReadsOuter(s.who.single, bound) : exprReadsOuter(s.who.over, bound) || (s.who.where !== undefined && exprReadsOuter(s.who.where, within(...each)))) return true;
      if ('bind' in s.choice && (exprReadsOuter(s.choice.over, within(...each)) || (s.choice.where !== undefined && exprReadsOuter(s.choice.where, within(...each, s.choice.bind))))) return true;
      // `otherwise` runs in place of the ask, where neither the chooser nor the choice is bound
      if (s.otherwise !== undefined && readsOuterLocal(s.otherwise, bound)) return true;
      return readsOuterLocal(s.then, within(...each, ...('bind' in s.choice ? [s.choice.bind] : [])));
    }
    default:
      // no other statement binds a name: every expression in it (pool and zone owners included) is read with `bound`
      return anyExprReadsOuter(Object.values(s), bound);
  }
}

function exprReadsOuter(e: Expr, bound: ReadonlySet<string>): boolean {
  if (e.k === 'local') return !bound.has(e.name);
  if (e.k === 'agg') {
    const inner = new Set([...bound, e.bind]);
    return exprReadsOuter(e.over, bound) || [e.where, e.value].some((x) => x !== undefined && exprReadsOuter(x, inner));
  }
  return anyExprReadsOuter(Object.values(e), bound);
}

/** whether an expression anywhere inside these values (objects holding expressions included) reads a local not in `bound` */
function anyExprReadsOuter(values: readonly unknown[], bound: ReadonlySet<string>): boolean {
  for (const v of values) {
    if (Array.isArray(v)) {
      if (anyExprReadsOuter(v, bound)) return true;
    } else if (typeof v === 'object' && v !== null) {
      if ('k' in v && typeof (v as { k: unknown }).k === 'string') {
        if (exprReadsOuter(v as Expr, bound)) return true;
      } else if (anyExprReadsOuter(Object.values(v), bound)) return true;
    }
  }
  return false;
}
