/**
 * CST → AST. The CST may be partial (the parser recovers from errors): a
 * missing name becomes a placeholder identifier, a missing expression a
 * placeholder name reference, and a missing piece of a list is skipped, so the
 * result is always a well-formed AST. Nothing here throws on a partial tree.
 */

import type { CstNode, CstElement, IToken } from 'chevrotain';
import type { Diagnostic, Position, Range } from '@houserules/schema';
import type * as A from './ast.ts';
import { decodeString } from './lexer.ts';
import { kw, soft } from './tokens.ts';
import { span, tokenEnd, tokenRange, tokenStart } from './range.ts';
import { childrenOf, NO_TOKEN, tokenSpanOf, type Children } from './cst-recording.ts';
import { NOT_OPERAND_PRECEDENCE, OPERATOR_PRECEDENCE } from './operator-precedence.ts';

/** The name given to something the author left out (only ever in a file with parse errors). */
export const MISSING_NAME = '$missing';

const AGGREGATES = new Set<string>(['count', 'sum', 'min', 'max', 'any', 'all', 'first', 'list', 'sorted']);


const NONE: readonly never[] = [];

function isToken(e: CstElement | undefined): e is IToken {
  return e !== undefined && (e as IToken).image !== undefined;
}

function isNode(e: CstElement | undefined): e is CstNode {
  return e !== undefined && (e as CstNode).children !== undefined;
}

/** A real token (not one the parser made up while recovering). */
function realToken(e: CstElement | undefined): IToken | undefined {
  if (!isToken(e)) return undefined;
  if (e.isInsertedInRecovery === true || Number.isNaN(e.startOffset)) return undefined;
  return e;
}

export class AstBuilder {
  private readonly diagnostics: Diagnostic[];
  private readonly file: string | undefined;
  /** Where the last real piece of text was: placeholders get an empty range there. */
  private lastPosition: Position = { offset: 0, line: 1, column: 1 };

  constructor(diagnostics: Diagnostic[], file: string | undefined) {
    this.diagnostics = diagnostics;
    this.file = file;
  }

  // ───────────────────────────── helpers ─────────────────────────────

  private tok(c: Children, key: string, index = 0): IToken | undefined {
    return realToken(c.get(key)?.[index]);
  }

  /** The real tokens under `key` (the children array itself when it holds no made-up token: no copy). */
  private tokens(c: Children, key: string): readonly IToken[] {
    const all = c.get(key);
    if (all === undefined) return NONE;
    for (const e of all) {
      if (realToken(e) === undefined) {
        const out: IToken[] = [];
        for (const x of all) {
          const t = realToken(x);
          if (t !== undefined) out.push(t);
        }
        return out;
      }
    }
    return all as IToken[];
  }

  private node(c: Children, key: string, index = 0): CstNode | undefined {
    const e = c.get(key)?.[index];
    return isNode(e) ? e : undefined;
  }

  /** The nodes under `key` (the children array itself when it holds only nodes). */
  private nodes(c: Children, key: string): readonly CstNode[] {
    const all = c.get(key);
    if (all === undefined) return NONE;
    for (const e of all) if (!isNode(e)) return all.filter(isNode);
    return all as CstNode[];
  }

  private has(c: Children, key: string): boolean {
    return (c.get(key)?.length ?? 0) > 0;
  }

  private placeholderRange(): Range {
    return { start: this.lastPosition, end: this.lastPosition };
  }

  private rangeOf(n: CstNode): Range {
    const { first, last } = tokenSpanOf(n);
    // no real token, or recovery left the end before the start
    if (first === NO_TOKEN || !(first.startOffset <= last.endOffset!)) return this.placeholderRange();
    const range: Range = { start: tokenStart(first), end: tokenEnd(last) };
    this.lastPosition = range.end;
    return range;
  }

  private tokenRange(t: IToken): Range {
    const range = tokenRange(t);
    this.lastPosition = range.end;
    return range;
  }

  private ident(t: IToken | undefined): A.Identifier {
    if (t === undefined) return { $type: 'Identifier', name: MISSING_NAME, range: this.placeholderRange() };
    return { $type: 'Identifier', name: t.image, range: this.tokenRange(t) };
  }

  private str(t: IToken | undefined): A.StringLiteralNode {
    if (t === undefined) return { $type: 'StringLiteral', value: '', range: this.placeholderRange() };
    return { $type: 'StringLiteral', value: decodeString(t.image), range: this.tokenRange(t) };
  }

  private optStr(t: IToken | undefined): A.StringLiteralNode | undefined {
    return t === undefined ? undefined : this.str(t);
  }

  private int(t: IToken | undefined): number {
    if (t === undefined) return 0;
    const value = Number.parseInt(t.image, 10);
    return Number.isFinite(value) ? value : 0;
  }

  private placeholderExpr(): A.Expr {
    return { $type: 'NameRef', name: this.ident(undefined), range: this.placeholderRange() };
  }

  private exprOf(n: CstNode | undefined): A.Expr {
    return n === undefined ? this.placeholderExpr() : this.expr(n);
  }

  private optExpr(n: CstNode | undefined): A.Expr | undefined {
    return n === undefined ? undefined : this.expr(n);
  }

  private citeOf(c: Children): A.StringLiteralNode | undefined {
    const cite = this.node(c, 'cite');
    if (cite === undefined) return undefined;
    const t = this.tok(childrenOf(cite), 'StringLiteral');
    return t === undefined ? undefined : this.str(t);
  }

  private nameList(n: CstNode | undefined): A.Identifier[] {
    return n === undefined ? [] : this.tokens(childrenOf(n), 'Name').map((t) => this.ident(t));
  }

  private exprList(n: CstNode | undefined): A.Expr[] {
    return n === undefined ? [] : this.nodes(childrenOf(n), 'expr').map((e) => this.expr(e));
  }

  private callArgs(n: CstNode | undefined): A.Expr[] {
    return n === undefined ? [] : this.exprList(this.node(childrenOf(n), 'exprList'));
  }

  private report(code: string, message: string, range: Range, hint?: string): void {
    const d: Diagnostic = { code, severity: 'error', message, range };
    if (hint !== undefined) d.hint = hint;
    if (this.file !== undefined) d.file = this.file;
    this.diagnostics.push(d);
  }

  // ───────────────────────────── module structure ─────────────────────────────

  /** Adds a chunk's header and items to `file`. */
  addChunk(cst: CstNode, file: { module?: A.ModuleHeader; items: A.TopLevelItem[] }, isFirstChunk: boolean): void {
    const c = childrenOf(cst);
    const header = this.node(c, 'moduleHeader');
    if (header !== undefined) {
      const built = this.moduleHeader(header);
      if (isFirstChunk && file.module === undefined && file.items.length === 0) {
        file.module = built;
      } else {
        this.report(
          'parse/misplaced-module-header',
          '`module` must be the first declaration of the file, and there is only one',
          built.range,
          'move the `module` line to the top of the file',
        );
      }
    }
    for (const item of this.nodes(c, 'item')) {
      const built = this.item(item);
      if (built !== undefined) file.items.push(built);
    }
  }

  private moduleHeader(n: CstNode): A.ModuleHeader {
    const c = childrenOf(n);
    const header: A.ModuleHeader = { $type: 'ModuleHeader', name: this.qname(this.node(c, 'qname')), range: this.rangeOf(n) };
    const ref = this.node(c, 'moduleRef');
    if (ref !== undefined) header.extends = this.moduleRef(ref);
    return header;
  }

  private qname(n: CstNode | undefined): A.QualifiedName {
    if (n === undefined) return { $type: 'QualifiedName', parts: [this.ident(undefined)], range: this.placeholderRange() };
    const parts = this.tokens(childrenOf(n), 'Name').map((t) => this.ident(t));
    return { $type: 'QualifiedName', parts: parts.length > 0 ? parts : [this.ident(undefined)], range: this.rangeOf(n) };
  }

