import type { Provenance, RuleGraph } from '@houserules/schema';
import { canonicalJson, canonicalParams, LocalNames } from './canonical-form.ts';

/** The kinds of node the structural diff matches by name. */
export type NodeKind =
  | 'scenario' | 'option' | 'token' | 'group' | 'pool' | 'var' | 'card' | 'zone' | 'piece' | 'board' | 'event'
  | 'derived' | 'rule' | 'action' | 'constraint' | 'end' | 'invariant' | 'policy' | 'ranking' | 'flow';

/** The parts of a node that can change on their own. */
export type NodePart =
  | 'trigger' | 'guard' | 'effects' | 'timing' | 'default' | 'type' | 'contents' | 'parameters' | 'reason' | 'citation' | 'documentation' | 'definition';

/** One node of a graph, ready to compare: each part's canonical form, what it reads, where it came from. */
export interface GraphNode {
  kind: NodeKind;
  name: string;
  id: string;
  parts: Partial<Record<NodePart, string>>;
  /** derived values and options it reads directly (their ids) */
  reads: string[];
  /** the event a rule hears (its id), for firing order */
  event?: string;
  /** a rule's position among its event's rules */
  order?: number;
  provenance?: Provenance;
}

/** a key of the node's kind and name: how nodes are matched (a graph has one scenario node, whatever its module's name) */
export const nodeKey = (n: { kind: NodeKind; name: string }): string => (n.kind === 'scenario' ? 'scenario' : `${n.kind} ${n.name}`);

type Active = { status?: string };
const active = <T extends Active>(xs: readonly T[]): T[] => xs.filter((x) => x.status === undefined || x.status === 'active');

/** Every node of a graph that is in force: inactive (overridden, removed) nodes are left out. */
export function graphNodes(g: RuleGraph): GraphNode[] {
  const out: GraphNode[] = [];
  const add = (kind: NodeKind, n: { id: string; name: string; provenance?: Provenance }, parts: Partial<Record<NodePart, string>>, value: unknown, extra: Partial<GraphNode> = {}): void => {
    const cite = n.provenance?.cite;
    if (cite !== undefined) parts.citation = JSON.stringify(cite.replace(/\s+/g, ' ').trim());
    out.push({ kind, name: n.name, id: n.id, parts, reads: readsOf(value), provenance: n.provenance, ...extra });
  };
  const json = (v: unknown, self?: string, locals = new LocalNames()): string => canonicalJson(v, locals, self);

  add('scenario', { id: 'scenario', name: g.scenario.name }, { definition: JSON.stringify(g.scenario.players) }, null);
  for (const o of g.options) {
    const parts: Partial<Record<NodePart, string>> = { type: json(o.type), default: JSON.stringify(o.default) };
    if (o.doc !== undefined) parts.documentation = JSON.stringify(o.doc);
    add('option', o, parts, null);
  }
  for (const t of g.tokens) add('token', t, { definition: json(t.groups) }, null);
  for (const t of g.groups) add('group', t, { definition: json(t.members) }, null);
  for (const p of g.pools) add('pool', p, { definition: json({ scope: p.scope, cardKind: p.cardKind }), contents: json(p.entries) }, null);
  for (const v of g.vars) add('var', v, { type: json({ scope: v.scope, type: v.type }), default: json(v.initial) }, v.initial);
  for (const c of g.cardKinds) add('card', c, { definition: json({ fields: c.fields, pools: c.pools }) }, null);
  for (const z of g.zones) add('zone', z, { definition: json({ scope: z.scope, visibility: z.visibility }), contents: json(z.contents) }, null);
  for (const p of g.pieces) add('piece', p, { definition: json({ site: p.site, supply: p.supply, perPlayer: p.perPlayer }) }, null);
  for (const b of g.boards) {
    const { layout, kinds, values, frame, hexKinds, regions, internals } = b;
    add('board', b, { definition: json({ layout, kinds, values, frame, hexKinds, internals }), contents: json(regions) }, null);
  }
  for (const e of g.events) if (e.source !== 'builtin') add('event', e, { definition: json({ params: e.params, source: e.source }) }, null);
  for (const d of g.derived) {
    const locals = new LocalNames();
    add('derived', d, { parameters: canonicalParams(d.params, locals), type: json({ perPlayer: d.perPlayer, type: d.type }), definition: json(d.value, d.id, locals) }, d.value);
  }
  for (const r of active(g.rules)) {
    const locals = new LocalNames();
    const parts: Partial<Record<NodePart, string>> = { trigger: JSON.stringify([r.event, r.bindings.map((b) => locals.rename(b))]) };
    parts.guard = r.when ? json(r.when, r.id, locals) : 'always';
    parts.effects = json(r.body, r.id, locals);
    add('rule', r, parts, [r.when, r.body], { event: r.event, order: r.order });
  }
  for (const a of active(g.actions)) {
    const locals = new LocalNames();
    const parts: Partial<Record<NodePart, string>> = { parameters: canonicalParams(a.params, locals, a.id) };
    parts.guard = json({ by: a.by, during: a.during, limitPerTurn: a.limitPerTurn }, a.id, locals);
    parts.effects = json(a.body, a.id, locals);
    add('action', a, parts, [a.params, a.by, a.body]);
  }
  for (const c of active(g.constraints)) {
    const locals = new LocalNames();
    const bindings = c.bindings.map((b) => locals.rename(b));
    add('constraint', c, { trigger: JSON.stringify([c.kind, c.target, bindings]), guard: json(c.condition, c.id, locals), reason: JSON.stringify(c.reason) }, c.condition);
  }
  for (const e of active(g.ends)) add('end', e, { guard: json(e.condition), timing: JSON.stringify(e.timing), effects: e.winners ? json(e.winners) : 'none' }, [e.condition, e.winners]);
  for (const i of active(g.invariants)) add('invariant', i, { guard: json(i.condition), reason: JSON.stringify(i.reason ?? '') }, i.condition);
  for (const p of active(g.policies)) {
    const locals = new LocalNames();
    const parts: Partial<Record<NodePart, string>> = { parameters: canonicalParams(p.params, locals) };
    if (p.doc !== undefined) parts.documentation = JSON.stringify(p.doc);
    parts.definition = json(p.preferences, p.id, locals);
    add('policy', p, parts, p.preferences);
  }
  if (g.ranking) {
    const locals = new LocalNames();
    add('ranking', { id: 'ranking', name: 'ranking', provenance: g.ranking.provenance }, { definition: json({ bind: g.ranking.bind, keys: g.ranking.keys, ties: g.ranking.ties }, undefined, locals) }, g.ranking.keys);
  }
  add('flow', { id: 'flow', name: 'flow' }, { definition: json(g.flow) }, g.flow);
  return out;
}

/** the ids of the derived values and options an expression tree reads */
function readsOf(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if ((o['k'] === 'derived' || o['k'] === 'option') && typeof o['id'] === 'string') found.add(o['id']);
      for (const x of Object.values(o)) walk(x);
    }
  };
  walk(value);
  return [...found].sort();
}
