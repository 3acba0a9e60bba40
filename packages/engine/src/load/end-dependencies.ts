import type { DerivedNode, Edge, EndNode, Expr, RuleGraph, Stmt } from '@houserules/schema';

/**
 * Which rule firings can change whether an end condition holds.
 *
 * An end condition checked after every firing only needs re-checking when the
 * firing may have written state the condition reads. Both sides are computed
 * from the graph's expressions and statements (not its edges, which hand-built
 * graphs may lack). State is named by node id (`var:x`, `pool:y`, `zone:z`);
 * `kind:*` stands for every node of a kind and `*` for anything at all, which
 * is how whatever is not classified precisely falls back to checking.
 */

const ANY = '*';
const ANY_PIECE = 'piece:*';
const ANY_ZONE = 'zone:*';
const BOARD = 'board:*';

/**
 * What reading a context register counts as: a state id, `*` (anything), or
 * null (nothing). `selfBound` is true inside a per-player derived value, whose
 * `self` is its own argument.
 */
export type ContextReads = (name: Extract<Expr, { k: 'ctx' }>['name'], selfBound: boolean) => string | null;

/** End conditions: current/round/turn change only on flow steps, which always re-check; who acts changes with every firing. */
const endCheckContext: ContextReads = (name) => (name === 'actor' ? ANY : null);

/**
 * The state the conditions read, through the derived values they call. A site's
 * piece or owner is read as the pieces the compiler's `reads` edges name for the
 * node holding the expression (the pieces that can stand on such a site), or as
 * any piece when the graph has no such edges.
 */
export function readsOfConditions(
  conditions: { owner: string; condition: Expr }[],
  derived: readonly DerivedNode[],
  edges: readonly Edge[] = [],
  context: ContextReads = endCheckContext,
): Set<string> {
  const byId = new Map(derived.map((d) => [d.id, d]));
  const piecesReadBy = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.kind !== 'reads' || !edge.to.startsWith('piece:')) continue;
    const list = piecesReadBy.get(edge.from);
    if (list === undefined) piecesReadBy.set(edge.from, [edge.to]);
    else list.push(edge.to);
  }
  const reads = new Set<string>();
  const visited = new Set<string>();
  let owner = '';
  let selfBound = false;
  const visit = (e: Expr): void => {
    switch (e.k) {
      case 'lit': case 'seat': case 'local': case 'option': case 'players': case 'token': case 'group':
      case 'sites': case 'region': case 'siteRel': case 'siteNamed': case 'siteAt': case 'distance':
        break;
      case 'var': reads.add(e.id); break;
      case 'count': reads.add(e.pool); break;
      case 'countOf': reads.add(e.pool); break;
      case 'zone': reads.add(e.id); break;
      case 'supply': reads.add(e.piece); break;
      // a trail runs over its pieces and is cut by whatever others have built on its nodes
      case 'trail': case 'joined': case 'networks': reads.add(ANY_PIECE); break;
      case 'siteAttr':
        if (e.attr === 'inside') break;
        if (e.attr === 'piece' || e.attr === 'owner') for (const p of piecesReadBy.get(owner) ?? [ANY_PIECE]) reads.add(p);
        else reads.add(BOARD);
        break;
      case 'ctx': {
        const id = context(e.name, selfBound);
        if (id !== null) reads.add(id);
        break;
      }
      case 'derived': {
        if (visited.has(e.id)) break;
        visited.add(e.id);
        const d = byId.get(e.id);
        if (d === undefined) reads.add(ANY);
        else {
          const outer = owner;
          const outerSelf = selfBound;
          owner = d.id;
          selfBound = d.perPlayer;
          visit(d.value);
          owner = outer;
          selfBound = outerSelf;
        }
        break;
      }
      case 'field': case 'is': case 'not': case 'neg': case 'bin': case 'if': case 'list': case 'range':
      case 'agg': case 'call': case 'at':
        break;
      default: reads.add(ANY);
    }
    forEachChild(e, visit);
  };
  for (const c of conditions) {
    owner = c.owner;
    visit(c.condition);
  }
  return reads;
}

