/** Terse constructors for purpose-written rule graphs in engine tests. */
import { BUILTIN_EVENTS, RULE_GRAPH_SCHEMA_ID, RULE_GRAPH_VERSION } from '@houserules/schema';
import type {
  ActionNode,
  AskStmt,
  ConstraintNode,
  EndNode,
  EventNode,
  Expr,
  FlowNode,
  PoolNode,
  Provenance,
  RuleGraph,
  RuleNode,
  Stmt,
  TypeDesc,
  Value,
  VarNode,
  ZoneNode,
} from '@houserules/schema';
import { loadGraph, type LoadedGraph, type LoadOptions } from '../src/index.ts';

export const at: Provenance = {
  module: 'test',
  file: 'test.rules',
  range: { start: { offset: 0, line: 1, column: 1 }, end: { offset: 1, line: 1, column: 2 } },
};

export const num: TypeDesc = { t: 'number' };
export const lit = (v: Value): Expr => ({ k: 'lit', v });
export const local = (name: string): Expr => ({ k: 'local', name });
export const varOf = (id: string, of?: Expr): Expr => (of ? { k: 'var', id, of } : { k: 'var', id });
export const count = (pool: string, token: string, of?: Expr): Expr => (of ? { k: 'count', pool, token, of } : { k: 'count', pool, token });
export const bin = (op: Extract<Expr, { k: 'bin' }>['op'], l: Expr, r: Expr): Expr => ({ k: 'bin', op, l, r });
export const players: Expr = { k: 'players' };
export const ctx = (name: Extract<Expr, { k: 'ctx' }>['name']): Expr => ({ k: 'ctx', name });

export const emit = (event: string, ...args: Expr[]): Stmt => ({ s: 'emit', event, args });
export const set = (v: string, value: Expr, of?: Expr): Stmt => (of ? { s: 'set', var: v, of, value } : { s: 'set', var: v, value });
export const move = (token: string, amount: Expr | null, from: string, to: string, fromOf?: Expr, toOf?: Expr): Stmt => ({
  s: 'move',
  token,
  amount,
  from: fromOf ? { pool: from, of: fromOf } : { pool: from },
  to: toOf ? { pool: to, of: toOf } : { pool: to },
});

export function event(name: string, params: { name: string; type: TypeDesc }[] = []): EventNode {
  return { id: `event:${name}`, name, params, source: 'declared', provenance: at };
}

export function rule(name: string, on: string, body: Stmt[], extra: Partial<RuleNode> = {}): RuleNode {
  return { id: `rule:${name}`, name, status: 'active', event: `event:${on}`, bindings: [], body, order: 0, provenance: at, ...extra };
}

export function globalVar(name: string, initial: Value, type: TypeDesc = num): VarNode {
  return { id: `var:${name}`, name, scope: 'global', type, initial: lit(initial), provenance: at };
}

export function playerVar(name: string, initial: Value, type: TypeDesc = num): VarNode {
  return { id: `var:${name}`, name, scope: 'player', type, initial: lit(initial), provenance: at };
}

export function pool(name: string, scope: PoolNode['scope'], entries: PoolNode['entries'], cardKind?: string): PoolNode {
  return cardKind ? { id: `pool:${name}`, name, scope, entries, cardKind, provenance: at } : { id: `pool:${name}`, name, scope, entries, provenance: at };
}

export function zone(name: string, scope: ZoneNode['scope'], visibility: ZoneNode['visibility'], contents: ZoneNode['contents'] = []): ZoneNode {
  return { id: `zone:${name}`, name, scope, visibility, contents, provenance: at };
}

export function action(name: string, body: Stmt[], extra: Partial<ActionNode> = {}): ActionNode {
  return { id: `action:${name}`, name, status: 'active', params: [], body, provenance: at, ...extra };
}

export function constraint(name: string, kind: 'forbid' | 'require', target: string, bindings: string[], condition: Expr, reason: string): ConstraintNode {
  return { id: `constraint:${name}`, name, status: 'active', kind, target, bindings, condition, reason, provenance: at };
}

export function end(name: string, condition: Expr, timing: EndNode['timing'], winners?: Expr): EndNode {
  const node: EndNode = { id: `end:${name}`, name, status: 'active', condition, timing, provenance: at };
  if (winners) node.winners = winners;
  return node;
}

export function ask(id: string, who: AskStmt['who'], choice: AskStmt['choice'], then: Stmt[], secret = false, otherwise?: Stmt[]): AskStmt {
  return otherwise === undefined ? { s: 'ask', id, who, choice, secret, then } : { s: 'ask', id, who, choice, secret, then, otherwise };
}

/** A graph with the built-in events, one token `coin`, and whatever the test adds. */
export function graph(parts: Partial<RuleGraph> & { flow: FlowNode[] }, playersRange = { min: 1, max: 8 }): RuleGraph {
  const builtins: EventNode[] = BUILTIN_EVENTS.map((e) => ({ id: `event:${e.name}`, name: e.name, params: e.params, source: 'builtin', provenance: at }));
  const { events = [], ...rest } = parts;
  return {
    $schema: RULE_GRAPH_SCHEMA_ID,
    version: RULE_GRAPH_VERSION,
    scenario: { name: 'test', title: 'Test', players: playersRange, variant: null, modules: [{ name: 'test', file: 'test.rules' }] },
    options: [],
    tokens: [{ id: 'token:coin', name: 'coin', groups: [], provenance: at }],
    groups: [],
    pools: [],
    vars: [],
    cardKinds: [],
    zones: [],
    pieces: [],
    boards: [],
    derived: [],
    rules: [],
    actions: [],
    constraints: [],
    ends: [],
    ranking: null,
    invariants: [],
    policies: [],
    edges: [],
    ...rest,
    events: [...builtins, ...events],
  };
}

/** Loads a graph the test expects to be valid. */
export function load(g: RuleGraph, options: LoadOptions = {}): LoadedGraph {
  const r = loadGraph(g, options);
  if (!r.value) throw new Error(`graph did not load: ${JSON.stringify(r.diagnostics, null, 1)}`);
  return r.value;
}

/** The event names of a log, without the chance and bookkeeping entries. */
export function eventNames(log: readonly { event: string }[]): string[] {
  return log.map((e) => e.event).filter((e) => !e.startsWith('$'));
}
