import type { Expr } from '@houserules/schema';
import type { RunState } from '../run/run-state.ts';
import type { ExprCompiler, Scope } from './compile-expr.ts';
import type { ExprFn, ListFn } from '../load/loaded-graph.ts';
import { namedSite, siteInside, siteKind, siteOwner, sitePiece, siteValue } from '../run/board-ops.ts';
import { STRING_BASE } from '../load/value-codec.ts';
import { stampSource } from '../load/derived-memo.ts';
import { memoSlot, memoTable } from '../run/memo-tables.ts';
import { rebinds } from './name-bindings.ts';
import { cardIndex, divide, playerIndex, remainder, siteIndex, siteVarSlot, tokenSlot, zoneOf } from '../run/address-checks.ts';
import { poolEntryPlanOf, poolPlan, slotSource, varPlan } from './slot-plans.ts';

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
  siteOwner,
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

export class Generator {
  /** values the generated code refers to: closures, strings */
  readonly refs: unknown[] = [];
  readonly inner: string[] = [];
  protected temps = 0;
  private fns = 0;

  constructor(protected readonly c: ExprCompiler) {}

  /** slots whose value a JavaScript loop variable holds (a seat, for a loop over players) */
  readonly seatAlias = new Map<number, string>();

  /** the checked player index an owner expression gives; a loop variable over the players needs no check */
  playerIndex(of: Expr | undefined, scope: Scope, what: string): string {
    if (of?.k === 'local') {
      const alias = this.seatAlias.get(scope.slot(of.name));
      if (alias !== undefined) return alias;
    }
    return `H.player(g, ${this.owner(of, scope)}, ${this.ref(what)})`;
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
    return `(${this.gen(e, scope)} !== 0)`;
  }

  ref(v: unknown): string {
    this.refs.push(v);
    return `K[${this.refs.length - 1}]`;
  }

  fallback(e: Expr, scope: Scope): string {
    this.c.closureNodes[`expr ${e.k}`] = (this.c.closureNodes[`expr ${e.k}`] ?? 0) + 1;
    return `${this.ref(this.c.closure(e, scope))}(g)`;
  }

