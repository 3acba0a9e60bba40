import { MAX_RANGE_LENGTH } from '@houserules/schema';
import type { RunState } from '../run/run-state.ts';
import { loadMapKeys, varWidth, type LoadedMapKeys } from '../load/map-keys.ts';
import { divide, mapKeyIndex, playerIndex, remainder, zoneOf, zoneOfFamily } from '../run/address-checks.ts';
import { poolEntryPlan, poolEntryPlanOf, poolPlan, slotClosure, varPlan, type SlotPlan } from './slot-plans.ts';
import type { BoardCondition, Diagnostic, DiagnosticCode, Expr, RuleGraph, TypeDesc, Value } from '@houserules/schema';
import type { ExprFn, ListFn } from '../load/loaded-graph.ts';
import { generateExpr } from './expr-codegen.ts';
import { STRING_BASE, StringTable } from '../load/value-codec.ts';
import { filledArray } from '../run/packed-array.ts';
import { loadBoard, type LoadedBoard } from '../load/loaded-board.ts';
import { sitePoolRange, supplyBase, supplySlot } from '../run/board-slots.ts';
import { longestTrailOf, namedSite, playerSupply, siteInside, siteKind, siteOf, siteOwner, sitePiece, siteValue } from '../run/board-ops.ts';
import { nodeDistance } from '../board/graph-queries.ts';
import { joinedOf, networksOf } from '../run/board-networks.ts';
import { stateResources, type StateResources } from '../load/state-resources.ts';
import { memoised, memoPlan, type MemoPlan } from '../load/derived-memo.ts';
import { memoStamp } from '../run/memo-tables.ts';
import { idWord } from '../run/author-words.ts';
import { siteSelectionPlan } from '../load/site-selection.ts';
import { BoardSelection, selectSites } from '../run/board-selections.ts';

/** Local names of one rule, action, derived value, policy…: each name gets a slot of game.locals. */
export class Scope {
  private readonly names = new Map<string, number>();
  readonly listSlots = new Set<number>();
  /** the slots of this scope lie in [lo, hi) (other scopes' slots may lie in between) */
  lo = Number.MAX_SAFE_INTEGER;
  hi = 0;

  constructor(private readonly alloc: { nextSlot: number }) {}

  /** binds a name to a slot another scope owns (a constraint's binding to its action's parameter) */
  alias(name: string, slot: number): void {
    this.names.set(name, slot);
  }

  /**
   * Sets of slots being recorded: generated code marks the slots the closure
   * compiler looks up for it (Generator.viaClosures), which must then stay in g.locals.
   */
  readonly observers: Set<number>[] = [];

  slot(name: string): number {
    let s = this.names.get(name);
    if (s === undefined) {
      s = this.alloc.nextSlot++;
      this.names.set(name, s);
      if (s < this.lo) this.lo = s;
      if (s + 1 > this.hi) this.hi = s + 1;
    }
    for (let k = 0; k < this.observers.length; k++) this.observers[k]!.add(s);
    return s;
  }

  /** the slot of a name already bound here, without binding it */
  lookup(name: string): number | undefined {
    return this.names.get(name);
  }
}

/** Finds a declaration by id or by name, so both spellings of a reference work. */
export class Index {
  private readonly map = new Map<string, number>();
  constructor(nodes: readonly { id: string; name: string }[]) {
    nodes.forEach((n, i) => {
      this.map.set(n.id, i);
      if (!this.map.has(n.name)) this.map.set(n.name, i);
    });
  }
  get(key: string): number | undefined {
    return this.map.get(key);
  }
}

interface DerivedCell {
  fn: ExprFn;
  list: ListFn;
  /** 0 not compiled, 1 compiling, 2 compiled */
  state: number;
}

/**
 * Where vars and pools live in a game's arrays. Globals first, then one block per
 * player (player-major), so a global or per-player slot is a compile-time constant
 * plus owner × stride; per-card pools follow the players (their base depends on
 * the player count, so it is read from the game). A per-site pool is one block
 * of the globals, one instance per site of its kind: its slot is a constant plus
 * (site − the kind's first site) × stride.
 */
export interface StaticStorage {
  varOffset: number[];
  varStride: number;
  globalVars: number;
  poolOffset: number[];
  poolStride: number[];
  globalPoolSlots: number;
  playerPoolStride: number;
  cardPoolStride: number;
  /** the slots of one card's vars (they follow the board's block in `vars`: GameLayout.cardVarBase) */
  cardVarStride: number;
}

function staticStorage(graph: RuleGraph, board: LoadedBoard | null): StaticStorage {
  const varOffset: number[] = [];
  // a map var takes one slot per key (map-keys.ts)
  const globalVars = graph.vars.reduce((n, v) => n + (v.scope === 'global' ? varWidth(v) : 0), 0);
  let g = 0;
  let pv = 0;
  let cv = 0;
  // per-site vars live in the board block (loaded-board.ts): their offset here is unused; a
  // per-card var's offset is within each card's block (after GameLayout.cardVarBase)
  for (const v of graph.vars) {
    if (v.scope === 'global') {
      varOffset.push(g);
      g += varWidth(v);
    } else if (v.scope === 'player') {
      varOffset.push(globalVars + pv);
      pv += varWidth(v);
    } else if (v.scope === 'card') {
      varOffset.push(cv);
      cv += varWidth(v);
    } else varOffset.push(0);
  }
  let pg = 0;
  let pp = 0;
  let pc = 0;
  const poolOffset: number[] = [];
  for (const p of graph.pools) {
    const w = p.entries.length;
    const sites = sitePoolRange(p.scope, board);
    if (p.scope === 'global' || sites) {
      poolOffset.push(pg);
      pg += w * (sites ? sites.count : 1);
    } else if (p.scope === 'player') {
      poolOffset.push(pp);
      pp += w;
    } else {
      poolOffset.push(pc);
      pc += w;
    }
  }
  const poolStride: number[] = [];
  graph.pools.forEach((p, i) => {
    if (p.scope === 'player') poolOffset[i] = poolOffset[i]! + pg;
    poolStride.push(p.scope === 'global' ? 0 : p.scope === 'player' ? pp : p.scope === 'card' ? pc : p.entries.length);
  });
  return { varOffset, varStride: pv, globalVars, poolOffset, poolStride, globalPoolSlots: pg, playerPoolStride: pp, cardPoolStride: pc, cardVarStride: cv };
}

const notCompiled: ExprFn = () => 0;
const notCompiledList: ListFn = () => undefined;

function setSource(g: RunState, arr: ArrayLike<number>, len: number, rev: boolean): void {
  g.srcArr = arr;
  g.srcLen = len;
  g.srcRev = rev;
}

