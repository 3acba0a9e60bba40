import type { Expr, Stmt } from '@houserules/schema';
import type { RunState } from '../run/run-state.ts';
import type { Scope } from './compile-expr.ts';
import type { StmtCompiler } from './compile-stmt.ts';
import { compileGenerated, Generator, helpers } from './expr-codegen.ts';
import { rebinds } from './name-bindings.ts';
import { poolEntryPlanOf, poolPlan, slotSource, varPlan } from './slot-plans.ts';
import type { StmtFn } from '../load/loaded-graph.ts';
import { filledArray } from '../run/packed-array.ts';

/**
 * Generates one JavaScript function per rule or action body: moves, sets, lets,
 * ifs, loops and emits are written out; the other statements call their closure.
 * Every statement is followed by a halt check, as in the closure compiler.
 */
class StmtGenerator extends Generator {
  constructor(private readonly sc: StmtCompiler) {
    super(sc);
  }

  private tokenNamesRef: string | null = null;

  /** the graph's token names, by token index (one list per generated function) */
  private tokenNames(): string {
    return (this.tokenNamesRef ??= this.ref(this.sc.graph.tokens.map((t) => t.name)));
  }

  private slotOfPool(pool: string, token: string, of: Expr | undefined, scope: Scope): string | null {
    const plan = poolEntryPlanOf(this.sc, pool, token);
    return plan === null ? null : slotSource(this, this.sc, plan, of, scope);
  }

  /**
   * The count slot, as code, of the token value `tok` (a variable of the generated
   * code) in a global or per-player pool; it evaluates to -1 after a failure. Null
   * for a pool of cards: the closure handles those.
   */
  private slotOfPoolToken(ref: { pool: string; of?: Expr }, tok: string, scope: Scope): string | null {
    const c = this.sc;
    const p = c.poolIx.get(ref.pool);
    const plan = p === undefined ? null : poolPlan(c, p);
    if (plan === null || (plan.owner !== 'global' && plan.owner !== 'player')) return null;
    const entries = this.ref(c.entryOf[p!]!);
    const base = slotSource(this, c, plan, ref.of, scope)!;
    return `H.entrySlot(g, ${entries}, ${base}, ${tok}, ${this.ref(plan.name)}, ${this.tokenNames()})`;
  }

  private slotOfVar(key: string, of: Expr | undefined, scope: Scope): string | null {
    const v = this.sc.varIx.get(key);
    const plan = v === undefined ? null : varPlan(this.sc, v);
    return plan === null ? null : slotSource(this, this.sc, plan, of, scope);
  }

  private closureCall(s: Stmt, scope: Scope): string {
    this.sc.closureNodes[`stmt ${s.s}`] = (this.sc.closureNodes[`stmt ${s.s}`] ?? 0) + 1;
    return `${this.ref(this.sc.stmt(s, scope))}(g);`;
  }

  /** `list(x in C where W: V)` evaluated into a new array stored at `target` */
  private listInto(e: Extract<Expr, { k: 'agg' }>, scope: Scope, target: string): string {
    const slot = scope.slot(e.bind);
    const out = this.temp();
    const k = this.temp();
    // the element is read from its slot: an enclosing loop's alias for the same slot does not apply
    const alias = this.seatAlias.get(slot);
    this.seatAlias.delete(slot);
    const where = e.where ? `if (!${this.cond(e.where, scope)}) continue;` : '';
    const value = e.value ? this.gen(e.value, scope) : `L[${slot}]`;
    if (alias !== undefined) this.seatAlias.set(slot, alias);
    if (e.over.k === 'players') {
      return `{ const ${out} = []; for (let ${k} = 0; ${k} < g.playerCount; ${k}++) { L[${slot}] = ${k}; ${where} ${out}.push(${value}); } ${target} = ${out}; }`;
    }
    const sfx = this.temp();
    return `{ const ${out} = []; ${this.loopSource(e.over, scope, sfx)} for (let ${k} = 0; ${k} < len${sfx}; ${k}++) { L[${slot}] = rev${sfx} ? arr${sfx}[len${sfx} - 1 - ${k}] : arr${sfx}[${k}]; ${where} ${out}.push(${value}); } ${target} = ${out}; }`;
  }

