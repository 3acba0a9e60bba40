import type { AskStmt as GAskStmt, CardSpec as GCardSpec, Expr as GExpr, PoolRef, Stmt, Value, ZoneRef } from '@houserules/schema';
import type { AskStmt, CardSpec, Expr, Identifier, Statement } from '@houserules/syntax';
import { piecesOn } from './board-facts.ts';
import { BUILTIN_EVENTS } from '@houserules/schema';
import { aKindWord, kindWord } from './declaration-table.ts';
import { constantValue } from './constant-value.ts';
import type { ExprLowerer, Operand } from './lower-expr.ts';
import { bindLocal, declareLocal, type LoweringContext, type Scope } from './lowering-context.ts';
import { didYouMean } from './suggest-name.ts';
import { BOOL, CARD, NUMBER, PLAYER, describeType, listOf, type Ty } from './type-system.ts';

/** The cards one range in a card spec may make (`number_card(1..100)`); the graph's own card budgets apply after. */
const MAX_CARDS_PER_RANGE = 10_000;

const BUILTIN_EVENT_PARAMS = new Map(BUILTIN_EVENTS.map((e) => [e.name, e.params.map((p) => p.type as Ty)]));

/** Lowers statements of a rule, action or `then` block (resolving names and checking types on the way). */
export class StmtLowerer {
  constructor(private readonly cx: LoweringContext, private readonly ex: ExprLowerer) {}

  block(stmts: Statement[] | undefined, scope: Scope): Stmt[] {
    const out: Stmt[] = [];
    for (const s of stmts ?? []) {
      if (!s) continue;
      const lowered = this.stmt(s, scope);
      if (lowered) out.push(lowered);
    }
    return out;
  }

  /** The parameter types of an event by name (declared, step or builtin), or undefined when there is none. */
  eventParams(name: string): Ty[] | undefined {
    const decl = this.cx.table.byName.get(name);
    if (decl?.kind === 'event') return (decl.node.params ?? []).map((p) => this.cx.typeFromRef(p.type, decl.origin));
    if (this.cx.stepEvents.has(name)) return [];
    return BUILTIN_EVENT_PARAMS.get(name);
  }

  eventNames(): string[] {
    const declared = [...this.cx.table.byName.values()].filter((d) => d.kind === 'event').map((d) => d.name);
    return [...declared, ...this.cx.stepEvents.keys(), ...BUILTIN_EVENT_PARAMS.keys()];
  }

