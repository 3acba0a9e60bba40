import type { DerivedNode, Expr, RuleGraph } from '@houserules/schema';
import { forEachChild, isExpr, readsOfConditions } from './end-dependencies.ts';
import { cachedContext } from './state-resources.ts';

/**
 * A selection of sites that only the board's set-up decides (docs/design/compiled-rules.md,
 * "Playouts, fourth round"). An aggregate over every site of a kind whose test
 * starts with conjuncts that read nothing but the element, a few scalar locals
 * (the keys) and the board's set-up facts (hex kinds and values; the relations
 * are fixed), and that cannot fail, walks only the sites those conjuncts select:
 * the selection is worked out once per game and key tuple
 * (run/board-selections.ts) and kept while the board's contents keep their
 * version. What is left of the test runs on each selected site, in the sites'
 * order, as it ran before on the sites the first conjuncts let through.
 *
 * `list(h in hexes where yields(h, n))`, with `yields(h, n) = h.value == n
 * and h.kind != waste and h.piece == none`, walks the two or three hexes
 * numbered n instead of every hex, testing only the piece on each.
 *
 * The conjuncts are found through derived values written in line: a call of a
 * derived value (not per player, not a list, without aggregates or trail
 * searches in its body, so not memoised) whose arguments are locals or literals
 * is its body with the parameters replaced by the arguments.
 */
export interface SiteSelectionPlan {
  /** the kind of site walked (every site of it, in id order) */
  readonly site: 'hex' | 'corner' | 'edge';
  /** the selecting test: reads the element (bound to the aggregate's name), the keys and the board's set-up only */
  readonly select: Expr;
  /** the locals besides the element that the selecting test reads, in order of first use */
  readonly keys: readonly string[];
  /** what is left of the test, for each selected site; undefined when nothing is */
  readonly rest: Expr | undefined;
}

/** locals a selection may depend on (its table is keyed by their values) */
export const MAX_SELECTION_KEYS = 3;
/** how deep derived values are written in line to find the conjuncts */
const MAX_EXPANSION_DEPTH = 4;
const BOARD = 'board:*';

/**
 * The selection an aggregate over `over` binding `bind` with test `where` may
 * walk instead, or null. `isScalarLocal` tells whether a name is a local bound
 * where the aggregate stands that holds a number (not a list).
 */
export function siteSelectionPlan(
  graph: RuleGraph,
  over: Expr,
  bind: string,
  where: Expr | undefined,
  isScalarLocal: (name: string) => boolean,
): SiteSelectionPlan | null {
  if (over.k !== 'sites' || over.board !== undefined || where === undefined) return null;
  const byId = new Map(graph.derived.map((d) => [d.id, d]));
  const parts: Expr[] = [];
  conjuncts(where, byId, 0, parts);
  const keys: string[] = [];
  let selecting = 0;
  let readsBoard = false;
  for (const part of parts) {
    if (!cannotFail(part, byId, 0)) break;
    const reads = readsOfConditions([{ owner: '', condition: part }], graph.derived, graph.edges, cachedContext(false));
    if (![...reads].every((r) => r === BOARD)) break;
    const names = localsOf(part);
    const added = [...names].filter((n) => n !== bind && !keys.includes(n));
    if (!added.every(isScalarLocal) || keys.length + added.length > MAX_SELECTION_KEYS) break;
    keys.push(...added);
    readsBoard ||= reads.size > 0;
    selecting++;
  }
  // nothing of the board selects: nothing to keep
  if (selecting === 0 || !readsBoard) return null;
  return { site: over.site, select: conjunction(parts.slice(0, selecting))!, keys, rest: conjunction(parts.slice(selecting)) };
}