/** Compiles expressions to closures, resolving every id to an integer index once. */
export class ExprCompiler {
  readonly strings = new StringTable();
  readonly diagnostics: Diagnostic[] = [];
  readonly alloc = { nextSlot: 0 };
  readonly tokenIx: Index;
  readonly poolIx: Index;
  readonly varIx: Index;
  readonly zoneIx: Index;
  readonly kindIx: Index;
  readonly optionIx: Index;
  readonly derivedIx: Index;
  readonly eventIx: Index;
  readonly actionIx: Index;
  readonly groupIx: Index;
  readonly pieceIx: Index;
  /** the board and its layout in the game state; null when the graph has none */
  readonly board: LoadedBoard | null;
  /** the state's resources, whose versions cached results compare (state-resources.ts) */
  readonly resources: StateResources;
  /** per pool: its entry per token index (-1: it holds no such token) */
  readonly entryOf: Int32Array[];
  /** longest-trail expressions compiled so far (each has a cache per game and player) */
  trailCount = 0;
  readonly fieldNames: string[] = [];
  readonly fieldTypes: TypeDesc[] = [];
  private readonly derivedCells: DerivedCell[];
  readonly storage: StaticStorage;
  /** the slot plans made so far, per pool and per var (slot-plans.ts) */
  readonly poolPlans: (SlotPlan | undefined)[] = [];
  readonly varPlans: (SlotPlan | undefined)[] = [];
  /** per map var, its keys (map-keys.ts) */
  readonly mapKeys: (LoadedMapKeys | undefined)[] = [];

  /** the options the board's spots and paths depend on, with the values it was built for */
  readonly boardOptions: readonly BoardCondition[];

  constructor(
    readonly graph: RuleGraph,
    options: Readonly<Record<string, Value>> = {},
  ) {
    this.tokenIx = new Index(graph.tokens);
    // Token ids are the first strings, so a token as a value is STRING_BASE + its index: it decodes
    // to its id like any symbol, and its index is one subtraction away.
    for (const t of graph.tokens) this.strings.intern(t.id);
    this.poolIx = new Index(graph.pools);
    this.varIx = new Index(graph.vars);
    this.zoneIx = new Index(graph.zones);
    this.kindIx = new Index(graph.cardKinds);
    this.optionIx = new Index(graph.options);
    this.derivedIx = new Index(graph.derived);
    this.eventIx = new Index(graph.events);
    this.actionIx = new Index(graph.actions);
    this.groupIx = new Index(graph.groups ?? []);
    this.pieceIx = new Index(graph.pieces ?? []);
    const loadedBoard = loadBoard(graph, this.strings, options);
    this.board = loadedBoard.board;
    this.boardOptions = loadedBoard.boardOptions;
    this.resources = stateResources(graph, this.board);
    this.diagnostics.push(...loadedBoard.diagnostics);
    this.entryOf = graph.pools.map((p) => {
      const entries = new Int32Array(graph.tokens.length).fill(-1);
      p.entries.forEach((en, k) => {
        const t = this.tokenIx.get(en.token);
        if (t !== undefined) entries[t] = k;
      });
      return entries;
    });
    for (const k of graph.cardKinds) for (const f of k.fields) this.field(f.name, f.type);
    this.derivedCells = graph.derived.map(() => ({ fn: notCompiled, list: notCompiledList, state: 0 }));
    this.storage = staticStorage(graph, this.board);
    // Parameter slots are known before any body compiles, so call sites can bind them directly.
    this.derivedScopes = graph.derived.map((d) => {
      const scope = new Scope(this.alloc);
      // A list parameter holds an array in its slot, so the body reads it as a list.
      for (const p of d.params) if (p.type.t === 'list') scope.listSlots.add(scope.slot(p.name));
      else scope.slot(p.name);
      return scope;
    });
    this.derivedParamSlots = graph.derived.map((d, i) => d.params.map((p) => this.derivedScopes[i]!.slot(p.name)));
  }

  private readonly derivedScopes: Scope[];
  private readonly derivedParamSlots: number[][];

  field(name: string, type?: TypeDesc): number {
    let i = this.fieldNames.indexOf(name);
    if (i < 0) {
      i = this.fieldNames.length;
      this.fieldNames.push(name);
      this.fieldTypes.push(type ?? { t: 'number' });
    }
    return i;
  }

  error(code: DiagnosticCode, message: string): void {
    this.diagnostics.push({ code, severity: 'error', message });
  }

  need(ix: Index, key: string, what: string): number {
    const i = ix.get(key);
    if (i === undefined) {
      this.error('run/unknown-reference', `The graph refers to an unknown ${what} '${key}'.`);
      return 0;
    }
    return i;
  }

  /** cache results (option lists, memoised derived values); off: every question is computed afresh */
  cache = true;
  private readonly memoPlans: (MemoPlan | null | undefined)[] = [];

  /** how derived value i is memoised, or null when it is not (derived-memo.ts) */
  memoPlanOf(i: number): MemoPlan | null {
    if (!this.cache) return null;
    let plan = this.memoPlans[i];
    if (plan === undefined) this.memoPlans[i] = plan = memoPlan(this.graph, this.resources, i);
    return plan;
  }

  /**
   * What generated code needs to call a derived value with scalar arguments
   * itself: the body, the parameter slots, whether it is per player. Null when
   * the closure call must handle it (no arguments: memoised; a list; a body still
   * being compiled, i.e. a recursive use).
   */
  derivedCallTarget(
    id: string,
    args: Expr[],
    scope: Scope,
  ): { index: number; body: ExprFn; slots: readonly number[]; perPlayer: boolean; memo: MemoPlan | null; value: Expr; scope: Scope } | null {
    const i = this.derivedIx.get(id);
    if (i === undefined) return null;
    // no arguments and not memoised: generated code writes it in line or calls its body (the closure is the body itself)
    const node = this.graph.derived[i];
    const cell = this.derivedCells[i];
    if (!node || !cell || node.type.t === 'list') return null;
    // a list argument is passed as it is only when it is a list local (the closure call copies any other list)
    if (args.some((a, k) => (node.params[k]?.type.t === 'list' || this.isList(a, scope)) && !this.isListLocal(a, scope))) return null;
    this.derivedCell(i);
    if (cell.state !== 2) return null;
    const plan = this.memoPlanOf(i);
    return {
      index: i,
      body: cell.fn,
      slots: this.derivedParamSlots[i]!,
      perPlayer: node.perPlayer,
      memo: plan !== null && plan.arity === args.length ? plan : null,
      value: node.value,
      scope: this.derivedScopes[i]!,
    };
  }