  private stmt(s: Statement, scope: Scope): Stmt | null {
    const cx = this.cx;
    const ex = this.ex;
    switch (s.$type) {
      case 'MoveTokensStmt': {
        const tokenValue = s.token ? this.tokenValue(s.token, scope) : undefined;
        if (tokenValue) {
          // `move 1 t from bank to p.hand` with t a token-typed local or derived value
          const amount = s.amount === 'all' ? null : ex.value(s.amount, scope, NUMBER, 'the amount moved').expr;
          const from = this.pool(s.from, scope, undefined);
          const to = this.pool(s.to, scope, undefined);
          return from && to ? { s: 'moveOf', token: tokenValue, amount, from, to } : null;
        }
        const token = s.token ? this.token(s.token, scope) : undefined;
        const amount = s.amount === 'all' ? null : ex.value(s.amount, scope, NUMBER, 'the amount moved').expr;
        const from = this.pool(s.from, scope, token);
        const to = this.pool(s.to, scope, token);
        if (!token || !from || !to) return null;
        return { s: 'move', token, amount, from, to };
      }
      case 'MoveCardStmt': {
        const card = ex.value(s.card, scope, CARD, 'the card moved').expr;
        const to = this.zone(s.to, scope, 'write');
        return to ? { s: 'moveCard', card, to, position: s.position ?? 'top' } : null;
      }
      case 'MoveCardsStmt': {
        const from = this.zone(s.from, scope, 'write');
        const to = this.zone(s.to, scope, 'write');
        return from && to ? { s: 'moveCards', from, to } : null;
      }
      case 'SetStmt': {
        if (!s.target) return null;
        const target = ex.operand(s.target, scope, undefined, 'write');
        if (target.k === 'value' && target.expr.k === 'siteAttr' && (target.expr.attr === 'value' || target.expr.attr === 'kind')) {
          // a hex's number or kind: fixed by the board's set-up, arranged only by a test
          const value = ex.value(s.value, scope, target.ty, 'the new value').expr;
          if (!scope.nodeId.startsWith('test')) {
            cx.sink.error('type/not-assignable', `a hex's ${target.expr.attr === 'value' ? 'number' : 'kind'} is the board's: only a test's \`arrange\` sets it`, scope.origin.file, s.target.range,
              'the board deals kinds and numbers as it is declared (`kinds …`, `values …`); a rule can keep a number of its own in a `per hex` var');
            return null;
          }
          return { s: 'setHex', attr: target.expr.attr, hex: target.expr.of, value };
        }
        if (target.k !== 'value' || target.expr.k !== 'var') {
          if (!(target.k === 'value' && target.ty.t === 'unknown')) {
            cx.sink.error('type/not-assignable', 'only a var can be set', scope.origin.file, s.target.range,
              target.k === 'pool' ? 'pools change with `move … from … to …`' : 'declare it with `var name: type = value`, or use `let` for a local');
          }
          ex.value(s.value, scope);
          return null;
        }
        const value = ex.value(s.value, scope, target.ty, 'the new value').expr;
        const out: Stmt = { s: 'set', var: target.expr.id, value };
        if (target.expr.of !== undefined) out.of = target.expr.of;
        if (target.expr.key !== undefined) out.key = target.expr.key;
        return out;
      }
      case 'LetStmt': {
        const value = ex.value(s.value, scope);
        const name = bindLocal(scope, s.name, value.ty);
        return { s: 'let', name, value: value.expr };
      }
      case 'IfStmt': {
        const cond = ex.value(s.condition, scope, BOOL, 'the condition').expr;
        return { s: 'if', cond, then: this.block(s.then, scope), else: this.block(s.else, scope) };
      }
      case 'ForStmt': {
        const over = ex.collection(s.collection, scope);
        const bind = bindLocal(scope, s.binding, over.elem);
        const out: Stmt = { s: 'for', bind, over: over.expr, body: [] };
        if (s.where) out.where = ex.value(s.where, scope, BOOL, 'the `where` condition').expr;
        out.body = this.block(s.body, scope);
        return out;
      }
      case 'EmitStmt': {
        if (!s.event) return null;
        const name = s.event.name;
        const params = this.eventParams(name);
        const args = s.args ?? [];
        if (params) scope.recorder?.reference(scope.origin.file, s.event, { k: 'event', name }, 'read');
        if (!params) {
          cx.sink.error('resolve/unknown-event', `there is no event \`${name}\``, scope.origin.file, s.event.range,
            didYouMean(name, this.eventNames()) ?? `declare it: \`event ${name}\``);
          for (const a of args) ex.value(a, scope);
          return null;
        }
        if (args.length !== params.length) {
          cx.sink.error('type/arity', `event \`${name}\` has ${params.length} parameter${params.length === 1 ? '' : 's'}, but ${args.length} value${args.length === 1 ? ' is' : 's are'} emitted`,
            scope.origin.file, s.range, `write \`emit ${name}${params.length ? `(${params.map(describeType).join(', ')})` : ''}\``);
        }
        const lowered = args.map((a, i) => ex.value(a, scope, params[i], `argument ${i + 1} of \`${name}\``).expr);
        cx.emitted.add(`event:${name}`);
        cx.addEdge(scope.owner, `event:${name}`, 'emits');
        return { s: 'emit', event: `event:${name}`, args: lowered };
      }
      case 'ShuffleStmt': {
        const zone = this.zone(s.zone, scope, 'write');
        return zone ? { s: 'shuffle', zone } : null;
      }
      case 'RevealStmt': {
        const from = this.zone(s.from, scope, 'write');
        const to = this.zone(s.to, scope, 'write');
        const bind = bindLocal(scope, s.binding, CARD);
        return from && to ? { s: 'reveal', from, to, bind, hidden: s.mode === 'draw' } : null;
      }
      case 'RollStmt': {
        const bind = declareLocal(scope, s.binding, NUMBER);
        cx.emitted.add('event:dice_rolled');
        cx.addEdge(scope.owner, 'event:dice_rolled', 'emits');
        return { s: 'roll', dice: s.dice ?? 1, sides: s.sides ?? 6, bind };
      }
      case 'PickStmt': {
        const over = ex.collection(s.collection, scope);
        const bind = bindLocal(scope, s.binding, over.elem);
        const out: Stmt = { s: 'pick', bind, over: over.expr };
        if (s.where) out.where = ex.value(s.where, scope, BOOL, 'the `where` condition').expr;
        if (s.weight) out.weight = ex.value(s.weight, scope, NUMBER, 'the weight').expr;
        return out;
      }
      case 'AskStmt': return this.ask(s, scope);
      case 'EndStmt': {
        const out: Stmt = { s: 'end', scope: s.scope ?? 'game' };
        if (s.winners) out.winners = ex.value(s.winners, scope, listOf(PLAYER), 'the winners').expr;
        return out;
      }
      case 'PlaceStmt': {
        const piece = s.piece ? cx.table.byName.get(s.piece.name) : undefined;
        if (s.piece && piece?.kind === 'piece') scope.recorder?.reference(scope.origin.file, s.piece, { k: 'decl', decl: piece }, 'write');
        if (s.piece && piece?.kind !== 'piece') {
          const pieces = [...cx.table.byName.values()].filter((d) => d.kind === 'piece').map((d) => d.name);
          cx.sink.error(piece ? 'type/mismatch' : 'resolve/unknown-name', piece ? `\`${s.piece.name}\` is ${aKindWord(piece.kind)}, not a piece` : `there is no piece \`${s.piece.name}\``,
            scope.origin.file, s.piece.range, didYouMean(s.piece.name, pieces));
        }
        const at = ex.value(s.at, scope);
        const out: Stmt = { s: 'place', piece: `piece:${s.piece?.name ?? '?'}`, at: at.expr };
        if (s.owner) out.owner = ex.value(s.owner, scope, PLAYER, 'the owner').expr;
        if (piece?.kind !== 'piece') return null;
        ex.sites.checkSite(at, piece, s.at?.range ?? s.range, scope);
        if ((piece.node.perPlayer ?? false) && !s.owner) {
          cx.sink.error('resolve/needs-player', `\`${piece.name}\` is per player: say whose`, scope.origin.file, s.piece.range,
            `write \`place ${piece.name} of p at …\``);
        }
        ex.touch(piece, scope, 'write');
        return out;
      }
      case 'RemovePieceStmt': {
        const at = ex.value(s.at, scope);
        if (at.ty.t === 'site') {
          for (const p of piecesOn(cx.table, at.ty.site)) ex.touch(p, scope, 'write');
        } else if (at.ty.t !== 'unknown') {
          cx.sink.error('type/mismatch', `a piece is removed from a site; this is ${describeType(at.ty)}`, scope.origin.file, s.at?.range ?? s.range,
            'write `remove piece at c` with c a hex, corner or edge');
          return null;
        }
        return { s: 'removePiece', at: at.expr };
      }
      case 'StackStmt': {
        const zone = this.zone(s.zone, scope, 'write');
        const cards = (s.cards ?? []).flatMap((c) => this.cardSpecs(c, scope));
        return zone ? { s: 'stack', zone, cards } : null;
      }
      case 'ShowStmt': {
        // `show X to P` / `let P look at X` (docs/language.md, "Who knows what")
        const shown = ex.value(s.cards, scope);
        let cards: GExpr | null = null;
        if (shown.ty.t === 'card') cards = { k: 'list', items: [shown.expr] };
        else if (shown.ty.t === 'list' && shown.ty.of.t === 'card') cards = shown.expr;
        else if (shown.ty.t !== 'unknown') {
          cx.sink.error('type/mismatch', `only cards can be shown or looked at; this is ${describeType(shown.ty)}`, scope.origin.file, s.cards?.range ?? s.range,
            'show a card, a zone (`q.hand`) or a list of cards');
        }
        const who = ex.value(s.to, scope);
        let to: GExpr | null = null;
        if (who.ty.t === 'player') to = { k: 'list', items: [who.expr] };
        else if (who.ty.t === 'list' && who.ty.of.t === 'player') to = who.expr;
        else if (who.ty.t !== 'unknown') {
          cx.sink.error('type/mismatch', `cards are shown to players; this is ${describeType(who.ty)}`, scope.origin.file, s.to?.range ?? s.range,
            'write a player (`current`, `q`) or a list of players (`players`)');
        }
        return cards && to ? { s: 'show', cards, to } : null;
      }
    }
    return null;
  }

