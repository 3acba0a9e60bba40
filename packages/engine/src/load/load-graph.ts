import { chanceSites } from '../run/chance-streams.ts';
import type { RunState } from '../run/run-state.ts';
import { loadMapKeys, varWidth } from './map-keys.ts';
import { checkGraphBudgets, checkGraphNames, graphShapeProblem } from '@houserules/schema';
import type { Diagnostic, FlowNode, Result, RuleGraph, RuleNode, Value } from '@houserules/schema';
import { Scope } from '../compile/compile-expr.ts';
import { StmtCompiler } from '../compile/compile-stmt.ts';
import { generateRule } from '../compile/stmt-codegen.ts';
import { generateDispatch, generateEventDispatch } from '../compile/dispatch-codegen.ts';
import { generateFlow } from '../compile/flow-codegen.ts';
import { asksById, blocksThatMayEnd } from './end-dependencies.ts';
import { resourcesRead } from './state-resources.ts';
import { generateAdmission, generateEnumeration } from '../compile/enumerate-codegen.ts';
import { generateCollection } from '../compile/collect-codegen.ts';
import { canGenerate } from '../compile/expr-codegen.ts';
import { layoutFor } from './game-layout.ts';
import { inNumberRange } from './value-codec.ts';
import {
  type ActionInfo,
  type ConstraintInfo,
  type EventInfo,
  type FlowInfo,
  type LoadedGraph,
  type RuleInfo,
} from './loaded-graph.ts';
import { FLOW_ACTIONS, FLOW_IF, FLOW_PHASE, FLOW_REPEAT, FLOW_ROUNDS, FLOW_SEQ, FLOW_STEP, FLOW_TURNS, MAX_PHASE_BITS } from '../run/flow-frame.ts';
import { runError } from '../run/run-errors.ts';

const EMPTY = new Int32Array(0);

/** Validates a rule graph and compiles every expression and statement to closures, once. */
export interface LoadOptions {
  /**
   * generate JavaScript for rules, actions and expressions (default true; off
   * anyway where `new Function` is forbidden, as under a strict CSP); false:
   * closures only. Generated code that fails to compile is a load failure
   * (run/internal-error), never a silent fall-back to the closures.
   */
  codegen?: boolean;
  /**
   * reuse results while what they read is unchanged: action option lists and
   * memoised derived values (default true; docs/design/incremental-evaluation.md).
   * Games play identically either way.
   */
  cache?: boolean;
  /**
   * option values (by name or id) for the options that shape the board: its
   * spots and paths `when OPTION == VALUE` (docs/design/boards-and-pieces.md).
   * The board is built for them, the defaults where none is given; a game of the
   * loaded graph must have the same values. Options that shape no board are
   * checked and otherwise ignored here (a game is created with them).
   */
  options?: Readonly<Record<string, Value>>;
}

/**
 * Loads a graph the compiler made: its own output in this process, or one read
 * back from a store that proves the compiler made it (the CLI's compile cache,
 * sealed under the user's key). The compiler validated it against the schema
 * before handing it out, so the schema validator does not run again — loading
 * and first running that validator is the larger part of a command's start-up.
 * Its shape, budgets and names are still checked, and whatever goes wrong is a
 * diagnostic. A graph from anywhere else (a file, a message) goes through
 * `loadGraph` (load-any-graph.ts), or `validateRuleGraph` first. This module
 * does not import the validator, so a bundle that loads only compiled graphs
 * does not carry it.
 */
export function loadCompiledGraph(graph: RuleGraph, loadOptions: LoadOptions = {}): Result<LoadedGraph | null> {
  try {
    const shape = graphShapeProblem(graph);
    if (shape !== undefined) return { value: null, diagnostics: [shape] };
  } catch (error) {
    return { value: null, diagnostics: [internalLoadError(error)] };
  }
  return loadShapedGraph(graph, loadOptions);
}

/**
 * What both loaders do once the graph's shape is bounded (and, for `loadGraph`,
 * the schema validated): its budgets and names checked, then compiled. Never throws.
 */
export function loadShapedGraph(graph: RuleGraph, loadOptions: LoadOptions): Result<LoadedGraph | null> {
  try {
    const budgets = [...checkGraphBudgets(graph), ...checkGraphNames(graph)];
    if (budgets.length > 0) return { value: null, diagnostics: budgets };
    return loadValidGraph(graph, loadOptions);
  } catch (error) {
    return { value: null, diagnostics: [internalLoadError(error)] };
  }
}