  /**
   * An aggregate's walk over a kept selection of sites in place of every site of
   * a kind (load/site-selection.ts): the game's selections, the locals their keys
   * are (at most three, in order), and what is left of the test for each
   * selected site. Null when none applies, or when caching is off.
   */
  boardSelection(e: Extract<Expr, { k: 'agg' }>, scope: Scope): { selection: BoardSelection; keys: readonly string[]; rest: Expr | undefined } | null {
    const b = this.board;
    if (!this.cache || b === null || e.over.k !== 'sites') return null;
    const plan = siteSelectionPlan(this.graph, e.over, e.bind, e.where, (name) => {
      const s = scope.lookup(name);
      return s !== undefined && !scope.listSlots.has(s);
    });
    if (plan === null) return null;
    // the selecting test runs in a scope of its own: its slots are nobody else's
    const own = new Scope(this.alloc);
    const elementSlot = own.slot(e.bind);
    const keySlots = plan.keys.map((k) => own.slot(k));
    const test = this.expr(plan.select, own);
    return { selection: new BoardSelection(selectSites(b.sites[plan.site], elementSlot, keySlots, test)), keys: plan.keys, rest: plan.rest };
  }

  /** whether the expression is a local holding a list (a `let` of a list, a list parameter) */
  isListLocal(e: Expr, scope: Scope): boolean {
    return e.k === 'local' && scope.listSlots.has(scope.slot(e.name));
  }

  /** Compiles the bodies of derived values not compiled yet by a call site. */
  compileDerived(): void {
    this.graph.derived.forEach((_, i) => this.derivedCell(i));
  }

  /** A derived value's compiled body, compiled on first use (a recursive use goes through the cell). */
  private derivedCell(i: number): DerivedCell {
    const cell = this.derivedCells[i]!;
    if (cell.state !== 0) return cell;
    cell.state = 1;
    const d = this.graph.derived[i]!;
    const scope = this.derivedScopes[i]!;
    const outer = this.label;
    this.label = `derived/${d.name}`;
    if (d.type.t === 'list') cell.list = this.list(d.value, scope);
    else cell.fn = this.expr(d.value, scope);
    this.label = outer;
    cell.state = 2;
    return cell;
  }

  isList(e: Expr, scope: Scope): boolean {
    switch (e.k) {
      case 'players':
      case 'zone':
      case 'list':
      case 'range':
      case 'group':
      case 'sites':
      case 'region':
      case 'siteRel':
        return true;
      case 'agg':
        return e.fn === 'list' || e.fn === 'sorted';
      case 'local':
        return scope.listSlots.has(scope.slot(e.name));
      case 'derived': {
        const i = this.derivedIx.get(e.id);
        return i !== undefined && this.graph.derived[i]!.type.t === 'list';
      }
      case 'if':
        return this.isList(e.t, scope) || this.isList(e.e, scope);
      default:
        return false;
    }
  }

  /** the owner expression of a per-player or per-card member; `self` when absent */
  owner(of: Expr | undefined, scope: Scope): ExprFn {
    if (!of) return (g) => g.self;
    if (of.k === 'local') {
      const s = scope.slot(of.name);
      return (g) => g.locals[s] as number;
    }
    return this.expr(of, scope);
  }

  /** A pool slot: a constant for global and per-player pools plus owner × stride (slot-plans.ts). */
  poolSlot(poolKey: string, tokenKey: string, of: Expr | undefined, scope: Scope): ExprFn {
    const p = this.need(this.poolIx, poolKey, 'pool');
    const node = this.graph.pools[p];
    const t = this.need(this.tokenIx, tokenKey, 'token');
    if (!node) return () => -1;
    const plan = poolEntryPlan(this, p, t);
    if (plan === null) {
      this.error('run/unknown-reference', `Pool '${poolKey}' holds no token '${tokenKey}'.`);
      return () => -1;
    }
    return slotClosure(this, plan, of, scope);
  }

  varSlot(key: string, of: Expr | undefined, scope: Scope, mapKey?: Expr): ExprFn {
    if (mapKey !== undefined) return this.mapSlot(key, of, scope, mapKey);
    const v = this.need(this.varIx, key, 'var');
    const node = this.graph.vars[v];
    const fixed = this.storage.varOffset[v] ?? 0;
    if (!node || node.scope === 'global') return () => fixed;
    if (node.scope === 'card') return slotClosure(this, varPlan(this, v)!, of, scope);
    if (node.scope !== 'player') return this.siteVarSlot(v, of, scope);
    return slotClosure(this, varPlan(this, v)!, of, scope);
  }

  /** a map var's slot at a key: the var's slot plus the key's index (run/key-out-of-range when it is none) */
  private mapSlot(key: string, of: Expr | undefined, scope: Scope, mapKey: Expr): ExprFn {
    const v = this.need(this.varIx, key, 'var');
    const node = this.graph.vars[v];
    const base = this.varSlot(key, of, scope);
    const k = this.expr(mapKey, scope);
    if (!node?.keys) {
      this.error('run/unknown-reference', `Var '${node?.name ?? key}' is not a map, but is read at a key.`);
      return base;
    }
    // loaded at the first keyed reference (its enum keys interned then, as they always were), then shared
    const keys = (this.mapKeys[v] ??= loadMapKeys(node.keys, this.strings));
    const name = node.name;
    const strings = this.strings;
    return (g) => {
      const i = mapKeyIndex(g, keys, k(g), name, strings);
      if (i < 0) return i;
      const b = base(g);
      return b < 0 ? b : b + i;
    };
  }

  /** the sites of a per-site pool (null for other pools); a load diagnostic when the graph has no board */
  sitePool(pi: number, name: string): { first: number; count: number } | null {
    const node = this.graph.pools[pi];
    const range = node ? sitePoolRange(node.scope, this.board) : null;
    if (range && !this.board) this.error('run/unknown-reference', `Pool '${name}' is per site, but the graph has no board.`);
    return range;
  }

  /** the slot of a per-site var: boardBase + its block + the site's index among its kind */
  siteVarSlot(vi: number, of: Expr | undefined, scope: Scope): ExprFn {
    const plan = varPlan(this, vi);
    if (plan === null) {
      this.error('run/unknown-reference', `Var '${this.graph.vars[vi]?.name ?? ''}' is per site, but the graph has no board.`);
      return () => -1;
    }
    return slotClosure(this, plan, of, scope);
  }