  private ask(s: AskStmt, scope: Scope): Stmt | null {
    const cx = this.cx;
    const ex = this.ex;
    const id = `${scope.nodeId}/ask${++scope.asks.n}`;
    // `otherwise` runs when nobody is asked: lowered before the ask binds its chooser and choice, which it cannot read
    const otherwise = s.otherwise !== undefined ? this.block(s.otherwise, scope) : undefined;
    // the choice's name (`as NAME`) travels with it: reports and readers name the choice as the author does
    const named = s.name?.name;
    const withOtherwise = (ask: GAskStmt): GAskStmt => {
      const out = otherwise !== undefined ? { ...ask, otherwise } : ask;
      return named !== undefined && named !== '' ? { ...out, name: named } : out;
    };
    let who: GAskStmt['who'];
    if (!s.who) return null;
    if (s.who.$type === 'AskSingle') {
      who = { single: ex.value(s.who.player, scope, PLAYER, 'the chooser').expr };
    } else {
      const over = ex.collection(s.who.collection, scope);
      const each = bindLocal(scope, s.who.binding, over.elem);
      who = { each, over: over.expr };
      if (s.who.where) who.where = ex.value(s.who.where, scope, BOOL, 'the `where` condition').expr;
    }
    let choice: GAskStmt['choice'];
    if (!s.choice) return null;
    if (s.choice.$type === 'ChooseBinding') {
      const over = ex.collection(s.choice.collection, scope);
      const bind = bindLocal(scope, s.choice.binding, over.elem);
      this.nameChoice(s, scope, id, over.elem);
      choice = { bind, over: over.expr };
      if (s.choice.where) choice.where = ex.value(s.choice.where, scope, BOOL, 'the `where` condition').expr;
    } else {
      if (!s.choice.target) return null;
      const target = ex.operand(s.choice.target, scope, undefined, 'write');
      const tokenChoice = target.k === 'value' && target.ty.t === 'token' && target.ty.group !== undefined ? target.ty.group : undefined;
      if (target.k === 'value' && target.expr.k === 'var' && target.expr.of !== undefined && tokenChoice !== undefined) {
        // a token of a group: the choices are the group's token ids
        const group = cx.table.byName.get(tokenChoice.slice('group:'.length));
        const values = group?.kind === 'group' ? (group.node.names ?? []).map((n) => `token:${n.name}`) : [];
        this.nameChoice(s, scope, id, target.ty);
        const then = this.block(s.then, scope);
        cx.addEdge(scope.owner, target.expr.id, 'asks');
        return withOtherwise({ s: 'ask', id, who, choice: { var: target.expr.id, values }, secret: s.secretly ?? false, then });
      }
      if (target.k !== 'value' || target.expr.k !== 'var' || target.ty.t !== 'enum' || target.expr.of === undefined) {
        if (!(target.k === 'value' && target.ty.t === 'unknown')) {
          cx.sink.error('type/mismatch', 'a choice must be a per-player var with a choice type (`var plan: a | b = a`)', scope.origin.file, s.choice.target.range,
            'or choose from a collection: `choose x in <collection>`');
        }
        return null;
      }
      choice = { var: target.expr.id, values: [...target.ty.values] };
      this.nameChoice(s, scope, id, target.ty);
      cx.addEdge(scope.owner, target.expr.id, 'asks');
    }
    const then = this.block(s.then, scope);
    return withOtherwise({ s: 'ask', id, who, choice, secret: s.secretly ?? false, then });
  }

