import type { Expr, RuleGraph, TypeDesc } from './rule-graph.ts';

type SiteKind = 'hex' | 'corner' | 'edge';

/** The kind of the sites a site relation lists, by the kind of the site it is of (the compiler's table). */
const RELATIONS: Record<SiteKind, Partial<Record<'corners' | 'edges' | 'hexes' | 'neighbours', SiteKind>>> = {
  hex: { corners: 'corner', edges: 'edge', neighbours: 'hex' },
  corner: { hexes: 'hex', edges: 'edge', neighbours: 'corner' },
  edge: { corners: 'corner', hexes: 'hex' },
};

/**
 * The type of the elements of a collection expression (what a `choose … from` or an aggregate ranges over),
 * as far as the graph alone tells it: `players` → player, `corners` → site corner, a zone → card, a list
 * var → its element type. `undefined` where only the compiler knew (a local's type, a computed list).
 * The CLI's game words and the diff's move text name a chosen value by it.
 */
export function collectionType(e: Expr, graph: RuleGraph): TypeDesc | undefined {
  switch (e.k) {
    case 'players':
      return { t: 'player' };
    case 'sites':
      return { t: 'site', site: e.site };
    case 'region':
      return { t: 'site', site: 'hex' };
    case 'siteRel': {
      // `corners`, `edges`, `hexes` list one kind whatever they are of; `neighbours` lists the kind of its site
      const site = e.rel === 'neighbours' ? siteKindOf(e.of, graph) : undefined;
      const kind = e.rel === 'neighbours' ? (site === undefined ? undefined : RELATIONS[site].neighbours) : e.rel === 'corners' ? 'corner' : e.rel === 'edges' ? 'edge' : 'hex';
      return kind === undefined ? undefined : { t: 'site', site: kind };
    }
    case 'zone':
      return { t: 'card' };
    case 'group':
      return { t: 'token' };
    case 'range':
      return { t: 'number' };
    case 'agg':
      // `list(x in xs where …)` keeps the elements of `xs`; with a `value` it lists something else
      // `sorted(x in xs by …)` keeps them too, in another order
      return (e.fn === 'list' && e.value === undefined) || e.fn === 'sorted' ? collectionType(e.over, graph) : undefined;
    case 'list':
      return e.items.length > 0 ? itemType(e.items[0]!, graph) : undefined;
    case 'var':
      return elementsOf(graph.vars.find((v) => v.id === e.id)?.type);
    case 'derived':
      return elementsOf(graph.derived.find((d) => d.id === e.id)?.type);
    default:
      return undefined;
  }
}

function elementsOf(type: TypeDesc | undefined): TypeDesc | undefined {
  return type?.t === 'list' ? type.of : undefined;
}

/** The type of one item of a list literal, where its expression says it. */
function itemType(e: Expr, graph: RuleGraph): TypeDesc | undefined {
  if (e.k === 'seat') return { t: 'player' };
  if (e.k === 'token') return { t: 'token' };
  const site = siteKindOf(e, graph);
  return site === undefined ? undefined : { t: 'site', site };
}

/** The kind of site an expression is, where the graph tells it: `hex(0, 1)`, a site var or derived value. */
function siteKindOf(e: Expr, graph: RuleGraph): SiteKind | undefined {
  const type = e.k === 'siteAt' ? ({ t: 'site', site: e.site } as const) : e.k === 'var' ? graph.vars.find((v) => v.id === e.id)?.type : e.k === 'derived' ? graph.derived.find((d) => d.id === e.id)?.type : undefined;
  return type?.t === 'site' ? type.site : undefined;
}