  /** the board, or a load diagnostic when an expression needs one and the graph has none */
  needBoard(what: string): LoadedBoard | null {
    // a declared board that could not be built has said why (board/…): no second report here
    if (!this.board && this.graph.boards.length === 0) this.error('run/unknown-reference', `${what} needs a board, and the graph declares none.`);
    return this.board;
  }

  /** the site values of a `sites`, `region` or `siteRel` collection, or null when e is none of them */
  boardList(e: Expr, scope: Scope): ListFn | null {
    switch (e.k) {
      case 'sites': {
        const b = this.needBoard('The collection of sites');
        const arr = b ? b.sites[e.site] : new Int32Array(0);
        return (g) => setSource(g, arr, arr.length, false);
      }
      case 'region': {
        const b = this.needBoard(`Region '${e.name}'`);
        const arr = b?.regions.get(e.name);
        if (b && !arr) this.error('run/unknown-reference', `The board has no region '${e.name}'.`);
        const hexes = arr ?? new Int32Array(0);
        return (g) => setSource(g, hexes, hexes.length, false);
      }
      case 'siteRel': {
        const b = this.needBoard(`'${e.rel}' of a site`);
        const table = b ? b.rel[e.rel] : [];
        const empty = new Int32Array(0);
        const of = this.expr(e.of, scope);
        return (g) => {
          const arr = table[of(g)] ?? empty;
          setSource(g, arr, arr.length, false);
        };
      }
      case 'group': {
        const members = this.groupMembers(e.id);
        return (g) => setSource(g, members, members.length, false);
      }
    }
    return null;
  }

  /** a token group's members as values (STRING_BASE + token index), in declaration order */
  groupMembers(id: string): Int32Array {
    const gi = this.need(this.groupIx, id, 'token group');
    return Int32Array.from((this.graph.groups?.[gi]?.members ?? []).map((t) => STRING_BASE + this.need(this.tokenIx, t, 'token')));
  }

  /** `count` of a group: the sum over the group's tokens the pool holds */
  groupCount(e: Extract<Expr, { k: 'count' }>): Expr | null {
    if (this.tokenIx.get(e.token) !== undefined) return null;
    const gi = this.groupIx.get(e.token);
    if (gi === undefined) return null;
    const p = this.poolIx.get(e.pool);
    const held = (this.graph.groups[gi]?.members ?? []).filter((t) => {
      const ti = this.tokenIx.get(t);
      return p !== undefined && ti !== undefined && this.entryOf[p]![ti]! >= 0;
    });
    const terms: Expr[] = held.map((t) => (e.of ? { k: 'count', pool: e.pool, token: t, of: e.of } : { k: 'count', pool: e.pool, token: t }));
    if (terms.length === 0) return { k: 'lit', v: 0 };
    return terms.reduce((l, r) => ({ k: 'bin', op: '+', l, r }));
  }

  /** how many of a token (a value) a pool holds */
  private countOf(e: Extract<Expr, { k: 'countOf' }>, scope: Scope): ExprFn {
    const p = this.need(this.poolIx, e.pool, 'pool');
    const plan = poolPlan(this, p);
    const entries = this.entryOf[p] ?? new Int32Array(0);
    const token = this.expr(e.token, scope);
    // the owner is checked before the token is evaluated
    const base = plan === null ? () => 0 : slotClosure(this, plan, e.of, scope);
    return (g) => {
      const b = base(g);
      if (b < 0) return -1;
      const en = entries[token(g) - STRING_BASE] ?? -1;
      return en < 0 ? 0 : g.counts[b + en]!;
    };
  }

  /** a site given by literal coordinates, found once at load (rules name fixed places this way); null otherwise */
  fixedSite(e: Extract<Expr, { k: 'siteAt' }>): number | null {
    if (!this.board || e.q.k !== 'lit' || e.r.k !== 'lit' || (e.i !== undefined && e.i.k !== 'lit')) return null;
    const n = (x: Expr | undefined): number => (x?.k === 'lit' && typeof x.v === 'number' ? x.v : 0);
    return siteOf(this.board, e.site, n(e.q), n(e.r), n(e.i));
  }

  /** the board expressions that are values (not collections) */
  private boardValue(e: Expr, scope: Scope): ExprFn | null {
    switch (e.k) {
      case 'siteAttr': {
        const b = this.needBoard(`The ${e.attr} of a site`);
        if (!b) return () => -1;
        const of = this.expr(e.of, scope);
        if (e.attr === 'inside') return (g) => siteInside(b, of(g));
        const read = e.attr === 'kind' ? siteKind : e.attr === 'value' ? siteValue : e.attr === 'piece' ? sitePiece : siteOwner;
        return (g) => read(g, b, of(g));
      }
      case 'siteNamed': {
        const b = this.needBoard(`The ${e.site === 'corner' ? 'spot' : 'path'} '${e.name}'`);
        const table = b?.named.get(`${e.site}:${e.name}`);
        if (b && !table) this.error('run/unknown-reference', `No hex of the board has a ${e.site === 'corner' ? 'spot' : 'path'} '${e.name}'.`);
        if (!table) return () => -1;
        const of = this.expr(e.of, scope);
        return (g) => namedSite(table, of(g));
      }
      case 'siteAt': {
        const b = this.needBoard(`A ${e.site} by coordinates`);
        if (!b) return () => -1;
        const fixed = this.fixedSite(e);
        if (fixed !== null) return () => fixed;
        const q = this.expr(e.q, scope);
        const r = this.expr(e.r, scope);
        const i = e.i ? this.expr(e.i, scope) : () => 0;
        const site = e.site;
        return (g) => siteOf(b, site, q(g), r(g), i(g));
      }
      case 'supply': {
        const b = this.needBoard(`The supply of '${idWord(e.piece)}'`);
        const pi = this.need(this.pieceIx, e.piece, 'piece');
        const piece = b?.pieces[pi];
        if (!b || !piece) return () => 0;
        if (!piece.perPlayer) {
          const off = supplySlot(b, piece, 0, 1);
          return (g) => g.vars[g.boardBase + off]!;
        }
        const owner = this.owner(e.of, scope);
        const first = supplyBase(b) + b.globalPieces;
        const { supplyIndex, name } = piece;
        return (g) => playerSupply(g, first, supplyIndex, owner(g), name);
      }
      case 'distance': {
        const b = this.needBoard('A distance');
        if (!b) return () => -1;
        const from = this.expr(e.from, scope);
        const to = this.expr(e.to, scope);
        const { nodeBase, nodeCount } = b;
        return (g) => {
          const a = from(g) - nodeBase;
          const c = to(g) - nodeBase;
          if (a >>> 0 >= nodeCount || c >>> 0 >= nodeCount) return -1;
          return nodeDistance(b.board, a, c);
        };
      }
      case 'trail': {
        const b = this.needBoard('A longest trail');
        if (!b) return () => 0;
        const pieces = e.pieces.map((key) => this.need(this.pieceIx, key, 'piece'));
        for (const pi of pieces) {
          if (b.pieces[pi]?.site !== 'edge') this.error('run/bad-trail', `A trail runs over edge pieces; '${b.pieces[pi]?.name ?? ''}' is not one.`);
        }
        const index = this.trailCount++;
        const player = this.expr(e.player, scope);
        return (g) => longestTrailOf(g, b, index, pieces, player(g));
      }
      case 'joined':
      case 'networks': {
        const b = this.needBoard(e.k === 'joined' ? 'Whether pieces join two corners' : 'Counting networks');
        if (!b) return () => 0;
        const pieces = e.pieces.map((key) => this.need(this.pieceIx, key, 'piece'));
        for (const pi of pieces) {
          if (b.pieces[pi]?.site !== 'edge') this.error('run/bad-network', `A network is made of edge pieces; '${b.pieces[pi]?.name ?? ''}' is not one.`);
        }
        const player = this.expr(e.player, scope);
        if (e.k === 'networks') return (g) => networksOf(g, b, pieces, player(g));
        const from = this.expr(e.from, scope);
        const to = this.expr(e.to, scope);
        return (g) => joinedOf(g, b, pieces, player(g), from(g), to(g));
      }
      case 'token': {
        const t = STRING_BASE + this.need(this.tokenIx, e.id, 'token');
        return () => t;
      }
    }
    return null;
  }