  /**
   * Records `as NAME`, so constraints can target the ask. A name is unique among
   * choices and declarations; the first ask keeps it (an overridden rule is
   * lowered after the active ones, so the active ask wins).
   */
  private nameChoice(s: AskStmt, scope: Scope, askId: string, value: Ty): void {
    const ident = s.name;
    if (!ident?.name) return;
    const cx = this.cx;
    const declared = cx.table.byName.get(ident.name);
    const earlier = cx.namedChoices.get(ident.name);
    if (declared) {
      cx.sink.error('resolve/duplicate', `\`${ident.name}\` already names ${aKindWord(declared.kind)}`, scope.origin.file, ident.range, 'give the choice another name',
        [{ message: `the ${kindWord(declared.kind)} is declared here`, file: declared.origin.file, range: declared.ident.range }]);
      return;
    }
    if (earlier) {
      cx.sink.error('resolve/duplicate', `\`${ident.name}\` already names a choice`, scope.origin.file, ident.range, 'give one of them another name',
        [{ message: 'the other choice is named here', file: earlier.origin.file, range: earlier.ident.range }]);
      return;
    }
    cx.namedChoices.set(ident.name, { askId, nodeId: scope.nodeId, value, origin: scope.origin, ident });
    scope.recorder?.declaration(scope.origin.file, ident, { k: 'choice', name: ident.name });
  }

