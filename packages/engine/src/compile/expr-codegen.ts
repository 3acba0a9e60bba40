import type { Expr } from '@houserules/schema';
import type { RunState } from '../run/run-state.ts';
import type { ExprCompiler, Scope } from './compile-expr.ts';
import type { ExprFn, ListFn } from '../load/loaded-graph.ts';
import { namedSite, placePiece, playerSupply, removePiece, siteInside, siteKind, siteOwner, sitePiece, siteValue } from '../run/board-ops.ts';
import { supplyBase, supplySlot } from '../run/board-slots.ts';
import { STRING_BASE } from '../load/value-codec.ts';
import { memoSlotSource, stampSource } from '../load/derived-memo.ts';
import { memoSlot, memoTable } from '../run/memo-tables.ts';
import { mentionsLocal, rebinds } from './name-bindings.ts';
import { cardIndex, divide, movedCard, playerIndex, remainder, siteIndex, siteVarSlot, tokenSlot, zoneOf } from '../run/address-checks.ts';
import { poolEntryPlanOf, poolPlan, slotSource, varPlan } from './slot-plans.ts';
import { ownSitesWalk } from '../load/own-sites-walk.ts';
import { siteIndexOf, siteListRank } from '../run/board-site-index.ts';

/**
 * Generates one JavaScript function per expression tree (compiled once, at
 * load), so the JIT sees straight-line code instead of one closure call per
 * node. It reads the same slots and layout as the closure compiler, which stays
 * the fallback for what it does not cover (and where `new Function` is not allowed).
 */

export const helpers = {
  memoTable,
  memoSlot,
  /** the run-time checks of addressing, shared with the closures (run/address-checks.ts) */
  player: playerIndex,
  card: cardIndex,
  movedCard,
  field(g: RunState, c: number, f: number): number {
    return c >= 0 && c < g.cardCount ? g.fieldVals[c * g.fieldWidth + f]! : 0;
  },
  is(g: RunState, c: number, kind: number): number {
    return c >= 0 && c < g.cardCount && g.cardKind[c] === kind ? 1 : 0;
  },
  div: divide,
  mod: remainder,
  /** how many of token value `tok` pool slots from `base` hold; 0 for a token the pool does not hold */
  countOf(g: RunState, entries: Int32Array, base: number, tok: number): number {
    const en = entries[tok - STRING_BASE] ?? -1;
    return en < 0 ? 0 : g.counts[base + en]!;
  },
  /** the count slot of token value `tok` in a pool whose slots start at `base`, or a failure (-1) when the pool does not hold it */
  entrySlot(g: RunState, entries: Int32Array, base: number, tok: number, pool: string, tokens: readonly string[]): number {
    return tokenSlot(g, entries, base, tok - STRING_BASE, pool, tokens);
  },
  zoneOf,
  siteKind,
  siteInside,
  namedSite,
  siteValue,
  sitePiece,
  playerSupply,
  siteOwner,
  placePiece,
  removePiece,
  siteIndex,
  siteVar: siteVarSlot,
  EMPTY: new Int32Array(0),
  /** copies the first n elements into buf (a collection evaluated into the shared scratch list) */
  copyInto(buf: number[], arr: ArrayLike<number>, n: number): number[] {
    for (let k = 0; k < n; k++) buf[k] = arr[k]!;
    return buf;
  },
};

let codegenAvailable: boolean | null = null;

/**
 * Whether this environment runs generated code at all: false only where
 * `new Function` is forbidden (a page under a strict Content-Security-Policy),
 * which switches generation off on purpose; the closures then run everything.
 */
export function canGenerate(): boolean {
  if (codegenAvailable === null) {
    try {
      codegenAvailable = new Function('return 1')() === 1;
    } catch {
      codegenAvailable = false;
    }
  }
  return codegenAvailable;
}

