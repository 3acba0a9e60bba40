import type { Expr, Stmt } from '@houserules/schema';
import type { RunState } from '../run/run-state.ts';
import type { Scope } from './compile-expr.ts';
import type { StmtCompiler } from './compile-stmt.ts';
import { compileGenerated, Generator, helpers } from './expr-codegen.ts';
import { outerLocals, rebinds } from './name-bindings.ts';
import { END_NONE, END_PHASE, END_ROUND, END_TURN } from '../run/flow-frame.ts';
import { STREAM_OTHER } from '../run/chance-streams.ts';
import { poolEntryPlanOf, poolPlan, slotSource, varPlan } from './slot-plans.ts';
import type { StmtFn } from '../load/loaded-graph.ts';
import { filledArray } from '../run/packed-array.ts';
import { cardExprWords } from './expr-words.ts';

/** what follows code that may have failed (or ended the game): the rule stops */
const HALT_CHECK = 'if (g.halt) return;';

/**
 * Generates one JavaScript function per rule or action body: moves, sets, lets,
 * ifs, loops, emits, shuffles, reveals, card moves, ends and asks are written
 * out; the other statements call their closure. A halt check follows only what
 * may fail or stop the rule (Generator.halts), so nothing runs after a failure.
 * Locals are JavaScript variables where only this function reads them
 * (Generator.resolveLocals).
 */
class StmtGenerator extends Generator {
  constructor(private readonly sc: StmtCompiler) {
    super(sc);
    this.varLocals = true;
  }

  private tokenNamesRef: string | null = null;

  /** the graph's token names, by token index (one list per generated function) */
  private tokenNames(): string {
    return (this.tokenNamesRef ??= this.ref(this.sc.graph.tokens.map((t) => t.name)));
  }

  /** generates a piece of code and tells whether it may fail (added to Generator.halts) */
  private piece(make: () => string): { code: string; halts: boolean } {
    const before = this.halts;
    const code = make();
    return { code, halts: this.halts !== before };
  }

  /** a halt check when the piece may fail */
  private checkAfter(p: { halts: boolean }): string {
    return p.halts ? HALT_CHECK : '';
  }

  private slotOfPool(pool: string, token: string, of: Expr | undefined, scope: Scope): string | null {
    const plan = poolEntryPlanOf(this.sc, pool, token);
    return plan === null ? null : slotSource(this, this.sc, plan, of, scope);
  }

  /**
   * The count slot, as code, of the token value `tok` (a variable of the generated
   * code) in a global or per-player pool; it may fail (then it is -1). Null
   * for a pool of cards: the closure handles those.
   */
  private slotOfPoolToken(ref: { pool: string; of?: Expr }, tok: string, scope: Scope): string | null {
    const c = this.sc;
    const p = c.poolIx.get(ref.pool);
    const plan = p === undefined ? null : poolPlan(c, p);
    if (plan === null || (plan.owner !== 'global' && plan.owner !== 'player')) return null;
    const entries = this.ref(c.entryOf[p!]!);
    const base = slotSource(this, c, plan, ref.of, scope)!;
    this.halts++;
    return `H.entrySlot(g, ${entries}, ${base}, ${tok}, ${this.ref(plan.name)}, ${this.tokenNames()})`;
  }

  private slotOfVar(key: string, of: Expr | undefined, scope: Scope): string | null {
    const v = this.sc.varIx.get(key);
    const plan = v === undefined ? null : varPlan(this.sc, v);
    return plan === null ? null : slotSource(this, this.sc, plan, of, scope);
  }

  /** a zone's instance as code (a per-player zone's owner is checked: it may fail); null for an unknown zone (the closure reports it) */
  private zoneSource(key: string, of: Expr | undefined, scope: Scope): string | null {
    const z = this.sc.zoneIx.get(key);
    const node = z === undefined ? undefined : this.sc.graph.zones[z];
    // an unknown zone, or a family's (its key checked by the closure): the closure
    if (!node || node.scope === 'keyed') return null;
    if (node.scope === 'global') return `g.zoneInstBase[${z}]`;
    this.halts++;
    return `H.zoneOf(g, ${z}, ${this.owner(of, scope)}, ${this.ref(node.name)})`;
  }

