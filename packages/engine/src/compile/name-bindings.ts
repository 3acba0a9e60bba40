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
  return blockReadsOuter(body, bound, null);
}

/**
 * The locals the statements (and first the expressions `before`, e.g. a rule's
 * `when`) may read before binding them, read the same way as readsOuterLocal:
 * their values come from outside (an event's arguments, an action's parameters,
 * the asking rule), so generated code starts their variables from g.locals.
 */
export function outerLocals(body: readonly Stmt[], bound: ReadonlySet<string>, before: readonly Expr[] = []): Set<string> {
  const out = new Set<string>();
  for (const e of before) exprReadsOuter(e, bound, out);
  blockReadsOuter(body, bound, out);
  return out;
}

/** `out` null: whether some outer local is read (stops at the first); else every one is added to `out` (and the answer is false) */
function blockReadsOuter(body: readonly Stmt[], bound: ReadonlySet<string>, out: Set<string> | null): boolean {
  const names = new Set(bound);
  for (const s of body) if (stmtReadsOuter(s, names, out)) return true;
  return false;
}

/** whether the statement reads a local not in `bound`; adds what it binds for the statements after it */
function stmtReadsOuter(s: Stmt, bound: Set<string>, out: Set<string> | null): boolean {
  const within = (...extra: string[]): Set<string> => new Set([...bound, ...extra]);
  switch (s.s) {
    case 'let':
      if (exprReadsOuter(s.value, bound, out)) return true;
      bound.add(s.name);
      return false;
    case 'if':
      return exprReadsOuter(s.cond, bound, out) || blockReadsOuter(s.then, bound, out) || blockReadsOuter(s.else, bound, out);
    case 'for':
      return exprReadsOuter(s.over, bound, out) || (s.where !== undefined && exprReadsOuter(s.where, within(s.bind), out)) || blockReadsOuter(s.body, within(s.bind), out);
    case 'pick':
      if (exprReadsOuter(s.over, bound, out) || [s.where, s.weight].some((e) => e !== undefined && exprReadsOuter(e, within(s.bind), out))) return true;
      bound.add(s.bind);
      return false;
    case 'reveal':
      if (anyExprReadsOuter([s.from, s.to], bound, out)) return true;
      bound.add(s.bind);
      return false;
    case 'roll':
      bound.add(s.bind);
      return false;
    case 'ask': {
      const each = 'each' in s.who ? [s.who.each] : [];
      if ('single' in s.who ? exprReadsOuter(s.who.single, bound, out) : exprReadsOuter(s.who.over, bound, out) || (s.who.where !== undefined && exprReadsOuter(s.who.where, within(...each), out))) return true;
      if ('bind' in s.choice && (exprReadsOuter(s.choice.over, within(...each), out) || (s.choice.where !== undefined && exprReadsOuter(s.choice.where, within(...each, s.choice.bind), out)))) return true;
      // `otherwise` runs in place of the ask, where neither the chooser nor the choice is bound
      if (s.otherwise !== undefined && blockReadsOuter(s.otherwise, bound, out)) return true;
      return blockReadsOuter(s.then, within(...each, ...('bind' in s.choice ? [s.choice.bind] : [])), out);
    }
    default:
      // no other statement binds a name: every expression in it (pool and zone owners included) is read with `bound`
      return anyExprReadsOuter(Object.values(s), bound, out);
  }
}

function exprReadsOuter(e: Expr, bound: ReadonlySet<string>, out: Set<string> | null): boolean {
  if (e.k === 'local') {
    if (bound.has(e.name)) return false;
    if (out === null) return true;
    out.add(e.name);
    return false;
  }
  if (e.k === 'agg') {
    const inner = new Set([...bound, e.bind]);
    return exprReadsOuter(e.over, bound, out) || [e.where, e.value].some((x) => x !== undefined && exprReadsOuter(x, inner, out));
  }
  return anyExprReadsOuter(Object.values(e), bound, out);
}

/** whether an expression anywhere inside these values (objects holding expressions included) reads a local not in `bound` */
function anyExprReadsOuter(values: readonly unknown[], bound: ReadonlySet<string>, out: Set<string> | null): boolean {
  for (const v of values) {
    if (Array.isArray(v)) {
      if (anyExprReadsOuter(v, bound, out)) return true;
    } else if (typeof v === 'object' && v !== null) {
      if ('k' in v && typeof (v as { k: unknown }).k === 'string') {
        if (exprReadsOuter(v as Expr, bound, out)) return true;
      } else if (anyExprReadsOuter(Object.values(v), bound, out)) return true;
    }
  }
  return false;
}

/** whether the expression reads the local `name` anywhere (whatever binds it) */
export function mentionsLocal(e: unknown, name: string): boolean {
  if (Array.isArray(e)) return e.some((v) => mentionsLocal(v, name));
  if (typeof e !== 'object' || e === null) return false;
  if ('k' in e && (e as Expr).k === 'local') return (e as Extract<Expr, { k: 'local' }>).name === name;
  return Object.values(e).some((v) => mentionsLocal(v, name));
}