  zoneInstance(key: string, of: Expr | undefined, scope: Scope): ExprFn {
    const z = this.need(this.zoneIx, key, 'zone');
    const node = this.graph.zones[z];
    if (!node || node.scope === 'global') return (g) => g.zoneInstBase[z]!;
    if (node.scope === 'keyed') {
      // one zone of a family: its key, checked against the family's keys
      const at = of ? this.expr(of, scope) : () => Number.NaN;
      const from = node.keys?.from ?? 0;
      const count = node.keys ? node.keys.to - from + 1 : 1;
      const name = node.name;
      return (g) => zoneOfFamily(g, z, at(g), from, count, name);
    }
    const owner = of ? this.expr(of, scope) : (g: RunState) => g.self;
    const name = node.name;
    return (g) => zoneOf(g, z, owner(g), name);
  }

  /** the resource a var's writes bump (state-resources.ts) */
  varResource(id: string): number {
    const vi = this.varIx.get(id);
    return vi === undefined ? this.resources.board : this.resources.varBase + vi;
  }

  /** generate JavaScript per expression tree (see expr-codegen.ts); off: closures only */
  codegen = true;

  /** where generation is on and a node still runs as closures: `label: reason` (LoadedGraph.codegenFallbacks) */
  readonly fallbacks: string[] = [];

  /** node kinds that generated code calls the closure compiler's function for (`expr call`, `stmt ask`…), with how often */
  readonly closureNodes: Record<string, number> = {};

  /**
   * The graph node being compiled (`derived/x`, `constraint/y`, `rule/z`, …): generated
   * code carries it as its `sourceURL`, so profilers and stack traces name the rule.
   */
  label = 'graph';

  expr(e: Expr, scope: Scope): ExprFn {
    if (this.codegen && e.k !== 'lit' && e.k !== 'local' && e.k !== 'seat') {
      return generateExpr(this, e, scope);
    }
    return this.closure(e, scope);
  }

  /** the closure compiler for one expression node (its children go through expr) */
  closure(e: Expr, scope: Scope): ExprFn {
    switch (e.k) {
      case 'lit': {
        const v = this.strings.encode(e.v);
        return () => v;
      }
      case 'seat': {
        const v = e.index;
        return () => v;
      }
      case 'local': {
        const s = scope.slot(e.name);
        return (g) => g.locals[s] as number;
      }
      case 'var': {
        const v = this.varIx.get(e.id);
        const node = v === undefined ? undefined : this.graph.vars[v];
        if (e.key !== undefined) {
          const slot = this.varSlot(e.id, e.of, scope, e.key);
          return (g) => {
            const i = slot(g);
            return i < 0 ? 0 : g.vars[i]!;
          };
        }
        if (node && node.scope !== 'global' && node.scope !== 'player') {
          const slot = node.scope === 'card' ? slotClosure(this, varPlan(this, v!)!, e.of, scope) : this.siteVarSlot(v!, e.of, scope);
          return (g) => {
            const i = slot(g);
            return i < 0 ? -1 : g.vars[i]!;
          };
        }
        if (node?.scope === 'global') {
          const fixed = varPlan(this, v!)!.fixed;
          return (g) => g.vars[fixed]!;
        }
        if (node && e.of?.k === 'local') {
          const { fixed, stride, what } = varPlan(this, v!)!;
          const s = scope.slot(e.of.name);
          return (g) => {
            const o = playerIndex(g, g.locals[s] as number, what);
            return o < 0 ? -1 : g.vars[fixed + o * stride]!;
          };
        }
        const slot = this.varSlot(e.id, e.of, scope);
        return (g) => g.vars[slot(g)]!;
      }
      case 'count': {
        const sum = this.groupCount(e);
        if (sum) return this.expr(sum, scope);
        const plan = poolEntryPlanOf(this, e.pool, e.token);
        if (plan?.owner === 'global') {
          const fixed = plan.fixed;
          return (g) => g.counts[fixed]!;
        }
        if (plan?.owner === 'player' && e.of?.k === 'local') {
          const { fixed, stride, what } = plan;
          const s = scope.slot(e.of.name);
          return (g) => {
            const o = playerIndex(g, g.locals[s] as number, what);
            return o < 0 ? -1 : g.counts[fixed + o * stride]!;
          };
        }
        const slot = this.poolSlot(e.pool, e.token, e.of, scope);
        return (g) => g.counts[slot(g)]!;
      }
      case 'field': {
        const f = this.field(e.field);
        if (e.of.k === 'local') {
          const s = scope.slot(e.of.name);
          return (g) => {
            const c = g.locals[s] as number;
            if (c < 0 || c >= g.cardCount) return 0;
            return g.fieldVals[c * g.fieldWidth + f]!;
          };
        }
        const of = this.expr(e.of, scope);
        return (g) => {
          const c = of(g);
          if (c < 0 || c >= g.cardCount) return 0;
          return g.fieldVals[c * g.fieldWidth + f]!;
        };
      }
      case 'option': {
        const o = this.need(this.optionIx, e.id, 'option');
        return (g) => g.optionVals[o]!;
      }
      case 'derived':
        return this.derivedCall(e.id, e.args, scope, false) as ExprFn;
      case 'ctx':
        switch (e.name) {
          case 'current':
            return (g) => g.current;
          case 'actor':
            return (g) => g.actor;
          case 'self':
            return (g) => g.self;
          case 'round':
            return (g) => g.round;
          case 'turn':
            return (g) => g.turn;
          case 'player_count':
            return (g) => g.playerCount;
        }
        return () => 0;
      case 'bin': {
        if (e.r.k === 'lit' && e.op !== 'and' && e.op !== 'or' && e.op !== '/' && e.op !== '%') {
          const fast = this.binaryConst(e.op, this.expr(e.l, scope), this.strings.encode(e.r.v));
          if (fast) return fast;
        }
        return this.binary(e.op, this.expr(e.l, scope), this.expr(e.r, scope));
      }
      case 'not': {
        const x = this.expr(e.e, scope);
        return (g) => (x(g) === 0 ? 1 : 0);
      }
      case 'neg': {
        const x = this.expr(e.e, scope);
        return (g) => -x(g);
      }
      case 'is': {
        const kind = this.need(this.kindIx, e.kind, 'card kind');
        if (e.e.k === 'local') {
          const s = scope.slot(e.e.name);
          return (g) => {
            const c = g.locals[s] as number;
            return c >= 0 && c < g.cardCount && g.cardKind[c] === kind ? 1 : 0;
          };
        }
        const x = this.expr(e.e, scope);
        return (g) => {
          const c = x(g);
          return c >= 0 && c < g.cardCount && g.cardKind[c] === kind ? 1 : 0;
        };
      }
      case 'if': {
        const c = this.expr(e.c, scope);
        const t = this.expr(e.t, scope);
        const f = this.expr(e.e, scope);
        return (g) => (c(g) !== 0 ? t(g) : f(g));
      }
      case 'agg':
        return this.aggregate(e, scope);
      case 'call':
        return this.call(e.fn, e.args, scope);
      case 'at':
        return this.at(e, scope);
      case 'countOf':
        return this.countOf(e, scope);
      case 'token':
      case 'siteAttr':
      case 'siteNamed':
      case 'siteAt':
      case 'supply':
      case 'distance':
      case 'trail':
      case 'joined':
      case 'networks':
        return this.boardValue(e, scope)!;
      case 'players':
      case 'zone':
      case 'list':
      case 'range':
      case 'group':
      case 'sites':
      case 'region':
      case 'siteRel': {
        // A collection where a number is expected: its size keeps the program total.
        const src = this.list(e, scope);
        return (g) => {
          src(g);
          return g.srcLen;
        };
      }
    }
  }

