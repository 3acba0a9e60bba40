import type { RuleGraph, RuleNode } from '@houserules/schema';
import { RULE_GRAPH_SCHEMA_ID, RULE_GRAPH_VERSION } from '@houserules/schema';
import type { Decl, DeclarationTable, DeclOf } from './declaration-table.ts';
import { DiagnosticSink } from './diagnostic-sink.ts';
import { assignFiringOrder, type OrderedRule } from './firing-order.ts';
import { lint } from './lints.ts';
import { lowerAction, lowerConstraint, lowerEnd, lowerInvariant, lowerPolicy, lowerRanking, lowerRule, type Naming } from './lower-behaviour.ts';
import {
  lowerBoard, lowerCardKind, lowerDerived, lowerEvents, lowerOption, lowerPiece, lowerPool, lowerTokens, lowerVar, lowerZone, type Lowerers,
} from './lower-declarations.ts';
import { constEnum, ExprLowerer } from './lower-expr.ts';
import { collectStepEvents, flowPhases, lowerFlow } from './lower-flow.ts';
import { StmtLowerer } from './lower-stmt.ts';
import { mapKeyType } from './map-keys.ts';
import { idOf, LoweringContext } from './lowering-context.ts';
import type { LoadedModule } from './module-loader.ts';
import type { SemanticRecorder } from './semantic/semantic-recorder.ts';
import type { Ty } from './type-system.ts';

function makeLowerers(table: DeclarationTable, sink: DiagnosticSink, recorder: SemanticRecorder | null): Lowerers {
  const cx = new LoweringContext(table, sink);
  cx.recorder = recorder;
  const ex = new ExprLowerer(cx);
  const st = new StmtLowerer(cx, ex);
  const l: Lowerers = { cx, ex, st };
  cx.lowerDerived = (d) => lowerDerived(l, d);
  return l;
}

/** Every enum member a bare name may stand for, from declared types (first declaration wins). */
function indexEnums(l: Lowerers): void {
  const add = (ty: Ty): void => {
    if (ty.t === 'enum') for (const v of ty.values) if (!l.cx.enumIndex.has(v)) l.cx.enumIndex.set(v, ty);
    if (ty.t === 'list') add(ty.of);
  };
  for (const d of l.cx.table.byName.values()) {
    if (d.kind === 'option' || d.kind === 'var') add(l.cx.declType(d));
    if (d.kind === 'var') add(mapKeyType(l.cx, d));
    else if (d.kind === 'card') for (const f of d.node.fields ?? []) { if (f?.type) add(l.cx.typeFromRef(f.type, d.origin)); }
    else if (d.kind === 'event' || d.kind === 'action' || d.kind === 'policy') for (const p of d.node.params ?? []) { if (p?.type) add(l.cx.typeFromRef(p.type, d.origin)); }
    else if (d.kind === 'derive' && d.node.type) add(l.cx.typeFromRef(d.node.type, d.origin));
  }
  // a constant list of names nothing declares is an enum of its own: its names are values everywhere
  for (const d of l.cx.table.byName.values()) {
    if (d.kind !== 'const') continue;
    const own = constEnum(d.node, l.cx);
    if (own) add(own);
  }
}