  private moduleRef(n: CstNode): A.ModuleRef {
    const s = this.tok(childrenOf(n), 'StringLiteral');
    if (s !== undefined) return this.str(s);
    return this.qname(this.node(childrenOf(n), 'qname'));
  }

  private item(n: CstNode): A.TopLevelItem | undefined {
    const c = childrenOf(n);
    for (const key of c.keys()) {
      const inner = this.node(c, key);
      if (inner === undefined) continue;
      switch (key) {
        case 'importDecl': {
          const ref = this.node(childrenOf(inner), 'moduleRef');
          return {
            $type: 'ImportDecl',
            module: ref === undefined ? this.qname(undefined) : this.moduleRef(ref),
            range: this.rangeOf(inner),
          };
        }
        case 'scenarioDecl':
          return this.scenario(inner);
        case 'optionDecl':
          return this.option(inner);
        case 'tokenDecl':
          return this.tokenDecl(inner);
        case 'poolDecl':
          return this.pool(inner);
        case 'varDecl':
          return this.varDecl(inner);
        case 'perPlayerBlock':
          return this.perPlayer(inner);
        case 'cardDecl':
          return this.card(inner);
        case 'zoneDecl':
          return this.zone(inner);
        case 'pieceDecl':
          return this.piece(inner);
        case 'boardDecl':
          return this.board(inner);
        case 'eventDecl':
          return this.event(inner);
        case 'deriveDecl':
          return this.derive(inner);
        case 'constDecl':
          return this.constDecl(inner);
        case 'flowDecl': {
          const block = this.node(childrenOf(inner), 'flowBlock');
          return { $type: 'FlowDecl', items: this.flowBlock(block), range: this.rangeOf(inner) };
        }
        case 'ruleDecl':
          return this.rule(inner);
        case 'actionDecl':
          return this.action(inner);
        case 'constraintDecl':
          return this.constraint(inner);
        case 'endDecl':
          return this.end(inner);
        case 'rankingDecl':
          return this.ranking(inner);
        case 'invariantDecl':
          return this.invariant(inner);
        case 'policyDecl':
          return this.policy(inner);
        case 'variantDecl':
          return this.variant(inner);
        case 'overrideDecl':
          return this.override(inner);
        case 'removeDecl':
          return this.remove(inner);
        case 'testDecl':
          return this.test(inner);
      }
    }
    return undefined;
  }

  private scenario(n: CstNode): A.ScenarioDecl {
    const c = childrenOf(n);
    const decl: A.ScenarioDecl = { $type: 'ScenarioDecl', title: this.str(this.tok(c, 'title')), range: this.rangeOf(n) };
    const source = this.tok(c, 'source');
    if (source !== undefined) decl.source = this.str(source);
    const min = this.tok(c, 'min');
    const max = this.tok(c, 'max');
    if (min !== undefined && max !== undefined) {
      decl.players = { min: this.int(min), max: this.int(max), range: span(tokenRange(min), tokenRange(max)) };
    }
    return decl;
  }

  private option(n: CstNode): A.OptionDecl | A.OptionDefaultDecl {
    const c = childrenOf(n);
    const name = this.ident(this.tok(c, 'name'));
    const value = this.exprOf(this.node(c, 'value'));
    if (this.has(c, 'defaultOnly')) {
      return { $type: 'OptionDefaultDecl', name, value, range: this.rangeOf(n) };
    }
    const decl: A.OptionDecl = {
      $type: 'OptionDecl',
      name,
      type: this.typeRef(this.node(c, 'typeRef')),
      default: value,
      range: this.rangeOf(n),
    };
    const doc = this.optStr(this.tok(c, 'doc'));
    if (doc !== undefined) decl.doc = doc;
    const cite = this.citeOf(c);
    if (cite !== undefined) decl.cite = cite;
    return decl;
  }

  private tokenDecl(n: CstNode): A.TokenDecl {
    const c = childrenOf(n);
    const decl: A.TokenDecl = { $type: 'TokenDecl', names: this.nameList(this.node(c, 'names')), range: this.rangeOf(n) };
    const group = this.tok(c, 'group');
    if (group !== undefined) decl.group = this.ident(group);
    return decl;
  }

  private pool(n: CstNode): A.PoolDecl {
    const c = childrenOf(n);
    const pool: A.PoolDecl = {
      $type: 'PoolDecl',
      name: this.ident(this.tok(c, 'name')),
      entries: this.nodes(c, 'poolEntry').map((e) => this.poolEntry(e)),
      range: this.rangeOf(n),
    };
    if (this.tok(c, 'secret') !== undefined) pool.secret = true;
    return pool;
  }

  private poolEntry(n: CstNode): A.PoolEntry {
    const c = childrenOf(n);
    const entry: A.PoolEntry = { $type: 'PoolEntry', token: this.ident(this.tok(c, 'token')), range: this.rangeOf(n) };
    if (this.tok(c, soft.unlimited.name) !== undefined) entry.initial = 'unlimited';
    const initial = this.node(c, 'initial');
    if (initial !== undefined) entry.initial = this.expr(initial);
    const capacity = this.node(c, 'capacity');
    if (capacity !== undefined) entry.capacity = this.expr(capacity);
    return entry;
  }

  private varDecl(n: CstNode): A.VarDecl {
    const c = childrenOf(n);
    const decl: A.VarDecl = {
      $type: 'VarDecl',
      name: this.ident(this.tok(c, 'name')),
      type: this.typeRef(this.node(c, 'typeRef')),
      initial: this.exprOf(this.node(c, 'value')),
      range: this.rangeOf(n),
    };
    if (this.tok(c, 'secret') !== undefined) decl.secret = true;
    return decl;
  }

  private perPlayer(n: CstNode): A.PerPlayerBlock | A.PerSiteBlock {
    const c = childrenOf(n);
    const scope = this.tok(c, 'scope')?.image;
    if (scope === 'hex' || scope === 'corner' || scope === 'edge') return this.perSite(n, scope);
    const items: A.PerPlayerBlock['items'] = [];
    const members: { offset: number; item: A.PerPlayerBlock['items'][number] }[] = [];
    for (const p of this.nodes(c, 'poolDecl')) members.push({ offset: tokenSpanOf(p).first.startOffset, item: this.pool(p) });
    for (const v of this.nodes(c, 'varDecl')) members.push({ offset: tokenSpanOf(v).first.startOffset, item: this.varDecl(v) });
    for (const z of this.nodes(c, 'zoneDecl')) members.push({ offset: tokenSpanOf(z).first.startOffset, item: this.zone(z) });
    for (const d of this.nodes(c, 'deriveDecl')) members.push({ offset: tokenSpanOf(d).first.startOffset, item: this.derive(d) });
    members.sort((a, b) => a.offset - b.offset);
    for (const m of members) items.push(m.item);
    return { $type: 'PerPlayerBlock', items, range: this.rangeOf(n) };
  }

  /** `per hex|corner|edge { var …  pool … }`: sites hold vars and pools. */
  private perSite(n: CstNode, site: A.PerSiteBlock['site']): A.PerSiteBlock {
    const c = childrenOf(n);
    for (const key of ['zoneDecl', 'deriveDecl']) {
      for (const other of this.nodes(c, key)) {
        this.report('parse/not-per-site', `only \`var\` and \`pool\` can be declared per ${site}`, this.rangeOf(other), 'zones and derived values belong to players or to the game');
      }
    }
    const members: { offset: number; item: A.PerSiteBlock['items'][number] }[] = [];
    for (const p of this.nodes(c, 'poolDecl')) members.push({ offset: tokenSpanOf(p).first.startOffset, item: this.pool(p) });
    for (const v of this.nodes(c, 'varDecl')) members.push({ offset: tokenSpanOf(v).first.startOffset, item: this.varDecl(v) });
    members.sort((a, b) => a.offset - b.offset);
    return { $type: 'PerSiteBlock', site, items: members.map((m) => m.item), range: this.rangeOf(n) };
  }