  /** a comparison or arithmetic with a constant right operand: one closure call fewer */
  private binaryConst(op: string, l: ExprFn, c: number): ExprFn | null {
    switch (op) {
      case '==':
        return (g) => (l(g) === c ? 1 : 0);
      case '!=':
        return (g) => (l(g) !== c ? 1 : 0);
      case '<':
        return (g) => (l(g) < c ? 1 : 0);
      case '<=':
        return (g) => (l(g) <= c ? 1 : 0);
      case '>':
        return (g) => (l(g) > c ? 1 : 0);
      case '>=':
        return (g) => (l(g) >= c ? 1 : 0);
      case '+':
        return (g) => l(g) + c;
      case '-':
        return (g) => l(g) - c;
      case '*':
        return (g) => l(g) * c;
    }
    return null;
  }

  private binary(op: string, l: ExprFn, r: ExprFn): ExprFn {
    switch (op) {
      case 'or':
        return (g) => (l(g) !== 0 || r(g) !== 0 ? 1 : 0);
      case 'and':
        return (g) => (l(g) !== 0 && r(g) !== 0 ? 1 : 0);
      case '==':
        return (g) => (l(g) === r(g) ? 1 : 0);
      case '!=':
        return (g) => (l(g) !== r(g) ? 1 : 0);
      case '<':
        return (g) => (l(g) < r(g) ? 1 : 0);
      case '<=':
        return (g) => (l(g) <= r(g) ? 1 : 0);
      case '>':
        return (g) => (l(g) > r(g) ? 1 : 0);
      case '>=':
        return (g) => (l(g) >= r(g) ? 1 : 0);
      case '+':
        return (g) => l(g) + r(g);
      case '-':
        return (g) => l(g) - r(g);
      case '*':
        return (g) => l(g) * r(g);
      case '/':
        return (g) => divide(g, l(g), r(g));
      case '%':
        return (g) => remainder(g, l(g), r(g));
    }
    this.error('run/unknown-operator', `Unknown operator '${op}'.`);
    return () => 0;
  }