  block(stmts: Stmt[], scope: Scope): string {
    return stmts.map((s) => `${this.stmt(s, scope)}\nif (g.halt) return;`).join('\n');
  }

  stmt(s: Stmt, scope: Scope): string {
    const c = this.sc;
    switch (s.s) {
      case 'move': {
        const from = this.slotOfPool(s.from.pool, s.token, s.from.of, scope);
        const to = this.slotOfPool(s.to.pool, s.token, s.to.of, scope);
        if (from === null || to === null) return this.closureCall(s, scope);
        const a = this.temp();
        const b = this.temp();
        const n = this.temp();
        const amount = s.amount === null ? `Math.max(0, g.counts[${a}])` : this.gen(s.amount, scope);
        const names = `${this.ref(s.from.pool)}, ${this.ref(s.to.pool)}`;
        return `{ const ${a} = ${from}; if (g.halt) return; const ${b} = ${to}; if (g.halt) return; const ${n} = ${amount}; if (g.halt) return; g.moveTokens(${a}, ${b}, ${n}, ${names}); }`;
      }
      case 'moveOf': {
        const tok = this.temp();
        const from = this.slotOfPoolToken(s.from, tok, scope);
        const to = this.slotOfPoolToken(s.to, tok, scope);
        if (from === null || to === null) return this.closureCall(s, scope);
        const a = this.temp();
        const b = this.temp();
        const n = this.temp();
        const amount = s.amount === null ? `Math.max(0, g.counts[${a}])` : this.gen(s.amount, scope);
        const names = `${this.ref(s.from.pool)}, ${this.ref(s.to.pool)}`;
        return `{ const ${tok} = ${this.gen(s.token, scope)}; if (g.halt) return; const ${a} = ${from}; if (${a} < 0) return; const ${b} = ${to}; if (${b} < 0) return; const ${n} = ${amount}; if (g.halt) return; g.moveTokens(${a}, ${b}, ${n}, ${names}); }`;
      }
      case 'set': {
        if (s.key !== undefined) return this.closureCall(s, scope);
        const slot = this.slotOfVar(s.var, s.of, scope);
        if (slot === null) return this.closureCall(s, scope);
        const v = this.temp();
        const i = this.temp();
        return `{ const ${v} = ${this.gen(s.value, scope)}; const ${i} = ${slot}; if (g.halt) return; g.vars[${i}] = ${v}; g.ver[${this.sc.varResource(s.var)}]++; }`;
      }
      case 'let': {
        if (!c.isList(s.value, scope)) return `L[${scope.slot(s.name)}] = ${this.gen(s.value, scope)};`;
        if (s.value.k !== 'agg' || s.value.fn !== 'list') return this.closureCall(s, scope);
        const code = this.listInto(s.value, scope, `g.lists[${scope.slot(s.name)}]`);
        // the local holds a list from here on (loops read it in place)
        scope.listSlots.add(scope.slot(s.name));
        return code;
      }
      case 'if':
        return `if (${this.cond(s.cond, scope)}) {\n${this.block(s.then, scope)}\n} else {\n${this.block(s.else, scope)}\n}`;
      case 'for': {
        const slot = scope.slot(s.bind);
        const k = this.temp();
        if (s.over.k === 'players') {
          // the loop variable stands for the local unless the body binds the same name again
          if (!rebinds(s.bind, [s.where ?? null, s.body])) this.seatAlias.set(slot, k);
          const where = s.where ? `if (!${this.cond(s.where, scope)}) continue;` : '';
          const body = this.block(s.body, scope);
          this.seatAlias.delete(slot);
          return `for (let ${k} = 0; ${k} < g.playerCount; ${k}++) {\nL[${slot}] = ${k};\n${where}\n${body}\n}`;
        }
        const where = s.where ? `if (!${this.cond(s.where, scope)}) continue;` : '';
        const board = c.board;
        if (board && (s.over.k === 'siteRel' || s.over.k === 'sites')) {
          // board lists never change: walk them in place
          const arr = this.temp();
          const src = s.over.k === 'siteRel' ? `${this.ref(board.rel[s.over.rel])}[${this.gen(s.over.of, scope)}] || H.EMPTY` : this.ref(board.sites[s.over.site]);
          return `{ const ${arr} = ${src};\nfor (let ${k} = 0; ${k} < ${arr}.length; ${k}++) {\nL[${slot}] = ${arr}[${k}];\n${where}\n${this.block(s.body, scope)}\n} }`;
        }
        if (s.over.k === 'group' || c.isListLocal(s.over, scope)) {
          // a group's members never change, and a list local is a list of its own (rebinding it makes a new one): walk them in place
          const sfx = this.temp();
          return `{ ${this.loopSource(s.over, scope, sfx)}\nfor (let ${k} = 0; ${k} < len${sfx}; ${k}++) {\nL[${slot}] = rev${sfx} ? arr${sfx}[len${sfx} - 1 - ${k}] : arr${sfx}[${k}];\n${where}\n${this.block(s.body, scope)}\n} }`;
        }
        const zone = this.globalZone(s.over);
        if (zone !== null && keepsCards(s.body)) {
          // nothing in the body moves a card: walk the zone in place, top first
          const zi = this.temp();
          const arr = this.temp();
          return `{ const ${zi} = g.zoneInstBase[${zone}], ${arr} = g.zoneCards[${zi}];\nfor (let ${k} = g.zoneLen[${zi}] - 1; ${k} >= 0; ${k}--) {\nL[${slot}] = ${arr}[${k}];\n${where}\n${this.block(s.body, scope)}\n} }`;
        }
        // walk a copy, so a body that moves cards does not disturb the loop
        const buf = this.ref([] as number[]);
        const len = this.temp();
        const arr = this.temp();
        const rev = this.temp();
        // a list walked this way may be a long range: it counts against the loop budget, and a failure in the body stops it
        return `{ ${this.list(s.over, scope)}(g); const ${arr} = g.srcArr, ${len} = g.srcLen, ${rev} = g.srcRev;
if (g.countLoop(${len}, ${JSON.stringify(c.label.replace('/', ' '))})) {
for (let ${k} = 0; ${k} < ${len}; ${k}++) ${buf}[${k}] = ${rev} ? ${arr}[${len} - 1 - ${k}] : ${arr}[${k}];
for (let ${k} = 0; ${k} < ${len}; ${k}++) {\nL[${slot}] = ${buf}[${k}];\n${where}\n${this.block(s.body, scope)}\nif (g.halt) break;\n} } }`;
      }
      case 'emit': {
        const ev = c.eventIx.get(s.event);
        if (ev === undefined) return this.closureCall(s, scope);
        const tmp = this.ref(filledArray(Math.max(1, s.args.length), 0));
        const fill = s.args.map((a, i) => `${tmp}[${i}] = ${this.gen(a, scope)};`).join(' ');
        return `{ ${fill} g.enqueue(${ev}, ${tmp}, ${s.args.length}); }`;
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

/**
 * A rule as one generated function: binds the event arguments, tests `when`,
 * starts the firing (budget and counts, which may refuse: 2), runs the body.
 * Returns 0 when `when` does not hold, 1 when the rule fired.
 */
export function generateRule(sc: StmtCompiler, index: number, argSlots: Int32Array, when: Expr | undefined, stmts: Stmt[], scope: Scope): (g: RunState) => number {
  const gen = new StmtGenerator(sc);
  const bind = Array.from(argSlots, (slot, k) => `L[${slot}] = g.evArgs[${k}];`).join(' ');
  const guard = when ? `if (!${gen.cond(when, scope)}) return 0;` : '';
  const body = gen.block(stmts, scope);
  const source = `${gen.inner.join('\n')}\nreturn function fire(g) { const L = g.locals; ${bind}\n${guard}\nif (!g.startFiring(${index})) return 2;\n${body}\nreturn 1; };`;
  return compileGenerated<(g: RunState) => number>(source, sc.label, gen.refs, helpers);
}

/** One generated function for a block of statements. */
export function generateBlock(sc: StmtCompiler, stmts: Stmt[], scope: Scope): StmtFn {
  const gen = new StmtGenerator(sc);
  const body = gen.block(stmts, scope);
  const source = `${gen.inner.join('\n')}\nreturn function body(g) { const L = g.locals;\n${body}\n};`;
  return compileGenerated<StmtFn>(source, sc.label, gen.refs, helpers);
}