  private card(n: CstNode): A.CardDecl {
    const c = childrenOf(n);
    const decl: A.CardDecl = { $type: 'CardDecl', name: this.ident(this.tok(c, 'name')), fields: [], pools: [], vars: [], range: this.rangeOf(n) };
    for (const member of this.nodes(c, 'cardMember')) {
      const m = childrenOf(member);
      const pool = this.node(m, 'poolDecl');
      const variable = this.node(m, 'varDecl');
      if (pool !== undefined) {
        decl.pools.push(this.pool(pool));
      } else if (variable !== undefined) {
        decl.vars.push(this.varDecl(variable));
      } else {
        decl.fields.push({
          $type: 'CardField',
          name: this.ident(this.tok(m, 'name')),
          type: this.typeRef(this.node(m, 'typeRef')),
          range: this.rangeOf(member),
        });
      }
    }
    return decl;
  }

  private zone(n: CstNode): A.ZoneDecl {
    const c = childrenOf(n);
    const visibility = this.tok(c, 'visibility')?.image;
    const decl: A.ZoneDecl = {
      $type: 'ZoneDecl',
      name: this.ident(this.tok(c, 'name')),
      visibility: visibility === 'hidden' || visibility === 'owner' || visibility === 'others' ? visibility : 'public',
      contents: this.cardSpecs(this.node(c, 'cardSpecList')),
      range: this.rangeOf(n),
    };
    const from = this.tok(c, 'keyFrom');
    const to = this.tok(c, 'keyTo');
    if (from !== undefined && to !== undefined) decl.keys = { $type: 'KeyRange', from: Number(from.image), to: Number(to.image), range: span(this.tokenRange(from), this.tokenRange(to)) };
    return decl;
  }

  private cardSpecs(n: CstNode | undefined): A.CardSpec[] {
    return n === undefined ? [] : this.nodes(childrenOf(n), 'cardSpec').map((s) => this.cardSpec(s));
  }

  private cardSpec(n: CstNode): A.CardSpec {
    const c = childrenOf(n);
    const spec: A.CardSpec = {
      $type: 'CardSpec',
      kind: this.ident(this.tok(c, 'kind')),
      args: this.nodes(c, 'argument').map((a) => this.argument(a)),
      range: this.rangeOf(n),
    };
    const count = this.tok(c, 'count');
    if (count !== undefined) spec.count = this.int(count);
    return spec;
  }

  private argument(n: CstNode): A.Argument {
    const c = childrenOf(n);
    const arg: A.Argument = { $type: 'Argument', value: this.exprOf(this.node(c, 'value')), range: this.rangeOf(n) };
    const name = this.tok(c, 'name');
    if (name !== undefined) arg.name = this.ident(name);
    return arg;
  }

  private piece(n: CstNode): A.PieceDecl {
    const c = childrenOf(n);
    const site = this.tok(c, 'site')?.image;
    return {
      $type: 'PieceDecl',
      name: this.ident(this.tok(c, 'name')),
      site: site === 'edge' || site === 'hex' ? site : 'corner',
      supply: this.exprOf(this.node(c, 'supply')),
      perPlayer: this.has(c, kw.per.name),
      range: this.rangeOf(n),
    };
  }

  private board(n: CstNode): A.BoardDecl {
    const c = childrenOf(n);
    const name = this.ident(this.tok(c, 'name'));
    let layout: A.BoardDecl['layout'];
    const radius = this.tok(c, 'radius');
    if (this.has(c, soft.map.name)) {
      const open = this.tok(c, soft.map.name);
      const close = this.tok(c, 'mapClose');
      layout = {
        $type: 'HexMap',
        hexes: this.nodes(c, 'hexEntry').map((h) => this.hexEntry(h)),
        range: open !== undefined && close !== undefined ? span(tokenRange(open), tokenRange(close)) : this.placeholderRange(),
      };
    } else {
      const hex = this.tok(c, soft.radius.name);
      layout = {
        $type: 'HexRadius',
        radius: this.int(radius),
        range: hex !== undefined && radius !== undefined ? span(tokenRange(hex), tokenRange(radius)) : this.placeholderRange(),
      };
    }
    return {
      $type: 'BoardDecl',
      name,
      layout,
      items: this.nodes(c, 'boardItem').map((i) => this.boardItem(i)),
      range: this.rangeOf(n),
    };
  }

  private hexCoord(n: CstNode | undefined): { q: number; r: number } {
    if (n === undefined) return { q: 0, r: 0 };
    return { q: this.signedInt(this.node(childrenOf(n), 'q')), r: this.signedInt(this.node(childrenOf(n), 'r')) };
  }

  private signedInt(n: CstNode | undefined): number {
    if (n === undefined) return 0;
    const value = this.int(this.tok(childrenOf(n), 'Integer'));
    return this.has(childrenOf(n), 'Minus') ? -value : value;
  }

  private hexEntry(n: CstNode): A.HexEntry {
    const c = childrenOf(n);
    const { q, r } = this.hexCoord(this.node(c, 'hexCoord'));
    const entry: A.HexEntry = { $type: 'HexEntry', q, r, range: this.rangeOf(n) };
    const kind = this.tok(c, 'kind');
    if (kind !== undefined) entry.kind = this.ident(kind);
    const value = this.tok(c, 'value');
    if (value !== undefined) entry.value = this.int(value);
    return entry;
  }

  private boardItem(n: CstNode): A.BoardItem {
    const c = childrenOf(n);
    const keyImage = this.tok(c, 'key')?.image;
    const key: A.BoardItem['key'] =
      keyImage === 'values' || keyImage === 'region' || keyImage === 'frame' || keyImage === 'spots' || keyImage === 'paths' ? keyImage : 'kinds';
    const item: A.BoardItem = {
      $type: 'BoardItem',
      key,
      shuffled: this.has(c, soft.shuffled.name),
      values: [],
      range: this.rangeOf(n),
    };
    if (key === 'kinds') {
      item.values = this.cardSpecs(this.node(c, 'cardSpecList'));
    } else if (key === 'values') {
      item.values = this.exprList(this.node(c, 'exprList'));
    } else if (key === 'spots' || key === 'paths') {
      const hex = this.node(c, 'hexCoord');
      if (hex !== undefined) item.hex = { ...this.hexCoord(hex), range: this.rangeOf(hex) };
      if (key === 'spots') item.spots = this.nameList(this.node(c, 'nameList'));
      else item.paths = this.nodes(c, 'boardPath').map((p) => this.boardPath(p));
      const when = this.node(c, 'expr');
      if (when !== undefined) item.when = this.expr(when);
    } else if (key === 'frame') {
      const width = this.tok(c, 'width');
      item.width = width === undefined ? 1 : this.int(width);
      item.name = this.ident(this.tok(c, 'name'));
    } else {
      item.name = this.ident(this.tok(c, 'name'));
      // A region is a list of hex coordinates, each kept as the pair `[q, r]`.
      item.values = this.nodes(c, 'hexCoord').map((h): A.Expr => {
        const range = this.rangeOf(h);
        const { q, r } = this.hexCoord(h);
        return {
          $type: 'ListExpr',
          items: [
            { $type: 'NumberLit', value: q, range },
            { $type: 'NumberLit', value: r, range },
          ],
          range,
        };
      });
    }
    const except = this.node(c, 'boardExcept');
    if (except !== undefined) item.except = this.nameList(this.node(childrenOf(except), 'nameList'));
    return item;
  }

  private boardPath(n: CstNode): A.BoardPath {
    const c = childrenOf(n);
    const [from, to] = this.nodes(c, 'pathEnd').map((e) => this.pathEnd(e));
    const missing: A.PathEnd = { corner: -1, range: this.rangeOf(n) };
    return { $type: 'BoardPath', name: this.ident(this.tok(c, 'name')), from: from ?? missing, to: to ?? missing, range: this.rangeOf(n) };
  }

  private pathEnd(n: CstNode): A.PathEnd {
    const c = childrenOf(n);
    const name = this.tok(c, 'name');
    if (name !== undefined) return { spot: this.ident(name), range: this.rangeOf(n) };
    const index = this.tok(c, 'Integer');
    return { corner: index === undefined ? -1 : this.int(index), range: this.rangeOf(n) };
  }

