import type { Expr as GExpr } from '@houserules/schema';
import type { Expr, Identifier } from '@houserules/syntax';
import { allHexKinds, allHexes, boardsOf, hexKey, insideSiteNames, piecesOn, regionNames, sitePools, siteVars } from './board-facts.ts';
import type { DeclOf } from './declaration-table.ts';
import { aKindWord } from './declaration-table.ts';
import type { Access, ExprLowerer, Operand } from './lower-expr.ts';
import { idOf, type LoweringContext, type Scope } from './lowering-context.ts';
import { declaredSupply } from './piece-supply.ts';
import { didYouMean } from './suggest-name.ts';
import { BOOL, NUMBER, PLAYER, UNKNOWN, describeType, listOf, siteOf, type SiteKind, type Ty } from './type-system.ts';

const ERROR_EXPR: GExpr = { k: 'lit', v: 0 };
const SITE_COLLECTIONS: Record<string, SiteKind> = { hexes: 'hex', corners: 'corner', edges: 'edge' };

/** Relations of each site kind: member name → the kind of the sites it lists. */
const RELATIONS: Record<SiteKind, Partial<Record<'corners' | 'edges' | 'hexes' | 'neighbours', SiteKind>>> = {
  hex: { corners: 'corner', edges: 'edge', neighbours: 'hex' },
  corner: { hexes: 'hex', edges: 'edge', neighbours: 'corner' },
  edge: { corners: 'corner', hexes: 'hex' },
};

/** Board builtins and their arities (`longest_trail`, `joined`, `networks`, `supply` and `placed` vary). */
export const BOARD_BUILTINS = ['distance', 'longest_trail', 'joined', 'networks', 'supply', 'placed', 'hex', 'corner', 'edge'] as const;

function val(expr: GExpr, ty: Ty): Operand {
  return { k: 'value', expr, ty };
}

/** The language of boards: site collections, regions, site members and the board builtins. */
export class SiteLowerer {
  constructor(private readonly cx: LoweringContext, private readonly ex: ExprLowerer) {}

