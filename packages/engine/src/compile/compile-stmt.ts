import { collectionType, walkNodes, type CardSpec, type Expr, type RuleGraph, type Stmt, type Value } from '@houserules/schema';
import type { RunState } from '../run/run-state.ts';
import { ExprCompiler, Scope } from './compile-expr.ts';
import type { AskInfo, ConstraintInfo, ExprFn, ListFn, StmtFn } from '../load/loaded-graph.ts';
import { generateBlock } from './stmt-codegen.ts';
import { placePiece, removePiece } from '../run/board-ops.ts';
import { readsOuterLocal } from './name-bindings.ts';
import { STRING_BASE } from '../load/value-codec.ts';
import { STREAM_OTHER } from '../run/chance-streams.ts';
import { logPicked } from '../run/chance-draws.ts';
import { END_NONE, END_PHASE, END_ROUND, END_TURN } from '../run/flow-frame.ts';
import { filledArray } from '../run/packed-array.ts';
import { movedCard, tokenSlot } from '../run/address-checks.ts';
import { cardExprWords } from './expr-words.ts';
import { poolPlan, slotClosure } from './slot-plans.ts';
import { idWord, siteWord } from '../run/author-words.ts';
import { BOARD_CONTENTS } from '../run/state-versions.ts';


const noop: StmtFn = () => undefined;

/** Compiles statements to closures; also collects the asks it meets. */
export class StmtCompiler extends ExprCompiler {
  readonly asks: AskInfo[] = [];
  private readonly askScopes: Scope[] = [];
  /** constraints by target (action id or name, ask id, var id or name) */
  readonly constraintsByTarget = new Map<string, ConstraintInfo[]>();
  /** each roll's and pick's chance stream (chance-streams.ts); statements not in it (a test's) draw from STREAM_OTHER */
  chanceStreams = new Map<Stmt, number>();

  constructor(graph: RuleGraph, options: Readonly<Record<string, Value>> = {}) {
    super(graph, options);
  }

  compileConstraints(): void {
    for (const c of this.graph.constraints) {
      if (c.status !== 'active') continue;
      const scope = new Scope(this.alloc);
      this.label = `constraint/${c.name}`;
      const info: ConstraintInfo = {
        id: c.id,
        name: c.name,
        forbid: c.kind === 'forbid',
        slots: Int32Array.from(c.bindings.map((b) => scope.slot(b))),
        condition: this.expr(c.condition, scope),
        reads: leadingBindingsRead(c.condition, c.bindings),
        reason: c.reason,
        provenance: c.provenance,
      };
      const list = this.constraintsByTarget.get(c.target) ?? [];
      list.push(info);
      this.constraintsByTarget.set(c.target, list);
    }
  }

  constraintsFor(...keys: string[]): ConstraintInfo[] {
    const out: ConstraintInfo[] = [];
    for (const k of keys) for (const c of this.constraintsByTarget.get(k) ?? []) if (!out.includes(c)) out.push(c);
    return out;
  }

  /** Fills in each ask's saved-locals range once its enclosing scope is complete. */
  finishAsks(): void {
    this.asks.forEach((a, i) => {
      const s = this.askScopes[i]!;
      a.scopeLo = s.lo === Number.MAX_SAFE_INTEGER ? 0 : s.lo;
      a.scopeHi = s.hi;
    });
  }

  /** a whole body as one generated function (rules and actions); closures when code generation is off */
  body(stmts: Stmt[], scope: Scope): StmtFn {
    if (this.codegen && stmts.length > 0) {
      return generateBlock(this, stmts, scope);
    }
    return this.block(stmts, scope);
  }

  block(stmts: Stmt[], scope: Scope): StmtFn {
    const fns = stmts.map((s) => this.stmt(s, scope));
    if (fns.length === 0) return noop;
    if (fns.length === 1) return fns[0]!;
    if (fns.length === 2) {
      const [a, b] = fns as [StmtFn, StmtFn];
      return (g) => {
        a(g);
        if (!g.halt) b(g);
      };
    }
    if (fns.length === 3) {
      const [a, b, c] = fns as [StmtFn, StmtFn, StmtFn];
      return (g) => {
        a(g);
        if (g.halt) return;
        b(g);
        if (!g.halt) c(g);
      };
    }
    return (g) => {
      for (let i = 0; i < fns.length; i++) {
        fns[i]!(g);
        if (g.halt) return;
      }
    };
  }