  private event(n: CstNode): A.EventDecl {
    const c = childrenOf(n);
    return { $type: 'EventDecl', name: this.ident(this.tok(c, 'name')), params: this.params(this.node(c, 'params')), range: this.rangeOf(n) };
  }

  private params(n: CstNode | undefined): A.Param[] {
    return n === undefined ? [] : this.nodes(childrenOf(n), 'param').map((p) => this.param(p));
  }

  private param(n: CstNode): A.Param {
    const c = childrenOf(n);
    const param: A.Param = { $type: 'Param', name: this.ident(this.tok(c, 'name')), range: this.rangeOf(n) };
    const type = this.node(c, 'typeRef');
    if (type !== undefined) param.type = this.typeRef(type);
    const domain = this.node(c, 'domain');
    if (domain !== undefined) param.domain = this.expr(domain);
    const def = this.node(c, 'default');
    if (def !== undefined) param.default = this.expr(def);
    return param;
  }

  private constDecl(n: CstNode): A.ConstDecl {
    const c = childrenOf(n);
    return { $type: 'ConstDecl', name: this.ident(this.tok(c, 'name')), value: this.exprOf(this.node(c, 'value')), range: this.rangeOf(n) };
  }

  private derive(n: CstNode): A.DeriveDecl {
    const c = childrenOf(n);
    const decl: A.DeriveDecl = {
      $type: 'DeriveDecl',
      name: this.ident(this.tok(c, 'name')),
      params: this.params(this.node(c, 'params')),
      value: this.exprOf(this.node(c, 'value')),
      range: this.rangeOf(n),
    };
    const type = this.node(c, 'typeRef');
    if (type !== undefined) decl.type = this.typeRef(type);
    const cite = this.citeOf(c);
    if (cite !== undefined) decl.cite = cite;
    return decl;
  }

  private typeRef(n: CstNode | undefined): A.TypeRef {
    if (n === undefined) return { $type: 'NamedType', name: this.ident(undefined), range: this.placeholderRange() };
    const c = childrenOf(n);
    const range = this.rangeOf(n);
    if (this.has(c, soft.map.name) && this.has(c, kw.of.name)) {
      const value = this.typeRef(this.node(c, 'element'));
      const from = this.tok(c, 'keyFrom');
      const to = this.tok(c, 'keyTo');
      if (from !== undefined) {
        const keyRange = to === undefined ? this.tokenRange(from) : span(this.tokenRange(from), this.tokenRange(to));
        return { $type: 'MapType', keys: { $type: 'KeyRange', from: Number(from.image), to: Number(to?.image ?? from.image), range: keyRange }, value, range };
      }
      const names = this.tokens(c, 'keyName').map((t) => this.ident(t));
      const keyRange = names.length > 0 ? span(names[0]!.range, names[names.length - 1]!.range) : range;
      return { $type: 'MapType', keys: { $type: 'KeyNames', names, range: keyRange }, value, range };
    }
    if (this.has(c, soft.list.name) && this.has(c, kw.of.name)) {
      return { $type: 'ListType', element: this.typeRef(this.node(c, 'element')), range };
    }
    const names = this.nodes(c, 'typeName').map((t) => this.ident(this.tok(childrenOf(t), 'Name') ?? this.tok(childrenOf(t), kw.card.name)));
    if (names.length <= 1) return { $type: 'NamedType', name: names[0] ?? this.ident(undefined), range };
    return { $type: 'EnumType', members: names, range };
  }

  // ───────────────────────────── flow ─────────────────────────────

  private flowBlock(n: CstNode | undefined): A.FlowItem[] {
    if (n === undefined) return [];
    const out: A.FlowItem[] = [];
    for (const item of this.nodes(childrenOf(n), 'flowItem')) {
      const built = this.flowItem(item);
      if (built !== undefined) out.push(built);
    }
    return out;
  }

  private flowItem(n: CstNode): A.FlowItem | undefined {
    const c = childrenOf(n);
    const range = this.rangeOf(n);
    if (this.has(c, soft.step.name)) return { $type: 'StepFlow', name: this.ident(this.tok(c, 'name')), range };
    if (this.has(c, soft.rounds.name)) {
      const count = this.node(c, 'count');
      return {
        $type: 'RoundsFlow',
        count: count === undefined ? (this.has(c, soft.forever.name) ? 'forever' : this.placeholderExpr()) : this.expr(count),
        body: this.flowBlock(this.node(c, 'body')),
        range,
      };
    }
    if (this.has(c, soft.turns.name)) {
      const order = this.tok(c, 'order')?.image;
      return {
        $type: 'TurnsFlow',
        order: order === 'snake' || order === 'reverse' ? order : 'seat',
        ...(this.node(c, 'from') ? { from: this.expr(this.node(c, 'from')!) } : {}),
        body: this.flowBlock(this.node(c, 'body')),
        range,
      };
    }
    if (this.has(c, soft.phase.name)) {
      return { $type: 'PhaseFlow', name: this.ident(this.tok(c, 'name')), body: this.flowBlock(this.node(c, 'body')), range };
    }
    if (this.has(c, soft.repeat.name)) {
      const flow: A.RepeatFlow = { $type: 'RepeatFlow', body: this.flowBlock(this.node(c, 'body')), range };
      const cond = this.node(c, 'while');
      if (cond !== undefined) flow.while = this.expr(cond);
      return flow;
    }
    if (this.has(c, soft.actions.name)) {
      const flow: A.ActionsFlow = { $type: 'ActionsFlow', by: this.exprOf(this.node(c, 'by')), range };
      const until = this.tok(c, 'until');
      if (until !== undefined) flow.until = this.ident(until);
      return flow;
    }
    if (this.has(c, kw.if.name)) {
      return {
        $type: 'IfFlow',
        condition: this.exprOf(this.node(c, 'condition')),
        then: this.flowBlock(this.node(c, 'then')),
        else: this.flowBlock(this.node(c, 'else')),
        range,
      };
    }
    return undefined;
  }

  // ───────────────────────────── rules, actions, constraints ─────────────────────────────

  private bindings(c: Children): A.Identifier[] {
    const b = this.node(c, 'bindings');
    return b === undefined ? [] : this.nameList(this.node(childrenOf(b), 'nameList'));
  }

  private body(n: CstNode | undefined): { cite?: A.StringLiteralNode; body: A.Statement[] } {
    if (n === undefined) return { body: [] };
    const cite = this.citeOf(childrenOf(n));
    const body = this.statements(n);
    return cite === undefined ? { body } : { cite, body };
  }

  private rule(n: CstNode): A.RuleDecl {
    const c = childrenOf(n);
    const decl: A.RuleDecl = {
      $type: 'RuleDecl',
      name: this.ident(this.tok(c, 'name')),
      event: this.ident(this.tok(c, 'event')),
      bindings: this.bindings(c),
      body: [],
      range: this.rangeOf(n),
    };
    const when = this.node(c, 'when');
    if (when !== undefined) decl.when = this.expr(when);
    const relation = this.tok(c, 'relation');
    if (relation !== undefined) {
      const target = this.tok(c, 'target');
      decl.order = {
        relation: relation.image === 'before' ? 'before' : 'after',
        target: this.ident(target),
        range: target === undefined ? tokenRange(relation) : span(tokenRange(relation), tokenRange(target)),
      };
    }
    const { cite, body } = this.body(this.node(c, 'body'));
    if (cite !== undefined) decl.cite = cite;
    decl.body = body;
    return decl;
  }

  private action(n: CstNode): A.ActionDecl {
    const c = childrenOf(n);
    const decl: A.ActionDecl = {
      $type: 'ActionDecl',
      name: this.ident(this.tok(c, 'name')),
      params: this.params(this.node(c, 'params')),
      body: [],
      range: this.rangeOf(n),
    };
    const by = this.node(c, 'by');
    if (by !== undefined) decl.by = this.expr(by);
    const during = this.tok(c, 'during');
    if (during !== undefined) decl.during = this.ident(during);
    const limit = this.tok(c, 'limit');
    if (limit !== undefined) decl.limitPerTurn = this.int(limit);
    const { cite, body } = this.body(this.node(c, 'body'));
    if (cite !== undefined) decl.cite = cite;
    decl.body = body;
    return decl;
  }