  /** The token a `move` names when it is a value (a token-typed local or derived value), else undefined. */
  private tokenValue(ident: Identifier, scope: Scope): GExpr | undefined {
    const local = scope.locals.get(ident.name);
    const decl = local ? undefined : this.cx.table.byName.get(ident.name);
    const isTokenDerived = decl?.kind === 'derive' && this.cx.declType(decl).t === 'token';
    if (local?.t !== 'token' && !isTokenDerived) return undefined;
    return this.ex.value({ $type: 'NameRef', name: ident, range: ident.range }, scope).expr;
  }

  /** A token name, as its id; undefined after a diagnostic. */
  private token(ident: Identifier, scope: Scope): string | undefined {
    const name = ident.name;
    const range = ident.range;
    const decl = this.cx.table.byName.get(name);
    if (decl?.kind === 'token') {
      scope.recorder?.reference(scope.origin.file, ident, { k: 'decl', decl }, 'read');
      return `token:${name}`;
    }
    const tokens = [...this.cx.table.byName.values()].filter((d) => d.kind === 'token').map((d) => d.name);
    this.cx.sink.error('resolve/unknown-token', decl ? `\`${name}\` is ${aKindWord(decl.kind)}, not a token` : `there is no token \`${name}\``,
      scope.origin.file, range, didYouMean(name, tokens) ?? `tokens: ${tokens.join(', ') || 'none declared'}`);
    return undefined;
  }

  /** The pool a `move` takes from or gives to. */
  private pool(e: Expr | undefined, scope: Scope, token: string | undefined): PoolRef | undefined {
    if (!e) return undefined;
    if (e.$type === 'NameRef' && e.name && this.ex.isUnboundName(e.name.name, scope)) {
      // A move names its pools: an undeclared name there is a missing pool.
      const pools = [...this.cx.table.byName.values()].filter((d) => d.kind === 'pool' && d.scope === 'global').map((d) => d.name);
      this.cx.sink.error('resolve/not-a-pool', `there is no pool \`${e.name.name}\``, scope.origin.file, e.name.range,
        didYouMean(e.name.name, pools) ?? `declare it: \`pool ${e.name.name} { … }\``);
      return undefined;
    }
    const op: Operand = this.ex.operand(e, scope, undefined, 'write');
    if (op.k !== 'pool') {
      if (op.ty.t !== 'unknown') {
        const pools = [...this.cx.table.byName.values()].filter((d) => d.kind === 'pool').map((d) => d.name);
        this.cx.sink.error('resolve/not-a-pool', `tokens move between pools; this is ${describeType(op.ty)}`, scope.origin.file, e.range,
          e.$type === 'NameRef' && e.name ? (didYouMean(e.name.name, pools) ?? `pools: ${pools.join(', ') || 'none declared'}`) : `pools: ${pools.join(', ') || 'none declared'}`);
      }
      return undefined;
    }
    if (token !== undefined) {
      const tokenName = token.slice('token:'.length);
      if (!this.cx.poolTokens(op.decl).has(tokenName)) {
        this.cx.sink.error('resolve/unknown-member', `pool \`${op.decl.name}\` holds no \`${tokenName}\``, scope.origin.file, e.range,
          `add \`${tokenName}\` to the entries of pool \`${op.decl.name}\``);
      }
    }
    return op.ref;
  }