export function internalLoadError(error: unknown): Diagnostic {
  return runError('run/internal-error', `the engine could not load this graph (a bug in Houserules; please report it): ${error instanceof Error ? error.message : String(error)}`);
}

function loadValidGraph(graph: RuleGraph, loadOptions: LoadOptions): Result<LoadedGraph | null> {
  const given = loadOptions.options ?? {};
  const optionProblems: Diagnostic[] = [];
  for (const key of Object.keys(given)) {
    if (!graph.options.some((o) => o.name === key || o.id === key)) optionProblems.push(runError('run/unknown-option', `There is no option '${key}'.`));
  }
  if (optionProblems.length > 0) return { value: null, diagnostics: optionProblems };
  const c = new StmtCompiler(graph, given);
  c.codegen = (loadOptions.codegen ?? true) && canGenerate();
  c.cache = loadOptions.cache ?? true;
  const chance = chanceSites(graph);
  c.chanceStreams = chance.stream;
  c.compileDerived();
  c.compileConstraints();

  const rules: RuleInfo[] = [];
  const byEvent: { rule: number; order: number }[][] = graph.events.map(() => []);
  graph.rules.forEach((r) => {
    if (r.status !== 'active') return;
    const ev = c.need(c.eventIx, r.event, 'event');
    const scope = new Scope(c.alloc);
    const argSlots = Int32Array.from(r.bindings.map((b) => scope.slot(b)));
    // a list parameter is bound as a list local (its value in the queue is the array `emit` made)
    const params = graph.events[ev]?.params ?? [];
    const listArgs = Uint8Array.from(r.bindings, (_, k) => (params[k]?.type.t === 'list' ? 1 : 0));
    listArgs.forEach((isList, k) => isList && scope.listSlots.add(argSlots[k]!));
    const index = rules.length;
    c.label = `rule/${r.name}`;
    // compiled once: a generated rule, or closures (compiling twice would register its asks twice)
    const generated = c.codegen ? generateRule(c, index, argSlots, listArgs, r.when, r.body, scope) : null;
    let fire = generated;
    if (fire === null) {
      const when = r.when ? c.expr(r.when, scope) : null;
      const body = c.block(r.body, scope);
      fire = (g: RunState): number => {
        for (let k = 0; k < argSlots.length; k++) {
          if (listArgs[k] === 1) g.lists[argSlots[k]!] = g.evArgs[k] as unknown as number[];
          else g.locals[argSlots[k]!] = g.evArgs[k]!;
        }
        if (when !== null && when(g) === 0) return 0;
        if (!g.startFiring(index)) return 2;
        body(g);
        return 1;
      };
    }
    byEvent[ev]?.push({ rule: index, order: r.order });
    rules.push({ id: r.id, name: r.name, event: ev, argSlots, fire });
  });
  const activeRules = graph.rules.filter((r) => r.status === 'active');
  const blockMayEnd = blocksThatMayEnd(
    graph,
    graph.ends.filter((e) => e.status === 'active' && (e.timing === 'immediately' || e.timing === 'own_turn')),
  );
  const mayEnd = (r: RuleNode): boolean => blockMayEnd(r.body);
  const events: EventInfo[] = graph.events.map((e, i) => {
    const ordered = byEvent[i]!.map((x, k) => ({ ...x, k }))
      .sort((a, b) => a.order - b.order || a.k - b.k)
      .map((x) => x.rule);
    return {
      id: e.id, name: e.name, params: e.params, rules: Int32Array.from(ordered), fires: ordered.map((r) => rules[r]!.fire),
      mayEnd: Uint8Array.from(ordered, (r) => (mayEnd(activeRules[r]!) ? 1 : 0)),
      dispatch: null,
    };
  });
  if (c.codegen) for (const e of events) e.dispatch = generateDispatch(e, Array.from(e.rules, (r) => rules[r]!.name));

  const phaseNames: string[] = [];
  const phaseIndex = (name: string): number => {
    let i = phaseNames.indexOf(name);
    if (i < 0) i = phaseNames.push(name) - 1;
    return i;
  };

  const actions: ActionInfo[] = graph.actions
    .filter((a) => a.status === 'active')
    .map((a, actionIndex) => {
      const scope = new Scope(c.alloc);
      c.label = `action/${a.name}`;
      const params = a.params.map((p) => ({ name: p.name, type: p.type, slot: scope.slot(p.name), domain: c.list(p.domain, scope) }));
      const constraints = c.constraintsFor(a.id, a.name);
      const constraintsByReads: ConstraintInfo[][] = params.map(() => []);
      constraintsByReads.push([]);
      for (const k of constraints) constraintsByReads[Math.min(k.reads, params.length)]!.push(k);
      const paramSlots = params.map((p) => p.slot);
      const checks = constraints.map((info) => ({ node: graph.constraints.find((k) => k.id === info.id)!, reads: info.reads }));
      const argumentChecks = graph.constraints.filter((k) => constraints.some((info) => info.id === k.id && info.reads > 0));
      const optionReads =
        c.cache && params.length > 0
          ? resourcesRead(graph, c.resources, [...a.params.map((p) => ({ owner: a.id, condition: p.domain })), ...argumentChecks.map((k) => ({ owner: k.id, condition: k.condition }))], true)
          : null;
      return {
        id: a.id,
        name: a.name,
        params,
        by: a.by ? c.expr(a.by, scope) : null,
        during: a.during === undefined ? -1 : phaseIndex(a.during),
        limitPerTurn: a.limitPerTurn ?? 0,
        body: c.body(a.body, scope),
        mayEnd: blockMayEnd(a.body),
        constraints,
        constraintsByReads,
        optionReads,
        enumerate: c.codegen ? generateEnumeration(c, actionIndex, a, paramSlots, checks) : null,
        admits: c.codegen ? generateAdmission(c, a, paramSlots, checks) : null,
        scopeLo: scope.lo,
        scopeHi: scope.hi,
      };
    });
  const actionIndex = (key: string): number => actions.findIndex((a) => a.id === key || a.name === key);

  const flow: FlowInfo[] = [];
  let flowDepth = 1;
  const flowNode = (n: FlowNode | null, depth: number): number => {
    flowDepth = Math.max(flowDepth, depth + 1);
    const info: FlowInfo = {
      kind: FLOW_SEQ,
      body: EMPTY,
      elseBody: EMPTY,
      event: -1,
      count: null,
      cond: null,
      order: 'seat',
      from: null,
      phase: -1,
      by: null,
      until: -1,
    };
    const index = flow.push(info) - 1;
    const kids = (list: FlowNode[]): Int32Array => Int32Array.from(list.map((k) => flowNode(k, depth + 1)));
    const scope = new Scope(c.alloc);
    if (n === null) {
      info.body = kids(graph.flow);
      return index;
    }
    switch (n.f) {
      case 'step':
        info.kind = FLOW_STEP;
        info.event = c.need(c.eventIx, n.event, 'event');
        break;
      case 'rounds':
        info.kind = FLOW_ROUNDS;
        info.count = n.count === null ? null : c.expr(n.count, scope);
        info.body = kids(n.body);
        break;
      case 'turns':
        info.kind = FLOW_TURNS;
        info.order = n.order;
        info.from = n.from ? c.expr(n.from, scope) : null;
        info.body = kids(n.body);
        break;
      case 'phase':
        info.kind = FLOW_PHASE;
        info.phase = phaseIndex(n.name);
        info.body = kids(n.body);
        break;
      case 'repeat':
        info.kind = FLOW_REPEAT;
        info.cond = n.while ? c.expr(n.while, scope) : null;
        info.body = kids(n.body);
        break;
      case 'actions':
        info.kind = FLOW_ACTIONS;
        info.by = c.expr(n.by, scope);
        info.until = n.until === undefined ? -1 : actionIndex(n.until);
        if (n.until !== undefined && info.until < 0) c.error('run/unknown-reference', `Unknown action '${n.until}' in the flow.`);
        break;
      case 'if':
        info.kind = FLOW_IF;
        info.cond = c.expr(n.cond, scope);
        info.body = kids(n.then);
        info.elseBody = kids(n.else);
        break;
    }
    return index;
  };
  c.label = 'flow';
  const flowRoot = flowNode(null, 0);

  const vars = graph.vars.map((v) => {
    const scope = new Scope(c.alloc);
    c.label = `var/${v.name}`;
    const initials = v.initialByKey ? v.initialByKey.map((e) => c.expr(e, scope)) : null;
    const literal = v.initial.k === 'lit' && initials === null ? c.strings.encode(v.initial.v) : null;
    const keys = v.keys ? loadMapKeys(v.keys, c.strings) : null;
    const cardKind = v.scope === 'card' && v.cardKind !== undefined ? c.need(c.kindIx, v.cardKind, 'card kind') : -1;
    return { id: v.id, name: v.name, scope: v.scope, type: v.type, initial: c.expr(v.initial, scope), literal, width: varWidth(v), keys, initials, secret: v.secret === true, cardKind };
  });

  const askNodes = asksById([...activeRules.map((r) => r.body), ...graph.actions.filter((a) => a.status === 'active').map((a) => a.body)]);
  const askMayEnd = (ids: string[]): Uint8Array =>
    Uint8Array.from(ids, (id) => {
      const ask = askNodes.get(id);
      return ask === undefined || blockMayEnd([ask]) ? 1 : 0;
    });

  const ends = graph.ends
    .filter((e) => e.status === 'active')
    .map((e) => {
      const scope = new Scope(c.alloc);
      c.label = `end/${e.name}`;
      return { id: e.id, name: e.name, condition: c.expr(e.condition, scope), timing: e.timing, winners: e.winners ? c.list(e.winners, scope) : null };
    });

  const invariants = graph.invariants
    .filter((i) => i.status === 'active')
    .map((i) => {
      c.label = `invariant/${i.name}`;
      const reads = c.cache ? resourcesRead(graph, c.resources, [{ owner: i.id, condition: i.condition }], false) : null;
      return { id: i.id, name: i.name, condition: c.expr(i.condition, new Scope(c.alloc)), reason: i.reason ?? '', reads, file: i.provenance.file, range: i.provenance.range };
    });

  let ranking: LoadedGraph['ranking'] = null;
  if (graph.ranking) {
    const scope = new Scope(c.alloc);
    const slot = scope.slot(graph.ranking.bind);
    c.label = 'ranking';
    ranking = {
      slot,
      keys: graph.ranking.keys.map((k) => ({ value: c.expr(k.value, scope), desc: k.direction === 'desc' })),
      shared: graph.ranking.ties === 'shared',
    };
  }

  const policies = graph.policies
    .filter((p) => p.status === 'active')
    .map((p) => {
      const scope = new Scope(c.alloc);
      c.label = `policy/${p.name}`;
      return {
        id: p.id,
        name: p.name,
        params: p.params.map((q) => ({ name: q.name, slot: scope.slot(q.name), type: q.type, default: c.strings.encode(q.default ?? 0) })),
        preferences: p.preferences.map((pref) => {
          const targetVar = pref.kind === 'value' ? (c.varIx.get(pref.target) ?? -1) : -1;
          const isAsk = c.asks.some((a) => a.id === pref.target);
          const bareValue = pref.kind === 'value' && targetVar < 0 && !isAsk;
          return {
            kind: pref.kind,
            target: pref.kind === 'action' ? actionIndex(pref.target) : bareValue ? c.strings.intern(pref.target) : -1,
            targetVar,
            targetAsk: isAsk ? pref.target : '',
            args: pref.args.map((a) => c.expr(a, scope)),
            when: pref.when ? c.expr(pref.when, scope) : null,
          };
        }),
      };
    });

  const options = graph.options.map((o) => ({ id: o.id, name: o.name, type: o.type, default: c.strings.encode(o.default) }));

  const tokens = graph.tokens.map((t) => ({ id: t.id, name: t.name }));
  const pools = graph.pools.map((p) => ({
    id: p.id,
    name: p.name,
    scope: p.scope,
    secret: p.secret === true,
    cardKind: p.cardKind === undefined ? -1 : c.need(c.kindIx, p.cardKind, 'card kind'),
    tokens: p.entries.map((e) => c.need(c.tokenIx, e.token, 'token')),
    initial: p.entries.map((e) => (e.initial === 'unlimited' ? Number.NaN : e.initial)),
    capacity: p.entries.map((e) => e.capacity ?? Number.POSITIVE_INFINITY),
  }));

  c.finishAsks();
  // Every field name is known now, so card contents can be laid out.
  const fieldCount = Math.max(1, c.fieldNames.length);
  const cardKinds = graph.cardKinds.map((k) => ({
    id: k.id,
    name: k.name,
    fields: k.fields.map((f) => ({ name: f.name, type: f.type, index: c.field(f.name, f.type) })),
  }));
  const zones = graph.zones.map((z) => ({
    id: z.id,
    name: z.name,
    scope: z.scope,
    firstKey: z.keys?.from ?? 0,
    keyCount: z.scope === 'keyed' && z.keys ? z.keys.to - z.keys.from + 1 : 1,
    visibility: z.visibility,
    contents: z.contents.flatMap((spec) => {
      const kind = c.need(c.kindIx, spec.kind, 'card kind');
      const fields = new Int32Array(fieldCount);
      for (const [name, v] of Object.entries(spec.fields)) fields[c.field(name)] = c.strings.encode(v);
      return Array.from({ length: spec.count }, () => ({ kind, fields }));
    }),
  }));

  const builtin = (name: string): number => c.eventIx.get(`event:${name}`) ?? c.eventIx.get(name) ?? -1;
  let maxEventArgs = 1;
  for (const e of graph.events) maxEventArgs = Math.max(maxEventArgs, e.params.length);
  for (const r of graph.rules) maxEventArgs = Math.max(maxEventArgs, r.bindings.length);

  if (c.diagnostics.length > 0) return { value: null, diagnostics: c.diagnostics };

  const collect = c.codegen ? generateCollection(actions, phaseNames.length) : null;
  if (c.codegen && collect === null) c.fallbacks.push(`actions/collect: ${phaseNames.length > MAX_PHASE_BITS ? `more than ${MAX_PHASE_BITS} phases` : 'an action without generated code'}`);

  const dispatchEvent = c.codegen ? generateEventDispatch(events) : null;
  const advance = c.codegen ? generateFlow(flow, events, { roundStart: builtin('round_start'), roundEnd: builtin('round_end'), turnEnd: builtin('turn_end') }) : null;
  if (c.codegen && advance === null) c.fallbacks.push('flow: an event without a generated dispatcher');

  const strings = c.strings;
  const loaded: LoadedGraph = {
    graph,
    strings,
    compiler: c,
    tokens,
    pools,
    vars,
    cardKinds,
    fieldCount,
    zones,
    events,
    dispatchEvent,
    rules,
    actions,
    collect,
    layout: (n: number) => layoutFor(loaded, n),
    codegen: c.codegen,
    codegenFallbacks: c.fallbacks,
    closureNodes: c.closureNodes,
    asks: c.asks,
    askMayEnd: askMayEnd(c.asks.map((a) => a.id)),
    ends,
    invariants,
    policies,
    options,
    ranking,
    flow,
    flowRoot,
    advance,
    flowDepth: flowDepth + 1,
    phaseNames,
    localCount: c.alloc.nextSlot,
    storage: c.storage,
    resources: c.resources,
    firingEndReads: c.cache
      ? resourcesRead(
          graph,
          c.resources,
          graph.ends.filter((e) => e.status === 'active' && (e.timing === 'immediately' || e.timing === 'own_turn')).map((e) => ({ owner: e.id, condition: e.condition })),
          false,
        )
      : null,
    poolResources: Int32Array.from(graph.pools, (_, i) => c.resources.poolBase + i),
    board: c.board,
    boardOptions: [],
    chanceSites: chance.names,
    trailCount: c.trailCount,
    maxEventArgs,
    maxActionParams: actions.reduce((m, a) => Math.max(m, a.params.length), 0),
    builtin: {
      gameStart: builtin('game_start'),
      gameEnd: builtin('game_end'),
      roundStart: builtin('round_start'),
      roundEnd: builtin('round_end'),
      turnStart: builtin('turn_start'),
      turnEnd: builtin('turn_end'),
      diceRolled: builtin('dice_rolled'),
    },
    encodeOption(index: number, v: Value): number | undefined {
      const o = options[index];
      if (!o) return undefined;
      switch (o.type.t) {
        case 'number':
          // the game keeps option values as 32-bit integers: a number outside the language's range is refused, not wrapped
          return typeof v === 'number' && inNumberRange(v) ? v : undefined;
        case 'bool':
          return typeof v === 'boolean' ? (v ? 1 : 0) : undefined;
        case 'enum':
          return typeof v === 'string' && o.type.values.includes(v) ? strings.intern(v) : undefined;
        default:
          return typeof v === 'number' ? v : undefined;
      }
    },
  };
  for (const b of c.boardOptions) {
    const index = loaded.options.findIndex((o) => o.id === b.option);
    const value = index < 0 ? undefined : loaded.encodeOption(index, b.value);
    if (value === undefined) {
      const name = graph.options[index]?.name ?? b.option;
      return { value: null, diagnostics: [runError('run/bad-option-value', `Option '${name}' cannot be ${JSON.stringify(b.value)}.`)] };
    }
    loaded.boardOptions.push({ index, value });
  }
  return { value: loaded, diagnostics: [] };
}