  private constraint(n: CstNode): A.ConstraintDecl {
    const c = childrenOf(n);
    const decl: A.ConstraintDecl = {
      $type: 'ConstraintDecl',
      kind: this.tok(c, 'kind')?.image === 'require' ? 'require' : 'forbid',
      name: this.ident(this.tok(c, 'name')),
      action: this.ident(this.tok(c, 'action')),
      bindings: this.bindings(c),
      condition: this.exprOf(this.node(c, 'condition')),
      reason: this.str(this.tok(c, 'reason')),
      range: this.rangeOf(n),
    };
    const cite = this.citeOf(c);
    if (cite !== undefined) decl.cite = cite;
    return decl;
  }

  private end(n: CstNode): A.EndDecl {
    const c = childrenOf(n);
    const decl: A.EndDecl = {
      $type: 'EndDecl',
      name: this.ident(this.tok(c, 'name')),
      condition: this.exprOf(this.node(c, 'condition')),
      timing: this.timing(this.node(c, 'timing')),
      range: this.rangeOf(n),
    };
    const winners = this.node(c, 'winners');
    if (winners !== undefined) decl.winners = this.expr(winners);
    const cite = this.citeOf(c);
    if (cite !== undefined) decl.cite = cite;
    return decl;
  }

  /** No timing written means `immediately`. */
  private timing(n: CstNode | undefined): A.EndDecl['timing'] {
    if (n === undefined) return 'immediately';
    const c = childrenOf(n);
    if (this.has(c, 'ownTurn')) return 'own_turn';
    const endOf = this.tok(c, 'endOf');
    if (endOf !== undefined) return endOf.image === 'round' ? 'end_of_round' : 'end_of_turn';
    return 'immediately';
  }

  /** No direction written means `desc` (the highest key ranks first); no `ties` means `shared`. */
  private ranking(n: CstNode): A.RankingDecl {
    const c = childrenOf(n);
    const decl: A.RankingDecl = {
      $type: 'RankingDecl',
      binding: this.ident(this.tok(c, 'binding')),
      keys: this.nodes(c, 'rankingKey').map((k) => ({
        value: this.exprOf(this.node(childrenOf(k), 'value')),
        direction: this.tok(childrenOf(k), 'direction')?.image === 'asc' ? ('asc' as const) : ('desc' as const),
        range: this.rangeOf(k),
      })),
      ties: this.tok(c, 'ties')?.image === 'seat' ? 'seat' : 'shared',
      range: this.rangeOf(n),
    };
    const cite = this.citeOf(c);
    if (cite !== undefined) decl.cite = cite;
    return decl;
  }

  private invariant(n: CstNode): A.InvariantDecl {
    const c = childrenOf(n);
    const decl: A.InvariantDecl = {
      $type: 'InvariantDecl',
      name: this.ident(this.tok(c, 'name')),
      condition: this.exprOf(this.node(c, 'condition')),
      range: this.rangeOf(n),
    };
    const reason = this.optStr(this.tok(c, 'reason'));
    if (reason !== undefined) decl.reason = reason;
    return decl;
  }

  private policy(n: CstNode): A.PolicyDecl {
    const c = childrenOf(n);
    const decl: A.PolicyDecl = {
      $type: 'PolicyDecl',
      name: this.ident(this.tok(c, 'name')),
      params: this.params(this.node(c, 'params')),
      preferences: this.nodes(c, 'preference').map((p) => this.preference(p)),
      range: this.rangeOf(n),
    };
    const doc = this.optStr(this.tok(c, 'doc'));
    if (doc !== undefined) decl.doc = doc;
    return decl;
  }

  private preference(n: CstNode): A.Preference {
    const c = childrenOf(n);
    const pref: A.Preference = {
      $type: 'Preference',
      target: this.ident(this.tok(c, 'target')),
      args: this.callArgs(this.node(c, 'callArgs')),
      range: this.rangeOf(n),
    };
    const when = this.node(c, 'when');
    if (when !== undefined) pref.when = this.expr(when);
    return pref;
  }

  private variant(n: CstNode): A.VariantDecl {
    const c = childrenOf(n);
    const decl: A.VariantDecl = { $type: 'VariantDecl', name: this.ident(this.tok(c, 'name')), items: [], range: this.rangeOf(n) };
    const title = this.optStr(this.tok(c, 'title'));
    if (title !== undefined) decl.title = title;
    for (const item of this.nodes(c, 'item')) {
      const built = this.item(item);
      if (built !== undefined) decl.items.push(built);
    }
    return decl;
  }

  private override(n: CstNode): A.OverrideDecl | A.OptionDefaultDecl | undefined {
    const c = childrenOf(n);
    const range = this.rangeOf(n);
    const pick = (key: string): CstNode | undefined => this.node(c, key);
    let target: A.OverrideDecl['target'] | undefined;
    let inner: CstNode | undefined;
    if ((inner = pick('ruleDecl'))) target = this.rule(inner);
    else if ((inner = pick('actionDecl'))) target = this.action(inner);
    else if ((inner = pick('constraintDecl'))) target = this.constraint(inner);
    else if ((inner = pick('endDecl'))) target = this.end(inner);
    else if ((inner = pick('deriveDecl'))) target = this.derive(inner);
    else if ((inner = pick('constDecl'))) target = this.constDecl(inner);
    else if ((inner = pick('rankingDecl'))) target = this.ranking(inner);
    else if ((inner = pick('policyDecl'))) target = this.policy(inner);
    else if ((inner = pick('boardDecl'))) target = this.board(inner);
    else if ((inner = pick('zoneDecl'))) target = this.zone(inner);
    else if ((inner = pick('cardDecl'))) target = this.card(inner);
    else if ((inner = pick('varDecl'))) target = this.varDecl(inner);
    else if ((inner = pick('poolDecl'))) target = this.pool(inner);
    else if ((inner = pick('pieceDecl'))) target = this.piece(inner);
    else if ((inner = pick('eventDecl'))) target = this.event(inner);
    else if ((inner = pick('optionDecl'))) {
      const option = this.option(inner);
      // `override option x = v` is only a new default: say so, the same as `option x = v`
      target = option.$type === 'OptionDecl' ? option : undefined;
      if (option.$type === 'OptionDefaultDecl') return { ...option, range };
    }
    return target === undefined ? undefined : { $type: 'OverrideDecl', target, range };
  }

  private remove(n: CstNode): A.RemoveDecl {
    const c = childrenOf(n);
    const kind = this.tok(c, 'kind')?.image;
    const kinds: A.RemoveDecl['kind'][] = ['rule', 'constraint', 'end', 'action', 'invariant', 'policy'];
    return {
      $type: 'RemoveDecl',
      kind: kinds.find((k) => k === kind) ?? 'rule',
      name: this.ident(this.tok(c, 'name')),
      range: this.rangeOf(n),
    };
  }

  // ───────────────────────────── tests ─────────────────────────────

  private test(n: CstNode): A.TestDecl {
    const c = childrenOf(n);
    const decl: A.TestDecl = { $type: 'TestDecl', name: this.str(this.tok(c, 'name')), items: [], range: this.rangeOf(n) };
    const cite = this.citeOf(c);
    if (cite !== undefined) decl.cite = cite;
    for (const item of this.nodes(c, 'testItem')) {
      const built = this.testItem(item);
      if (built !== undefined) decl.items.push(built);
    }
    return decl;
  }