  /** Evaluates a value for `let`: a collection is copied, so later changes do not show through. */
  private value(e: Expr, scope: Scope): { fn: (g: RunState) => number | number[]; list: boolean } {
    if (this.isList(e, scope)) {
      const src = this.list(e, scope);
      return {
        list: true,
        fn: (g) => {
          src(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev;
          const out = new Array<number>(len);
          for (let k = 0; k < len; k++) out[k] = rev ? arr[len - 1 - k]! : arr[k]!;
          return out;
        },
      };
    }
    return { list: false, fn: this.expr(e, scope) };
  }

  stmt(s: Stmt, scope: Scope): StmtFn {
    switch (s.s) {
      case 'move': {
        const from = this.poolSlot(s.from.pool, s.token, s.from.of, scope);
        const to = this.poolSlot(s.to.pool, s.token, s.to.of, scope);
        const amount = s.amount === null ? null : this.expr(s.amount, scope);
        const fromName = s.from.pool;
        const toName = s.to.pool;
        return (g) => {
          const a = from(g);
          if (a < 0) return;
          const b = to(g);
          if (b < 0) return;
          const n = amount === null ? Math.max(0, g.counts[a]!) : amount(g);
          if (g.halt) return;
          g.moveTokens(a, b, n, fromName, toName);
        };
      }
      case 'moveCard': {
        const card = this.expr(s.card, scope);
        const to = this.zoneInstance(s.to.zone, s.to.of, scope);
        const top = s.position === 'top';
        const what = cardExprWords(s.card);
        return (g) => {
          const c = card(g);
          if (g.halt || movedCard(g, c, what) < 0) return;
          const z = to(g);
          if (z < 0) return;
          g.moveCard(c, z, top);
        };
      }
      case 'moveCards': {
        const from = this.zoneInstance(s.from.zone, s.from.of, scope);
        const to = this.zoneInstance(s.to.zone, s.to.of, scope);
        return (g) => {
          const a = from(g);
          const b = to(g);
          if (a < 0 || b < 0) return;
          g.moveAllCards(a, b);
        };
      }
      case 'set': {
        const slot = this.varSlot(s.var, s.of, scope, s.key);
        const value = this.expr(s.value, scope);
        const resource = this.varResource(s.var);
        return (g) => {
          const v = value(g);
          const i = slot(g);
          if (i >= 0) {
            g.vars[i] = v;
            g.ver[resource]!++;
          }
        };
      }
      case 'let': {
        const slot = scope.slot(s.name);
        const { fn, list } = this.value(s.value, scope);
        if (list) scope.listSlots.add(slot);
        if (list) {
          return (g) => {
            g.lists[slot] = fn(g) as number[];
          };
        }
        return (g) => {
          g.locals[slot] = fn(g) as number;
        };
      }
      case 'if': {
        const cond = this.expr(s.cond, scope);
        const then = this.block(s.then, scope);
        const otherwise = this.block(s.else, scope);
        return (g) => {
          if (cond(g) !== 0) then(g);
          else otherwise(g);
        };
      }
      case 'for': {
        const src = this.list(s.over, scope);
        const slot = scope.slot(s.bind);
        const where = s.where ? this.expr(s.where, scope) : null;
        const body = this.block(s.body, scope);
        if (s.over.k === 'players') {
          return (g) => {
            const L = g.locals;
            for (let p = 0, np = g.playerCount; p < np; p++) {
              L[slot] = p;
              if (where !== null && where(g) === 0) continue;
              body(g);
              if (g.halt) return;
            }
          };
        }
        // The loop walks a copy, so a body that moves cards does not disturb it.
        const buf: number[] = [];
        const label = this.label.replace('/', ' ');
        return (g) => {
          src(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev;
          if (!g.countLoop(len, label)) return;
          for (let k = 0; k < len; k++) buf[k] = rev ? arr[len - 1 - k]! : arr[k]!;
          const L = g.locals;
          for (let k = 0; k < len; k++) {
            L[slot] = buf[k]!;
            if (where !== null && where(g) === 0) continue;
            body(g);
            if (g.halt) return;
          }
        };
      }
      case 'emit': {
        const ev = this.need(this.eventIx, s.event, 'event');
        const params = this.graph.events[ev]?.params ?? [];
        if (params.some((p) => p.type.t === 'list')) {
          // a list argument travels as a fresh array in the queue's slot for it (the rules' binding reads it as a list)
          const values = s.args.map((a, k) => (params[k]?.type.t === 'list' ? (this.listCopy(a, scope) as unknown as (g: RunState) => number) : this.expr(a, scope)));
          const out = filledArray(Math.max(1, values.length), 0);
          return (g) => {
            for (let k = 0; k < values.length; k++) out[k] = values[k]!(g);
            g.enqueue(ev, out, values.length);
          };
        }
        const args = s.args.map((a) => this.expr(a, scope));
        const tmp = new Int32Array(Math.max(1, args.length));
        return (g) => {
          for (let k = 0; k < args.length; k++) tmp[k] = args[k]!(g);
          g.enqueue(ev, tmp, args.length);
        };
      }
      case 'shuffle': {
        const z = this.zoneInstance(s.zone.zone, s.zone.of, scope);
        return (g) => {
          const i = z(g);
          if (i >= 0) g.shuffleZone(i);
        };
      }
      case 'reveal': {
        const from = this.zoneInstance(s.from.zone, s.from.of, scope);
        const to = this.zoneInstance(s.to.zone, s.to.of, scope);
        const slot = scope.slot(s.bind);
        const hidden = s.hidden;
        return (g) => {
          const a = from(g);
          const b = to(g);
          if (a < 0 || b < 0) return;
          g.locals[slot] = g.revealTop(a, b, hidden);
        };
      }
      case 'roll': {
        const slot = scope.slot(s.bind);
        const dice = s.dice;
        const sides = s.sides;
        const stream = this.chanceStreams.get(s) ?? STREAM_OTHER;
        return (g) => {
          g.locals[slot] = g.rollDice(stream, dice, sides);
        };
      }
      case 'pick': {
        const src = this.list(s.over, scope);
        const slot = scope.slot(s.bind);
        const where = s.where ? this.expr(s.where, scope) : null;
        const buf: number[] = [];
        const stream = this.chanceStreams.get(s) ?? STREAM_OTHER;
        // what it picks from, so the log can name the pick in the author's words; a pick weighed by
        // (or filtered by) a secret value names it to nobody in the redacted log (who may know it is the rules' to say)
        const picked = collectionType(s.over, this.graph);
        const secretPick = readsSecret([s.over, s.where, s.weight], this.graph);
        if (s.weight) {
          const weight = this.expr(s.weight, scope);
          const weights: number[] = [];
          return (g) => {
            src(g);
            const arr = g.srcArr, len = g.srcLen, rev = g.srcRev, L = g.locals;
            // copied first: evaluating a weight may produce another collection
            for (let k = 0; k < len; k++) buf[k] = rev ? arr[len - 1 - k]! : arr[k]!;
            let n = 0;
            let total = 0;
            for (let k = 0; k < len; k++) {
              const el = buf[k]!;
              L[slot] = el;
              if (where !== null && where(g) === 0) continue;
              const w = Math.floor(weight(g));
              if (w <= 0) continue;
              buf[n] = el;
              weights[n++] = w;
              total += w;
            }
            if (total === 0) {
              L[slot] = -1;
              return;
            }
            let r = g.randomBelow(stream, total, 'pick');
            let k = 0;
            while (r >= weights[k]!) r -= weights[k++]!;
            L[slot] = buf[k]!;
            if (g.logEntries) logPicked(g, buf[k]!, picked, secretPick);
          };
        }
        return (g) => {
          src(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev, L = g.locals;
          let n = 0;
          for (let k = 0; k < len; k++) {
            const el = rev ? arr[len - 1 - k]! : arr[k]!;
            L[slot] = el;
            if (where === null || where(g) !== 0) buf[n++] = el;
          }
          L[slot] = n === 0 ? -1 : buf[g.randomBelow(stream, n, 'pick')]!;
          if (n > 0 && g.logEntries) logPicked(g, L[slot]!, picked, secretPick);
        };
      }
      case 'ask':
        return this.ask(s, scope);
      case 'end': {
        if (s.scope === 'game') {
          const winners = s.winners ? this.list(s.winners, scope) : null;
          return (g) => g.endGame(winners, 'end-game');
        }
        const code = s.scope === 'round' ? END_ROUND : s.scope === 'turn' ? END_TURN : END_PHASE;
        return (g) => {
          if (g.endScope === END_NONE) g.endScope = code;
        };
      }
      case 'place': {
        const b = this.needBoard(`'place ${idWord(s.piece)}'`);
        const pi = this.need(this.pieceIx, s.piece, 'piece');
        if (!b) return noop;
        const at = this.expr(s.at, scope);
        // no owner given: the acting player (the rule's `self` outside actions)
        const owner = s.owner ? this.expr(s.owner, scope) : (g: RunState) => (g.actor >= 0 ? g.actor : g.self);
        return (g) => {
          const o = owner(g);
          const site = at(g);
          if (g.halt) return;
          placePiece(g, b, pi, o, site);
        };
      }
      case 'removePiece': {
        const b = this.needBoard(`'remove piece'`);
        if (!b) return noop;
        const at = this.expr(s.at, scope);
        return (g) => {
          const site = at(g);
          if (g.halt) return;
          removePiece(g, b, site);
        };
      }
      case 'moveOf':
        return this.moveOf(s, scope);
      case 'stack':
        return this.stack(s.zone.zone, s.zone.of, s.cards, scope);
      case 'setHex': {
        // a test arranging the board: the hex's number or kind, and every result computed from the board is stale
        const b = this.needBoard(`'set' of a hex's ${s.attr}`);
        if (!b) return noop;
        const hex = this.expr(s.hex, scope);
        const value = this.expr(s.value, scope);
        const offset = s.attr === 'value' ? b.hexValueOff : b.hexKindOff;
        return (g) => {
          const h = hex(g);
          const v = value(g);
          if (g.halt) return;
          if (h >>> 0 >= b.hexCount) {
            g.fail('run/no-such-site', `${siteWord(b, h)} is no hex of the board.`);
            return;
          }
          g.vars[g.boardBase + offset + h] = v;
          g.ver[BOARD_CONTENTS]!++;
        };
      }
      case 'show': {
        // the cards are copied first: reading the players reuses the collection source
        const cards = this.listCopy(s.cards, scope);
        const to = this.listCopy(s.to, scope);
        return (g) => {
          const c = cards(g);
          const p = to(g);
          g.showCards(c, c.length, p, p.length);
        };
      }
    }
  }

  /** moves tokens whose kind is a value: the pool entries are looked up per move */
  private moveOf(s: Extract<Stmt, { s: 'moveOf' }>, scope: Scope): StmtFn {
    const token = this.expr(s.token, scope);
    const amount = s.amount === null ? null : this.expr(s.amount, scope);
    const tokenNames = this.graph.tokens.map((t) => t.name);
    const end = (ref: { pool: string; of?: Expr }): ((g: RunState, t: number) => number) => {
      const p = this.need(this.poolIx, ref.pool, 'pool');
      const plan = poolPlan(this, p);
      const entries = this.entryOf[p] ?? new Int32Array(0);
      const name = plan?.name ?? ref.pool;
      // the pool's slots for the owner (checked first), then the token's entry among them
      const base = plan === null ? () => 0 : slotClosure(this, plan, ref.of, scope);
      return (g, t) => {
        const b = base(g);
        return b < 0 ? -1 : tokenSlot(g, entries, b, t, name, tokenNames);
      };
    };
    const from = end(s.from);
    const to = end(s.to);
    const fromName = s.from.pool;
    const toName = s.to.pool;
    return (g) => {
      // a token value is STRING_BASE + the token's index (see ExprCompiler)
      const t = token(g) - STRING_BASE;
      if (g.halt) return;
      const a = from(g, t);
      if (a < 0) return;
      const b = to(g, t);
      if (b < 0) return;
      const n = amount === null ? Math.max(0, g.counts[a]!) : amount(g);
      if (g.halt) return;
      g.moveTokens(a, b, n, fromName, toName);
    };
  }

  private ask(s: Extract<Stmt, { s: 'ask' }>, scope: Scope): StmtFn {
    const index = this.asks.length;
    const isEach = 'each' in s.who;
    const info: AskInfo = {
      id: s.id,
      single: null,
      eachSlot: -1,
      eachOver: null,
      eachWhere: null,
      bindSlot: -1,
      over: null,
      where: null,
      varIndex: -1,
      values: [],
      secret: s.secret,
      then: noop,
      otherwise: null,
      // a single chooser's choice is bound again when `then` runs
      thenReadsLocals: readsOuterLocal(s.then, new Set('single' in s.who && 'bind' in s.choice ? [s.choice.bind] : [])),
      constraints: [],
      scopeLo: 0,
      scopeHi: 0,
    };
    this.asks.push(info);
    this.askScopes.push(scope);
    if ('each' in s.who) {
      info.eachSlot = scope.slot(s.who.each);
      info.eachOver = this.list(s.who.over, scope);
      info.eachWhere = s.who.where ? this.expr(s.who.where, scope) : null;
    } else {
      info.single = this.expr(s.who.single, scope);
    }
    const keys = [s.id];
    if ('var' in s.choice) {
      info.varIndex = this.need(this.varIx, s.choice.var, 'var');
      info.values = s.choice.values.map((v) => this.strings.intern(v));
      const node = this.graph.vars[info.varIndex];
      if (node) keys.push(node.id, node.name);
    } else {
      info.bindSlot = scope.slot(s.choice.bind);
      info.over = this.list(s.choice.over, scope);
      info.where = s.choice.where ? this.expr(s.choice.where, scope) : null;
    }
    info.constraints = this.constraintsFor(...keys);
    info.then = this.body(s.then, scope);
    // `otherwise` runs in place of the ask, inside the asking rule: it shares the rule's locals as they are
    if (s.otherwise !== undefined) info.otherwise = this.body(s.otherwise, scope);
    void isEach;
    return (g) => g.askDecision(index);
  }

  private stack(zoneKey: string, of: Expr | undefined, cards: CardSpec[], scope: Scope): StmtFn {
    const inst = this.zoneInstance(zoneKey, of, scope);
    const specs = cards.map((c) => ({
      kind: this.need(this.kindIx, c.kind, 'card kind'),
      count: c.count,
      fields: Object.entries(c.fields).map(([name, v]) => ({ f: this.field(name), v: this.strings.encode(v) })),
      // as the test wrote it: `gem(9)`, `joker`
      words: `${idWord(c.kind)}${Object.keys(c.fields).length > 0 ? `(${Object.values(c.fields).map((v) => idWord(String(v))).join(', ')})` : ''}`,
    }));
    return (g) => {
      const z = inst(g);
      if (z < 0) return;
      // Last spec first, so the first listed ends on top.
      let placed = 0;
      for (let si = specs.length - 1; si >= 0; si--) {
        const spec = specs[si]!;
        for (let n = 0; n < spec.count; n++) {
          const arr = g.zoneCards[z]!;
          const len = g.zoneLen[z]!;
          let found = -1;
          for (let k = 0; k < len - placed && found < 0; k++) {
            const c = arr[k]!;
            if (g.cardKind[c] !== spec.kind) continue;
            if (spec.fields.every(({ f, v }) => g.fieldVals[c * g.fieldWidth + f] === v)) found = c;
          }
          if (found < 0) {
            g.fail('run/stack-missing-card', `No ${spec.words} is left in the zone to stack.`);
            return;
          }
          g.moveCard(found, z, true);
          placed++;
        }
      }
    };
  }
}

export type { ExprFn, ListFn };

/**
 * 1 + the index of the last binding the expression names anywhere (0 when it names
 * none). An inner binder reusing a binding's name only makes the answer larger,
 * which is safe: the check then waits for more values.
 */
function leadingBindingsRead(expr: unknown, bindings: readonly string[]): number {
  let reads = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    for (const key of ['name', 'bind'] as const) {
      const name = record[key];
      if (typeof name === 'string') {
        const index = bindings.indexOf(name);
        if (index >= reads) reads = index + 1;
      }
    }
    for (const value of Object.values(record)) if (typeof value === 'object') visit(value);
  };
  visit(expr);
  return reads;
}

/** whether expressions read a secret var or pool (a pick weighed by a hidden hand) */
function readsSecret(exprs: (Expr | undefined)[], graph: RuleGraph): boolean {
  const secret = new Set([...graph.vars.filter((v) => v.secret).map((v) => v.id), ...graph.pools.filter((p) => p.secret).map((p) => p.id)]);
  if (secret.size === 0) return false;
  return walkNodes(exprs, (n) => ((n['k'] === 'var' && secret.has(String(n['id']))) || ((n['k'] === 'count' || n['k'] === 'countOf') && secret.has(String(n['pool']))) ? true : undefined)) === true;
}