  /** The zone a card statement uses. Zones are marked written (touched) by these statements. */
  zone(e: Expr | undefined, scope: Scope, access: 'read' | 'write'): ZoneRef | undefined {
    if (!e) return undefined;
    const op = this.ex.operand(e, scope, undefined, access);
    if (op.k === 'value' && op.expr.k === 'zone') {
      const ref: ZoneRef = { zone: op.expr.id };
      if (op.expr.of !== undefined) ref.of = op.expr.of;
      return ref;
    }
    if (op.k === 'pool' || op.ty.t !== 'unknown') {
      const zones = [...this.cx.table.byName.values()].filter((d) => d.kind === 'zone').map((d) => d.name);
      this.cx.sink.error('resolve/not-a-zone', 'cards move between zones; this is not a zone', scope.origin.file, e.range,
        e.$type === 'NameRef' && e.name ? (didYouMean(e.name.name, zones) ?? `zones: ${zones.join(', ') || 'none declared'}`) : `zones: ${zones.join(', ') || 'none declared'}`);
    }
    return undefined;
  }

  /**
   * A spec with a range for a number field (`number_card(3..35)`: 33 cards numbered 3 to 35) is
   * one spec per number, in order (the first on top); `2 of number_card(1..5)` is two of each.
   */
  cardSpecs(spec: CardSpec, scope: Scope): GCardSpec[] {
    const args = spec.args ?? [];
    const ranged = args.findIndex((a) => a?.value?.$type === 'RangeExpr');
    const listed = ranged < 0 ? args.findIndex((a) => a !== undefined && this.isListArgument(a.value)) : -1;
    if (listed >= 0) return this.cardSpecsOverList(spec, listed, scope);
    if (ranged < 0) {
      const one = this.cardSpec(spec, scope);
      return one ? [one] : [];
    }
    const arg = args[ranged]!;
    const range = arg.value as Extract<Expr, { $type: 'RangeExpr' }>;
    const from = constantValue(this.ex.value(range.from, scope, NUMBER, 'the start of a card range').expr);
    const to = constantValue(this.ex.value(range.to, scope, NUMBER, 'the end of a card range').expr);
    if (typeof from !== 'number' || typeof to !== 'number') {
      this.cx.sink.error('type/mismatch', 'a card range needs constant numbers at both ends', scope.origin.file, range.range, 'e.g. `number_card(3..35)`');
      return [];
    }
    if (from > to) {
      this.cx.sink.error('type/empty-range', `\`${from}..${to}\` numbers no card: ${from} is more than ${to}`, scope.origin.file, range.range, `write \`${to}..${from}\``);
      return [];
    }
    if (to - from + 1 > MAX_CARDS_PER_RANGE) {
      this.cx.sink.error('limit/card-range', `\`${from}..${to}\` would make ${to - from + 1} cards; a card range makes at most ${MAX_CARDS_PER_RANGE}`, scope.origin.file, range.range);
      return [];
    }
    const out: GCardSpec[] = [];
    for (let n = from; n <= to; n++) {
      const literal: Expr = { $type: 'NumberLit', value: n, range: range.range };
      const one = this.cardSpec({ ...spec, args: args.map((a, i) => (i === ranged ? { ...arg, value: literal } : a)) }, scope);
      if (!one) return out;
      out.push(one);
    }
    return out;
  }

  /** an argument of a card spec that stands for several values: a list written out, or a constant list */
  private isListArgument(e: Expr | undefined): boolean {
    if (e?.$type === 'ListExpr') return true;
    const decl = e?.$type === 'NameRef' && e.name !== undefined ? this.cx.table.byName.get(e.name.name) : undefined;
    return decl?.kind === 'const' && this.ex.constValue(decl).ty.t === 'list';
  }