  /** `hexes`, `corners`, `edges` (of the only board), or a region name; undefined when `name` is neither. */
  name(ident: Identifier, scope: Scope): Operand | undefined {
    const site = SITE_COLLECTIONS[ident.name];
    const boards = boardsOf(this.cx.table);
    if (site !== undefined) {
      if (boards.length === 0) return undefined;
      scope.recorder?.reference(scope.origin.file, ident, { k: 'builtin', what: 'context', name: ident.name }, 'read');
      if (boards.length > 1) {
        this.cx.sink.error('resolve/ambiguous-board', `there are ${boards.length} boards: say whose ${ident.name}`, scope.origin.file, ident.range,
          `write ${boards.map((b) => `\`${b.name}.${ident.name}\``).join(' or ')}`);
        return val(ERROR_EXPR, UNKNOWN);
      }
      return val({ k: 'sites', site }, listOf(siteOf(site)));
    }
    const owners = boards.filter((b) => regionNames(b).includes(ident.name));
    if (owners.length === 0) return undefined;
    if (owners.length > 1) {
      this.cx.sink.error('resolve/ambiguous-board', `several boards have a region \`${ident.name}\``, scope.origin.file, ident.range,
        `write ${owners.map((b) => `\`${b.name}.${ident.name}\``).join(' or ')}`);
      return val(ERROR_EXPR, UNKNOWN);
    }
    scope.recorder?.reference(scope.origin.file, ident, { k: 'region', board: owners[0]!.name, name: ident.name }, 'read');
    return this.region(owners[0]!, ident.name, boards.length > 1);
  }

  private region(board: DeclOf<'board'>, name: string, qualify: boolean): Operand {
    const expr: GExpr = { k: 'region', name };
    if (qualify) expr.board = idOf(board);
    return val(expr, listOf(siteOf('hex')));
  }

  /** `island.hexes`, `island.coast`. */
  boardMember(board: DeclOf<'board'>, member: Identifier, scope: Scope): Operand {
    const site = SITE_COLLECTIONS[member.name];
    if (site !== undefined) {
      scope.recorder?.reference(scope.origin.file, member, { k: 'builtin', what: 'site-member', name: member.name }, 'read');
      return val({ k: 'sites', site, board: idOf(board) }, listOf(siteOf(site)));
    }
    const regions = regionNames(board);
    if (regions.includes(member.name)) {
      scope.recorder?.reference(scope.origin.file, member, { k: 'region', board: board.name, name: member.name }, 'read');
      return this.region(board, member.name, true);
    }
    this.cx.sink.error('resolve/unknown-region', `board \`${board.name}\` has no region \`${member.name}\``, scope.origin.file, member.range,
      didYouMean(member.name, [...regions, ...Object.keys(SITE_COLLECTIONS)]) ??
        `declare it in the board: \`region ${member.name} = [(q, r) …]\`; a board's members are hexes, corners, edges${regions.length ? `, ${regions.join(', ')}` : ''}`);
    return val(ERROR_EXPR, UNKNOWN);
  }

  /** The type of a site's `piece`: the pieces that stand on that kind of site, or none. */
  pieceType(site: SiteKind): Ty {
    return { t: 'enum', values: ['none', ...piecesOn(this.cx.table, site).map((p) => idOf(p))] };
  }

  /** `h.kind`, `c.piece`, `e.corners`, `c.port` (a per-corner var) … */
  member(object: GExpr, site: SiteKind, member: Identifier, scope: Scope, access: Access): Operand {
    const name = member.name;
    const rel = RELATIONS[site][name as 'corners'];
    if (rel !== undefined || name === 'piece' || name === 'owner' || (site === 'hex' && (name === 'kind' || name === 'value'))) {
      scope.recorder?.reference(scope.origin.file, member, { k: 'builtin', what: 'site-member', name }, 'read');
    }
    if (rel !== undefined) return val({ k: 'siteRel', rel: name as 'corners', of: object }, listOf(siteOf(rel)));
    if (name === 'piece' || name === 'owner') {
      for (const p of piecesOn(this.cx.table, site)) this.ex.touch(p, scope, 'read');
      return val({ k: 'siteAttr', attr: name, of: object }, name === 'owner' ? PLAYER : this.pieceType(site));
    }
    if (site === 'hex' && (name === 'kind' || name === 'value')) {
      for (const b of boardsOf(this.cx.table)) this.cx.addEdge(scope.owner, idOf(b), 'reads');
      return val({ k: 'siteAttr', attr: name, of: object }, name === 'kind' ? { t: 'enum', values: allHexKinds(this.cx.table) } : NUMBER);
    }
    // the hex a spot or path lies inside: a fact of the board
    if (site !== 'hex' && name === 'inside') {
      for (const b of boardsOf(this.cx.table)) this.cx.addEdge(scope.owner, idOf(b), 'reads');
      return val({ k: 'siteAttr', attr: 'inside', of: object }, siteOf('hex'));
    }
    // a spot or path by name, inside the hex: `durango_hex.station`
    const inner = site === 'hex' ? insideSiteNames(this.cx.table).get(name) : undefined;
    if (inner !== undefined) {
      for (const b of boardsOf(this.cx.table)) this.cx.addEdge(scope.owner, idOf(b), 'reads');
      return val({ k: 'siteNamed', site: inner, name, of: object }, siteOf(inner));
    }
    const v = siteVars(this.cx.table, site).find((d) => d.name === name) ?? sitePools(this.cx.table, site).find((d) => d.name === name);
    if (v) return this.ex.declRef(v, member, scope, object, access);
    const members = this.memberNames(site);
    this.cx.sink.error('type/no-such-member', `a ${site} has no \`${name}\``, scope.origin.file, member.range,
      `${didYouMean(name, members) ?? ''}${didYouMean(name, members) ? '; ' : ''}the members of a ${site} are ${members.join(', ')}`);
    return val(ERROR_EXPR, UNKNOWN);
  }

  memberNames(site: SiteKind): string[] {
    return [
      ...(site === 'hex' ? ['kind', 'value'] : ['inside']),
      ...Object.keys(RELATIONS[site]), 'piece', 'owner',
      ...siteVars(this.cx.table, site).map((d) => d.name),
      ...sitePools(this.cx.table, site).map((d) => d.name),
      ...(site === 'hex' ? insideSiteNames(this.cx.table).keys() : []),
    ];
  }

  /** A piece named by a builtin argument or a statement, as its declaration; undefined after a diagnostic. */
  piece(e: Expr | undefined, scope: Scope): DeclOf<'piece'> | undefined {
    const ident = e?.$type === 'NameRef' ? e.name : undefined;
    const decl = ident ? this.cx.table.byName.get(ident.name) : undefined;
    if (decl?.kind === 'piece') {
      scope.recorder?.reference(scope.origin.file, ident!, { k: 'decl', decl }, 'read');
      return decl;
    }
    const pieces = [...this.cx.table.byName.values()].filter((d) => d.kind === 'piece').map((d) => d.name);
    const range = e?.range;
    if (range) {
      this.cx.sink.error(decl || !ident ? 'type/mismatch' : 'resolve/unknown-name',
        decl ? `\`${ident!.name}\` is ${aKindWord(decl.kind)}, not a piece` : ident ? `there is no piece \`${ident.name}\`` : 'a piece name is expected here',
        scope.origin.file, range, (ident ? didYouMean(ident.name, pieces) : undefined) ?? `pieces: ${pieces.join(', ') || 'none declared'}`);
    }
    return undefined;
  }

  /** The edge pieces a trail or network builtin names (a piece on another kind of site is `type/wrong-site`). */
  private edgePieces(args: Expr[], scope: Scope, what: string): string[] {
    const pieces: string[] = [];
    for (const a of args) {
      const p = this.piece(a, scope);
      if (!p) continue;
      if ((p.node.site ?? 'hex') !== 'edge') {
        this.cx.sink.error('type/wrong-site', `\`${p.name}\` stands on ${sitesWord(p.node.site ?? 'hex')}; ${what} is made of pieces on edges`, scope.origin.file, a.range,
          `edge pieces: ${piecesOn(this.cx.table, 'edge').map((x) => x.name).join(', ') || 'none declared'}`);
        continue;
      }
      this.ex.touch(p, scope, 'read');
      pieces.push(idOf(p));
    }
    return pieces;
  }

  /** A site-valued argument of the given kind. */
  private site(e: Expr | undefined, site: SiteKind, scope: Scope, what: string): GExpr {
    return this.ex.value(e, scope, siteOf(site), what).expr;
  }

  /**
   * `supply(p, piece)` / `supply(piece)`, and `placed` with the same arguments:
   * the supply expression and the piece's declared supply; null after reporting
   * a misuse.
   */
  private supply(fn: string, args: Expr[], range: Expr['range'], scope: Scope): { expr: GExpr; declared: number } | null {
    const cx = this.cx;
    const pieceArg = args.length >= 2 ? args[1] : args[0];
    const p = this.piece(pieceArg, scope);
    if (args.length === 0 || args.length > 2) {
      cx.sink.error('type/arity', `\`${fn}\` takes a player and a piece (or just a piece that belongs to no player), got ${args.length} arguments`, scope.origin.file, range);
      return null;
    }
    if (!p) return null;
    this.ex.touch(p, scope, 'read');
    const perPlayer = p.node.perPlayer ?? false;
    if (perPlayer && args.length === 1) {
      cx.sink.error('resolve/needs-player', `\`${p.name}\` is per player: say whose`, scope.origin.file, range, `write \`${fn}(p, ${p.name})\``);
      return null;
    }
    if (!perPlayer && args.length === 2) {
      cx.sink.error('type/arity', `\`${p.name}\` belongs to no player: write \`${fn}(${p.name})\``, scope.origin.file, range);
      return null;
    }
    const expr: GExpr = { k: 'supply', piece: idOf(p) };
    if (perPlayer) expr.of = this.ex.value(args[0], scope, PLAYER, `argument 1 of \`${fn}\``).expr;
    return { expr, declared: declaredSupply({ cx, ex: this.ex }, p) };
  }

  /** The board builtins; undefined when `fn` is not one. */
  call(fn: string, callee: Identifier, args: Expr[], range: Expr['range'], scope: Scope): Operand | undefined {
    const cx = this.cx;
    const arity = (n: number, shape: string): boolean => {
      if (args.length === n) return true;
      cx.sink.error('type/arity', `\`${fn}\` takes ${n} argument${n === 1 ? '' : 's'}, got ${args.length}`, scope.origin.file, range, `write \`${shape}\``);
      return false;
    };
    const atLeast = (n: number, what: string, shape: string): void => {
      if (args.length >= n) return;
      cx.sink.error('type/arity', `\`${fn}\` takes ${what}, got ${args.length} argument${args.length === 1 ? '' : 's'}`, scope.origin.file, range, `write \`${shape}\``);
    };
    switch (fn) {
      case 'distance': {
        arity(2, 'distance(corner, corner)');
        return val({ k: 'distance', from: this.site(args[0], 'corner', scope, 'argument 1 of `distance`'), to: this.site(args[1], 'corner', scope, 'argument 2 of `distance`') }, NUMBER);
      }
      case 'longest_trail': {
        atLeast(2, 'a player and at least one piece', 'longest_trail(p, road)');
        const player = this.ex.value(args[0], scope, PLAYER, 'argument 1 of `longest_trail`').expr;
        return val({ k: 'trail', player, pieces: this.edgePieces(args.slice(1), scope, 'a trail') }, NUMBER);
      }
      case 'joined': {
        atLeast(4, 'a player, two corners and at least one piece', 'joined(p, corner, corner, ship)');
        const player = this.ex.value(args[0], scope, PLAYER, 'argument 1 of `joined`').expr;
        const from = this.site(args[1], 'corner', scope, 'argument 2 of `joined`');
        const to = this.site(args[2], 'corner', scope, 'argument 3 of `joined`');
        return val({ k: 'joined', player, from, to, pieces: this.edgePieces(args.slice(3), scope, 'a network') }, BOOL);
      }
      case 'networks': {
        atLeast(2, 'a player and at least one piece', 'networks(p, road)');
        const player = this.ex.value(args[0], scope, PLAYER, 'argument 1 of `networks`').expr;
        return val({ k: 'networks', player, pieces: this.edgePieces(args.slice(1), scope, 'a network') }, NUMBER);
      }
      case 'supply':
      case 'placed': {
        const supply = this.supply(fn, args, range, scope);
        if (supply === null) return val(ERROR_EXPR, UNKNOWN);
        // pieces are conserved (supply + board = the declared supply), so those placed are the declared supply less what is left
        if (fn === 'placed') return val({ k: 'bin', op: '-', l: { k: 'lit', v: supply.declared }, r: supply.expr }, NUMBER);
        return val(supply.expr, NUMBER);
      }
      case 'hex': case 'corner': case 'edge': {
        const boards = boardsOf(cx.table);
        if (boards.length > 1) {
          cx.sink.error('resolve/ambiguous-board', `there are ${boards.length} boards: \`${fn}(…)\` cannot tell which`, scope.origin.file, callee.range,
            'sites by coordinates need a game with one board');
        }
        const withIndex = fn !== 'hex';
        arity(withIndex ? 3 : 2, withIndex ? `${fn}(q, r, i)` : 'hex(q, r)');
        const expr: GExpr = {
          k: 'siteAt', site: fn,
          q: this.ex.value(args[0], scope, NUMBER, `argument 1 of \`${fn}\``).expr,
          r: this.ex.value(args[1], scope, NUMBER, `argument 2 of \`${fn}\``).expr,
        };
        if (withIndex) expr.i = this.ex.value(args[2], scope, NUMBER, `argument 3 of \`${fn}\``).expr;
        if (boards.length === 1 && scope.owner !== null) this.checkSiteAt(boards[0]!, fn, expr, range, scope);
        return val(expr, siteOf(fn));
      }
    }
    return undefined;
  }

  /**
   * A site at literal coordinates must be on the board (its layout or frame), and a corner or side
   * index 0..5: `board/unknown-site` otherwise, where the author wrote it. Checked for the nodes in
   * play (a node an override replaced may name sites of the board it was written for).
   */
  private checkSiteAt(board: DeclOf<'board'>, fn: 'hex' | 'corner' | 'edge', expr: Extract<GExpr, { k: 'siteAt' }>, range: Expr['range'], scope: Scope): void {
    const q = constant(expr.q);
    const r = constant(expr.r);
    const i = expr.i === undefined ? 0 : constant(expr.i);
    if (q === null || r === null || i === null) return;
    const what = fn === 'hex' ? `hex(${q}, ${r})` : `${fn}(${q}, ${r}, ${i})`;
    if (!allHexes(board).has(hexKey(q, r))) {
      this.cx.sink.error('board/unknown-site', `\`${what}\`: board \`${board.name}\` has no hex (${q}, ${r})`, scope.origin.file, range,
        'name a hex of the board\'s layout or of its frame');
    } else if (i < 0 || i > 5) {
      this.cx.sink.error('board/unknown-site', `\`${what}\`: a hex's ${fn === 'corner' ? 'corners' : 'sides'} are numbered 0 to 5`, scope.origin.file, range,
        '0 is the upper right, counting clockwise');
    }
  }

  /** Checks that a site expression has the kind a piece stands on (`type/wrong-site`). */
  checkSite(at: { ty: Ty }, piece: DeclOf<'piece'>, range: Expr['range'], scope: Scope): void {
    const want = piece.node.site ?? 'hex';
    if (at.ty.t === 'unknown' || (at.ty.t === 'site' && at.ty.site === want)) return;
    this.cx.sink.error('type/wrong-site', `\`${piece.name}\` stands on ${sitesWord(want)}, but this is ${describeType(at.ty)}`, scope.origin.file, range,
      `\`piece ${piece.name} on ${want}\`: place it at a ${want}`);
  }
}

/** The value of a literal number (or its negation), null for anything computed. */
function constant(e: GExpr): number | null {
  if (e.k === 'lit' && typeof e.v === 'number') return e.v;
  if (e.k === 'neg') {
    const inner = constant(e.e);
    return inner === null ? null : -inner;
  }
  return null;
}

/** `hexes`, `corners`, `edges`. */
export function sitesWord(site: string): string {
  return site === 'hex' ? 'hexes' : `${site}s`;
}