  private testItem(n: CstNode): A.TestItem | undefined {
    const c = childrenOf(n);
    const range = this.rangeOf(n);
    const keyword = this.tok(c, 'keyword')?.image;
    switch (keyword) {
      case 'players':
        return { $type: 'TestPlayers', count: this.int(this.tok(c, 'count')), range };
      case 'seed':
        return { $type: 'TestSeed', seed: this.int(this.tok(c, 'count')), range };
      case 'variant':
        return { $type: 'TestVariant', name: this.ident(this.tok(c, 'name')), range };
      case 'option': {
        if (this.has(c, kw.in.name)) {
          const domain = this.node(c, 'domain');
          return { $type: 'TestOptionReadings', name: this.ident(this.tok(c, 'name')), values: domain !== undefined ? this.expr(domain) : this.tok(c, 'all') !== undefined ? null : this.placeholderExpr(), range };
        }
        return { $type: 'TestOption', name: this.ident(this.tok(c, 'name')), value: this.exprOf(this.node(c, 'value')), range };
      }
      case 'arrange':
        return { $type: 'TestArrange', body: this.statements(this.node(c, 'body')), range };
      case 'advance':
        return { $type: 'TestAdvance', range };
      case 'fix': {
        const total = this.node(c, 'total');
        return total !== undefined ? { $type: 'TestFixDice', faces: [], total: this.expr(total), range } : { $type: 'TestFixDice', faces: this.tokens(c, 'face').map((t) => this.int(t)), range };
      }
      case 'play': {
        const item: Extract<A.TestItem, { $type: 'TestPlay' }> = {
          $type: 'TestPlay',
          agents: this.nodes(c, 'agent').map((a) => this.agent(a)),
          range,
        };
        const until = this.node(c, 'until');
        if (until !== undefined) item.until = this.expr(until);
        return item;
      }
      case 'expect': {
        const item = this.expectation(this.node(c, 'expectation'), range);
        const when = this.node(c, 'when');
        if (when !== undefined) item.when = this.expr(when);
        return item;
      }
    }
    const seat = this.tok(c, 'seat');
    const move = this.node(c, 'seatMove');
    if (seat === undefined && move === undefined) return undefined;
    const built = this.seatMove(move);
    return built.$type === 'TestChoose'
      ? { $type: 'TestChoose', seat: this.ident(seat), value: built.value, range }
      : { $type: 'TestDo', seat: this.ident(seat), action: built.action, args: built.args, range };
  }

  private seatMove(
    n: CstNode | undefined,
  ): { $type: 'TestChoose'; value: A.Expr } | { $type: 'TestDo'; action: A.Identifier; args: A.Expr[] } {
    if (n === undefined) return { $type: 'TestChoose', value: this.placeholderExpr() };
    const c = childrenOf(n);
    if (this.has(c, soft.does.name)) {
      return { $type: 'TestDo', action: this.ident(this.tok(c, 'action')), args: this.callArgs(this.node(c, 'callArgs')) };
    }
    return { $type: 'TestChoose', value: this.exprOf(this.node(c, 'value')) };
  }

  private expectation(n: CstNode | undefined, range: Range): A.TestExpectation {
    if (n === undefined) return { $type: 'TestExpect', condition: this.placeholderExpr(), range };
    const c = childrenOf(n);
    if (this.has(c, kw.event.name)) {
      const item: Extract<A.TestItem, { $type: 'TestExpectEvent' }> = {
        $type: 'TestExpectEvent',
        negated: this.has(c, kw.not.name),
        event: this.ident(this.tok(c, 'event')),
        range,
      };
      const args = this.node(c, 'callArgs');
      if (args !== undefined) item.args = this.callArgs(args);
      const count = this.tok(c, 'count');
      if (count !== undefined) item.times = this.int(count);
      if (this.tok(c, 'scope') !== undefined) item.thisRound = true;
      const later = this.tok(c, 'later');
      if (later !== undefined) {
        item.before = { event: this.ident(later) };
        const laterArgs = this.node(c, 'laterArgs');
        if (laterArgs !== undefined) item.before.args = this.callArgs(laterArgs);
      }
      return item;
    }
    if (this.tok(c, 'mode')?.image === 'legal') {
      return { $type: 'TestExpectLegal', seat: this.ident(this.tok(c, 'seat')), move: this.seatMove(this.node(c, 'seatMove')), range };
    }
    const seatNode = this.node(c, 'seatExpectation');
    if (seatNode !== undefined) return this.seatExpectation(seatNode, range);
    return this.expectationTail(c, range);
  }

  private seatExpectation(n: CstNode, range: Range): A.TestExpectation {
    const c = childrenOf(n);
    const keyword = this.tok(c, 'keyword')?.image;
    if (keyword === 'asked') {
      const item: Extract<A.TestItem, { $type: 'TestExpectAsked' }> = { $type: 'TestExpectAsked', negated: this.has(c, kw.not.name), seat: this.ident(this.tok(c, 'seat')), range };
      const ask = this.tok(c, 'name');
      if (ask !== undefined) item.ask = this.ident(ask);
      const options = this.node(c, 'domain');
      if (options !== undefined) item.options = this.expr(options);
      return item;
    }
    if (keyword === 'sees') {
      return { $type: 'TestExpectSees', negated: this.has(c, kw.not.name), seat: this.ident(this.tok(c, 'seat')), target: this.exprOf(this.node(c, 'target')), range };
    }
    return { $type: 'TestExpectAsked', negated: this.has(c, kw.not.name), seat: this.ident(this.tok(c, 'seat')), range };
  }

  private expectationTail(c: ReturnType<typeof childrenOf>, range: Range): A.TestExpectation {
    if (this.tok(c, 'mode')?.image === 'illegal') {
      const item: Extract<A.TestItem, { $type: 'TestExpectIllegal' }> = {
        $type: 'TestExpectIllegal',
        seat: this.ident(this.tok(c, 'seat')),
        move: this.seatMove(this.node(c, 'seatMove')),
        range,
      };
      const because = this.tok(c, 'because');
      if (because !== undefined) item.because = this.ident(because);
      return item;
    }
    if (this.has(c, soft.over.name)) {
      const item: Extract<A.TestItem, { $type: 'TestExpectGameOver' }> = { $type: 'TestExpectGameOver', range };
      if (this.has(c, kw.not.name)) item.negated = true;
      const by = this.tok(c, 'endName');
      if (by !== undefined) item.by = this.ident(by);
      const winners = this.node(c, 'winners');
      if (winners !== undefined) item.winners = this.expr(winners);
      return item;
    }
    return { $type: 'TestExpect', condition: this.exprOf(this.node(c, 'condition')), range };
  }

  private agent(n: CstNode): A.AgentRef {
    const c = childrenOf(n);
    return { $type: 'AgentRef', name: this.ident(this.tok(c, 'Name')), args: this.callArgs(this.node(c, 'callArgs')), range: this.rangeOf(n) };
  }

  // ───────────────────────────── statements ─────────────────────────────

  /** The statements of a `block` or `citedBlock` node. */
  private statements(n: CstNode | undefined): A.Statement[] {
    if (n === undefined) return [];
    const out: A.Statement[] = [];
    for (const s of this.nodes(childrenOf(n), 'statement')) {
      const built = this.statement(s);
      if (built !== undefined) out.push(built);
    }
    return out;
  }