  private closureCall(s: Stmt, scope: Scope): string {
    this.sc.closureNodes[`stmt ${s.s}`] = (this.sc.closureNodes[`stmt ${s.s}`] ?? 0) + 1;
    this.halts++;
    return `${this.ref(this.viaClosures(scope, () => this.sc.stmt(s, scope)))}(g); ${HALT_CHECK}`;
  }

  /** `list(x in C where W: V)` evaluated into a new array stored at `target` */
  private listInto(e: Extract<Expr, { k: 'agg' }>, scope: Scope, target: string): string {
    const slot = scope.slot(e.bind);
    const out = this.temp();
    const k = this.temp();
    // the element is read from its slot: an enclosing loop's alias for the same slot does not apply
    const alias = this.seatAlias.get(slot);
    this.seatAlias.delete(slot);
    const sfx = this.temp();
    // a walk over the sites a kept selection lets through, testing only what is left of the test
    const selection = this.selectionLoop(e, scope, sfx);
    const whereExpr = selection === null ? e.where : selection.where;
    const where = this.bindingRegion(slot, () => (whereExpr ? `if (!${this.cond(whereExpr, scope)}) continue;` : ''));
    const value = this.bindingRegion(slot, () => (e.value ? this.gen(e.value, scope) : this.local(slot)));
    if (alias !== undefined) this.seatAlias.set(slot, alias);
    const bind = this.local(slot, true);
    if (e.over.k === 'players') {
      return `{ const ${out} = []; for (let ${k} = 0; ${k} < g.playerCount; ${k}++) { ${bind} = ${k}; ${where} ${out}.push(${value}); } ${target} = ${out}; }`;
    }
    if (selection !== null) {
      return `{ const ${out} = []; ${selection.head} for (let ${k} = 0; ${k} < len${sfx}; ${k}++) { ${bind} = arr${sfx}[${k}]; ${where} ${out}.push(${value}); } ${target} = ${out}; }`;
    }
    return `{ const ${out} = []; ${this.loopSource(e.over, scope, sfx)} for (let ${k} = 0; ${k} < len${sfx}; ${k}++) { ${bind} = ${this.elementAt(e.over, scope, k, sfx)}; ${where} ${out}.push(${value}); } ${target} = ${out}; }`;
  }

  /** a loop's `where` test: `continue` when it fails, the rule stops when it fails to evaluate */
  private whereTest(where: Expr | undefined, scope: Scope): string {
    if (!where) return '';
    const test = this.piece(() => this.cond(where, scope));
    if (!test.halts) return `if (!${test.code}) continue;`;
    const w = this.temp();
    return `const ${w} = ${test.code}; ${HALT_CHECK} if (!${w}) continue;`;
  }

  block(stmts: Stmt[], scope: Scope): string {
    return stmts.map((s) => this.stmt(s, scope)).join('\n');
  }