/** visits the sub-expressions of an expression */
export function forEachChild(e: Expr, visit: (e: Expr) => void): void {
  for (const value of Object.values(e)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isExpr(item)) visit(item);
    } else if (isExpr(value)) visit(value);
  }
}

export function isExpr(value: unknown): value is Expr {
  return typeof value === 'object' && value !== null && typeof (value as { k?: unknown }).k === 'string';
}

/**
 * The state a block of statements (with its asks' `then` and `otherwise` blocks) may write.
 * Placing a piece may replace whatever stood on the site: it writes every piece
 * of that site kind (`sitesOfPieces`; unknown pieces: any piece).
 */
export function writesOfBlock(body: Stmt[], sitesOfPieces: ReadonlyMap<string, string[]> = new Map(), writes: Set<string> = new Set()): Set<string> {
  for (const s of body) {
    switch (s.s) {
      case 'move': case 'moveOf': writes.add(s.from.pool).add(s.to.pool); break;
      case 'set': writes.add(s.var); break;
      // a single card leaves whichever zone holds it
      case 'moveCard': writes.add(ANY_ZONE); break;
      case 'moveCards': case 'reveal': writes.add(s.from.zone).add(s.to.zone); break;
      case 'shuffle': case 'stack': writes.add(s.zone.zone); break;
      case 'place':
        for (const p of sitesOfPieces.get(s.piece) ?? [ANY_PIECE]) writes.add(p);
        writes.add(BOARD);
        break;
      case 'removePiece': writes.add(ANY_PIECE).add(BOARD); break;
      case 'let': case 'emit': case 'roll': case 'pick': case 'end': break;
      case 'if': writesOfBlock(s.then, sitesOfPieces, writes); writesOfBlock(s.else, sitesOfPieces, writes); break;
      case 'for': writesOfBlock(s.body, sitesOfPieces, writes); break;
      case 'ask':
        if ('var' in s.choice) writes.add(s.choice.var);
        writesOfBlock(s.then, sitesOfPieces, writes);
        if (s.otherwise !== undefined) writesOfBlock(s.otherwise, sitesOfPieces, writes);
        break;
      default: writes.add(ANY);
    }
  }
  return writes;
}

/** whether anything written may be something read */
export function overlaps(writes: ReadonlySet<string>, reads: ReadonlySet<string>): boolean {
  if (reads.size === 0) return false;
  if (reads.has(ANY)) return true;
  for (const w of writes) {
    if (w === ANY || reads.has(w) || reads.has(kindOf(w) + ':*')) return true;
    if (w.endsWith(':*')) {
      const prefix = w.slice(0, -1);
      for (const r of reads) if (r.startsWith(prefix)) return true;
    }
  }
  return false;
}

function kindOf(id: string): string {
  const colon = id.indexOf(':');
  return colon < 0 ? id : id.slice(0, colon);
}

/** whether running a block may change an end condition checked after every firing and every answer */
export function blocksThatMayEnd(graph: Pick<RuleGraph, 'derived' | 'pieces' | 'edges'>, ends: readonly EndNode[]): (body: Stmt[]) => boolean {
  const reads = readsOfConditions(ends.map((e) => ({ owner: e.id, condition: e.condition })), graph.derived, graph.edges);
  // the pieces that can stand on the same sites as each piece
  const sitesOfPieces = new Map(graph.pieces.map((p) => [p.id, graph.pieces.filter((q) => q.site === p.site).map((q) => q.id)]));
  return (body) => overlaps(writesOfBlock(body, sitesOfPieces), reads);
}

/** each ask by id (an answer runs its choice and its `then` block) */
export function asksById(bodies: readonly Stmt[][]): Map<string, Stmt> {
  const byId = new Map<string, Stmt>();
  const visit = (body: Stmt[]): void => {
    for (const s of body) {
      if (s.s === 'ask') {
        byId.set(s.id, s);
        visit(s.then);
        if (s.otherwise !== undefined) visit(s.otherwise);
      } else if (s.s === 'if') {
        visit(s.then);
        visit(s.else);
      } else if (s.s === 'for') visit(s.body);
    }
  };
  for (const body of bodies) visit(body);
  return byId;
}