  private statement(n: CstNode): A.Statement | undefined {
    for (const key of childrenOf(n).keys()) {
      const inner = this.node(childrenOf(n), key);
      if (inner === undefined) continue;
      const c = childrenOf(inner);
      switch (key) {
        case 'moveStmt':
          return this.move(inner);
        case 'setStmt':
          return {
            $type: 'SetStmt',
            target: this.exprOf(this.node(c, 'target')),
            value: this.exprOf(this.node(c, 'value')),
            range: this.rangeOf(inner),
          };
        case 'lookStmt':
          return { $type: 'ShowStmt', form: 'look', cards: this.exprOf(this.node(c, 'shown')), to: this.exprOf(this.node(c, 'looker')), range: this.rangeOf(inner) };
        case 'showStmt':
          return { $type: 'ShowStmt', form: 'show', cards: this.exprOf(this.node(c, 'shown')), to: this.exprOf(this.node(c, 'to')), range: this.rangeOf(inner) };
        case 'letStmt':
          return { $type: 'LetStmt', name: this.ident(this.tok(c, 'name')), value: this.exprOf(this.node(c, 'value')), range: this.rangeOf(inner) };
        case 'ifStmt':
          return this.ifStmt(inner);
        case 'forStmt': {
          const stmt: A.ForStmt = {
            $type: 'ForStmt',
            binding: this.ident(this.tok(c, 'binding')),
            collection: this.exprOf(this.node(c, 'collection')),
            body: [],
            range: this.rangeOf(inner),
          };
          const where = this.node(c, 'where');
          if (where !== undefined) stmt.where = this.expr(where);
          stmt.body = this.statements(this.node(c, 'body'));
          return stmt;
        }
        case 'emitStmt':
          return { $type: 'EmitStmt', event: this.ident(this.tok(c, 'event')), args: this.callArgs(this.node(c, 'callArgs')), range: this.rangeOf(inner) };
        case 'shuffleStmt':
          return { $type: 'ShuffleStmt', zone: this.exprOf(this.node(c, 'zone')), range: this.rangeOf(inner) };
        case 'revealStmt':
          return {
            $type: 'RevealStmt',
            mode: this.tok(c, 'mode')?.image === 'draw' ? 'draw' : 'reveal',
            from: this.exprOf(this.node(c, 'from')),
            to: this.exprOf(this.node(c, 'to')),
            binding: this.ident(this.tok(c, 'binding')),
            range: this.rangeOf(inner),
          };
        case 'rollStmt': {
          const dice = this.tok(c, 'Dice');
          const [count, sides] = (dice?.image ?? '1d6').split('d');
          return {
            $type: 'RollStmt',
            dice: Number.parseInt(count ?? '1', 10),
            sides: Number.parseInt(sides ?? '6', 10),
            binding: this.ident(this.tok(c, 'binding')),
            range: this.rangeOf(inner),
          };
        }
        case 'pickStmt': {
          const stmt: A.PickStmt = {
            $type: 'PickStmt',
            binding: this.ident(this.tok(c, 'binding')),
            collection: this.exprOf(this.node(c, 'collection')),
            range: this.rangeOf(inner),
          };
          const where = this.node(c, 'where');
          if (where !== undefined) stmt.where = this.expr(where);
          const weight = this.node(c, 'weight');
          if (weight !== undefined) stmt.weight = this.expr(weight);
          return stmt;
        }
        case 'askStmt':
          return this.ask(inner);
        case 'endStmt': {
          const scope = this.tok(c, 'scope')?.image;
          const stmt: A.EndStmt = {
            $type: 'EndStmt',
            scope: scope === 'game' || scope === 'turn' || scope === 'phase' ? scope : 'round',
            range: this.rangeOf(inner),
          };
          const winners = this.node(c, 'winners');
          if (winners !== undefined) stmt.winners = this.expr(winners);
          return stmt;
        }
        case 'placeStmt': {
          const stmt: A.PlaceStmt = {
            $type: 'PlaceStmt',
            piece: this.ident(this.tok(c, 'piece')),
            at: this.placeholderExpr(),
            range: this.rangeOf(inner),
          };
          const owner = this.node(c, 'owner');
          if (owner !== undefined) stmt.owner = this.expr(owner);
          stmt.at = this.exprOf(this.node(c, 'at'));
          return stmt;
        }
        case 'removePieceStmt':
          return { $type: 'RemovePieceStmt', at: this.exprOf(this.node(c, 'at')), range: this.rangeOf(inner) };
        case 'stackStmt':
          return {
            $type: 'StackStmt',
            zone: this.exprOf(this.node(c, 'zone')),
            cards: this.cardSpecs(this.node(c, 'cardSpecList')),
            range: this.rangeOf(inner),
          };
      }
    }
    return undefined;
  }

  private move(n: CstNode): A.Statement {
    const c = childrenOf(n);
    const range = this.rangeOf(n);
    if (this.has(c, kw.card.name)) {
      return {
        $type: 'MoveCardStmt',
        card: this.exprOf(this.node(c, 'card')),
        to: this.exprOf(this.node(c, 'to')),
        position: this.tok(c, 'position')?.image === 'bottom' ? 'bottom' : 'top',
        range,
      };
    }
    if (this.has(c, soft.cards.name)) {
      return { $type: 'MoveCardsStmt', from: this.exprOf(this.node(c, 'from')), to: this.exprOf(this.node(c, 'to')), range };
    }
    const amount = this.node(c, 'amount');
    return {
      $type: 'MoveTokensStmt',
      amount: amount === undefined ? (this.has(c, 'all') ? 'all' : this.placeholderExpr()) : this.expr(amount),
      token: this.ident(this.tok(c, 'token')),
      from: this.exprOf(this.node(c, 'from')),
      to: this.exprOf(this.node(c, 'to')),
      range,
    };
  }

  private ifStmt(n: CstNode): A.IfStmt {
    const c = childrenOf(n);
    const stmt: A.IfStmt = {
      $type: 'IfStmt',
      condition: this.exprOf(this.node(c, 'condition')),
      then: this.statements(this.node(c, 'then')),
      else: [],
      range: this.rangeOf(n),
    };
    const elseIf = this.node(c, 'elseIf');
    stmt.else = elseIf !== undefined ? [this.ifStmt(elseIf)] : this.statements(this.node(c, 'else'));
    return stmt;
  }

  private ask(n: CstNode): A.AskStmt {
    const c = childrenOf(n);
    let who: A.AskStmt['who'];
    const each = this.node(c, 'askEach');
    if (each !== undefined) {
      const range = this.rangeOf(each);
      const binding = this.inBinding(this.node(childrenOf(each), 'inBinding'));
      who = { $type: 'AskEach', ...binding, range };
    } else {
      const player = this.exprOf(this.node(c, 'player'));
      who = { $type: 'AskSingle', player, range: player.range };
    }
    let choice: A.AskStmt['choice'];
    const chooseBinding = this.node(c, 'chooseBinding');
    if (chooseBinding !== undefined) {
      const range = this.rangeOf(chooseBinding);
      choice = { $type: 'ChooseBinding', ...this.inBinding(this.node(childrenOf(chooseBinding), 'inBinding')), range };
    } else {
      const target = this.exprOf(this.node(c, 'target'));
      choice = { $type: 'ChooseVar', target, range: target.range };
    }
    const stmt: A.AskStmt = {
      $type: 'AskStmt',
      who,
      choice,
      secretly: this.has(c, kw.secretly.name),
      then: this.statements(this.node(c, 'then')),
      range: this.rangeOf(n),
    };
    const name = this.tok(c, 'name');
    if (name !== undefined) stmt.name = this.ident(name);
    const otherwise = this.node(c, 'otherwise');
    if (otherwise !== undefined) stmt.otherwise = this.statements(otherwise);
    return stmt;
  }

  private inBinding(n: CstNode | undefined): { binding: A.Identifier; collection: A.Expr; where?: A.Expr } {
    if (n === undefined) return { binding: this.ident(undefined), collection: this.placeholderExpr() };
    const c = childrenOf(n);
    const out: { binding: A.Identifier; collection: A.Expr; where?: A.Expr } = {
      binding: this.ident(this.tok(c, 'binding')),
      collection: this.exprOf(this.node(c, 'collection')),
    };
    const where = this.node(c, 'where');
    if (where !== undefined) out.where = this.expr(where);
    return out;
  }

  // ───────────────────────────── expressions ─────────────────────────────

  expr(n: CstNode): A.Expr {
    const c = childrenOf(n);
    if (n.name === 'ifExpr') {
      return {
        $type: 'IfExpr',
        condition: this.exprOf(this.node(c, 'condition')),
        then: this.exprOf(this.node(c, 'then')),
        else: this.exprOf(this.node(c, 'else')),
        range: this.rangeOf(n),
      };
    }
    const ifExpr = this.node(c, 'ifExpr');
    if (ifExpr !== undefined) return this.expr(ifExpr);
    return new OperatorChain(this, this.nodes(c, 'operand'), this.tokens(c, 'ops'), this.tokens(c, 'kinds')).parse();
  }

