import type { ConstraintNode, DerivedNode, Expr, RuleGraph } from '@houserules/schema';
import { forEachChild } from './end-dependencies.ts';
import type { LoadedBoard } from './loaded-board.ts';
import { cannotFail, substitute } from './site-selection.ts';

/**
 * Where an action's site parameter can be admitted at all, learned from the
 * shape of its checks (docs/design/compiled-rules.md, issue 26's fifth round):
 * a `require` whose condition holds only when some site within a few board
 * relations of the parameter holds a piece of the actor's,
 *
 *     any(c in e.corners where c.owner == actor
 *         or any(f in c.edges where f.piece == wall and f.owner == actor))
 *
 * admits only sites reached from the actor's own pieces by walking those
 * relations backwards (from each of the actor's walls f to f's corners c, then
 * to the edges e that have c as a corner). The enumeration then walks those
 * sites, in ascending order, instead of every site of the kind, and runs every
 * check on each exactly as before: a site it leaves out is one the condition
 * refuses, and the checks before it cannot fail (so leaving them unevaluated
 * there changes nothing).
 *
 * The shape, recursively (W is a witness of "near the actor's pieces" for x):
 * `x.owner == actor`; `W and Q` or `Q and W`; `W1 or W2`; `any(y in x.R where
 * W)` for a board relation R (W a witness for y); a derived value (not per
 * player) whose body is one, its parameters replaced by the call's arguments.
 */

/** the sites a chain starts from: every site holding a per-player piece of the actor's, of these piece kinds (board piece indices) */
export interface NeighbourhoodChain {
  readonly pieces: readonly number[];
  /** the relations walked backwards from there, in order: from a site of kind `to` to the sites of kind `from` that list it under `rel` */
  readonly steps: readonly { readonly rel: Relation; readonly from: SiteKind }[];
}

export interface NeighbourhoodPlan {
  /** the kind of the parameter's sites (the domain is every site of it, ascending) */
  readonly site: SiteKind;
  /** the candidates are the union of the chains' ends */
  readonly chains: readonly NeighbourhoodChain[];
}

type SiteKind = 'hex' | 'corner' | 'edge';
type Relation = 'corners' | 'edges' | 'hexes' | 'neighbours';

/** how many relations a chain walks back at most (each one multiplies the sites visited) */
export const MAX_NEIGHBOURHOOD_STEPS = 3;
/** how deep derived values are written in line to find the shape */
const MAX_EXPANSION_DEPTH = 4;

/**
 * The neighbourhood plan for the first parameter of an action (bound as
 * `domain`), given the checks that run right after it is bound, in order: the
 * first `require` of the shape above, when every check up to it (itself too)
 * cannot fail. Null when none is found.
 */
export function neighbourhoodPlan(graph: RuleGraph, board: LoadedBoard, domain: Expr, checks: readonly ConstraintNode[]): NeighbourhoodPlan | null {
  if (domain.k !== 'sites' || domain.board !== undefined) return null;
  const sites = board.sites[domain.site];
  for (let i = 1; i < sites.length; i++) if (sites[i - 1]! >= sites[i]!) return null;
  const byId = new Map(graph.derived.map((d) => [d.id, d]));
  for (const check of checks) {
    if (!cannotFail(check.condition, byId, 0, true)) return null;
    const bound = check.bindings[0];
    if (check.kind !== 'require' || bound === undefined) continue;
    const chains = witness(check.condition, bound, domain.site, board, byId, 0);
    if (chains !== null) return { site: domain.site, chains };
  }
  return null;
}

/** chains whose ends include every value of local x (a site of kind `kind`) for which e holds, or null */
function witness(e: Expr, x: string, kind: SiteKind, board: LoadedBoard, byId: ReadonlyMap<string, DerivedNode>, depth: number): NeighbourhoodChain[] | null {
  switch (e.k) {
    case 'bin': {
      if (e.op === '==' && ((ownerOf(e.l, x) && isActor(e.r)) || (ownerOf(e.r, x) && isActor(e.l)))) {
        const pieces = board.pieces.flatMap((p, i) => (p.perPlayer && p.site === kind ? [i] : []));
        return [{ pieces, steps: [] }];
      }
      if (e.op === 'and') return witness(e.l, x, kind, board, byId, depth) ?? witness(e.r, x, kind, board, byId, depth);
      if (e.op === 'or') {
        const l = witness(e.l, x, kind, board, byId, depth);
        const r = l === null ? null : witness(e.r, x, kind, board, byId, depth);
        return l === null || r === null ? null : [...l, ...r];
      }
      return null;
    }
    case 'agg': {
      if (e.fn !== 'any' || e.where === undefined || e.over.k !== 'siteRel' || e.over.of.k !== 'local' || e.over.of.name !== x) return null;
      const rel = e.over.rel;
      const inner = witness(e.where, e.bind, relatedKind(rel, kind), board, byId, depth);
      if (inner === null) return null;
      const chains = inner.map((c) => ({ pieces: c.pieces, steps: [...c.steps, { rel, from: kind }] }));
      return chains.every((c) => c.steps.length <= MAX_NEIGHBOURHOOD_STEPS) ? chains : null;
    }
    case 'derived': {
      const d = byId.get(e.id);
      if (d === undefined || d.perPlayer || depth >= MAX_EXPANSION_DEPTH || d.params.length !== e.args.length) return null;
      if (!e.args.every((a) => a.k === 'local' || a.k === 'lit' || a.k === 'ctx')) return null;
      // the body's own bindings must not capture an argument's local, nor hide a parameter
      const bound = boundNames(d.value);
      if (d.params.some((p) => bound.has(p.name)) || e.args.some((a) => a.k === 'local' && bound.has(a.name))) return null;
      const args = new Map(d.params.map((p, k) => [p.name, e.args[k]!]));
      return witness(substitute(d.value, args), x, kind, board, byId, depth + 1);
    }
    default:
      return null;
  }
}

/** the kind of the sites relation `rel` lists for a site of kind `of` */
function relatedKind(rel: Relation, of: SiteKind): SiteKind {
  switch (rel) {
    case 'corners': return 'corner';
    case 'edges': return 'edge';
    case 'hexes': return 'hex';
    case 'neighbours': return of;
  }
}

function ownerOf(e: Expr, x: string): boolean {
  return e.k === 'siteAttr' && e.attr === 'owner' && e.of.k === 'local' && e.of.name === x;
}

function isActor(e: Expr): boolean {
  return e.k === 'ctx' && e.name === 'actor';
}

/** the names aggregates inside the expression bind */
function boundNames(e: Expr, out: Set<string> = new Set()): Set<string> {
  if (e.k === 'agg') out.add(e.bind);
  forEachChild(e, (child) => boundNames(child, out));
  return out;
}