  stmt(s: Stmt, scope: Scope): string {
    const c = this.sc;
    switch (s.s) {
      case 'move': {
        const from = this.piece(() => this.slotOfPool(s.from.pool, s.token, s.from.of, scope) ?? '');
        const to = this.piece(() => this.slotOfPool(s.to.pool, s.token, s.to.of, scope) ?? '');
        if (from.code === '' || to.code === '') return this.closureCall(s, scope);
        const a = this.temp();
        const b = this.temp();
        const n = this.temp();
        const amount = this.piece(() => (s.amount === null ? `Math.max(0, g.counts[${a}])` : this.gen(s.amount!, scope)));
        const names = `${this.ref(s.from.pool)}, ${this.ref(s.to.pool)}`;
        // moving may fail (too few tokens, a capacity)
        this.halts++;
        return `{ const ${a} = ${from.code}; ${this.checkAfter(from)} const ${b} = ${to.code}; ${this.checkAfter(to)} const ${n} = ${amount.code}; ${this.checkAfter(amount)} g.moveTokens(${a}, ${b}, ${n}, ${names}); ${HALT_CHECK} }`;
      }
      case 'moveOf': {
        const tok = this.temp();
        const from = this.slotOfPoolToken(s.from, tok, scope);
        const to = this.slotOfPoolToken(s.to, tok, scope);
        if (from === null || to === null) return this.closureCall(s, scope);
        const a = this.temp();
        const b = this.temp();
        const n = this.temp();
        const token = this.piece(() => this.gen(s.token, scope));
        const amount = this.piece(() => (s.amount === null ? `Math.max(0, g.counts[${a}])` : this.gen(s.amount!, scope)));
        const names = `${this.ref(s.from.pool)}, ${this.ref(s.to.pool)}`;
        this.halts++;
        return `{ const ${tok} = ${token.code}; ${this.checkAfter(token)} const ${a} = ${from}; ${HALT_CHECK} const ${b} = ${to}; ${HALT_CHECK} const ${n} = ${amount.code}; ${this.checkAfter(amount)} g.moveTokens(${a}, ${b}, ${n}, ${names}); ${HALT_CHECK} }`;
      }
      case 'set': {
        if (s.key !== undefined) return this.closureCall(s, scope);
        const value = this.piece(() => this.gen(s.value, scope));
        const slot = this.piece(() => this.slotOfVar(s.var, s.of, scope) ?? '');
        if (slot.code === '') return this.closureCall(s, scope);
        const resource = this.sc.varResource(s.var);
        if (!value.halts && !slot.halts) return `g.vars[${slot.code}] = ${value.code}; g.ver[${resource}]++;`;
        const v = this.temp();
        const i = this.temp();
        return `{ const ${v} = ${value.code}; const ${i} = ${slot.code}; ${HALT_CHECK} g.vars[${i}] = ${v}; g.ver[${resource}]++; }`;
      }
      case 'let': {
        if (!c.isList(s.value, scope)) {
          const value = this.piece(() => this.gen(s.value, scope));
          return `${this.local(scope.slot(s.name), true)} = ${value.code}; ${this.checkAfter(value)}`;
        }
        if (s.value.k !== 'agg' || s.value.fn !== 'list') return this.closureCall(s, scope);
        const list = this.piece(() => this.listInto(s.value as Extract<Expr, { k: 'agg' }>, scope, `g.lists[${scope.slot(s.name)}]`));
        // the local holds a list from here on (loops read it in place)
        scope.listSlots.add(scope.slot(s.name));
        return `${list.code} ${this.checkAfter(list)}`;
      }
      case 'if': {
        const cond = this.piece(() => this.cond(s.cond, scope));
        const then = this.block(s.then, scope);
        const otherwise = this.block(s.else, scope);
        const branches = otherwise === '' ? `{\n${then}\n}` : `{\n${then}\n} else {\n${otherwise}\n}`;
        if (!cond.halts) return `if (${cond.code}) ${branches}`;
        const t = this.temp();
        return `{ const ${t} = ${cond.code}; ${HALT_CHECK} if (${t}) ${branches} }`;
      }
      case 'for': {
        const slot = scope.slot(s.bind);
        const k = this.temp();
        if (s.over.k === 'players') {
          // the loop variable stands for the local unless the body binds the same name again
          if (!rebinds(s.bind, [s.where ?? null, s.body])) this.seatAlias.set(slot, k);
          const where = this.bindingRegion(slot, () => this.whereTest(s.where, scope));
          const body = this.bindingRegion(slot, () => this.block(s.body, scope));
          this.seatAlias.delete(slot);
          return `for (let ${k} = 0; ${k} < g.playerCount; ${k}++) {\n${this.local(slot, true)} = ${k};\n${where}\n${body}\n}`;
        }
        const board = c.board;
        if (board && (s.over.k === 'siteRel' || s.over.k === 'sites')) {
          // board lists never change: walk them in place
          const arr = this.temp();
          const src = this.piece(() => (s.over.k === 'siteRel' ? `${this.ref(board.rel[s.over.rel])}[${this.gen(s.over.of, scope)}] || H.EMPTY` : this.ref(board.sites[(s.over as Extract<Expr, { k: 'sites' }>).site])));
          const where = this.bindingRegion(slot, () => this.whereTest(s.where, scope));
          return `{ const ${arr} = ${src.code}; ${this.checkAfter(src)}\nfor (let ${k} = 0; ${k} < ${arr}.length; ${k}++) {\n${this.local(slot, true)} = ${arr}[${k}];\n${where}\n${this.bindingRegion(slot, () => this.block(s.body, scope))}\n} }`;
        }
        if (s.over.k === 'group' || c.isListLocal(s.over, scope)) {
          // a group's members never change, and a list local is a list of its own (rebinding it makes a new one): walk them in place
          const sfx = this.temp();
          const head = this.piece(() => this.loopSource(s.over, scope, sfx));
          const where = this.bindingRegion(slot, () => this.whereTest(s.where, scope));
          return `{ ${head.code} ${this.checkAfter(head)}\nfor (let ${k} = 0; ${k} < len${sfx}; ${k}++) {\n${this.local(slot, true)} = ${this.elementAt(s.over, scope, k, sfx)};\n${where}\n${this.bindingRegion(slot, () => this.block(s.body, scope))}\n} }`;
        }
        const zone = this.globalZone(s.over);
        if (zone !== null && keepsCards(s.body)) {
          // nothing in the body moves a card: walk the zone in place, top first
          const zi = this.temp();
          const arr = this.temp();
          const where = this.bindingRegion(slot, () => this.whereTest(s.where, scope));
          return `{ const ${zi} = g.zoneInstBase[${zone}], ${arr} = g.zoneCards[${zi}];\nfor (let ${k} = g.zoneLen[${zi}] - 1; ${k} >= 0; ${k}--) {\n${this.local(slot, true)} = ${arr}[${k}];\n${where}\n${this.bindingRegion(slot, () => this.block(s.body, scope))}\n} }`;
        }
        // walk a copy, so a body that moves cards does not disturb the loop; a zone is copied from its cards, anything else from the collection's closure
        const buf = this.temp();
        const sfx = this.temp();
        const head = this.piece(() => this.loopSource(s.over, scope, sfx));
        const where = this.bindingRegion(slot, () => this.whereTest(s.where, scope));
        // a list walked this way may be a long range: it counts against the loop budget (which may fail)
        return `{ const ${buf} = ${this.ref([] as number[])}; ${head.code} ${this.checkAfter(head)}
if (!g.countLoop(len${sfx}, ${JSON.stringify(c.label.replace('/', ' '))})) return;
for (let ${k} = 0; ${k} < len${sfx}; ${k}++) ${buf}[${k}] = ${this.elementAt(s.over, scope, k, sfx)};
for (let ${k} = 0; ${k} < len${sfx}; ${k}++) {\n${this.local(slot, true)} = ${buf}[${k}];\n${where}\n${this.bindingRegion(slot, () => this.block(s.body, scope))}\n} }`;
      }
      case 'emit': {
        const ev = c.eventIx.get(s.event);
        // an event with a list parameter: the closure carries the list (compile-stmt.ts)
        if (ev === undefined || c.graph.events[ev]!.params.some((p) => p.type.t === 'list')) return this.closureCall(s, scope);
        const tmp = this.ref(filledArray(Math.max(1, s.args.length), 0));
        const fill = this.piece(() => s.args.map((a, i) => `${tmp}[${i}] = ${this.gen(a, scope)};`).join(' '));
        // queued even when an argument failed, as the closure does; the rule stops after
        return `{ ${fill.code} g.enqueue(${ev}, ${tmp}, ${s.args.length}); } ${this.checkAfter(fill)}`;
      }
      case 'shuffle': {
        const zone = this.piece(() => this.zoneSource(s.zone.zone, s.zone.of, scope) ?? '');
        if (zone.code === '') return this.closureCall(s, scope);
        if (!zone.halts) return `g.shuffleZone(${zone.code});`;
        const z = this.temp();
        return `{ const ${z} = ${zone.code}; ${HALT_CHECK} g.shuffleZone(${z}); }`;
      }
      case 'reveal': {
        const from = this.piece(() => this.zoneSource(s.from.zone, s.from.of, scope) ?? '');
        const to = this.piece(() => this.zoneSource(s.to.zone, s.to.of, scope) ?? '');
        if (from.code === '' || to.code === '') return this.closureCall(s, scope);
        const a = this.temp();
        const b = this.temp();
        const check = from.halts || to.halts ? HALT_CHECK : '';
        return `{ const ${a} = ${from.code}, ${b} = ${to.code}; ${check} ${this.local(scope.slot(s.bind), true)} = g.revealTop(${a}, ${b}, ${s.hidden}); }`;
      }
      case 'moveCard': {
        const card = this.piece(() => this.gen(s.card, scope));
        const to = this.piece(() => this.zoneSource(s.to.zone, s.to.of, scope) ?? '');
        if (to.code === '') return this.closureCall(s, scope);
        const x = this.temp();
        const z = this.temp();
        // no card to move is a run error (as the closure: run/address-checks.ts)
        this.halts++;
        const what = this.ref(cardExprWords(s.card));
        return `{ const ${x} = ${card.code}; ${this.checkAfter(card)} if (${x} >>> 0 >= g.cardCount) { H.movedCard(g, ${x}, ${what}); return; } const ${z} = ${to.code}; ${this.checkAfter(to)} g.moveCard(${x}, ${z}, ${s.position === 'top'}); }`;
      }
      case 'moveCards': {
        const from = this.piece(() => this.zoneSource(s.from.zone, s.from.of, scope) ?? '');
        const to = this.piece(() => this.zoneSource(s.to.zone, s.to.of, scope) ?? '');
        if (from.code === '' || to.code === '') return this.closureCall(s, scope);
        if (!from.halts && !to.halts) return `g.moveAllCards(${from.code}, ${to.code});`;
        const a = this.temp();
        const b = this.temp();
        return `{ const ${a} = ${from.code}, ${b} = ${to.code}; ${HALT_CHECK} g.moveAllCards(${a}, ${b}); }`;
      }
      case 'end': {
        if (s.scope === 'game') {
          const winners = s.winners ? this.list(s.winners, scope) : 'null';
          this.halts++;
          return `g.endGame(${winners}, 'end-game'); ${HALT_CHECK}`;
        }
        const code = s.scope === 'round' ? END_ROUND : s.scope === 'turn' ? END_TURN : END_PHASE;
        return `if (g.endScope === ${END_NONE}) g.endScope = ${code};`;
      }
      case 'roll': {
        const stream = c.chanceStreams.get(s) ?? STREAM_OTHER;
        return `${this.local(scope.slot(s.bind), true)} = g.rollDice(${stream}, ${s.dice}, ${s.sides});`;
      }
      case 'ask': {
        // compiled by the closure compiler, which registers the ask (its `then` reads the locals from g.locals)
        const index = c.asks.length;
        this.viaClosures(scope, () => c.stmt(s, scope));
        this.halts++;
        return `g.askDecision(${index}); ${HALT_CHECK}`;
      }
      case 'place': {
        const pi = c.pieceIx.get(s.piece);
        if (!c.board || pi === undefined) return this.closureCall(s, scope);
        // no owner given: the acting player (the rule's `self` outside actions)
        const owner = this.piece(() => (s.owner ? this.gen(s.owner, scope) : '(g.actor >= 0 ? g.actor : g.self)'));
        const at = this.piece(() => this.gen(s.at, scope));
        const o = this.temp();
        const site = this.temp();
        const check = owner.halts || at.halts ? HALT_CHECK : '';
        // placing may fail (no such site, the site taken, an empty supply)
        this.halts++;
        return `{ const ${o} = ${owner.code}, ${site} = ${at.code}; ${check} H.placePiece(g, ${this.ref(c.board)}, ${pi}, ${o}, ${site}); ${HALT_CHECK} }`;
      }
      case 'removePiece': {
        if (!c.board) return this.closureCall(s, scope);
        const at = this.piece(() => this.gen(s.at, scope));
        const site = this.temp();
        this.halts++;
        return `{ const ${site} = ${at.code}; ${this.checkAfter(at)} H.removePiece(g, ${this.ref(c.board)}, ${site}); ${HALT_CHECK} }`;
      }
      default:
        return this.closureCall(s, scope);
    }
  }
}