/** Generated code that does not compile: a bug in the generator, never the graph's fault (loadGraph reports it as run/internal-error). */
export class CodegenError extends Error {
  constructor(
    readonly label: string,
    cause: unknown,
  ) {
    super(`generated code for ${label} does not compile (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = 'CodegenError';
  }
}

/** every function made from generated code (so tests and tools can tell which back end runs a node) */
const generatedFunctions = new WeakSet<object>();

/** Whether `fn` is generated code (as opposed to a closure of the closure compiler). */
export function isGenerated(fn: unknown): boolean {
  return typeof fn === 'function' && generatedFunctions.has(fn);
}

/**
 * Compiles a generated function body: `source` sees the references as `K` and
 * the helpers as `H` and returns the function. Loud: code that does not compile throws.
 */
export function compileGenerated<F extends (...args: never[]) => unknown>(source: string, label: string, refs: readonly unknown[], helperTable: object): F {
  let fn: F;
  try {
    fn = new Function('K', 'H', withSourceUrl(source, label))(refs, helperTable) as F;
  } catch (error) {
    throw new CodegenError(label, error);
  }
  generatedFunctions.add(fn);
  return fn;
}

/** how deep derived values are written in line into one another (each level copies the callee's body into its caller) */
export const MAX_DERIVED_INLINE_DEPTH = 4;

/** how one function of generated code uses a local slot (Generator.local) */
interface SlotUse {
  /** the functions that write it (0: the outer function, else an inner function's number) */
  readonly writers: Set<number>;
  /** the functions in reach at each use, outermost first (a use inside an inner function reaches every function it is nested in) */
  readonly reaches: Map<string, readonly number[]>;
  /** the same for its reads only */
  readonly reads: Map<string, readonly number[]>;
  /** each read's function stack and the innermost binding region of the slot open at it (Generator.bindingRegion) */
  readonly readsIn: { readonly at: readonly number[]; readonly region: BindingRegion | null }[];
}

/**
 * Code that runs right after a loop of one function binds a slot, to the loop's end
 * (Generator.bindingRegion): a read there sees the loop's element unless a function
 * nested in it (an aggregate binding the same name) writes the slot in between, which
 * makes the region dirty.
 */
interface BindingRegion {
  readonly slot: number;
  readonly fn: number;
  dirty: boolean;
}

/** a local's use in generated source, resolved once the whole function is known (resolveLocals) */
const localMark = (slot: number): string => `\uE001${slot}\uE002`;
/** an inner function's extra parameters (`p`), the arguments at its calls (`a`), its variable declarations (`d`) */
const fnMark = (what: 'p' | 'a' | 'd', fn: number): string => `\uE003${what}${fn}\uE004`;

/** code that evaluates to the same value each time, cheaply and without effects: a literal, a local, a temp, a loop variable, the actor, self or the current player */
export function isSimple(code: string): boolean {
  return /^(\(-?\d+\)|-?\d+|\uE001\d+\uE002|L\[\d+\]|t\d+|k|el|g\.self|g\.actor|g\.current)$/.test(code);
}

export class Generator {
  /** values the generated code refers to: closures, strings */
  readonly refs: unknown[] = [];
  readonly inner: string[] = [];
  protected temps = 0;
  private fns = 0;

  /**
   * How many run-time checks that may fail (and stop the rule: g.halt) the code
   * written so far holds: a closure or helper call that may fail, a derived value.
   * Statements are followed by a halt check only where this grew.
   */
  halts = 0;

  /**
   * Locals as JavaScript variables (`l5`) where no closure and no code outside
   * this function reads the slot; off (the default, and for generators whose
   * source is not resolved by resolveLocals): every local is `L[n]`.
   */
  protected varLocals = false;
  private readonly slotUse = new Map<number, SlotUse>();
  /** slots a closure compiled for this function reads or writes (Scope.observers): they stay in g.locals */
  private readonly escaped = new Set<number>();
  /** the functions being written, outermost (0) first */
  private readonly fnStack: number[] = [0];
  /** the derived values being written in line, outermost first (derivedCall) */
  private readonly inlining: number[] = [];
  private fnCount = 0;

  constructor(protected readonly c: ExprCompiler) {}

  /** the source of local slot `slot`, read or written by the function being written */
  local(slot: number, write = false): string {
    if (!this.varLocals) return `L[${slot}]`;
    let use = this.slotUse.get(slot);
    if (use === undefined) this.slotUse.set(slot, (use = { writers: new Set(), reaches: new Map(), reads: new Map(), readsIn: [] }));
    const fn = this.fnStack[this.fnStack.length - 1]!;
    if (write) {
      use.writers.add(fn);
      // a write by a function nested in an open region of the slot clobbers what the region's reads see
      for (const r of this.regions) if (r.slot === slot && r.fn !== fn) r.dirty = true;
    }
    const key = this.fnStack.join(',');
    if (!use.reaches.has(key)) use.reaches.set(key, this.fnStack.slice());
    if (!write) {
      if (!use.reads.has(key)) use.reads.set(key, this.fnStack.slice());
      let region: BindingRegion | null = null;
      for (let k = this.regions.length - 1; k >= 0 && region === null; k--) if (this.regions[k]!.slot === slot) region = this.regions[k]!;
      use.readsIn.push({ at: this.fnStack.slice(), region });
    }
    return localMark(slot);
  }

  /** the binding regions open where code is being written, outermost first */
  private readonly regions: BindingRegion[] = [];

  /**
   * Writes the code a loop runs after binding `slot` to each element (its test, its
   * body or value): reads of the slot in it see the element unless a nested function
   * writes the slot there too (resolveLocals may then keep the slot a variable even
   * where an aggregate elsewhere in the function binds the same name).
   */
  protected bindingRegion<T>(slot: number, write: () => T): T {
    this.regions.push({ slot, fn: this.fnStack[this.fnStack.length - 1]!, dirty: false });
    try {
      return write();
    } finally {
      this.regions.pop();
    }
  }

  /** runs a compilation by the closure compiler: the slots it looks up stay in g.locals */
  protected viaClosures<T>(scope: Scope, compile: () => T): T {
    if (!this.varLocals) return compile();
    scope.observers.push(this.escaped);
    try {
      return compile();
    } finally {
      scope.observers.pop();
    }
  }

  /** starts an inner function: returns its number, the head's extra parameters and the declarations to put in its body */
  protected enterFn(): { fn: number; params: string; decls: string } {
    const fn = ++this.fnCount;
    this.fnStack.push(fn);
    return this.varLocals ? { fn, params: fnMark('p', fn), decls: fnMark('d', fn) } : { fn, params: '', decls: '' };
  }

  /** ends the inner function `fn`: returns the extra arguments its calls pass */
  protected leaveFn(fn: number): string {
    this.fnStack.pop();
    return this.varLocals ? fnMark('a', fn) : '';
  }

  /** the declarations of the outer function's variables (put at the top of its body) */
  declarations(): string {
    return this.varLocals ? fnMark('d', 0) : '';
  }

  /**
   * Resolves the locals of a complete function's source. A use of a slot
   * belongs to the innermost function in its reach that writes the slot; the
   * slot becomes a JavaScript variable of each writer (inner functions they
   * hold get it as a parameter) when every use has a writer in reach and no
   * writer reads it with another writer nested inside it (an aggregate binding
   * the same name clobbers the slot for the code after it). Any other slot (read
   * by a closure, or never written here, i.e. set by the engine) stays `L[n]`.
   * `inputs`: slots the outer function may read before it writes them (its
   * variable starts from g.locals).
   */
  resolveLocals(source: string, inputs: ReadonlySet<number> = new Set()): string {
    const names = new Map<number, string>();
    const params = new Map<number, number[]>();
    const decls = new Map<number, string[]>();
    const add = <V>(m: Map<number, V[]>, fn: number, v: V): void => {
      const list = m.get(fn) ?? [];
      if (!list.includes(v)) list.push(v);
      m.set(fn, list);
    };
    for (const [slot, use] of this.slotUse) {
      const reaches = [...use.reaches.values()];
      // a writer nested in another is an aggregate (it binds the slot before it reads it)
      const ownerOf = (r: readonly number[]): number => {
        for (let k = r.length - 1; k >= 0; k--) if (use.writers.has(r[k]!)) return r[k]!;
        return -1;
      };
      const owners = reaches.map(ownerOf);
      const nestedWriter = (w: number): boolean => reaches.some((r) => r.indexOf(w) >= 0 && r.slice(r.indexOf(w) + 1).some((fn) => use.writers.has(fn)));
      // a read by a function with a writer nested in it is safe only inside a clean binding region of that function
      const clobbered = use.readsIn.some(({ at, region }) => {
        const w = ownerOf(at);
        return nestedWriter(w) && (region === null || region.dirty || region.fn !== w);
      });
      if (this.escaped.has(slot) || owners.includes(-1) || clobbered) {
        names.set(slot, `L[${slot}]`);
        continue;
      }
      names.set(slot, `l${slot}`);
      for (const owner of use.writers) add(decls, owner, owner === 0 && inputs.has(slot) ? `l${slot} = L[${slot}]` : `l${slot} = 0`);
      reaches.forEach((r, k) => {
        for (const fn of r.slice(r.indexOf(owners[k]!) + 1)) add(params, fn, slot);
      });
    }
    return source
      .replace(/\uE001(\d+)\uE002/g, (_, slot: string) => names.get(Number(slot))!)
      .replace(/\uE003([pad])(\d+)\uE004/g, (_, what: string, fn: string) => {
        const n = Number(fn);
        if (what === 'd') {
          const d = decls.get(n);
          return d === undefined ? '' : ` let ${d.join(', ')};`;
        }
        return (params.get(n) ?? []).map((slot) => `, l${slot}`).join('');
      });
  }

  /** slots whose value a JavaScript loop variable holds (a seat, for a loop over players) */
  readonly seatAlias = new Map<number, string>();

  /** the checked player index an owner expression gives; a loop variable over the players needs no check */
  playerIndex(of: Expr | undefined, scope: Scope, what: string): string {
    if (of?.k === 'local') {
      const alias = this.seatAlias.get(scope.slot(of.name));
      if (alias !== undefined) return alias;
    }
    return this.checkedPlayer(this.owner(of, scope), what);
  }

  /** a player index checked in line (the helper, with its message, only when the check fails) */
  checkedPlayer(o: string, what: string): string {
    this.halts++;
    const words = this.ref(what);
    return isSimple(o) ? `(${o} >>> 0 < g.playerCount ? ${o} : H.player(g, ${o}, ${words}))` : `H.player(g, ${o}, ${words})`;
  }

  /** a card index that has the thing addressed (kind -1: any card), checked in line (H.card only when the check fails) */
  checkedCard(o: string, kind: number, what: string): string {
    this.halts++;
    const words = this.ref(what);
    if (!isSimple(o)) return `H.card(g, ${o}, ${kind}, ${words})`;
    const ofKind = kind < 0 ? '' : ` && g.cardKind[${o}] === ${kind}`;
    return `(${o} >>> 0 < g.cardCount${ofKind} ? ${o} : H.card(g, ${o}, ${kind}, ${words}))`;
  }

  /** `x is kind` as a JavaScript boolean (H.is's test written out when x is simple) */
  private isKind(x: string, kind: number): string {
    return isSimple(x) ? `(${x} >= 0 && ${x} < g.cardCount && g.cardKind[${x}] === ${kind})` : `(H.is(g, ${x}, ${kind}) !== 0)`;
  }

  /** a ÷ b rounded down: a nonzero literal divisor needs no check; a simple one is checked in line */
  private divide(l: string, r: string): string {
    const d = /^\((-?\d+)\)$/.exec(r);
    if (d !== null && Number(d[1]) !== 0) return `Math.floor(${l} / ${r})`;
    this.halts++;
    return isSimple(r) ? `(${r} === 0 ? H.div(g, ${l}, ${r}) : Math.floor(${l} / ${r}))` : `H.div(g, ${l}, ${r})`;
  }

  /** the remainder of a ÷ b (as H.mod), written out when a is simple and b a nonzero literal */
  private remainder(l: string, r: string): string {
    const d = /^\((-?\d+)\)$/.exec(r);
    if (d !== null && Number(d[1]) !== 0 && isSimple(l)) return `(${l} - ${r} * Math.floor(${l} / ${r}))`;
    this.halts++;
    return `H.mod(g, ${l}, ${r})`;
  }

  /** a JavaScript boolean for a condition (no 0/1 round trip) */
  cond(e: Expr, scope: Scope): string {
    if (e.k === 'bin') {
      switch (e.op) {
        case 'and':
          return `(${this.cond(e.l, scope)} && ${this.cond(e.r, scope)})`;
        case 'or':
          return `(${this.cond(e.l, scope)} || ${this.cond(e.r, scope)})`;
        case '==':
          return `(${this.gen(e.l, scope)} === ${this.gen(e.r, scope)})`;
        case '!=':
          return `(${this.gen(e.l, scope)} !== ${this.gen(e.r, scope)})`;
        case '<':
        case '<=':
        case '>':
        case '>=':
          return `(${this.gen(e.l, scope)} ${e.op} ${this.gen(e.r, scope)})`;
      }
    }
    if (e.k === 'not') return `!${this.cond(e.e, scope)}`;
    if (e.k === 'is') {
      const kind = this.c.kindIx.get(e.kind);
      if (kind !== undefined) return this.isKind(this.gen(e.e, scope), kind);
    }
    return `(${this.gen(e, scope)} !== 0)`;
  }

  ref(v: unknown): string {
    this.refs.push(v);
    return `K[${this.refs.length - 1}]`;
  }

  fallback(e: Expr, scope: Scope): string {
    this.c.closureNodes[`expr ${e.k}`] = (this.c.closureNodes[`expr ${e.k}`] ?? 0) + 1;
    this.halts++;
    return `${this.ref(this.viaClosures(scope, () => this.c.closure(e, scope)))}(g)`;
  }

  /** the closure that evaluates a collection into the shared scratch list (its call may fail) */
  list(e: Expr, scope: Scope): string {
    this.halts++;
    return this.ref(this.viaClosures(scope, () => this.c.list(e, scope)) satisfies ListFn);
  }

  owner(of: Expr | undefined, scope: Scope): string {
    return of ? this.gen(of, scope) : 'g.self';
  }

  gen(e: Expr, scope: Scope): string {
    const c = this.c;
    switch (e.k) {
      case 'lit':
        return `(${c.strings.encode(e.v)})`;
      case 'seat':
        return `(${e.index})`;
      case 'local': {
        const slot = scope.slot(e.name);
        if (scope.listSlots.has(slot)) return `g.lists[${slot}]`;
        return this.seatAlias.get(slot) ?? this.local(slot);
      }
      case 'var': {
        const v = c.varIx.get(e.id);
        const node = v === undefined ? undefined : c.graph.vars[v];
        if (!node || e.key !== undefined) return this.fallback(e, scope);
        const plan = varPlan(c, v!);
        const slot = plan === null ? null : slotSource(this, c, plan, e.of, scope);
        return slot === null ? this.fallback(e, scope) : `g.vars[${slot}]`;
      }
      case 'count': {
        const sum = c.groupCount(e);
        if (sum) return this.gen(sum, scope);
        const plan = poolEntryPlanOf(c, e.pool, e.token);
        const slot = plan === null ? null : slotSource(this, c, plan, e.of, scope);
        return slot === null ? this.fallback(e, scope) : `g.counts[${slot}]`;
      }
      case 'field': {
        const of = this.gen(e.of, scope);
        const f = c.field(e.field);
        return isSimple(of) ? `(${of} >= 0 && ${of} < g.cardCount ? g.fieldVals[${of} * g.fieldWidth + ${f}] : 0)` : `H.field(g, ${of}, ${f})`;
      }
      case 'option': {
        const o = c.optionIx.get(e.id);
        return o === undefined ? this.fallback(e, scope) : `g.optionVals[${o}]`;
      }
      case 'ctx':
        return e.name === 'player_count' ? 'g.playerCount' : `g.${e.name}`;
      case 'bin': {
        // generated once: each generation adds inner functions and references
        if (e.op === 'and' || e.op === 'or') return `(${this.cond(e, scope)} ? 1 : 0)`;
        const l = this.gen(e.l, scope);
        const r = this.gen(e.r, scope);
        switch (e.op) {
          case '==':
            return `(${l} === ${r} ? 1 : 0)`;
          case '!=':
            return `(${l} !== ${r} ? 1 : 0)`;
          case '<':
          case '<=':
          case '>':
          case '>=':
            return `(${l} ${e.op} ${r} ? 1 : 0)`;
          case '+':
          case '-':
          case '*':
            return `(${l} ${e.op} ${r})`;
          case '/':
            return this.divide(l, r);
          case '%':
            return this.remainder(l, r);
        }
        return this.fallback(e, scope);
      }
      case 'not':
        return `(${this.gen(e.e, scope)} === 0 ? 1 : 0)`;
      case 'neg':
        return `(-${this.gen(e.e, scope)})`;
      case 'is': {
        const kind = c.kindIx.get(e.kind);
        return kind === undefined ? this.fallback(e, scope) : `(${this.isKind(this.gen(e.e, scope), kind)} ? 1 : 0)`;
      }
      case 'if':
        return `(${this.cond(e.c, scope)} ? ${this.gen(e.t, scope)} : ${this.gen(e.e, scope)})`;
      case 'call':
        if (e.fn === 'min' || e.fn === 'max') return `Math.${e.fn}(${this.gen(e.args[0]!, scope)}, ${this.gen(e.args[1]!, scope)})`;
        if (e.fn === 'abs') return `Math.abs(${this.gen(e.args[0]!, scope)})`;
        if (e.fn === 'contains') return this.contains(e.args[0]!, e.args[1]!, scope);
        return this.fallback(e, scope);
      case 'agg':
        return this.aggregate(e, scope);
      case 'derived':
        return this.derivedCall(e, scope);
      case 'countOf': {
        const p = c.poolIx.get(e.pool);
        const plan = p === undefined ? null : poolPlan(c, p);
        if (plan === null || (plan.owner !== 'global' && plan.owner !== 'player')) return this.fallback(e, scope);
        const entries = this.ref(c.entryOf[p!] ?? new Int32Array(0));
        // the owner is checked before the token is evaluated, as the closure does
        const base = slotSource(this, c, plan, e.of, scope)!;
        return `H.countOf(g, ${entries}, ${base}, ${this.gen(e.token, scope)})`;
      }
      case 'token': {
        const t = c.tokenIx.get(e.id);
        return t === undefined ? this.fallback(e, scope) : `(${STRING_BASE + t})`;
      }
      case 'siteNamed': {
        const table = c.board?.named.get(`${e.site}:${e.name}`);
        return table === undefined ? this.fallback(e, scope) : `H.namedSite(${this.ref(table)}, ${this.gen(e.of, scope)})`;
      }
      case 'siteAt': {
        const fixed = c.fixedSite(e);
        return fixed === null ? this.fallback(e, scope) : `(${fixed})`;
      }
      case 'supply': {
        // what the closure reads, in line: a global piece's one slot, a per-player piece's slot of the checked owner
        const b = c.board;
        const pi = c.pieceIx.get(e.piece);
        const piece = b === null || pi === undefined ? undefined : b.pieces[pi];
        if (!b || !piece) return this.fallback(e, scope);
        if (!piece.perPlayer) return `g.vars[g.boardBase + ${supplySlot(b, piece, 0, 1)}]`;
        this.halts++;
        return `H.playerSupply(g, ${supplyBase(b) + b.globalPieces}, ${piece.supplyIndex}, ${this.owner(e.of, scope)}, ${this.ref(piece.name)})`;
      }
      case 'siteAttr': {
        if (!c.board) return this.fallback(e, scope);
        if (e.attr === 'inside') return `H.siteInside(${this.ref(c.board)}, ${this.gen(e.of, scope)})`;
        if (e.of.k === 'local') return this.siteAttrInline(e.attr, this.gen(e.of, scope));
        const fn = e.attr === 'kind' ? 'siteKind' : e.attr === 'value' ? 'siteValue' : e.attr === 'piece' ? 'sitePiece' : 'siteOwner';
        return `H.${fn}(g, ${this.ref(c.board)}, ${this.gen(e.of, scope)})`;
      }
      default:
        return this.fallback(e, scope);
    }
  }

  /**
   * A site attribute of a plain local, read with the board's offsets written in
   * (the same bounds checks and answers as the siteKind/siteValue/sitePiece/siteOwner helpers).
   */
  private siteAttrInline(attr: 'kind' | 'value' | 'piece' | 'owner', s: string): string {
    const b = this.c.board!;
    switch (attr) {
      case 'kind':
        return `(${s} >>> 0 < ${b.hexCount} ? g.vars[g.boardBase + ${b.hexKindOff} + ${s}] : ${b.noneSymbol})`;
      case 'value':
        return `(${s} >>> 0 < ${b.hexCount} ? g.vars[g.boardBase + ${b.hexValueOff} + ${s}] : -1)`;
      case 'owner':
        return `(${s} >>> 0 < ${b.siteCount} ? g.vars[g.boardBase + ${b.ownerOff} + ${s}] : -1)`;
      case 'piece': {
        // symbols by piece index + 1, with no piece (-1) at 0
        const symbols = this.ref(Int32Array.from([b.noneSymbol, ...b.pieces.map((p) => p.symbol)]));
        return `(${s} >>> 0 < ${b.siteCount} ? ${symbols}[g.vars[g.boardBase + ${b.pieceOff} + ${s}] + 1] : ${b.noneSymbol})`;
      }
    }
  }

  /** contains(list, x) as an inner function: a written-out list is a chain of comparisons, a board list is scanned in place */
  private contains(list: Expr, x: Expr, scope: Scope): string {
    const name = `c${this.fns++}`;
    // an inner function: loop variables of the caller are not in its reach
    const aliases = [...this.seatAlias];
    this.seatAlias.clear();
    const inner = this.enterFn();
    const v = this.gen(x, scope);
    let body: string;
    if (list.k === 'list') {
      const tests = list.items.map((it) => `v === ${this.gen(it, scope)}`);
      body = tests.length === 0 ? 'return 0;' : `return (${tests.join(' || ')}) ? 1 : 0;`;
    } else body = `${this.loopSource(list, scope)} for (let k = 0; k < len; k++) if (arr[k] === v) return 1; return 0;`;
    const args = this.leaveFn(inner.fn);
    for (const [k, a] of aliases) this.seatAlias.set(k, a);
    this.inner.push(`function ${name}(g${inner.params}) { const L = g.locals;${inner.decls} const v = ${v}; ${body} }`);
    return `${name}(g${args})`;
  }

  /**
   * A derived value with scalar arguments, called from an inner function: the
   * arguments are all evaluated before any parameter slot is written (an argument
   * may read one), as the closure call does, without its per-argument closures.
   */
  private derivedCall(e: Extract<Expr, { k: 'derived' }>, scope: Scope): string {
    const target = this.c.derivedCallTarget(e.id, e.args, scope);
    if (target === null) return this.fallback(e, scope);
    const inline =
      target.memo === null &&
      !target.perPlayer &&
      this.inlining.length < MAX_DERIVED_INLINE_DEPTH &&
      !this.inlining.includes(target.index) &&
      !e.args.some((a) => this.c.isListLocal(a, scope));
    // no arguments, not memoised, not in line: the body's function is the value (as the closure compiler gives it)
    if (e.args.length === 0 && target.memo === null && !inline) return this.fallback(e, scope);
    const name = `d${this.fns++}`;
    const aliases = [...this.seatAlias];
    this.seatAlias.clear();
    // the body may fail
    this.halts++;
    const inner = this.enterFn();
    const args = e.args.map((a) => this.gen(a, scope));
    // in line (proposal step 1): a derived value neither memoised nor per player, with scalar arguments, not
    // already being written out (recursion), is written into this function with its parameters as its variables
    let inlined = '';
    if (inline) {
      this.inlining.push(target.index);
      const own = target.slots
        .slice(0, args.length)
        .map((slot, k) => `${this.local(slot, true)} = $${k};`)
        .join(' ');
      inlined = `${own} return ${this.gen(target.value, target.scope)};`;
      this.inlining.pop();
    }
    const passed = this.leaveFn(inner.fn);
    for (const [k, a] of aliases) this.seatAlias.set(k, a);
    const head = `function ${name}(g${inner.params}) {${inner.decls}`;
    const call = `${name}(g${passed})`;
    if (inline) {
      this.inner.push(`${head} const L = g.locals; ${args.map((a, k) => `const $${k} = ${a};`).join(' ')} ${inlined} }`);
      return call;
    }
    const body = this.ref(target.body);
    const temps = args.map((a, k) => `const t${k} = ${a};`).join(' ');
    // a list argument (a list local: derivedCallTarget takes no other) goes to the list locals
    const binds = target.slots
      .slice(0, args.length)
      .map((slot, k) => (this.c.isListLocal(e.args[k]!, scope) ? `g.lists[${slot}] = t${k};` : `L[${slot}] = t${k};`))
      .join(' ');
    const plan = target.memo;
    if (plan === null) {
      const run = target.perPlayer ? `const prev = g.self; g.self = t0; const v = ${body}(g); g.self = prev; return v;` : `return ${body}(g);`;
      this.inner.push(`${head} const L = g.locals; ${temps} ${binds} ${run} }`);
      return call;
    }
    // memoised (derived-memo.ts): the entry for these arguments, if its stamp is current
    if (plan.arity === 0) {
      const at = 2 * plan.index;
      this.inner.push(
        `${head} const V = g.ver; const stamp = ${stampSource(plan.reads)}; const m = g.memoFlat;` +
          ` if (m[${at}] === stamp) return m[${at + 1}]; const v = ${body}(g); if (!g.halt) { m[${at}] = stamp; m[${at + 1}] = v; } return v; }`,
      );
      return call;
    }
    const keys = args.map((_, k) => ` && t[at + ${k + 1}] === t${k}`).join('');
    const store = args.map((_, k) => ` t[at + ${k + 1}] = t${k};`).join('');
    const compute = target.perPlayer ? `const prev = g.self; g.self = t0; const v = ${body}(g); g.self = prev;` : `const v = ${body}(g);`;
    const planRef = this.ref(plan);
    this.inner.push(
      `${head} const L = g.locals; ${temps} const V = g.ver; const stamp = ${stampSource(plan.reads)};` +
        ` const t = g.memo[${plan.index}] ?? H.memoTable(g, ${planRef}); const at = ${memoSlotSource(plan, args.map((_, k) => `t${k}`))};` +
        ` if (t[at] === stamp${keys}) return t[at + ${plan.width - 1}];` +
        ` ${binds} ${compute} if (!g.halt) { t[at] = stamp;${store} t[at + ${plan.width - 1}] = v; } return v; }`,
    );
    return call;
  }

  /** an aggregate becomes an inner function with the loop written out */
  private aggregate(e: Extract<Expr, { k: 'agg' }>, scope: Scope): string {
    // lists and ordered aggregates run on the closures (compile-expr.ts)
    if (e.fn === 'list' || e.fn === 'sorted' || e.fn === 'maxBy' || e.fn === 'minBy') return this.fallback(e, scope);
    const name = `a${this.fns++}`;
    const slot = scope.slot(e.bind);
    // the aggregate is a function of its own: loop variables of the caller are not in its reach
    const aliases = [...this.seatAlias];
    this.seatAlias.clear();
    const inner = this.enterFn();
    // a domain that reads the name being bound reads the outer binding, before the aggregate binds it: that slot stays in g.locals
    if (this.varLocals && mentionsLocal(e.over, e.bind)) this.escaped.add(slot);
    if (e.over.k === 'players' && !rebinds(e.bind, [e.where ?? null, e.value ?? null])) this.seatAlias.set(slot, 'k');
    // a walk over the sites a kept selection lets through, testing only what is left of the test
    const selection = this.selectionLoop(e, scope);
    const whereExpr = selection === null ? e.where : selection.where;
    const where = whereExpr ? this.bindingRegion(slot, () => this.cond(whereExpr, scope)) : null;
    const value = e.value ? this.bindingRegion(slot, () => this.gen(e.value!, scope)) : 'el';
    const test = where === null ? 'true' : where;
    this.seatAlias.delete(slot);
    // a walk over the sites holding pieces of the first conjunct's owner (load/own-sites-walk.ts)
    const own = selection === null ? this.ownSitesHead(e, scope) : null;
    let head: string;
    let element: string;
    let close = '}';
    if (own !== null) {
      head = own;
      element = 'arr[k]';
      close = '} }';
    } else if (e.over.k === 'players') {
      head = 'for (let k = 0, len = g.playerCount; k < len; k++) {';
      element = 'k';
    } else if (selection !== null) {
      head = `${selection.head} for (let k = 0; k < len; k++) {`;
      element = 'arr[k]';
    } else {
      head = `${this.loopSource(e.over, scope)} for (let k = 0; k < len; k++) {`;
      element = this.elementAt(e.over, scope, 'k');
    }
    const bind = this.local(slot, true);
    const args = this.leaveFn(inner.fn);
    for (const [k, v] of aliases) this.seatAlias.set(k, v);
    let body: string;
    switch (e.fn) {
      case 'count':
        body = `let n = 0; ${head} const el = ${element}; ${bind} = el; if (${test}) n++; ${close} return n;`;
        break;
      case 'sum':
        body = `let n = 0; ${head} const el = ${element}; ${bind} = el; if (${test}) n += ${value}; ${close} return n;`;
        break;
      case 'min':
      case 'max':
        body = `let best = 0, found = false; ${head} const el = ${element}; ${bind} = el; if (!(${test})) continue; const v = ${value}; if (!found || v ${e.fn === 'min' ? '<' : '>'} best) best = v; found = true; ${close} return best;`;
        break;
      case 'any':
        body = `${head} const el = ${element}; ${bind} = el; if (!(${test})) continue; if (${e.value ? value : '1'} !== 0) return 1; ${close} return 0;`;
        break;
      case 'all':
        body = `${head} const el = ${element}; ${bind} = el; if (!(${test})) continue; if (${e.value ? value : '1'} === 0) return 0; ${close} return 1;`;
        break;
      case 'first':
        body = `${head} const el = ${element}; ${bind} = el; if (${test}) return ${value}; ${close} return -1;`;
        break;
    }
    this.inner.push(`function ${name}(g${inner.params}) { const L = g.locals;${inner.decls} ${body} }`);
    return `${name}(g${args})`;
  }

  /**
   * The head of a walk over the sites of the owner's pieces, kind by kind
   * (load/own-sites-walk.ts), binding arr and len, inside a loop over the kinds
   * (so the caller closes two loops); every site of the kind when the owner is
   * no player. Null when the aggregate does not qualify, or caching is off.
   */
  private ownSitesHead(e: Extract<Expr, { k: 'agg' }>, scope: Scope): string | null {
    const b = this.c.board;
    if (!this.c.cache || b === null || e.over.k !== 'sites') return null;
    const walk = ownSitesWalk(this.c.graph, b, e);
    if (walk === null) return null;
    const all = b.sites[e.over.site];
    const ranks = this.ref(Int32Array.from(walk.pieces.map((pi) => siteListRank(b, pi))));
    // a piece's lists may hold sites outside the domain (the frame's): those are skipped
    const outside = walk.pieces.some((pi) => b.pieces[pi]!.count !== all.length);
    let member = '';
    if (outside) {
      const mask = new Uint8Array(b.siteCount);
      for (const x of all) mask[x] = 1;
      member = ` if (ix !== null && ${this.ref(mask)}[arr[k]] !== 1) continue;`;
    }
    const o = this.gen(walk.owner, scope);
    return (
      `const o = ${o}, ix = o >>> 0 < g.playerCount ? ${this.ref(siteIndexOf)}(g, ${this.ref(b)}) : null, all = ${this.ref(all)};` +
      ` for (let q = 0, nq = ix === null ? 1 : ${ranks}.length; q < nq; q++) { const list = ix === null ? -1 : ${ranks}[q] * g.playerCount + o;` +
      ` const arr = ix === null ? all : ix.sites[list], len = ix === null ? all.length : ix.lens[list];` +
      ` for (let k = 0; k < len; k++) {${member}`
    );
  }

  /**
   * The head of a loop over a kept selection of sites (ExprCompiler.boardSelection),
   * binding arr and len (with the suffix), and what is left of the test; null when
   * the aggregate walks its collection as written. Written in the function that
   * runs the loop: the head reads the selection's keys.
   */
  protected selectionLoop(e: Extract<Expr, { k: 'agg' }>, scope: Scope, suffix = ''): { head: string; where: Expr | undefined } | null {
    const found = this.c.boardSelection(e, scope);
    if (found === null) return null;
    const keys = [0, 1, 2].map((k) => (k < found.keys.length ? this.gen({ k: 'local', name: found.keys[k]! }, scope) : '0'));
    const arr = `arr${suffix}`;
    return { head: `const ${arr} = ${this.ref(found.selection)}.sites(g, ${keys.join(', ')}), len${suffix} = ${arr}.length;`, where: found.rest };
  }

  /** a per-site var's slot as code (null: let the closure compiler report it) */
  siteVarSlot(vi: number, of: Expr | undefined, scope: Scope): string | null {
    const plan = varPlan(this.c, vi);
    return plan === null ? null : slotSource(this, this.c, plan, of, scope);
  }

  /**
   * The head of a loop over a collection, binding arr, len and rev: a board
   * relation or site list is read in place (no copy, no closure call).
   */
  loopSource(over: Expr, scope: Scope, suffix = ''): string {
    const [zi, arr, len, rev] = ['zi', 'arr', 'len', 'rev'].map((n) => n + suffix);
    const zone = this.globalZone(over);
    if (zone !== null) return `const ${zi} = g.zoneInstBase[${zone}], ${arr} = g.zoneCards[${zi}], ${len} = g.zoneLen[${zi}], ${rev} = true;`;
    const playerZone = this.playerZone(over);
    if (playerZone !== null && over.k === 'zone') {
      const owner = this.owner(over.of, scope);
      this.halts++;
      const inst = `H.zoneOf(g, ${playerZone.index}, ${owner}, ${this.ref(playerZone.name)})`;
      return `const ${zi} = ${inst}, ${arr} = ${zi} < 0 ? H.EMPTY : g.zoneCards[${zi}], ${len} = ${zi} < 0 ? 0 : g.zoneLen[${zi}], ${rev} = true;`;
    }
    const b = this.c.board;
    if (b && over.k === 'siteRel') return `const ${arr} = ${this.ref(b.rel[over.rel])}[${this.gen(over.of, scope)}] || H.EMPTY, ${len} = ${arr}.length, ${rev} = false;`;
    if (b && over.k === 'sites') return `const ${arr} = ${this.ref(b.sites[over.site])}, ${len} = ${arr}.length, ${rev} = false;`;
    if (over.k === 'group') return `const ${arr} = ${this.ref(this.c.groupMembers(over.id))}, ${len} = ${arr}.length, ${rev} = false;`;
    if (this.c.isListLocal(over, scope)) return `const ${arr} = g.lists[${scope.slot((over as Extract<Expr, { k: 'local' }>).name)}], ${len} = ${arr}.length, ${rev} = false;`;
    return `${this.list(over, scope)}(g); const ${arr} = g.srcArr, ${len} = g.srcLen, ${rev} = g.srcRev;`;
  }

  /** the k-th element of a loop over loopSource's arr (its order is known where the collection is read in place) */
  elementAt(over: Expr, scope: Scope, k: string, suffix = ''): string {
    const [arr, len, rev] = ['arr', 'len', 'rev'].map((n) => n + suffix);
    const b = this.c.board;
    // a zone is read top (its last card) first; a board list, a group, a list local in order
    if (this.globalZone(over) !== null || (this.playerZone(over) !== null && over.k === 'zone')) return `${arr}[${len} - 1 - ${k}]`;
    if ((b && (over.k === 'siteRel' || over.k === 'sites')) || over.k === 'group' || this.c.isListLocal(over, scope)) return `${arr}[${k}]`;
    return `${rev} ? ${arr}[${len} - 1 - ${k}] : ${arr}[${k}]`;
  }

  /** whether loopSource reads the collection in place (else through the shared scratch list) */
  loopsInPlace(over: Expr, scope: Scope): boolean {
    const b = this.c.board;
    return (
      over.k === 'group' ||
      this.globalZone(over) !== null ||
      (this.playerZone(over) !== null && over.k === 'zone') ||
      (b !== null && (over.k === 'siteRel' || over.k === 'sites')) ||
      this.c.isListLocal(over, scope)
    );
  }

  /** the index of a global zone the expression names (its cards are read in place), else null */
  globalZone(e: Expr): number | null {
    if (e.k !== 'zone') return null;
    const z = this.c.zoneIx.get(e.id);
    const node = z === undefined ? undefined : this.c.graph.zones[z];
    return node && node.scope === 'global' ? z! : null;
  }

  /** the index and name of a per-player zone the expression names (its cards are read in place), else null */
  playerZone(e: Expr): { index: number; name: string } | null {
    if (e.k !== 'zone') return null;
    const z = this.c.zoneIx.get(e.id);
    const node = z === undefined ? undefined : this.c.graph.zones[z];
    return node && node.scope === 'player' ? { index: z!, name: node.name } : null;
  }

  temp(): string {
    return `t${this.temps++}`;
  }
}

/** Generated code names the graph node it comes from, for profilers and stack traces. */
export function withSourceUrl(source: string, label: string): string {
  return `${source}\n//# sourceURL=houserules:${label.replace(/[^\w/.-]/g, '_')}.js`;
}

/** The generated function for an expression (the compiler calls it only while generation is on). */
export function generateExpr(c: ExprCompiler, e: Expr, scope: Scope): ExprFn {
  const gen = new ExprGenerator(c);
  const text = gen.gen(e, scope);
  const source = `${gen.inner.join('\n')}\nreturn function expr(g) { const L = g.locals;${gen.declarations()} return ${text}; };`;
  return compileGenerated<ExprFn>(gen.resolveLocals(source), c.label, gen.refs, helpers);
}

/** the generator of one expression's function: its aggregates' variables are JavaScript variables (what it reads from outside stays in g.locals) */
class ExprGenerator extends Generator {
  constructor(c: ExprCompiler) {
    super(c);
    this.varLocals = true;
  }
}
