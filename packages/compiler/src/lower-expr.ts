import type { Expr as GExpr, PoolRef } from '@houserules/schema';
import { printExpr, type AggregateExpr, type CallExpr, type CardField, type ConstDecl, type Expr, type Identifier, type IndexExpr, type MemberExpr } from '@houserules/syntax';
import type { Decl, DeclOf } from './declaration-table.ts';
import { aKindWord } from './declaration-table.ts';
import { BOARD_BUILTINS, SiteLowerer, sitesWord } from './lower-sites.ts';
import { mapKeysOf } from './map-keys.ts';
import { CONTEXT_NAMES, idOf, type LoweringContext, type Scope } from './lowering-context.ts';
import { didYouMean } from './suggest-name.ts';
import {
  BOOL, NUMBER, PLAYER, STRING, UNKNOWN, assignable, comparable, describeType, elementType, listOf, memberWord, type Ty,
} from './type-system.ts';

/** What an expression denotes: a value, or a pool (only a token count or a `move` may use a pool). */
export type Operand =
  | { k: 'value'; expr: GExpr; ty: Ty }
  | { k: 'pool'; decl: DeclOf<'pool'>; ref: PoolRef };

export type Access = 'read' | 'write';

const ERROR_EXPR: GExpr = { k: 'lit', v: 0 };
export const BUILTIN_ARITY: Record<string, number> = { min: 2, max: 2, abs: 1, size: 1, contains: 2, position: 2, known: 2 };

/** Name resolution and type checking of expressions, producing graph expressions. */
export class ExprLowerer {
  readonly sites: SiteLowerer;
  /** the object of the `[…]` being lowered: a map var named there is read at a key, not whole */
  private keyed: Expr | undefined;
  /** `known(p, Z)` calls lowered so far: each binds its own local (`$known0`, …), so nested ones never share one */
  private knownBindings = 0;

  constructor(private readonly cx: LoweringContext) {
    this.sites = new SiteLowerer(cx, this);
  }

  /** A value of type `expected` (when given): mismatches are `type/mismatch`. */
  value(e: Expr | undefined, scope: Scope, expected?: Ty, what = 'this expression'): { expr: GExpr; ty: Ty } {
    if (!e) return { expr: ERROR_EXPR, ty: UNKNOWN };
    const op = this.operand(e, scope, expected);
    if (op.k === 'pool') {
      this.cx.sink.error('type/mismatch', `\`${op.decl.name}\` is a pool, not a value`, scope.origin.file, e.range,
        `name one of its tokens, e.g. \`${op.decl.name}.${[...this.cx.poolTokens(op.decl)][0] ?? 'token'}\``);
      return { expr: ERROR_EXPR, ty: UNKNOWN };
    }
    if (expected && !assignable(op.ty, expected)) {
      this.cx.sink.error('type/mismatch', `${what} is ${describeType(op.ty)}, but ${describeType(expected)} is expected`, scope.origin.file, e.range);
      return { expr: op.expr, ty: UNKNOWN };
    }
    return { expr: op.expr, ty: op.ty };
  }

  operand(e: Expr, scope: Scope, expected?: Ty, access: Access = 'read'): Operand {
    const op = this.operandOf(e, scope, expected, access);
    if (op.k === 'value') scope.recorder?.exprType(e, op.ty);
    return op;
  }

  private operandOf(e: Expr, scope: Scope, expected: Ty | undefined, access: Access): Operand {
    switch (e.$type) {
      case 'NumberLit': return val({ k: 'lit', v: e.value ?? 0 }, NUMBER);
      case 'BoolLit': return val({ k: 'lit', v: e.value ?? false }, BOOL);
      case 'StringLit': return val({ k: 'lit', v: e.value ?? '' }, STRING);
      case 'NameRef': return e.name ? this.name(e.name, scope, expected, access) : val(ERROR_EXPR, UNKNOWN);
      case 'MemberExpr': return this.member(e, scope, access);
      case 'CallExpr': return this.call(e, scope);
      case 'UnaryExpr': {
        if (e.op === 'not') return val({ k: 'not', e: this.value(e.operand, scope, BOOL, 'the operand of `not`').expr }, BOOL);
        return val({ k: 'neg', e: this.value(e.operand, scope, NUMBER, 'the operand of `-`').expr }, NUMBER);
      }
      case 'BinaryExpr': return this.binary(e, scope);
      case 'IsExpr': {
        const subject = this.value(e.value, scope, { t: 'card' }, 'the value tested with `is`');
        const kind = e.kind ? this.cardKind(e.kind, scope) : undefined;
        return val({ k: 'is', e: subject.expr, kind: kind ?? 'card:unknown' }, BOOL);
      }
      case 'IfExpr': {
        const c = this.value(e.condition, scope, BOOL, 'the condition');
        const t = this.value(e.then, scope, expected);
        const f = this.value(e.else, scope, t.ty.t === 'unknown' ? expected : t.ty, 'the `else` branch');
        return val({ k: 'if', c: c.expr, t: t.expr, e: f.expr }, t.ty.t === 'unknown' ? f.ty : t.ty);
      }
      case 'ListExpr': {
        const wanted = expected ? elementType(expected) : undefined;
        let elem: Ty | undefined = wanted;
        const items: GExpr[] = [];
        for (const item of e.items ?? []) {
          const lowered = this.value(item, scope, elem, 'this list item');
          if (!elem || elem.t === 'unknown') elem = lowered.ty;
          items.push(lowered.expr);
        }
        return val({ k: 'list', items }, listOf(elem ?? UNKNOWN));
      }
      case 'RangeExpr': {
        const from = this.value(e.from, scope, NUMBER, 'the start of the range');
        const to = this.value(e.to, scope, NUMBER, 'the end of the range');
        return val({ k: 'range', from: from.expr, to: to.expr }, listOf(NUMBER));
      }
      case 'AggregateExpr': return this.aggregate(e, scope);
      case 'IndexExpr': return this.index(e, scope, access);
    }
    return val(ERROR_EXPR, UNKNOWN);
  }