/** whether no statement of the block can move a card (a loop over a zone may then read the zone in place) */
function keepsCards(stmts: Stmt[]): boolean {
  return stmts.every((s) => {
    switch (s.s) {
      case 'move':
      case 'set':
      case 'let':
      case 'emit':
        return true;
      case 'if':
        return keepsCards(s.then) && keepsCards(s.else);
      case 'for':
        return keepsCards(s.body);
      default:
        return false;
    }
  });
}

/** the slots of the locals the code may read before it binds them (outerLocals), less those it binds first (`bound`) */
function inputSlots(scope: Scope, names: ReadonlySet<string>, bound: ArrayLike<number> = []): Set<number> {
  const slots = new Set<number>();
  for (const name of names) {
    const slot = scope.lookup(name);
    if (slot !== undefined) slots.add(slot);
  }
  for (let k = 0; k < bound.length; k++) slots.delete(bound[k]!);
  return slots;
}

/** a block's code less its last halt check (what follows it does nothing the check would skip) */
function withoutTrailingCheck(code: string): string {
  return code.endsWith(HALT_CHECK) ? code.slice(0, -HALT_CHECK.length) : code;
}

/**
 * A rule as one generated function: binds the event arguments, tests `when`,
 * starts the firing (budget and counts, which may refuse: 2), runs the body.
 * Returns 0 when `when` does not hold, 1 when the rule fired (or stopped: dispatch reads g.halt and g.err).
 */