  /**
   * A card argument given a list (`tile(colours, 1)`, `tile([red, blue], 1)`): one spec per
   * element, in order, as a range does; with more such arguments, every combination.
   */
  private cardSpecsOverList(spec: CardSpec, at: number, scope: Scope): GCardSpec[] {
    const args = spec.args ?? [];
    const arg = args[at]!;
    const lowered = this.ex.value(arg.value, scope).expr;
    const from = lowered.k === 'range' ? constantValue(lowered.from) : undefined;
    const to = lowered.k === 'range' ? constantValue(lowered.to) : undefined;
    const span = typeof from === 'number' && typeof to === 'number' ? Math.max(0, to - from + 1) : 0;
    if (span > MAX_CARDS_PER_RANGE) {
      this.cx.sink.error('limit/card-range', `\`${from}..${to}\` would make ${span} cards; a card range makes at most ${MAX_CARDS_PER_RANGE}`, scope.origin.file, arg.range);
      return [];
    }
    // a constant range (`const ranks = 1..5`) goes number by number
    const items: GExpr[] = lowered.k === 'list' ? lowered.items : Array.from({ length: span }, (_, k) => ({ k: 'lit', v: (from as number) + k }));
    const out: GCardSpec[] = [];
    for (const item of items) {
      const value: Expr | undefined =
        item.k === 'lit' && typeof item.v === 'number' ? { $type: 'NumberLit', value: item.v, range: arg.range }
        : item.k === 'lit' && typeof item.v === 'boolean' ? { $type: 'BoolLit', value: item.v, range: arg.range }
        : item.k === 'lit' && typeof item.v === 'string' ? { $type: 'NameRef', name: { $type: 'Identifier', name: item.v, range: arg.range }, range: arg.range }
        : item.k === 'token' ? { $type: 'NameRef', name: { $type: 'Identifier', name: item.id.slice('token:'.length), range: arg.range }, range: arg.range }
        : undefined;
      if (value === undefined) {
        this.cx.sink.error('type/mismatch', 'a card argument given a list needs a list of constants', scope.origin.file, arg.range, 'e.g. `tile(colours, 1)` with `const colours = [red, blue]`');
        return out;
      }
      out.push(...this.cardSpecs({ ...spec, args: args.map((a, i) => (i === at ? { ...arg, value } : a)) }, scope));
      if (out.length > MAX_CARDS_PER_RANGE) {
        this.cx.sink.error('limit/card-range', `\`${spec.kind?.name ?? 'card'}(…)\` would make more than ${MAX_CARDS_PER_RANGE} cards`, scope.origin.file, spec.range);
        return [];
      }
    }
    return out;
  }

  /** `3 of trap(spiders)` → { kind, count, fields } with positional arguments named by the card's fields. */
  cardSpec(spec: CardSpec, scope: Scope): GCardSpec | null {
    const cx = this.cx;
    if (!spec.kind) return null;
    const kind = this.ex.cardKind(spec.kind, scope);
    if (!kind) return null;
    const decl = cx.table.byName.get(spec.kind.name);
    if (decl?.kind !== 'card') return null;
    const fields = (decl.node.fields ?? []).filter((f) => f?.name);
    const values: Record<string, Value> = {};
    const args = spec.args ?? [];
    let positional = 0;
    for (const arg of args) {
      if (!arg) continue;
      const field = arg.name ? fields.find((f) => f.name.name === arg.name!.name) : fields[positional++];
      if (field && arg.name) scope.recorder?.reference(scope.origin.file, arg.name, { k: 'field', card: decl, field }, 'read');
      if (!field) {
        if (arg.name) {
          cx.sink.error('resolve/unknown-member', `a ${decl.name} card has no field \`${arg.name.name}\``, scope.origin.file, arg.name.range,
            didYouMean(arg.name.name, fields.map((f) => f.name.name)));
        } else {
          cx.sink.error('type/arity', `a ${decl.name} card has ${fields.length} field${fields.length === 1 ? '' : 's'}; this is one value too many`, scope.origin.file, arg.range);
        }
        continue;
      }
      const lowered = this.ex.value(arg.value, scope, cx.typeFromRef(field.type, decl.origin), `field \`${field.name.name}\``);
      // a token of a group is a constant too: its id (the engine interns the tokens' ids first, so it encodes as the token)
      const constant = lowered.expr.k === 'token' ? lowered.expr.id : constantValue(lowered.expr);
      if (constant === undefined) {
        if (lowered.ty.t !== 'unknown') cx.sink.error('type/mismatch', `field \`${field.name.name}\` of a card must be a constant`, scope.origin.file, arg.range);
        values[field.name.name] = 0;
        continue;
      }
      values[field.name.name] = constant;
    }
    const missing = fields.filter((f) => !(f.name.name in values));
    if (missing.length > 0) {
      cx.sink.error('type/arity', `a ${decl.name} card needs ${missing.map((f) => `\`${f.name.name}\``).join(', ')}`, scope.origin.file, spec.range,
        `write \`${decl.name}(${fields.map((f) => f.name.name).join(', ')})\``);
    }
    const count = spec.count ?? 1;
    if (count < 1) cx.sink.error('type/mismatch', 'a card count must be at least 1', scope.origin.file, spec.range);
    return { kind, count: Math.max(1, count), fields: values };
  }
}