  /** A declared card kind, as its id, or undefined after a diagnostic. */
  cardKind(ident: Identifier, scope: Scope): string | undefined {
    const decl = this.cx.table.byName.get(ident.name);
    if (decl?.kind === 'card') {
      scope.recorder?.reference(scope.origin.file, ident, { k: 'decl', decl }, 'read');
      return `card:${decl.name}`;
    }
    const kinds = [...this.cx.table.byName.values()].filter((d) => d.kind === 'card').map((d) => d.name);
    this.cx.sink.error(decl ? 'type/mismatch' : 'resolve/unknown-name',
      decl ? `\`${ident.name}\` is ${aKindWord(decl.kind)}, not a card kind` : `there is no card kind \`${ident.name}\``,
      scope.origin.file, ident.range, didYouMean(ident.name, kinds) ?? `card kinds: ${kinds.join(', ') || 'none declared'}`);
    return undefined;
  }

  private name(ident: Identifier, scope: Scope, expected: Ty | undefined, access: Access): Operand {
    const name = ident.name;
    const recorder = scope.recorder;
    const file = scope.origin.file;
    const local = scope.locals.get(name);
    if (local) {
      const binding = scope.bindings.get(name);
      if (binding) binding.used = true;
      const bound = scope.localIdents.get(name);
      if (bound) recorder?.reference(file, ident, { k: 'local', binding: bound, file }, access);
      else if ((CONTEXT_NAMES as readonly string[]).includes(name)) recorder?.reference(file, ident, { k: 'builtin', what: 'context', name }, 'read');
      return val({ k: 'local', name }, local);
    }
    const decl = this.cx.table.byName.get(name);
    // a hex kind (or other enum member) spelt like a token means the member where the enum is expected
    if (decl?.kind === 'token' && expected?.t === 'enum' && expected.values.includes(name)) {
      recorder?.reference(file, ident, { k: 'enum', ty: expected, member: name }, 'read');
      return val({ k: 'lit', v: name }, expected);
    }
    if (decl?.kind === 'token') return this.tokenLiteral(decl, ident, scope, expected);
    if (decl?.kind === 'group') {
      recorder?.reference(file, ident, { k: 'decl', decl }, 'read');
      this.touch(decl, scope, 'read');
      return val({ k: 'group', id: idOf(decl) }, listOf({ t: 'token', group: idOf(decl) }));
    }
    if (decl?.kind === 'piece' && expected?.t === 'enum' && expected.values[0] === 'none') return this.pieceLiteral(decl, ident, scope, expected);
    if (decl) return this.declRef(decl, ident, scope, undefined, access, this.keyed?.$type === 'NameRef' && this.keyed.name === ident);
    if ((CONTEXT_NAMES as readonly string[]).includes(name)) {
      recorder?.reference(file, ident, { k: 'builtin', what: 'context', name }, 'read');
      return this.contextName(name, scope, ident);
    }
    const seat = scope.seats ? /^p([1-9][0-9]*)$/.exec(name) : null;
    if (seat) {
      recorder?.reference(file, ident, { k: 'builtin', what: 'seat', name }, 'read');
      return val({ k: 'seat', index: Number(seat[1]) - 1 }, PLAYER);
    }
    // `none`: the empty site, player or card is -1 (the piece `none` is a member of a site's piece enum, below);
    // so is "not known yet" of a token or an enum that does not list `none` itself (`var told: colour = none`)
    if (name === 'none' && (expected?.t === 'site' || expected?.t === 'player' || expected?.t === 'card' || expected?.t === 'token' || (expected?.t === 'enum' && !expected.values.includes('none')))) {
      recorder?.reference(file, ident, { k: 'builtin', what: 'none', name }, 'read');
      return val({ k: 'lit', v: -1 }, expected);
    }
    const site = this.sites.name(ident, scope);
    if (site) return site;
    if (expected?.t === 'enum') {
      if (expected.values.includes(name)) {
        recorder?.reference(file, ident, name === 'none' && expected.values[0] === 'none' && !this.cx.enumIndex.has('none') ? { k: 'builtin', what: 'none', name } : { k: 'enum', ty: expected, member: name }, 'read');
        return val({ k: 'lit', v: name }, expected);
      }
      const members = expected.values.map(memberWord);
      this.cx.sink.error('type/unknown-enum-member', `\`${name}\` is not one of ${members.map((v) => `\`${v}\``).join(', ')}`,
        scope.origin.file, ident.range, didYouMean(name, members) ?? `write one of: ${members.join(', ')}`);
      return val(ERROR_EXPR, UNKNOWN);
    }
    const enumType = this.cx.enumIndex.get(name);
    if (enumType) {
      if (enumType.t === 'enum') recorder?.reference(file, ident, { k: 'enum', ty: enumType, member: name }, 'read');
      return val({ k: 'lit', v: name }, enumType);
    }
    const candidates = [...scope.locals.keys(), ...this.cx.table.byName.keys(), ...CONTEXT_NAMES, ...this.cx.enumIndex.keys()];
    this.cx.sink.error('resolve/unknown-name', `\`${name}\` is not declared`, scope.origin.file, ident.range,
      didYouMean(name, candidates) ?? 'declare it, or bind it (let, for, a rule parameter) before using it');
    return val(ERROR_EXPR, UNKNOWN);
  }

  /** A token name as a value; where a token of a group is expected, it must be one of the group. */
  private tokenLiteral(decl: DeclOf<'token'>, ident: Identifier, scope: Scope, expected: Ty | undefined): Operand {
    scope.recorder?.reference(scope.origin.file, ident, { k: 'decl', decl }, 'read');
    const group = expected?.t === 'token' ? expected.group : undefined;
    if (group !== undefined) {
      const groupDecl = this.cx.table.byName.get(group.slice('group:'.length));
      const members = groupDecl?.kind === 'group' ? (groupDecl.node.names ?? []).map((n) => n.name) : [];
      if (!members.includes(decl.name)) {
        this.cx.sink.error('type/mismatch', `\`${decl.name}\` is not a ${describeType(expected!)}`, scope.origin.file, ident.range,
          didYouMean(decl.name, members) ?? `write one of: ${members.join(', ')}`);
        return val(ERROR_EXPR, UNKNOWN);
      }
      return val({ k: 'token', id: idOf(decl) }, expected!);
    }
    return val({ k: 'token', id: idOf(decl) }, { t: 'token' });
  }

  /** A piece name compared with a site's `piece` (`c.piece == city`): its id, if it can stand there. */
  private pieceLiteral(decl: DeclOf<'piece'>, ident: Identifier, scope: Scope, expected: Ty & { t: 'enum' }): Operand {
    const id = idOf(decl);
    if (!expected.values.includes(id)) {
      this.cx.sink.error('type/wrong-site', `\`${decl.name}\` stands on ${sitesWord(decl.node.site ?? 'hex')}; it is never the piece of this site`, scope.origin.file, ident.range,
        `pieces that can be here: ${expected.values.filter((v) => v !== 'none').map((v) => v.slice('piece:'.length)).join(', ') || 'none declared'}`);
      return val(ERROR_EXPR, UNKNOWN);
    }
    scope.recorder?.reference(scope.origin.file, ident, { k: 'decl', decl }, 'read');
    this.touch(decl, scope, 'read');
    return val({ k: 'lit', v: id }, expected);
  }

  private contextName(name: string, scope: Scope, ident: Identifier): Operand {
    switch (name) {
      case 'players': return val({ k: 'players' }, listOf(PLAYER));
      case 'self':
        if (!scope.implicitSelf && !scope.nodeId.startsWith('policy:') && scope.nodeId !== 'param') return this.selfOutsidePlayer(scope, ident);
        return val(scope.implicitSelf ?? { k: 'ctx', name: 'self' }, PLAYER);
      case 'current': case 'actor': return val({ k: 'ctx', name }, PLAYER);
      default: return val({ k: 'ctx', name: name as 'round' | 'turn' | 'player_count' }, NUMBER);
    }
  }

  /**
   * `self` is the player a per-player value (or a policy's choice) is computed for; a rule, action,
   * constraint, end, ranking or test has no such player, and reading one would be a meaningless game.
   */
  private selfOutsidePlayer(scope: Scope, ident: Identifier): Operand {
    const where = scope.nodeId.split(':')[0] ?? '';
    const what = ({ rule: 'a rule', action: 'an action', constraint: 'a constraint', end: 'an end condition', invariant: 'an invariant', ranking: 'the ranking', test: 'a test', derived: 'a derived value', flow: 'the flow' } as Record<string, string>)[where] ?? 'here';
    this.cx.sink.error('resolve/self-outside-player', `\`self\` means nothing in ${what}: it is the player a per-player value or a policy is computed for`, scope.origin.file, ident.range,
      where === 'ranking' ? 'name the ranked player: `ranking p by p.score`' : 'write `current` (whose turn it is), `actor` (who acts or chooses), or a player bound by the rule');
    return val(ERROR_EXPR, UNKNOWN);
  }

  /** A reference to a declaration, of player/card `of` for a per-player/per-card one. */
  declRef(decl: Decl, ident: Identifier, scope: Scope, of: GExpr | undefined, access: Access, keyed = false): Operand {
    const cx = this.cx;
    scope.recorder?.reference(scope.origin.file, ident, { k: 'decl', decl }, access);
    if (decl.scope === 'player' && of === undefined) {
      if (!scope.implicitSelf) {
        cx.sink.error('resolve/needs-player', `\`${decl.name}\` is per player: say whose`, scope.origin.file, ident.range,
          `write \`p.${decl.name}\` for a player p (for example \`current.${decl.name}\`)`);
        return val(ERROR_EXPR, UNKNOWN);
      }
      of = scope.implicitSelf;
    }
    if ((decl.scope === 'hex' || decl.scope === 'corner' || decl.scope === 'edge') && of === undefined) {
      cx.sink.error('resolve/needs-site', `\`${decl.name}\` belongs to each ${decl.scope}: say which ${decl.scope}`, scope.origin.file, ident.range,
        `write \`${decl.scope === 'hex' ? 'h' : decl.scope === 'corner' ? 'c' : 'e'}.${decl.name}\` for a ${decl.scope} ${decl.scope === 'hex' ? 'h' : decl.scope === 'corner' ? 'c' : 'e'}`);
      return val(ERROR_EXPR, UNKNOWN);
    }
    if (decl.scope === 'card' && of === undefined) {
      // a bare name inside `per player` that meant the refused per-player duplicate: reported there, once
      if (scope.implicitSelf && cx.table.rejected.some((d) => d.name === decl.name && d.scope === 'player')) return val(ERROR_EXPR, UNKNOWN);
      cx.sink.error('resolve/needs-card', `\`${decl.name}\` belongs to each ${decl.cardKind ?? 'card'}: say which card`, scope.origin.file, ident.range,
        `write \`c.${decl.name}\` for a card c`);
      return val(ERROR_EXPR, UNKNOWN);
    }
    const id = idOf(decl);
    if (decl.kind === 'const') {
      // a constant is its value, inlined where it is read (no node of its own in the graph)
      cx.read.add(decl.name);
      if (access === 'write') {
        cx.sink.error('type/not-assignable', `\`${decl.name}\` is a constant: it never changes`, scope.origin.file, ident.range, 'declare a `var` to keep a value that changes');
        return val(ERROR_EXPR, UNKNOWN);
      }
      return this.constValue(decl);
    }
    this.touch(decl, scope, access);
    switch (decl.kind) {
      case 'option': return val({ k: 'option', id }, cx.declType(decl));
      case 'var': {
        if (!keyed && mapKeysOf(cx, decl) !== null) {
          cx.sink.error('type/map-needs-key', `\`${decl.name}\` is a map: say at which key`, scope.origin.file, ident.range,
            `write \`${decl.name}[k]\` for a key k; to go over every key, go over the keys (\`sum(k in …: ${decl.name}[k])\`)`);
          return val(ERROR_EXPR, UNKNOWN);
        }
        return val(of === undefined ? { k: 'var', id } : { k: 'var', id, of }, cx.declType(decl));
      }
      case 'zone': {
        if (decl.node.keys !== undefined && decl.scope !== 'player' && !keyed) {
          cx.sink.error('type/zone-needs-key', `\`${decl.name}\` is a family of zones: say which one`, scope.origin.file, ident.range,
            `write \`${decl.name}[k]\` for a key k from ${decl.node.keys.from} to ${decl.node.keys.to}; to go over all of them, go over the keys (\`for k in ${decl.node.keys.from}..${decl.node.keys.to}\`)`);
          return val(ERROR_EXPR, UNKNOWN);
        }
        return val(of === undefined ? { k: 'zone', id } : { k: 'zone', id, of }, cx.declType(decl));
      }
      case 'pool': return { k: 'pool', decl, ref: of === undefined ? { pool: id } : { pool: id, of } };
      case 'derive': {
        const params = decl.node.params ?? [];
        if (params.length > 0) {
          cx.sink.error('type/arity', `\`${decl.name}\` takes ${params.length} argument${params.length === 1 ? '' : 's'}`, scope.origin.file, ident.range,
            `call it: \`${decl.name}(${params.map((p) => p.name?.name ?? '…').join(', ')})\``);
          return val(ERROR_EXPR, UNKNOWN);
        }
        return val({ k: 'derived', id, args: of === undefined ? [] : [of] }, cx.declType(decl));
      }
      default:
        cx.sink.error('type/mismatch', `\`${decl.name}\` is ${aKindWord(decl.kind)}, not a value`, scope.origin.file, ident.range,
          decl.kind === 'card' ? `to test a card's kind, write \`c is ${decl.name}\``
          : decl.kind === 'action' ? `an action is taken, not read: in a test, \`p1 does ${decl.name}${(decl.node.params ?? []).length > 0 ? '(…)' : ''}\`; in a rule, do what its body does, or emit an event both listen to`
          : undefined);
        return val(ERROR_EXPR, UNKNOWN);
    }
  }

  /**
   * A `const`'s value, lowered once in a scope of its own: a list, a range or a value whose every
   * element is a constant. A list of names that nothing declares is an enum of its own
   * (`const colours = [red, yellow]`; build-graph.ts indexes it, so `red` is a value elsewhere too).
   */
  constValue(decl: DeclOf<'const'>): Operand & { ty: Ty } {
    const cx = this.cx;
    const cached = cx.consts.get(decl.name);
    if (cached) return { ...val(cached.expr, cached.ty), ty: cached.ty };
    if (cx.derivedInProgress.has(`const:${decl.name}`)) {
      cx.sink.error('type/recursive-derive', `constant \`${decl.name}\` is defined by itself`, decl.origin.file, decl.ident.range, 'a constant is a list or a value written out');
      return { ...val(ERROR_EXPR, UNKNOWN), ty: UNKNOWN };
    }
    cx.derivedInProgress.add(`const:${decl.name}`);
    const scope = cx.scope(decl.origin, idOf(decl), idOf(decl), null);
    const own = constEnum(decl.node, cx);
    const lowered = this.value(decl.node.value, scope, own ? listOf(own) : undefined, `the value of \`${decl.name}\``);
    cx.derivedInProgress.delete(`const:${decl.name}`);
    const constant = isConstantExpr(lowered.expr);
    if (!constant && lowered.ty.t !== 'unknown') {
      cx.sink.error('type/mismatch', `constant \`${decl.name}\` must be written out: a list, a range or a value of constants`, decl.origin.file, decl.node.value?.range ?? decl.ident.range,
        'to compute a value from the state, declare a `derive`');
    }
    const result = constant ? lowered : { expr: ERROR_EXPR, ty: UNKNOWN };
    cx.consts.set(decl.name, result);
    return { ...val(result.expr, result.ty), ty: result.ty };
  }

  /** Records a use of a declaration: a `reads`/`writes` edge from the scope's owner. */
  touch(decl: Decl, scope: Scope, access: Access): void {
    const id = idOf(decl);
    if (access === 'read') {
      this.cx.read.add(decl.name);
      this.cx.addEdge(scope.owner, id, 'reads');
    } else {
      this.cx.written.add(decl.name);
      this.cx.addEdge(scope.owner, id, 'writes');
    }
  }

  private member(e: MemberExpr, scope: Scope, access: Access): Operand {
    const cx = this.cx;
    const member = e.member;
    if (!e.object || !member) return val(ERROR_EXPR, UNKNOWN);
    if (e.object.$type === 'NameRef' && e.object.name && !scope.locals.has(e.object.name.name)) {
      const board = cx.table.byName.get(e.object.name.name);
      if (board?.kind === 'board') {
        scope.recorder?.reference(scope.origin.file, e.object.name, { k: 'decl', decl: board }, 'read');
        return this.sites.boardMember(board, member, scope);
      }
    }
    const object = this.operand(e.object, scope, undefined, 'read');
    if (object.k === 'pool') {
      // `p.hand.t` with t a token-typed local: how many of the token t holds
      const local = scope.locals.get(member.name);
      if (local?.t === 'token') {
        const tokenExpr = this.value({ $type: 'NameRef', name: member, range: member.range }, scope).expr;
        const expr: GExpr = { k: 'countOf', pool: object.ref.pool, token: tokenExpr };
        if (object.ref.of !== undefined) expr.of = object.ref.of;
        return val(expr, NUMBER);
      }
      const group = cx.table.byName.get(member.name);
      if (group?.kind === 'group' && !local) {
        scope.recorder?.reference(scope.origin.file, member, { k: 'decl', decl: group }, 'read');
        this.touch(group, scope, 'read');
        const expr: GExpr = { k: 'count', pool: object.ref.pool, token: idOf(group) };
        if (object.ref.of !== undefined) expr.of = object.ref.of;
        return val(expr, NUMBER);
      }
      const token = cx.table.byName.get(member.name);
      if (token?.kind !== 'token') {
        const tokens = [...cx.table.byName.values()].filter((d) => d.kind === 'token').map((d) => d.name);
        cx.sink.error('resolve/unknown-token', `there is no token \`${member.name}\``, scope.origin.file, member.range,
          didYouMean(member.name, tokens) ?? `tokens: ${tokens.join(', ') || 'none declared'}`);
        return val(ERROR_EXPR, UNKNOWN);
      }
      scope.recorder?.reference(scope.origin.file, member, { k: 'decl', decl: token }, 'read');
      const held = cx.poolTokens(object.decl);
      if (!held.has(member.name)) {
        cx.sink.error('resolve/unknown-member', `pool \`${object.decl.name}\` holds no \`${member.name}\``, scope.origin.file, member.range,
          didYouMean(member.name, held) ?? `add \`${member.name}\` to the pool's entries, or name one of: ${[...held].join(', ')}`);
        return val(ERROR_EXPR, UNKNOWN);
      }
      const expr: GExpr = { k: 'count', pool: object.ref.pool, token: `token:${member.name}` };
      if (object.ref.of !== undefined) expr.of = object.ref.of;
      return val(expr, NUMBER);
    }
    const ty = object.ty;
    if (ty.t === 'unknown') return val(ERROR_EXPR, UNKNOWN);
    if (ty.t === 'site') return this.sites.member(object.expr, ty.site, member, scope, access);
    if (ty.t === 'player') {
      const decl = cx.table.byName.get(member.name);
      if (decl && decl.scope === 'player') return this.declRef(decl, member, scope, object.expr, access, this.keyed === e);
      // a per-player declaration refused as a duplicate was reported there, once
      if (cx.table.rejected.some((d) => d.name === member.name && d.scope === 'player')) return val(ERROR_EXPR, UNKNOWN);
      const names = [...cx.table.byName.values()].filter((d) => d.scope === 'player').map((d) => d.name);
      cx.sink.error('resolve/unknown-member', `a player has no \`${member.name}\``, scope.origin.file, member.range,
        didYouMean(member.name, names) ?? `per-player names: ${names.join(', ') || 'none declared'}`);
      return val(ERROR_EXPR, UNKNOWN);
    }
    if (ty.t === 'card') {
      const field = cx.cardField(member.name, ty.kind);
      if (field) {
        if (scope.recorder) {
          const where = this.cardFieldDecl(member.name, ty.kind);
          if (where) scope.recorder.reference(scope.origin.file, member, { k: 'field', card: where.card, field: where.field }, 'read');
        }
        return val({ k: 'field', field: member.name, of: object.expr }, field.ty);
      }
      const decl = cx.table.byName.get(member.name);
      if (decl && decl.scope === 'card' && (ty.kind === undefined || `card:${decl.cardKind}` === ty.kind)) {
        return this.declRef(decl, member, scope, object.expr, access);
      }
      if (cx.table.rejected.some((d) => d.name === member.name && d.scope === 'card')) return val(ERROR_EXPR, UNKNOWN);
      const names = this.cardMemberNames(ty.kind);
      cx.sink.error('resolve/unknown-member', `a ${describeType(ty)} card has no \`${member.name}\``, scope.origin.file, member.range,
        didYouMean(member.name, names) ?? `card members: ${names.join(', ') || 'none declared'}`);
      return val(ERROR_EXPR, UNKNOWN);
    }
    cx.sink.error('resolve/unknown-member', `a ${describeType(ty)} has no member \`${member.name}\``, scope.origin.file, member.range,
      'members belong to players (per-player declarations), cards (fields and pools) and pools (tokens)');
    return val(ERROR_EXPR, UNKNOWN);
  }

  /**
   * `m[k]`: a map var at key k (docs/language.md, "Maps"); `l[i]`: the i-th element of a list,
   * zone or range, from 1. Constant keys and indexes are checked here; others at run time.
   */
  private index(e: IndexExpr, scope: Scope, access: Access): Operand {
    const cx = this.cx;
    const file = scope.origin.file;
    const outer = this.keyed;
    this.keyed = e.object;
    const object = e.object ? this.operand(e.object, scope, undefined, access) : val(ERROR_EXPR, UNKNOWN);
    this.keyed = outer;
    if (object.k === 'pool') {
      cx.sink.error('type/not-indexable', `\`${object.decl.name}\` is a pool: read a token's count with \`.\``, file, e.range,
        `write \`${object.decl.name}.${[...cx.poolTokens(object.decl)][0] ?? 'token'}\``);
      return val(ERROR_EXPR, UNKNOWN);
    }
    if (object.ty.t === 'unknown') {
      this.value(e.index, scope);
      return val(ERROR_EXPR, UNKNOWN);
    }
    const target = object.expr;
    if (target.k === 'zone' && target.of === undefined) {
      const decl = cx.table.byName.get(target.id.slice('zone:'.length));
      const keys = decl?.kind === 'zone' && decl.scope !== 'player' ? decl.node.keys : undefined;
      if (keys !== undefined) {
        // one zone of a family: `row[r]`
        const key = this.value(e.index, scope, NUMBER, `the key of \`${decl!.name}\``);
        const constant = constantNumber(key.expr);
        if (constant !== undefined && (constant < keys.from || constant > keys.to)) {
          cx.sink.error('type/key-out-of-range', `${constant} is not a key of \`${decl!.name}\`: its keys run from ${keys.from} to ${keys.to}`, file, e.index?.range);
          return val(ERROR_EXPR, UNKNOWN);
        }
        return val({ k: 'zone', id: target.id, of: key.expr }, object.ty);
      }
    }
    if (target.k === 'var' && target.key === undefined) {
      const decl = cx.table.byName.get(target.id.slice('var:'.length));
      const keys = decl?.kind === 'var' ? mapKeysOf(cx, decl) : null;
      if (keys === undefined) {
        this.value(e.index, scope);
        return val(ERROR_EXPR, UNKNOWN);
      }
      if (keys !== null) {
        const key = this.value(e.index, scope, undefined);
        if (key.ty.t !== 'unknown' && !assignable(key.ty, keys.keyTy)) {
          cx.sink.error('type/map-key', `\`${decl!.name}\` is keyed by ${describeType(keys.keyTy)}; this key is ${describeType(key.ty)}`, file, e.index?.range,
            keys.range ? `a key is a number from ${keys.range.from} to ${keys.range.to}` : `write one of: ${'values' in keys.keys ? keys.keys.values.map((v) => v.replace(/^token:/, '')).join(', ') : ''}`);
          return val(ERROR_EXPR, UNKNOWN);
        }
        const constant = keys.range ? constantNumber(key.expr) : undefined;
        if (keys.range && constant !== undefined && (constant < keys.range.from || constant > keys.range.to)) {
          cx.sink.error('type/key-out-of-range', `${constant} is not a key of \`${decl!.name}\`: its keys run from ${keys.range.from} to ${keys.range.to}`, file, e.index?.range);
          return val(ERROR_EXPR, UNKNOWN);
        }
        const expr: GExpr = { k: 'var', id: target.id, key: key.expr };
        if (target.of !== undefined) expr.of = target.of;
        return val(expr, object.ty);
      }
    }
    const elem = elementType(object.ty);
    if (elem === undefined) {
      cx.sink.error('type/not-indexable', `${describeType(object.ty)} has no positions to index`, file, e.range,
        'index a list, a zone or a range (`l[1]` is the first), or a map var at a key');
      this.value(e.index, scope);
      return val(ERROR_EXPR, UNKNOWN);
    }
    const index = this.value(e.index, scope, NUMBER, 'the position');
    const at = constantNumber(index.expr);
    const size = target.k === 'list' ? target.items.length : target.k === 'range' ? rangeSize(target) : undefined;
    if (at !== undefined && (at < 1 || (size !== undefined && at > size))) {
      cx.sink.error('type/index-out-of-range', `there is no position ${at} here${size !== undefined ? `: the list has ${size} element${size === 1 ? '' : 's'}` : ''}`, file, e.index?.range,
        'positions count from 1 (the first element is `l[1]`)');
      return val(ERROR_EXPR, UNKNOWN);
    }
    return val({ k: 'at', list: target, index: index.expr }, elem);
  }

  /** The card kind and field declaration a member names (the first card kind with that field when the kind is not known). */
  cardFieldDecl(field: string, kind: string | undefined): { card: DeclOf<'card'>; field: CardField } | undefined {
    for (const decl of this.cx.table.byName.values()) {
      if (decl.kind !== 'card' || (kind !== undefined && `card:${decl.name}` !== kind)) continue;
      const f = (decl.node.fields ?? []).find((x) => x?.name?.name === field);
      if (f) return { card: decl, field: f };
    }
    return undefined;
  }

  private cardMemberNames(kind: string | undefined): string[] {
    const names: string[] = [];
    for (const decl of this.cx.table.byName.values()) {
      if (decl.kind === 'card' && (kind === undefined || `card:${decl.name}` === kind)) {
        for (const f of decl.node.fields ?? []) if (f?.name) names.push(f.name.name);
      }
      if (decl.scope === 'card' && (kind === undefined || `card:${decl.cardKind}` === kind)) names.push(decl.name);
    }
    return names;
  }

  private call(e: CallExpr, scope: Scope): Operand {
    const cx = this.cx;
    const callee = e.callee;
    if (!callee) return val(ERROR_EXPR, UNKNOWN);
    const args = e.args ?? [];
    const decl = cx.table.byName.get(callee.name);
    if (decl?.kind === 'derive') {
      const params = decl.node.params ?? [];
      const perPlayer = decl.scope === 'player';
      const wanted = params.length + (perPlayer ? 1 : 0);
      if (args.length !== wanted) {
        cx.sink.error('type/arity', `\`${callee.name}\` takes ${wanted} argument${wanted === 1 ? '' : 's'}, got ${args.length}`, scope.origin.file, e.range,
          `write \`${callee.name}(${[...(perPlayer ? ['player'] : []), ...params.map((p) => p.name?.name ?? '…')].join(', ')})\``);
      }
      scope.recorder?.reference(scope.origin.file, callee, { k: 'decl', decl }, 'read');
      const lowered: GExpr[] = [];
      args.forEach((arg, i) => {
        const paramTy = perPlayer && i === 0 ? PLAYER : (() => {
          const p = params[i - (perPlayer ? 1 : 0)];
          return p ? cx.typeFromRef(p.type, decl.origin) : undefined;
        })();
        lowered.push(this.value(arg, scope, paramTy, `argument ${i + 1} of \`${callee.name}\``).expr);
      });
      this.touch(decl, scope, 'read');
      return val({ k: 'derived', id: idOf(decl), args: lowered }, cx.declType(decl));
    }
    if (decl === undefined && ((BOARD_BUILTINS as readonly string[]).includes(callee.name) || BUILTIN_ARITY[callee.name] !== undefined)) {
      scope.recorder?.reference(scope.origin.file, callee, { k: 'builtin', what: 'function', name: callee.name }, 'read');
    }
    if (decl === undefined && (BOARD_BUILTINS as readonly string[]).includes(callee.name)) {
      const lowered = this.sites.call(callee.name, callee, args, e.range, scope);
      if (lowered) return lowered;
    }
    const arity = BUILTIN_ARITY[callee.name];
    if (decl === undefined && arity !== undefined) {
      const fn = callee.name as 'min' | 'max' | 'abs' | 'size' | 'contains' | 'position' | 'known';
      if (args.length !== arity) {
        cx.sink.error('type/arity', `\`${fn}\` takes ${arity} argument${arity === 1 ? '' : 's'}, got ${args.length}`, scope.origin.file, e.range);
      }
      if (fn === 'size') {
        return val({ k: 'call', fn, args: args.map((a) => this.collection(a, scope).expr) }, NUMBER);
      }
      if (fn === 'contains') {
        const list = args[0] ? this.collection(args[0], scope) : { expr: ERROR_EXPR, elem: UNKNOWN };
        const item = this.value(args[1], scope, list.elem, 'the value looked for');
        return val({ k: 'call', fn, args: [list.expr, item.expr] }, BOOL);
      }
      if (fn === 'known') {
        // `known(p, Z)`: the cards of Z that player p knows, in Z's order — a list filtered by the engine's `knows`
        const player = this.value(args[0], scope, PLAYER, 'the player who knows');
        const cards = args[1] ? this.collection(args[1], scope) : { expr: ERROR_EXPR, elem: UNKNOWN };
        if (cards.elem.t !== 'card' && cards.elem.t !== 'unknown') {
          cx.sink.error('type/mismatch', `\`known\` lists cards, and this is ${describeType(cards.elem)}`, scope.origin.file, args[1]?.range ?? e.range, 'write `known(p, zone)`');
        }
        const bind = `$known${this.knownBindings++}`;
        return val({ k: 'agg', fn: 'list', bind, over: cards.expr, where: { k: 'call', fn: 'knows', args: [player.expr, { k: 'local', name: bind }] } }, listOf(cards.elem));
      }
      if (fn === 'position') {
        // `position(x, l)`: the value first, like the sentence ("the position of x in l")
        const list = args[1] ? this.collection(args[1], scope) : { expr: ERROR_EXPR, elem: UNKNOWN };
        const item = this.value(args[0], scope, list.elem, 'the value looked for');
        return val({ k: 'call', fn, args: [item.expr, list.expr] }, NUMBER);
      }
      return val({ k: 'call', fn, args: args.map((a, i) => this.value(a, scope, NUMBER, `argument ${i + 1} of \`${fn}\``).expr) }, NUMBER);
    }
    const derives = [...cx.table.byName.values()].filter((d) => d.kind === 'derive').map((d) => d.name);
    cx.sink.error(decl ? 'type/mismatch' : 'resolve/unknown-name',
      decl ? `\`${callee.name}\` is ${aKindWord(decl.kind)}; it cannot be called` : `there is no derived value or function \`${callee.name}\``,
      scope.origin.file, callee.range, didYouMean(callee.name, [...derives, ...Object.keys(BUILTIN_ARITY), ...BOARD_BUILTINS]) ?? 'functions: min, max, abs, size, contains, position, known, distance, longest_trail, joined, networks, supply, placed, hex, corner, edge, and declared `derive`s with parameters');
    return val(ERROR_EXPR, UNKNOWN);
  }

  /** A collection (list, players, zone, range) and its element type. */
  collection(e: Expr | undefined, scope: Scope): { expr: GExpr; elem: Ty } {
    if (!e) return { expr: ERROR_EXPR, elem: UNKNOWN };
    const lowered = this.value(e, scope);
    const elem = elementType(lowered.ty);
    if (!elem) {
      this.cx.sink.error('type/mismatch', `this is ${describeType(lowered.ty)}, not a collection`, scope.origin.file, e.range,
        'iterate over players, a zone, a list or a range');
      return { expr: lowered.expr, elem: UNKNOWN };
    }
    return { expr: lowered.expr, elem };
  }

  /** Runs `body` with `name` bound to `ty`, restoring what the name meant before. */
  withLocal<T>(scope: Scope, ident: Identifier | undefined, ty: Ty, within: Expr['range'], body: () => T): T {
    const name = ident?.name ?? '_';
    const previous = scope.locals.get(name);
    const previousIdent = scope.localIdents.get(name);
    scope.locals.set(name, ty);
    if (ident) {
      scope.localIdents.set(name, ident);
      scope.recorder?.binding(scope.origin.file, ident, ty, within);
    }
    try {
      return body();
    } finally {
      if (previous === undefined) scope.locals.delete(name);
      else scope.locals.set(name, previous);
      if (previousIdent === undefined) scope.localIdents.delete(name);
      else scope.localIdents.set(name, previousIdent);
    }
  }

  private aggregate(e: AggregateExpr, scope: Scope): Operand {
    if (e.by !== undefined || e.fn === 'sorted') return this.ordered(e, scope);
    const over = this.collection(e.collection, scope);
    const bind = e.binding?.name ?? '_';
    return this.withLocal(scope, e.binding, over.elem, e.range, () => {
      const where = e.where ? this.value(e.where, scope, BOOL, 'the `where` condition').expr : undefined;
      let valueTy: Ty = over.elem;
      let value: GExpr | undefined;
      if (e.value) {
        const wanted = e.fn === 'sum' || e.fn === 'min' || e.fn === 'max' ? NUMBER : e.fn === 'any' || e.fn === 'all' ? BOOL : undefined;
        const lowered = this.value(e.value, scope, wanted, `the value of \`${e.fn}\``);
        value = lowered.expr;
        valueTy = lowered.ty;
      } else if (e.fn === 'sum' || ((e.fn === 'min' || e.fn === 'max') && over.elem.t !== 'number' && over.elem.t !== 'unknown')) {
        if (over.elem.t !== 'number' && over.elem.t !== 'unknown') {
          this.cx.sink.error('type/mismatch', `\`${e.fn}\` over ${describeType(over.elem)} needs a value: \`${e.fn}(x in … : value)\``, scope.origin.file, e.range);
        }
      }
      const expr: GExpr = { k: 'agg', fn: e.fn, bind, over: over.expr };
      if (where !== undefined) expr.where = where;
      if (value !== undefined) expr.value = value;
      const ty: Ty = e.fn === 'any' || e.fn === 'all' ? BOOL : e.fn === 'first' ? over.elem : e.fn === 'list' ? listOf(valueTy) : NUMBER;
      return val(expr, ty);
    });
  }

  /**
   * An aggregate that orders the elements by a key: `max(c in hand by c.value)` is the card (the first
   * such on a tie), `sorted(c in row by c.value desc)` the list. Without `by`, `sorted` orders by the
   * elements themselves (numbers).
   */
  private ordered(e: AggregateExpr, scope: Scope): Operand {
    const over = this.collection(e.collection, scope);
    const bind = e.binding?.name ?? '_';
    const fn = e.fn === 'max' ? 'maxBy' : e.fn === 'min' ? 'minBy' : e.fn === 'sorted' ? 'sorted' : null;
    return this.withLocal(scope, e.binding, over.elem, e.range, () => {
      const where = e.where ? this.value(e.where, scope, BOOL, 'the `where` condition').expr : undefined;
      if (fn === null || e.value !== undefined) {
        this.cx.sink.error('type/aggregate-order', fn === null
          ? `\`${e.fn}\` takes no \`by\`: only \`min\`, \`max\` and \`sorted\` order the elements`
          : `\`${e.fn}(… by …)\` is an element, not a value: it takes no \`: value\``,
        scope.origin.file, e.range, fn === null ? `write \`max(x in … by key)\` for the element with the greatest key` : `for the greatest key itself, write \`${e.fn}(x in … : key)\``);
        if (e.value) this.value(e.value, scope);
        if (e.by) this.value(e.by, scope);
        return val(ERROR_EXPR, UNKNOWN);
      }
      const key = e.by !== undefined ? this.value(e.by, scope, NUMBER, `the key of \`${e.fn}\``).expr : undefined;
      if (key === undefined && over.elem.t !== 'number' && over.elem.t !== 'unknown') {
        this.cx.sink.error('type/mismatch', `\`sorted\` over ${describeType(over.elem)} needs a key: \`sorted(x in … by key)\``, scope.origin.file, e.range);
      }
      const expr: GExpr = { k: 'agg', fn, bind, over: over.expr };
      if (where !== undefined) expr.where = where;
      if (key !== undefined) expr.value = key;
      if (e.descending) expr.desc = true;
      return val(expr, fn === 'sorted' ? listOf(over.elem) : over.elem);
    });
  }

  private binary(e: Expr & { $type: 'BinaryExpr' }, scope: Scope): Operand {
    const op = e.op;
    if (op === 'and' || op === 'or') {
      const l = this.value(e.left, scope, BOOL, `the left side of \`${op}\``);
      const r = this.value(e.right, scope, BOOL, `the right side of \`${op}\``);
      return val({ k: 'bin', op, l: l.expr, r: r.expr }, BOOL);
    }
    if (op === '==' || op === '!=') {
      // An enum member only has a meaning next to the value it is compared with: lower that side first.
      // So do `none` and a piece name (`city == c.piece`).
      const leftIsBare = e.left?.$type === 'NameRef' && e.left.name !== undefined &&
        (this.isUnboundName(e.left.name.name, scope) || (!scope.locals.has(e.left.name.name) && this.cx.table.byName.get(e.left.name.name)?.kind === 'piece'));
      const first = leftIsBare ? e.right : e.left;
      const second = leftIsBare ? e.left : e.right;
      const a = this.value(first, scope);
      const guides = a.ty.t === 'enum' || (second?.$type === 'NameRef' && (a.ty.t === 'site' || a.ty.t === 'player' || a.ty.t === 'token' || a.ty.t === 'card'));
      const b = this.value(second, scope, guides ? a.ty : undefined);
      if (!comparable(a.ty, b.ty)) {
        // which side is which: each as written, with its type
        const [lt, rt] = leftIsBare ? [b.ty, a.ty] : [a.ty, b.ty];
        this.cx.sink.error('type/mismatch', `cannot compare the left side \`${shortText(e.left)}\` (${describeType(lt)}) with the right side \`${shortText(e.right)}\` (${describeType(rt)})`, scope.origin.file, e.range,
          '`==` and `!=` compare values of one type');
      }
      const [l, r] = leftIsBare ? [b, a] : [a, b];
      return val({ k: 'bin', op, l: l.expr, r: r.expr }, BOOL);
    }
    const l = this.value(e.left, scope, NUMBER, `the left side of \`${op}\``);
    const r = this.value(e.right, scope, NUMBER, `the right side of \`${op}\``);
    const isComparison = op === '<' || op === '<=' || op === '>' || op === '>=';
    return val({ k: 'bin', op, l: l.expr, r: r.expr }, isComparison ? BOOL : NUMBER);
  }

  /** A bare name that is neither local, declared nor a context name (so, possibly an enum member). */
  isUnboundName(name: string, scope: Scope): boolean {
    return !scope.locals.has(name) && !this.cx.table.byName.has(name) && !(CONTEXT_NAMES as readonly string[]).includes(name);
  }
}