  private call(fn: string, args: Expr[], scope: Scope): ExprFn {
    switch (fn) {
      case 'min': {
        const a = this.expr(args[0]!, scope);
        const b = this.expr(args[1]!, scope);
        return (g) => Math.min(a(g), b(g));
      }
      case 'max': {
        const a = this.expr(args[0]!, scope);
        const b = this.expr(args[1]!, scope);
        return (g) => Math.max(a(g), b(g));
      }
      case 'abs': {
        const a = this.expr(args[0]!, scope);
        return (g) => Math.abs(a(g));
      }
      case 'size': {
        const src = this.list(args[0]!, scope);
        return (g) => {
          src(g);
          return g.srcLen;
        };
      }
      case 'contains': {
        const src = this.list(args[0]!, scope);
        const x = this.expr(args[1]!, scope);
        return (g) => {
          const v = x(g);
          src(g);
          const arr = g.srcArr;
          for (let k = 0, len = g.srcLen; k < len; k++) if (arr[k] === v) return 1;
          return 0;
        };
      }
      case 'knows': {
        // whether player p knows card c (a card or player that does not exist: no)
        const p = this.expr(args[0]!, scope);
        const c = this.expr(args[1]!, scope);
        return (g) => {
          const seat = p(g);
          const card = c(g);
          return seat >= 0 && seat < 31 && card >= 0 && card < g.cardCount && ((g.known[card]! >>> seat) & 1) === 1 ? 1 : 0;
        };
      }
      case 'position': {
        // `position(x, l)`: from 1, in the collection's order; 0 when x is not there
        const x = this.expr(args[0]!, scope);
        const src = this.list(args[1]!, scope);
        return (g) => {
          const v = x(g);
          src(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev;
          for (let k = 0; k < len; k++) if ((rev ? arr[len - 1 - k] : arr[k]) === v) return k + 1;
          return 0;
        };
      }
    }
    this.error('run/unknown-function', `Unknown function '${fn}'.`);
    return () => 0;
  }

  /** `l[i]`: the element at position i (from 1) in the collection's order */
  private at(e: Extract<Expr, { k: 'at' }>, scope: Scope): ExprFn {
    const src = this.list(e.list, scope);
    const index = this.expr(e.index, scope);
    return (g) => {
      const i = index(g);
      src(g);
      const arr = g.srcArr, len = g.srcLen, rev = g.srcRev;
      if (i < 1 || i > len) return g.fail('run/index-out-of-range', `There is no position ${i} in a list of ${len}.`, 'positions count from 1');
      return rev ? arr[len - i]! : arr[i - 1]!;
    };
  }

  private derivedCall(id: string, args: Expr[], scope: Scope, asList: boolean): ExprFn | ListFn {
    const i = this.need(this.derivedIx, id, 'derived value');
    const node = this.graph.derived[i];
    const cell = this.derivedCells[i];
    if (!node || !cell) return () => 0;
    // A list argument is passed whole (a copy, as `let` does), never as its count.
    const listArg = args.map((a, k) => node.params[k]?.type.t === 'list' || this.isList(a, scope));
    // a list local is already a copy and a derived value cannot change it: it is passed as it is
    const listLocal = (a: Expr): ((g: RunState) => number[]) | null => {
      if (a.k !== 'local' || !scope.listSlots.has(scope.slot(a.name))) return null;
      const slot = scope.slot(a.name);
      return (g) => g.lists[slot]!;
    };
    const argFns: ((g: RunState) => number | number[])[] = args.map((a, k) => (listArg[k] ? (listLocal(a) ?? this.listCopy(a, scope)) : this.expr(a, scope)));
    const paramSlots = this.derivedParamSlots[i]!;
    const perPlayer = node.perPlayer;
    this.derivedCell(i);
    if (argFns.length === 0 && cell.state === 2 && asList) return cell.list;
    const plan = asList || cell.state !== 2 || listArg.some(Boolean) ? null : this.memoPlanOf(i);
    if (plan !== null && plan.arity === 0 && argFns.length === 0) {
      const body = cell.fn;
      const reads = plan.reads;
      const at = 2 * i;
      return (g: RunState) => {
        const stamp = memoStamp(g, reads);
        const m = g.memoFlat;
        if (m[at] === stamp) return m[at + 1]!;
        const v = body(g);
        if (!g.halt) {
          m[at] = stamp;
          m[at + 1] = v;
        }
        return v;
      };
    }
    if (plan !== null && argFns.length === plan.arity) {
      const body = cell.fn;
      const [s0 = -1, s1 = -1, s2 = -1] = paramSlots;
      return memoised(plan, argFns as ExprFn[], (g, a0, a1, a2) => {
        const L = g.locals;
        if (s0 >= 0) L[s0] = a0;
        if (s1 >= 0) L[s1] = a1;
        if (s2 >= 0) L[s2] = a2;
        if (!perPlayer) return body(g);
        const prev = g.self;
        g.self = a0;
        const v = body(g);
        g.self = prev;
        return v;
      });
    }
    if (argFns.length === 0 && cell.state === 2) return cell.fn;
    if (argFns.length === 1 && paramSlots.length === 1 && cell.state === 2 && !asList && !listArg[0]) {
      const arg = argFns[0] as ExprFn;
      const s0 = paramSlots[0]!;
      const body = cell.fn;
      if (perPlayer) {
        return (g: RunState) => {
          const a = arg(g);
          const prev = g.self;
          g.self = a;
          g.locals[s0] = a;
          const v = body(g);
          g.self = prev;
          return v;
        };
      }
      return (g: RunState) => {
        g.locals[s0] = arg(g);
        return body(g);
      };
    }
    const tmp: (number | number[])[] = new Array<number>(argFns.length).fill(0);
    const bind = (g: RunState): number => {
      for (let k = 0; k < argFns.length; k++) tmp[k] = argFns[k]!(g);
      for (let k = 0; k < paramSlots.length && k < tmp.length; k++) {
        const v = tmp[k]!;
        if (typeof v === 'number') g.locals[paramSlots[k]!] = v;
        else g.lists[paramSlots[k]!] = v;
      }
      const prev = g.self;
      if (perPlayer && tmp.length > 0 && typeof tmp[0] === 'number') g.self = tmp[0];
      return prev;
    };
    if (asList) {
      return (g: RunState) => {
        const prev = bind(g);
        cell.list(g);
        g.self = prev;
      };
    }
    return (g: RunState) => {
      const prev = bind(g);
      const v = cell.fn(g);
      g.self = prev;
      return v;
    };
  }

  /** `sorted(x in C by key [desc])`: the elements kept, in order of their keys (a stable sort: equal keys keep C's order). */
  private sorted(e: Extract<Expr, { k: 'agg' }>, scope: Scope): ListFn {
    const src = this.list(e.over, scope);
    const slot = scope.slot(e.bind);
    const where = e.where ? this.expr(e.where, scope) : null;
    const key = e.value ? this.expr(e.value, scope) : null;
    const sign = e.desc === true ? -1 : 1;
    const elems: number[] = [];
    const keys: number[] = [];
    const order: number[] = [];
    const out: number[] = [];
    return (g) => {
      src(g);
      const arr = g.srcArr, len = g.srcLen, rev = g.srcRev, L = g.locals;
      let n = 0;
      for (let k = 0; k < len; k++) {
        const el = rev ? arr[len - 1 - k]! : arr[k]!;
        L[slot] = el;
        if (where !== null && where(g) === 0) continue;
        elems[n] = el;
        keys[n] = key === null ? el : key(g);
        order[n] = n;
        n++;
      }
      order.length = n;
      order.sort((a, b) => sign * (keys[a]! - keys[b]!) || a - b);
      for (let k = 0; k < n; k++) out[k] = elems[order[k]!]!;
      setSource(g, out, n, false);
    };
  }

  /** A list expression evaluated to a fresh array (later changes to its source do not show through). */
  listCopy(e: Expr, scope: Scope): (g: RunState) => number[] {
    const src = this.list(e, scope);
    return (g) => {
      src(g);
      const arr = g.srcArr, len = g.srcLen, rev = g.srcRev;
      const out = new Array<number>(len);
      for (let k = 0; k < len; k++) out[k] = rev ? arr[len - 1 - k]! : arr[k]!;
      return out;
    };
  }

  /**
   * An aggregate over any collection, the players included (their list is the
   * game's seat array, read in place): one closure per function, its loop written once.
   */
  private aggregate(e: Extract<Expr, { k: 'agg' }>, scope: Scope): ExprFn {
    if (e.fn === 'list' || e.fn === 'sorted') {
      const src = this.list(e, scope);
      return (g) => {
        src(g);
        return g.srcLen;
      };
    }
    const slot = scope.slot(e.bind);
    const where = e.where ? this.expr(e.where, scope) : null;
    const value = e.value ? this.expr(e.value, scope) : null;
    const src = this.list(e.over, scope);
    switch (e.fn) {
      case 'count':
        return (g) => {
          src(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev, L = g.locals;
          let n = 0;
          for (let k = 0; k < len; k++) {
            L[slot] = rev ? arr[len - 1 - k]! : arr[k]!;
            if (where === null || where(g) !== 0) n++;
          }
          return n;
        };
      case 'sum':
        return (g) => {
          src(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev, L = g.locals;
          let n = 0;
          for (let k = 0; k < len; k++) {
            const el = rev ? arr[len - 1 - k]! : arr[k]!;
            L[slot] = el;
            if (where === null || where(g) !== 0) n += value === null ? el : value(g);
          }
          return n;
        };
      case 'min':
      case 'max': {
        const isMin = e.fn === 'min';
        return (g) => {
          src(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev, L = g.locals;
          let best = 0;
          let found = false;
          for (let k = 0; k < len; k++) {
            const el = rev ? arr[len - 1 - k]! : arr[k]!;
            L[slot] = el;
            if (where !== null && where(g) === 0) continue;
            const v = value === null ? el : value(g);
            if (!found || (isMin ? v < best : v > best)) best = v;
            found = true;
          }
          return best;
        };
      }
      case 'any':
      case 'all': {
        const isAny = e.fn === 'any';
        return (g) => {
          src(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev, L = g.locals;
          for (let k = 0; k < len; k++) {
            L[slot] = rev ? arr[len - 1 - k]! : arr[k]!;
            if (where !== null && where(g) === 0) continue;
            const v = value === null ? 1 : value(g);
            if (isAny && v !== 0) return 1;
            if (!isAny && v === 0) return 0;
          }
          return isAny ? 0 : 1;
        };
      }
      case 'first':
        return (g) => {
          src(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev, L = g.locals;
          for (let k = 0; k < len; k++) {
            const el = rev ? arr[len - 1 - k]! : arr[k]!;
            L[slot] = el;
            if (where === null || where(g) !== 0) return value === null ? el : value(g);
          }
          return -1;
        };
      case 'maxBy':
      case 'minBy': {
        // the element with the greatest (least) key, the first such in the collection's order
        const isMin = e.fn === 'minBy';
        return (g) => {
          src(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev, L = g.locals;
          let best = -1;
          let bestKey = 0;
          for (let k = 0; k < len; k++) {
            const el = rev ? arr[len - 1 - k]! : arr[k]!;
            L[slot] = el;
            if (where !== null && where(g) === 0) continue;
            const key = value === null ? el : value(g);
            if (best === -1 || (isMin ? key < bestKey : key > bestKey)) {
              best = el;
              bestKey = key;
            }
          }
          return best;
        };
      }
    }
    return () => 0;
  }

  /** Compiles a collection (see ListFn). A scalar becomes a one-element collection. */
  list(e: Expr, scope: Scope): ListFn {
    const onBoard = this.boardList(e, scope);
    if (onBoard) return onBoard;
    switch (e.k) {
      case 'players':
        return (g) => setSource(g, g.players, g.playerCount, false);
      case 'zone': {
        const inst = this.zoneInstance(e.id, e.of, scope);
        return (g) => {
          const z = inst(g);
          if (z < 0) return setSource(g, g.players, 0, false);
          setSource(g, g.zoneCards[z]!, g.zoneLen[z]!, true);
        };
      }
      case 'list': {
        const items = e.items.map((it) => this.expr(it, scope));
        const buf = filledArray(items.length, 0);
        return (g) => {
          for (let k = 0; k < items.length; k++) buf[k] = items[k]!(g);
          setSource(g, buf, items.length, false);
        };
      }
      case 'range': {
        const from = this.expr(e.from, scope);
        const to = this.expr(e.to, scope);
        const buf: number[] = [];
        const where = this.label.replace('/', ' ');
        return (g) => {
          const a = from(g);
          const b = to(g);
          // A range is made into a list: one computed at run time must stay within the budget too.
          if (b - a + 1 > MAX_RANGE_LENGTH) {
            g.fail('run/size-budget', `In ${where}: the range ${a}..${b} holds ${b - a + 1} numbers, more than ${MAX_RANGE_LENGTH}.`, where);
            setSource(g, buf, 0, false);
            return;
          }
          let n = 0;
          for (let v = a; v <= b; v++) buf[n++] = v;
          setSource(g, buf, n, false);
        };
      }
      case 'agg':
        if (e.fn === 'sorted') return this.sorted(e, scope);
        if (e.fn === 'list') {
          const src = this.list(e.over, scope);
          const slot = scope.slot(e.bind);
          const where = e.where ? this.expr(e.where, scope) : null;
          const value = e.value ? this.expr(e.value, scope) : null;
          const buf: number[] = [];
          return (g) => {
            src(g);
            const arr = g.srcArr, len = g.srcLen, rev = g.srcRev, L = g.locals;
            let n = 0;
            for (let k = 0; k < len; k++) {
              const el = rev ? arr[len - 1 - k]! : arr[k]!;
              L[slot] = el;
              if (where === null || where(g) !== 0) buf[n++] = value === null ? el : value(g);
            }
            setSource(g, buf, n, false);
          };
        }
        break;
      case 'local': {
        const s = scope.slot(e.name);
        if (scope.listSlots.has(s)) {
          return (g) => {
            const v = g.lists[s]!;
            setSource(g, v, v.length, false);
          };
        }
        // a number read where a list is expected is a list of one
        const one = [0];
        return (g) => {
          one[0] = g.locals[s]!;
          setSource(g, one, 1, false);
        };
      }
      case 'derived': {
        const i = this.derivedIx.get(e.id);
        if (i !== undefined && this.graph.derived[i]!.type.t === 'list') return this.derivedCall(e.id, e.args, scope, true) as ListFn;
        break;
      }
      case 'if': {
        const c = this.expr(e.c, scope);
        const t = this.list(e.t, scope);
        const f = this.list(e.e, scope);
        return (g) => (c(g) !== 0 ? t(g) : f(g));
      }
    }
    const x = this.expr(e, scope);
    const one = [0];
    return (g) => {
      one[0] = x(g);
      setSource(g, one, 1, false);
    };
  }
}