export function generateRule(sc: StmtCompiler, index: number, argSlots: Int32Array, listArgs: Uint8Array, when: Expr | undefined, stmts: Stmt[], scope: Scope): (g: RunState) => number {
  const gen = new StmtGenerator(sc);
  const bind = Array.from(argSlots, (slot, k) => (listArgs[k] === 1 ? `g.lists[${slot}] = g.evArgs[${k}];` : `${gen.local(slot, true)} = g.evArgs[${k}];`)).join(' ');
  const before = gen.halts;
  const guard = when ? `if (!${gen.cond(when, scope)}) return 0;` : '';
  // a `when` that failed: the rule stops once started, before its first statement
  const guardCheck = gen.halts !== before ? HALT_CHECK : '';
  const body = withoutTrailingCheck(gen.block(stmts, scope));
  const inputs = inputSlots(scope, outerLocals(stmts, new Set(), when ? [when] : []), argSlots);
  const source = `${gen.inner.join('\n')}\nreturn function fire(g) { const L = g.locals;${gen.declarations()} ${bind}\n${guard}\nif (!g.startFiring(${index})) return 2; ${guardCheck}\n${body}\nreturn 1; };`;
  return compileGenerated<(g: RunState) => number>(gen.resolveLocals(source, inputs), sc.label, gen.refs, helpers);
}

/** One generated function for a block of statements (an action's body, an ask's `then` or `otherwise`): the locals it reads first come from g.locals. */
export function generateBlock(sc: StmtCompiler, stmts: Stmt[], scope: Scope): StmtFn {
  const gen = new StmtGenerator(sc);
  const body = withoutTrailingCheck(gen.block(stmts, scope));
  const inputs = inputSlots(scope, outerLocals(stmts, new Set()));
  const source = `${gen.inner.join('\n')}\nreturn function body(g) { const L = g.locals;${gen.declarations()}\n${body}\n};`;
  return compileGenerated<StmtFn>(gen.resolveLocals(source, inputs), sc.label, gen.refs, helpers);
}