function val(expr: GExpr, ty: Ty): Operand {
  return { k: 'value', expr, ty };
}

/** A graph expression's value when it is a number literal (`-3` included). */
function constantNumber(e: GExpr): number | undefined {
  if (e.k === 'lit' && typeof e.v === 'number') return e.v;
  if (e.k === 'neg' && e.e.k === 'lit' && typeof e.e.v === 'number') return -e.e.v;
  return undefined;
}

function rangeSize(e: GExpr & { k: 'range' }): number | undefined {
  const from = constantNumber(e.from);
  const to = constantNumber(e.to);
  return from === undefined || to === undefined ? undefined : Math.max(0, to - from + 1);
}

/** Whether a lowered expression is written out of constants: literals, tokens, lists and ranges of them, arithmetic on numbers. */
function isConstantExpr(e: GExpr): boolean {
  switch (e.k) {
    case 'lit': case 'token': return true;
    case 'list': return e.items.every(isConstantExpr);
    case 'range': return isConstantExpr(e.from) && isConstantExpr(e.to);
    default: return constantNumber(e) !== undefined;
  }
}

/** The enum a constant list of names stands for when nothing else declares them (`[red, yellow]`), else undefined. */
export function constEnum(node: ConstDecl, cx: { table: { byName: Map<string, unknown> }; enumIndex: Map<string, Ty> }): (Ty & { t: 'enum' }) | undefined {
  const value = node.value;
  if (value?.$type !== 'ListExpr' || value.items.length === 0) return undefined;
  const names: string[] = [];
  for (const item of value.items) {
    if (item?.$type !== 'NameRef' || !item.name) return undefined;
    const name = item.name.name;
    if (cx.table.byName.has(name) || name === 'none' || /^p[1-9][0-9]*$/.test(name)) return undefined;
    names.push(name);
  }
  const known = names.map((n) => cx.enumIndex.get(n));
  // members of one declared enum: that enum's type (a card field's `colour: red | yellow`)
  if (known[0] !== undefined && known.every((k) => k === known[0])) return known[0] as Ty & { t: 'enum' };
  return { t: 'enum', values: [...new Set(names)] };
}

/** an expression as written, cut short for a message */
function shortText(e: Expr | undefined): string {
  if (e === undefined) return '…';
  const text = printExpr(e);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
