import type { DerivedNode, Expr, RuleGraph } from '@houserules/schema';
import type { LoadedBoard } from './loaded-board.ts';
import { cannotFail } from './site-selection.ts';

/**
 * An aggregate over every site of a kind whose test starts with "the site is
 * X's" walks only X's sites (docs/design/compiled-rules.md, issue 26's fifth
 * round): `any(c in corners where c.owner == p and c.port == special(t))`
 * reads the game's lists of p's pieces standing on corners
 * (run/board-site-index.ts), one piece kind after another, instead of every
 * corner. A site is X's only when it holds a per-player piece of X's, so the
 * sites left out are those whose first conjunct is false, and `and` stops
 * there. The lists are walked kind by kind, not in site order, so only
 * aggregates whose result does not depend on the order (`any`, `all`, `count`
 * without a value) qualify, and only when no part of the test can fail (an
 * error on one site would otherwise stop the game at another point). When X
 * is no player (`none`, -1, matches the empty sites) the generated code walks
 * every site as before.
 */
export interface OwnSitesWalk {
  /** the per-player piece kinds that stand on the aggregate's kind of site (board piece indices) */
  readonly pieces: readonly number[];
  /** whose sites: the other side of `site.owner == X` (a local or the context's player) */
  readonly owner: Expr;
}

export function ownSitesWalk(graph: RuleGraph, board: LoadedBoard, e: Extract<Expr, { k: 'agg' }>): OwnSitesWalk | null {
  if (e.fn !== 'any' && e.fn !== 'all' && e.fn !== 'count') return null;
  if (e.over.k !== 'sites' || e.over.board !== undefined || e.where === undefined || e.value !== undefined) return null;
  const site = e.over.site;
  let first = e.where;
  while (first.k === 'bin' && first.op === 'and') first = first.l;
  if (first.k !== 'bin' || first.op !== '==') return null;
  const owner = isOwnerOf(first.l, e.bind) ? first.r : isOwnerOf(first.r, e.bind) ? first.l : null;
  if (owner === null || !((owner.k === 'local' && owner.name !== e.bind) || owner.k === 'ctx')) return null;
  const byId = new Map<string, DerivedNode>(graph.derived.map((d) => [d.id, d]));
  // a var of this kind of site read at the element cannot fail (the element is a site of the kind)
  const varsOfKind = new Set(graph.vars.filter((v) => v.scope === site).map((v) => v.id));
  if (!cannotFailHere(e.where, e.bind, varsOfKind, byId)) return null;
  const pieces = board.pieces.flatMap((p, i) => (p.perPlayer && p.site === site ? [i] : []));
  return { pieces, owner };
}

function isOwnerOf(e: Expr, bind: string): boolean {
  return e.k === 'siteAttr' && e.attr === 'owner' && e.of.k === 'local' && e.of.name === bind;
}

/** cannotFail (with searches), where reading a var of the element's kind at the element counts as safe too */
function cannotFailHere(e: Expr, bind: string, varsOfKind: ReadonlySet<string>, byId: ReadonlyMap<string, DerivedNode>): boolean {
  if (e.k === 'var') return e.key === undefined && e.of !== undefined && e.of.k === 'local' && e.of.name === bind && varsOfKind.has(e.id);
  if (e.k === 'bin') return e.op !== '/' && e.op !== '%' && cannotFailHere(e.l, bind, varsOfKind, byId) && cannotFailHere(e.r, bind, varsOfKind, byId);
  if (e.k === 'not') return cannotFailHere(e.e, bind, varsOfKind, byId);
  return cannotFail(e, byId, 0, true);
}