/** Lowers a declaration table to a rule graph, reporting into `sink`. */
export function buildGraph(
  modules: LoadedModule[], entry: LoadedModule, table: DeclarationTable, variant: string | null, sink: DiagnosticSink, recorder: SemanticRecorder | null = null,
): { graph: RuleGraph; lowerers: Lowerers; lint: () => void } {
  const l = makeLowerers(table, sink, recorder);
  indexEnums(l);
  collectStepEvents(l);
  // Superseded nodes are lowered with a scratch sink and without edges: their
  // diagnostics belong to the compilation where they are active.
  const shadow = makeLowerers(table, new DiagnosticSink(), recorder);
  for (const [k, v] of l.cx.enumIndex) shadow.cx.enumIndex.set(k, v);
  for (const [k, v] of l.cx.stepEvents) shadow.cx.stepEvents.set(k, v);

  const graph: RuleGraph = {
    $schema: RULE_GRAPH_SCHEMA_ID,
    version: RULE_GRAPH_VERSION,
    scenario: scenarioOf(modules, entry, table, variant),
    options: [], tokens: [], groups: [], pools: [], vars: [], cardKinds: [], zones: [], pieces: [], boards: [],
    events: [], derived: [], flow: [], rules: [], actions: [], constraints: [], ends: [], ranking: null,
    invariants: [], policies: [], edges: [],
  };
  const tokens = lowerTokens(l);
  graph.tokens = tokens.tokens;
  graph.groups = tokens.groups;
  graph.events = lowerEvents(l, { module: entry.name, file: entry.file });
  const phases = flowPhases(l);
  const activeRules: OrderedRule[] = [];
  // Constraints and policies wait until every body is lowered: they may name a choice (`ask … as NAME`).
  const constraints: DeclOf<'constraint'>[] = [];
  const policies: DeclOf<'policy'>[] = [];
  for (const d of table.byName.values()) {
    const active: Naming = { id: idOf(d), status: 'active' };
    switch (d.kind) {
      case 'option': graph.options.push(lowerOption(l, d)); break;
      case 'pool': graph.pools.push(lowerPool(l, d)); break;
      case 'var': graph.vars.push(lowerVar(l, d)); break;
      case 'card': graph.cardKinds.push(lowerCardKind(l, d)); break;
      case 'zone': graph.zones.push(lowerZone(l, d)); break;
      case 'piece': graph.pieces.push(lowerPiece(l, d)); break;
      case 'board': graph.boards.push(lowerBoard(l, d)); break;
      case 'derive': { const node = lowerDerived(l, d).node; if (node) graph.derived.push(node); break; }
      case 'rule': {
        const node = lowerRule(l, d, active);
        graph.rules.push(node);
        activeRules.push({ node, decl: d });
        l.cx.addEdge(node.event, node.id, 'triggers');
        break;
      }
      case 'action': graph.actions.push(lowerAction(l, d, active, phases)); break;
      case 'constraint': constraints.push(d); break;
      case 'end': graph.ends.push(lowerEnd(l, d, active)); break;
      case 'invariant': graph.invariants.push(lowerInvariant(l, d, active)); break;
      case 'policy': policies.push(d); break;
      default: break;
    }
  }
  for (const d of constraints) graph.constraints.push(lowerConstraint(l, d, { id: idOf(d), status: 'active' }));
  for (const d of policies) graph.policies.push(lowerPolicy(l, d, { id: idOf(d), status: 'active' }));
  for (const [k, v] of l.cx.namedChoices) shadow.cx.namedChoices.set(k, v);
  graph.flow = lowerFlow(l);
  graph.ranking = lowerRanking(l);

  const inactiveRules: OrderedRule[] = [];
  const usedIds = new Set<string>();
  const supersededIds = new Map<Decl, string>();
  for (const s of table.superseded) supersededIds.set(s.decl, supersededId(s.decl, usedIds));
  for (const s of table.superseded) {
    const naming: Naming = { id: supersededIds.get(s.decl)!, status: s.status };
    const d = s.decl;
    switch (d.kind) {
      case 'rule': {
        const node: RuleNode = lowerRule(shadow, d, naming);
        graph.rules.push(node);
        inactiveRules.push({ node, decl: d });
        break;
      }
      case 'action': graph.actions.push(lowerAction(shadow, d, naming, phases)); break;
      case 'constraint': graph.constraints.push(lowerConstraint(shadow, d, naming)); break;
      case 'end': graph.ends.push(lowerEnd(shadow, d, naming)); break;
      case 'invariant': graph.invariants.push(lowerInvariant(shadow, d, naming)); break;
      case 'policy': graph.policies.push(lowerPolicy(shadow, d, naming)); break;
      case 'derive': case 'board': {
        // a replaced derived value or board leaves no node; what it read still counts as used (lints.ts),
        // lowered on lowerers of its own (the shadow's cache holds the replacement under the same name)
        const scratch = makeLowerers(table, new DiagnosticSink(), null);
        for (const [k, v] of l.cx.enumIndex) scratch.cx.enumIndex.set(k, v);
        if (d.kind === 'derive') lowerDerived(scratch, d);
        else lowerBoard(scratch, d);
        for (const name of scratch.cx.read) shadow.cx.read.add(name);
        continue;
      }
      default: continue;
    }
    // The replacement may itself have been replaced later (base → extension → variant).
    const replacement = s.by ? (supersededIds.get(s.by) ?? (table.byName.get(s.by.name) === s.by ? idOf(s.by) : undefined)) : undefined;
    if (replacement) l.cx.addEdge(replacement, naming.id, 'overrides');
  }
  assignFiringOrder(activeRules, inactiveRules, sink, recorder);
  graph.edges = l.cx.sortedEdges();
  // Linting waits for the caller: the file's test blocks may still read declarations.
  return { graph, lowerers: l, lint: () => lint(l.cx, activeRules, graph, { cx: shadow.cx, rules: inactiveRules }) };
}

/** `rule:<name>@<module>`, made unique when one module superseded the same name twice. */
function supersededId(d: Decl, used: Set<string>): string {
  const base = `${idOf(d)}@${d.origin.module}`;
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}.${n}`;
  used.add(id);
  return id;
}

function scenarioOf(modules: LoadedModule[], entry: LoadedModule, table: DeclarationTable, variant: string | null): RuleGraph['scenario'] {
  const decl = table.scenario?.node;
  const scenario: RuleGraph['scenario'] = {
    name: entry.name,
    title: decl?.title?.value ?? entry.name,
    players: decl?.players ? { min: decl.players.min, max: decl.players.max } : { min: 1, max: 8 },
    variant,
    modules: modules.map((m) => ({ name: m.name, file: m.file })),
  };
  if (decl?.source?.value !== undefined) scenario.source = decl.source.value;
  return scenario;
}