  list(e: Expr, scope: Scope): string {
    return this.ref(this.c.list(e, scope) satisfies ListFn);
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
        return this.seatAlias.get(slot) ?? `L[${slot}]`;
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
      case 'field':
        return `H.field(g, ${this.gen(e.of, scope)}, ${c.field(e.field)})`;
      case 'option': {
        const o = c.optionIx.get(e.id);
        return o === undefined ? this.fallback(e, scope) : `g.optionVals[${o}]`;
      }
      case 'ctx':
        return e.name === 'player_count' ? 'g.playerCount' : `g.${e.name}`;
      case 'bin': {
        const l = this.gen(e.l, scope);
        const r = this.gen(e.r, scope);
        switch (e.op) {
          case 'and':
          case 'or':
            return `(${this.cond(e, scope)} ? 1 : 0)`;
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
            return `H.div(g, ${l}, ${r})`;
          case '%':
            return `H.mod(g, ${l}, ${r})`;
        }
        return this.fallback(e, scope);
      }
      case 'not':
        return `(${this.gen(e.e, scope)} === 0 ? 1 : 0)`;
      case 'neg':
        return `(-${this.gen(e.e, scope)})`;
      case 'is': {
        const kind = c.kindIx.get(e.kind);
        return kind === undefined ? this.fallback(e, scope) : `H.is(g, ${this.gen(e.e, scope)}, ${kind})`;
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
    const v = this.gen(x, scope);
    let body: string;
    if (list.k === 'list') {
      const tests = list.items.map((it) => `v === ${this.gen(it, scope)}`);
      body = tests.length === 0 ? 'return 0;' : `return (${tests.join(' || ')}) ? 1 : 0;`;
    } else body = `${this.loopSource(list, scope)} for (let k = 0; k < len; k++) if (arr[k] === v) return 1; return 0;`;
    for (const [k, a] of aliases) this.seatAlias.set(k, a);
    this.inner.push(`function ${name}(g) { const L = g.locals; const v = ${v}; ${body} }`);
    return `${name}(g)`;
  }

  /**
   * A derived value with scalar arguments, called from an inner function: the
   * arguments are all evaluated before any parameter slot is written (an argument
   * may read one), as the closure call does, without its per-argument closures.
   */
  private derivedCall(e: Extract<Expr, { k: 'derived' }>, scope: Scope): string {
    const target = this.c.derivedCallTarget(e.id, e.args, scope);
    if (target === null) return this.fallback(e, scope);
    const name = `d${this.fns++}`;
    const aliases = [...this.seatAlias];
    this.seatAlias.clear();
    const args = e.args.map((a) => this.gen(a, scope));
    for (const [k, a] of aliases) this.seatAlias.set(k, a);
    const body = this.ref(target.body);
    const temps = args.map((a, k) => `const t${k} = ${a};`).join(' ');
    // a list argument (a list local: derivedCallTarget takes no other) goes to the list locals
    const binds = target.slots
      .slice(0, args.length)
      .map((slot, k) => (this.c.isListLocal(e.args[k]!, scope) ? `g.lists[${slot}] = t${k};` : `L[${slot}] = t${k};`))
      .join(' ');
    const plan = target.memo;
    if (plan === null) {
      const call = target.perPlayer ? `const prev = g.self; g.self = t0; const v = ${body}(g); g.self = prev; return v;` : `return ${body}(g);`;
      this.inner.push(`function ${name}(g) { const L = g.locals; ${temps} ${binds} ${call} }`);
      return `${name}(g)`;
    }
    // memoised (derived-memo.ts): the entry for these arguments, if its stamp is current
    if (plan.arity === 0) {
      const at = 2 * plan.index;
      this.inner.push(
        `function ${name}(g) { const V = g.ver; const stamp = ${stampSource(plan.reads)}; const m = g.memoFlat;` +
          ` if (m[${at}] === stamp) return m[${at + 1}]; const v = ${body}(g); if (!g.halt) { m[${at}] = stamp; m[${at + 1}] = v; } return v; }`,
      );
      return `${name}(g)`;
    }
    const a = (k: number): string => (k < plan.arity ? `t${k}` : '0');
    const keys = args.map((_, k) => ` && t[at + ${k + 1}] === t${k}`).join('');
    const store = args.map((_, k) => ` t[at + ${k + 1}] = t${k};`).join('');
    const compute = target.perPlayer ? `const prev = g.self; g.self = t0; const v = ${body}(g); g.self = prev;` : `const v = ${body}(g);`;
    const planRef = this.ref(plan);
    this.inner.push(
      `function ${name}(g) { const L = g.locals; ${temps} const V = g.ver; const stamp = ${stampSource(plan.reads)};` +
        ` const t = g.memo[${plan.index}] ?? H.memoTable(g, ${planRef}); const at = H.memoSlot(${planRef}, ${a(0)}, ${a(1)}, ${a(2)});` +
        ` if (t[at] === stamp${keys}) return t[at + ${plan.width - 1}];` +
        ` ${binds} ${compute} if (!g.halt) { t[at] = stamp;${store} t[at + ${plan.width - 1}] = v; } return v; }`,
    );
    return `${name}(g)`;
  }

  /** an aggregate becomes an inner function with the loop written out */
  private aggregate(e: Extract<Expr, { k: 'agg' }>, scope: Scope): string {
    if (e.fn === 'list') return this.fallback(e, scope);
    const name = `a${this.fns++}`;
    const slot = scope.slot(e.bind);
    // the aggregate is a function of its own: loop variables of the caller are not in its reach
    const aliases = [...this.seatAlias];
    this.seatAlias.clear();
    if (e.over.k === 'players' && !rebinds(e.bind, [e.where ?? null, e.value ?? null])) this.seatAlias.set(slot, 'k');
    const where = e.where ? this.cond(e.where, scope) : null;
    const value = e.value ? this.gen(e.value, scope) : 'el';
    const test = where === null ? 'true' : where;
    this.seatAlias.delete(slot);
    let head: string;
    let element: string;
    if (e.over.k === 'players') {
      head = 'for (let k = 0, len = g.playerCount; k < len; k++) {';
      element = 'k';
    } else {
      head = `${this.loopSource(e.over, scope)} for (let k = 0; k < len; k++) {`;
      element = 'rev ? arr[len - 1 - k] : arr[k]';
    }
    for (const [k, v] of aliases) this.seatAlias.set(k, v);
    let body: string;
    switch (e.fn) {
      case 'count':
        body = `let n = 0; ${head} const el = ${element}; L[${slot}] = el; if (${test}) n++; } return n;`;
        break;
      case 'sum':
        body = `let n = 0; ${head} const el = ${element}; L[${slot}] = el; if (${test}) n += ${value}; } return n;`;
        break;
      case 'min':
      case 'max':
        body = `let best = 0, found = false; ${head} const el = ${element}; L[${slot}] = el; if (!(${test})) continue; const v = ${value}; if (!found || v ${e.fn === 'min' ? '<' : '>'} best) best = v; found = true; } return best;`;
        break;
      case 'any':
        body = `${head} const el = ${element}; L[${slot}] = el; if (!(${test})) continue; if (${e.value ? value : '1'} !== 0) return 1; } return 0;`;
        break;
      case 'all':
        body = `${head} const el = ${element}; L[${slot}] = el; if (!(${test})) continue; if (${e.value ? value : '1'} === 0) return 0; } return 1;`;
        break;
      case 'first':
        body = `${head} const el = ${element}; L[${slot}] = el; if (${test}) return ${value}; } return -1;`;
        break;
    }
    this.inner.push(`function ${name}(g) { const L = g.locals; ${body} }`);
    return `${name}(g)`;
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
  const gen = new Generator(c);
  const text = gen.gen(e, scope);
  const source = `${gen.inner.join('\n')}\nreturn function expr(g) { const L = g.locals; return ${text}; };`;
  return compileGenerated<ExprFn>(source, c.label, gen.refs, helpers);
}