  /** `[not|-]* primary {. name}`, with its `not` prefixes left to the caller (they take a whole comparison). */
  operandParts(n: CstNode): { prefixes: readonly IToken[]; value: A.Expr } {
    const c = childrenOf(n);
    let value = this.primary(c);
    const indexes = this.nodes(c, 'index');
    if (indexes.length === 0) {
      for (const member of this.tokens(c, 'members')) {
        const name = this.ident(member);
        value = { $type: 'MemberExpr', object: value, member: name, range: span(value.range, name.range) };
      }
    } else {
      // members and indexes in source order
      const parts: { offset: number; member?: IToken; index?: CstNode }[] = [
        ...this.tokens(c, 'members').map((member) => ({ offset: member.startOffset, member })),
        ...indexes.map((index) => ({ offset: tokenSpanOf(index).first.startOffset, index })),
      ];
      parts.sort((a, b) => a.offset - b.offset);
      const closes = this.tokens(c, 'indexClose');
      for (const part of parts) {
        if (part.member !== undefined) {
          const name = this.ident(part.member);
          value = { $type: 'MemberExpr', object: value, member: name, range: span(value.range, name.range) };
        } else {
          const index = this.expr(part.index!);
          const close = closes.find((t) => t.startOffset >= index.range.end.offset);
          value = { $type: 'IndexExpr', object: value, index, range: span(value.range, close === undefined ? index.range : this.tokenRange(close)) };
        }
      }
    }
    return { prefixes: this.tokens(c, 'prefix'), value };
  }

  isExpr(value: A.Expr, kind: IToken | undefined, isToken: IToken): A.IsExpr {
    const name = this.ident(kind);
    return { $type: 'IsExpr', value, kind: name, range: span(value.range, kind === undefined ? tokenRange(isToken) : name.range) };
  }

  /** From `first` to `close` (a closing bracket that recovery may have left out). */
  private closedRange(first: IToken, close: IToken | undefined): Range {
    const start = this.tokenRange(first);
    return close === undefined ? start : span(start, this.tokenRange(close));
  }

  missingExpr(): A.Expr {
    return this.placeholderExpr();
  }

  /** A placeholder standing for text that was reported as a mistake, with that text's range. */
  placeholderAt(range: Range): A.Expr {
    return { $type: 'NameRef', name: { $type: 'Identifier', name: MISSING_NAME, range }, range };
  }

  reportChained(op: IToken): void {
    this.report(
      'parse/chained-comparison',
      `\`${op.image}\` cannot follow another comparison or range directly`,
      tokenRange(op),
      'comparisons do not chain: write `a < b and b < c`, or add parentheses',
    );
  }

  /** The primary inlined in an operand node; its range runs from its first token to its closing bracket. */
  private primary(c: Children): A.Expr {
    const integer = this.tok(c, 'Integer');
    if (integer !== undefined) return { $type: 'NumberLit', value: this.int(integer), range: this.tokenRange(integer) };
    const string = this.tok(c, 'StringLiteral');
    if (string !== undefined) return { $type: 'StringLit', value: decodeString(string.image), range: this.tokenRange(string) };
    const bool = this.tok(c, kw.true.name) ?? this.tok(c, kw.false.name);
    if (bool !== undefined) return { $type: 'BoolLit', value: bool.image === 'true', range: this.tokenRange(bool) };
    const inner = this.node(c, 'inner');
    if (inner !== undefined) return this.expr(inner);
    const open = this.tok(c, 'LBracket');
    if (open !== undefined) {
      const items = this.exprList(this.node(c, 'exprList'));
      return { $type: 'ListExpr', items, range: this.closedRange(open, this.tok(c, 'RBracket')) };
    }
    const calleeToken = this.tok(c, 'callee');
    if (calleeToken === undefined) return this.placeholderExpr();
    const callee = this.ident(calleeToken);
    const range = this.closedRange(calleeToken, this.tok(c, 'RParen'));
    const aggregate = this.node(c, 'aggregate');
    if (aggregate !== undefined) {
      if (!AGGREGATES.has(callee.name)) {
        this.report(
          'parse/unknown-aggregate',
          `\`${callee.name}(x in …)\` is not an aggregate`,
          callee.range,
          'the aggregates are count, sum, min, max, any, all, first, list and sorted',
        );
        // a placeholder: the parse error is the one report of this mistake (no unknown function after it)
        return this.placeholderAt(range);
      }
      const agg: A.AggregateExpr = {
        $type: 'AggregateExpr',
        fn: callee.name as A.AggregateExpr['fn'],
        ...this.inBinding(aggregate),
        range,
      };
      const value = this.node(c, 'aggregateValue');
      if (value !== undefined) agg.value = this.expr(value);
      const by = this.node(c, 'aggregateBy');
      if (by !== undefined) agg.by = this.expr(by);
      if (this.tok(c, 'sortOrder')?.image === 'desc') agg.descending = true;
      return agg;
    }
    if (this.has(c, 'LParen')) return { $type: 'CallExpr', callee, args: this.exprList(this.node(c, 'exprList')), range };
    return { $type: 'NameRef', name: callee, range: callee.range };
  }
}

const PRECEDENCE: Readonly<Record<string, number>> = OPERATOR_PRECEDENCE;

/** Precedence climbing over a flat `operand { op operand }` CST. */
class OperatorChain {
  private operandIndex = 0;
  private opIndex = 0;
  private kindIndex = 0;

  constructor(
    private readonly builder: AstBuilder,
    private readonly operands: readonly CstNode[],
    private readonly ops: readonly IToken[],
    private readonly kinds: readonly IToken[],
  ) {}

  parse(): A.Expr {
    return this.climb(this.unary(), 0);
  }

  private unary(): A.Expr {
    const operand = this.operands[this.operandIndex++];
    if (operand === undefined) return this.builder.missingExpr();
    const { prefixes, value } = this.builder.operandParts(operand);
    return this.applyPrefixes(prefixes, 0, value);
  }

  private applyPrefixes(prefixes: readonly IToken[], index: number, value: A.Expr): A.Expr {
    const prefix = prefixes[index];
    if (prefix === undefined) return value;
    const inner = this.applyPrefixes(prefixes, index + 1, value);
    if (prefix.image === '-') {
      return { $type: 'UnaryExpr', op: '-', operand: inner, range: span(tokenRange(prefix), inner.range) };
    }
    const operand = this.climb(inner, NOT_OPERAND_PRECEDENCE);
    return { $type: 'UnaryExpr', op: 'not', operand, range: span(tokenRange(prefix), operand.range) };
  }

  /** Extends `left` with every operator that binds at least `minPrecedence`. */
  private climb(left: A.Expr, minPrecedence: number): A.Expr {
    let chained = false;
    for (;;) {
      const op = this.ops[this.opIndex];
      if (op === undefined) return left;
      const precedence = PRECEDENCE[op.image] ?? 0;
      if (precedence < minPrecedence || precedence === 0) return left;
      this.opIndex++;
      if (op.image === 'is') {
        left = this.builder.isExpr(left, this.kinds[this.kindIndex++], op);
      } else {
        const right = this.climb(this.unary(), precedence + 1);
        // `a < b < c`, reported below when `b` was read: a placeholder, so no type error follows the parse error
        left = chained
          ? this.builder.placeholderAt(span(left.range, right.range))
          : op.image === '..'
            ? { $type: 'RangeExpr', from: left, to: right, range: span(left.range, right.range) }
            : { $type: 'BinaryExpr', op: op.image as A.BinaryOp, left, right, range: span(left.range, right.range) };
      }
      // Comparisons and ranges do not associate: `a < b < c` is a mistake.
      const next = this.ops[this.opIndex];
      if ((precedence === 4 || precedence === 5) && next !== undefined && PRECEDENCE[next.image] === precedence) {
        this.builder.reportChained(next);
        chained = true;
      } else chained = false;
    }
  }
}