/** the conjuncts of a test, left to right, through derived values written in line */
function conjuncts(e: Expr, byId: ReadonlyMap<string, DerivedNode>, depth: number, out: Expr[]): void {
  if (e.k === 'bin' && e.op === 'and') {
    conjuncts(e.l, byId, depth, out);
    conjuncts(e.r, byId, depth, out);
    return;
  }
  if (e.k === 'derived' && depth < MAX_EXPANSION_DEPTH) {
    const d = byId.get(e.id);
    if (d !== undefined && expandable(d, e.args)) {
      const args = new Map(d.params.map((p, k) => [p.name, e.args[k]!]));
      conjuncts(substitute(d.value, args), byId, depth + 1, out);
      return;
    }
  }
  out.push(e);
}

/** whether a call can be replaced by the body: plain arguments, and a body that binds no name (nothing to capture) */
function expandable(d: DerivedNode, args: readonly Expr[]): boolean {
  if (d.perPlayer || d.type.t === 'list' || d.params.length !== args.length) return false;
  if (!args.every((a) => a.k === 'local' || a.k === 'lit')) return false;
  return !searches(d.value);
}

/** whether the expression holds an aggregate or a trail search (a binding, or a memoised value's body) */
function searches(e: Expr): boolean {
  if (e.k === 'agg' || e.k === 'trail' || e.k === 'joined' || e.k === 'networks') return true;
  let found = false;
  forEachChild(e, (child) => {
    found ||= searches(child);
  });
  return found;
}

/** the expression with the locals named in `args` replaced (the expression binds none of those names: see expandable) */
export function substitute(e: Expr, args: ReadonlyMap<string, Expr>): Expr {
  if (e.k === 'local') return args.get(e.name) ?? e;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(e)) {
    if (Array.isArray(value)) copy[key] = value.map((item: unknown) => (isExpr(item) ? substitute(item, args) : item));
    else copy[key] = isExpr(value) ? substitute(value, args) : value;
  }
  return copy as Expr;
}

/** the conjunction of the parts, left to right (undefined for none) */
function conjunction(parts: readonly Expr[]): Expr | undefined {
  if (parts.length === 0) return undefined;
  return parts.slice(1).reduce<Expr>((l, r) => ({ k: 'bin', op: 'and', l, r }), parts[0]!);
}

/**
 * Whether evaluating the expression can never stop the game with an error:
 * a selection is worked out for all sites at once, so a test that could fail
 * would fail at another point than the loop it replaces. With `searches`,
 * aggregates over sites and board relations, and the context's players, count
 * too (an enumeration's neighbourhood, load/site-neighbourhood.ts: it binds
 * names, which a selection's test must not).
 */
export function cannotFail(e: Expr, byId: ReadonlyMap<string, DerivedNode>, depth: number, searches = false): boolean {
  const safe = (x: Expr, d = depth): boolean => cannotFail(x, byId, d, searches);
  switch (e.k) {
    case 'lit': case 'local': case 'token': case 'option': case 'seat':
      return true;
    case 'siteAttr':
      return e.attr !== 'inside' && safe(e.of);
    case 'bin':
      return e.op !== '/' && e.op !== '%' && safe(e.l) && safe(e.r);
    case 'not': case 'neg':
      return safe(e.e);
    case 'if':
      return safe(e.c) && safe(e.t) && safe(e.e);
    case 'derived': {
      const d = byId.get(e.id);
      if (d === undefined || depth >= MAX_EXPANSION_DEPTH || d.perPlayer || d.type.t === 'list' || d.params.length !== e.args.length) return false;
      return e.args.every((a) => safe(a)) && safe(d.value, depth + 1);
    }
    case 'ctx':
      return searches;
    case 'sites':
      return searches && e.board === undefined;
    case 'siteRel':
      return searches && safe(e.of);
    case 'agg':
      return searches && (e.fn === 'any' || e.fn === 'all' || e.fn === 'count') && (e.over.k === 'sites' || e.over.k === 'siteRel') && safe(e.over) && (e.where === undefined || safe(e.where)) && e.value === undefined;
    default:
      return false;
  }
}

/** the names of the locals an expression reads (it binds none: cannotFail admits no aggregate) */
function localsOf(e: Expr, out: Set<string> = new Set()): Set<string> {
  if (e.k === 'local') out.add(e.name);
  else forEachChild(e, (child) => localsOf(child, out));
  return out;
}
