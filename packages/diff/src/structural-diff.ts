import { diffArrays } from 'diff';
import type { Diagnostic, RuleGraph, Value } from '@houserules/schema';
import { graphNodes, nodeKey, type GraphNode, type NodeKind, type NodePart } from './graph-nodes.ts';
import { locationOf, optionSettingOf, sourceDiff, sourceOf, type NodeLocation, type ReadText, type SourceLine } from './source-text.ts';

export type ChangeStatus = 'added' | 'removed' | 'changed' | 'reads-changed';

/** One node that differs between the two graphs. */
export interface NodeChange {
  kind: NodeKind;
  name: string;
  status: ChangeStatus;
  /** for `changed`: the parts that differ */
  parts: NodePart[];
  /** for `reads-changed`: the derived values and options it reads (directly or not) that changed, as `kind name` */
  through: { kind: NodeKind; name: string }[];
  a?: NodeLocation;
  b?: NodeLocation;
  /** for `changed`: its source in the first file against the second, line by line */
  source?: SourceLine[];
  /** for a `timing` change, in words: `rule a fires before rule b on turn_start in the first, after it in the second` */
  timing?: string;
}

/** An added and a removed node of the same kind that look alike. */
export interface RenameCandidate {
  kind: NodeKind;
  from: string;
  to: string;
  /** 1 when they mean the same (only the name differs) */
  similarity: number;
  a?: NodeLocation;
  b?: NodeLocation;
}

export interface GraphLabel {
  scenario: string;
  variant: string | null;
  title: string;
}

export interface StructuralDiff {
  a: GraphLabel;
  b: GraphLabel;
  /** nodes matched by name on both sides */
  shared: number;
  unchanged: number;
  changes: NodeChange[];
  renamed: RenameCandidate[];
  diagnostics: Diagnostic[];
}

export interface StructuralOptions {
  /** reads the source files the graphs' provenance names (for source diffs); omit for none */
  readA?: ReadText;
  readB?: ReadText;
  /**
   * options set for each side's games (`--option-a k=v`, `--option-b k=v`): an
   * option both declare whose value in force differs is a changed default,
   * said as set (two readings of one option, without a module)
   */
  optionsA?: Record<string, Value>;
  optionsB?: Record<string, Value>;
}

/** nodes whose parts the similarity of a rename looks at */
const SIMILAR_ENOUGH = 0.8;

/**
 * Compares two graphs node by node, matched by kind and name (docs/diff.md).
 * Diagnostics: `diff/schema-version` (different graph versions: nothing compared),
 * `diff/unrelated-scenarios` (no declaration in common: everything is added and removed).
 */
export function structuralDiff(a: RuleGraph, b: RuleGraph, options: StructuralOptions = {}): StructuralDiff {
  const label = (g: RuleGraph): GraphLabel => ({ scenario: g.scenario.name, variant: g.scenario.variant, title: g.scenario.title });
  const result: StructuralDiff = { a: label(a), b: label(b), shared: 0, unchanged: 0, changes: [], renamed: [], diagnostics: [] };
  if (a.version !== b.version) {
    result.diagnostics.push({
      code: 'diff/schema-version',
      severity: 'error',
      message: `the two rule graphs have different schema versions (${String(a.version)} and ${String(b.version)}): compile both with the same version of Houserules`,
    });
    return result;
  }
  const nodesA = graphNodes(a);
  const nodesB = graphNodes(b);
  const byKeyA = new Map(nodesA.map((n) => [nodeKey(n), n]));
  const byKeyB = new Map(nodesB.map((n) => [nodeKey(n), n]));
  const idsA = new Map(nodesA.map((n) => [n.id, n]));
  const idsB = new Map(nodesB.map((n) => [n.id, n]));

  const firingRankA = firingRanks(nodesA, byKeyB);
  const firingRankB = firingRanks(nodesB, byKeyA);

  const changedKeys = new Set<string>();
  const changed: NodeChange[] = [];
  const sharedPairs: [GraphNode, GraphNode][] = [];
  for (const na of nodesA) {
    const nb = byKeyB.get(nodeKey(na));
    if (!nb) continue;
    sharedPairs.push([na, nb]);
    const parts = differingParts(na, nb);
    if (na.kind === 'rule' && firingRankA.get(na.name) !== firingRankB.get(nb.name)) parts.push('timing');
    if (parts.length === 0) continue;
    changedKeys.add(nodeKey(na));
    const change: NodeChange = { kind: na.kind, name: na.name, status: 'changed', parts, through: [], ...sides(na, nb) };
    // a new default set by a variant or an extending module: point at the line that sets it, not at the declaration
    if (na.kind === 'option' && parts.includes('default')) {
      for (const [key, g, read] of [['a', a, options.readA], ['b', b, options.readB]] as const) {
        const at = optionSettingOf(g, na.name, read);
        if (at) change[key] = { ...at, ...(change[key]?.cite !== undefined ? { cite: change[key].cite } : {}) };
      }
    }
    if (parts.includes('timing')) change.timing = timingWords(na, nb, nodesA, nodesB, byKeyA, byKeyB);
    const srcA = sourceOf(na.provenance, options.readA);
    const srcB = sourceOf(nb.provenance, options.readB);
    if (srcA !== undefined && srcB !== undefined && parts.some((p) => p !== 'citation' && p !== 'timing')) change.source = sourceDiff(srcA, srcB);
    // the same text on both sides (a variant's new default, a graph without sources): show the parts' values
    if (!change.source || !change.source.some((l) => l.op !== ' ')) change.source = partLines(na, nb, parts);
    changed.push(change);
  }
  result.shared = sharedPairs.length;
  // the options set for each side: a value in force that differs is a changed default (where neither graph's default already differs)
  for (const [na, nb] of sharedPairs) {
    if (na.kind !== 'option') continue;
    const va = options.optionsA?.[na.name];
    const vb = options.optionsB?.[nb.name];
    if (va === undefined && vb === undefined) continue;
    const inForceA = va ?? a.options.find((o) => o.name === na.name)?.default;
    const inForceB = vb ?? b.options.find((o) => o.name === nb.name)?.default;
    const existing = changed.find((c) => c.kind === 'option' && c.name === na.name);
    if (inForceA === inForceB) {
      // set alike on both sides: a default that differs no longer does
      if (existing && existing.parts.every((p) => p === 'default' || p === 'citation' || p === 'documentation')) existing.parts = existing.parts.filter((p) => p !== 'default');
      continue;
    }
    const set = (v: Value | undefined, inForce: Value | undefined, side: string): string => `option ${na.name} = ${String(inForce)}${v !== undefined ? ` (set for the ${side} side)` : ' (its default)'}`;
    const source: SourceLine[] = [{ op: '-', text: set(va, inForceA, 'first') }, { op: '+', text: set(vb, inForceB, 'second') }];
    if (existing) {
      if (!existing.parts.includes('default')) existing.parts.push('default');
      existing.source = source;
    } else {
      changedKeys.add(nodeKey(na));
      changed.push({ kind: 'option', name: na.name, status: 'changed', parts: ['default'], through: [], ...sides(na, nb), source });
    }
  }
  for (let i = changed.length - 1; i >= 0; i--) if (changed[i]!.parts.length === 0) {
    changedKeys.delete(nodeKey(changed[i]!));
    changed.splice(i, 1);
  }

  // semantic changes only (a new citation changes no behaviour) propagate to the nodes that read them
  const behaviourChanged = new Set(changed.filter((c) => c.parts.some((p) => p !== 'citation' && p !== 'documentation')).map((c) => nodeKey(c)));
  const readsChanged: NodeChange[] = [];
  for (const [na, nb] of sharedPairs) {
    if (changedKeys.has(nodeKey(na))) continue;
    const through = changedReads(na, idsA, behaviourChanged).filter((k) => changedReads(nb, idsB, behaviourChanged).some((x) => nodeKey(x) === nodeKey(k)));
    if (through.length === 0) continue;
    readsChanged.push({ kind: na.kind, name: na.name, status: 'reads-changed', parts: [], through: through.map((t) => ({ kind: t.kind, name: t.name })), ...sides(na, nb) });
  }

  const added = nodesB.filter((n) => !byKeyA.has(nodeKey(n)));
  const removed = nodesA.filter((n) => !byKeyB.has(nodeKey(n)));
  result.renamed = renameCandidates(removed, added);
  result.changes = [
    ...changed,
    ...readsChanged,
    ...removed.map((n): NodeChange => ({ kind: n.kind, name: n.name, status: 'removed', parts: [], through: [], ...sides(n, undefined) })),
    ...added.map((n): NodeChange => ({ kind: n.kind, name: n.name, status: 'added', parts: [], through: [], ...sides(undefined, n) })),
  ];
  result.unchanged = result.shared - changed.length;
  const declarations = sharedPairs.filter(([n]) => n.kind !== 'scenario' && n.kind !== 'flow' && n.kind !== 'ranking');
  if (declarations.length === 0) {
    result.diagnostics.push({
      code: 'diff/unrelated-scenarios',
      severity: 'error',
      message: `"${a.scenario.title}" and "${b.scenario.title}" share no declaration by name: they look like two different games, so everything shows as removed and added`,
      hint: 'compare two printings of one game, or a scenario and one of its variants',
    });
  }
  return result;
}

function sides(na: GraphNode | undefined, nb: GraphNode | undefined): { a?: NodeLocation; b?: NodeLocation } {
  const out: { a?: NodeLocation; b?: NodeLocation } = {};
  const la = locationOf(na?.provenance);
  const lb = locationOf(nb?.provenance);
  // an option's documentation is what a reader of the diff needs beside its new value
  const doc = (n: GraphNode | undefined): string | undefined => (n?.parts.documentation !== undefined ? (JSON.parse(n.parts.documentation) as string) : undefined);
  if (la && doc(na) !== undefined) la.doc = doc(na);
  if (lb && doc(nb) !== undefined) lb.doc = doc(nb);
  if (la) out.a = la;
  if (lb) out.b = lb;
  return out;
}

/** each changed part's value on either side, as source lines (an option's default as `option x = v`) */
function partLines(a: GraphNode, b: GraphNode, parts: NodePart[]): SourceLine[] {
  const out: SourceLine[] = [];
  for (const part of parts) {
    // a rule's firing order is said in words (NodeChange.timing), not as values
    if (part === 'timing' && a.kind === 'rule') continue;
    const show = (n: GraphNode): string => {
      const v = n.parts[part];
      if (part === 'timing' && n.kind === 'end' && v !== undefined) return `checked ${END_TIMING[JSON.parse(v) as string] ?? String(JSON.parse(v))}`;
      if (v === undefined) return `${part}: none`;
      if (n.kind === 'option' && part === 'default') return `option ${n.name} = ${String(JSON.parse(v))}`;
      return `${part}: ${v.length > 400 ? `${v.slice(0, 400)}…` : v}`;
    };
    out.push({ op: '-', text: show(a) }, { op: '+', text: show(b) });
  }
  return out;
}

/** an end condition's timing in words (docs/language.md, "End conditions") */
const END_TIMING: Record<string, string> = { immediately: 'immediately', own_turn: 'during its player\'s own turn', end_of_turn: 'at the end of the turn', end_of_round: 'at the end of the round' };

/**
 * A rule's changed firing order in words: a rule both graphs have on its event
 * that it now fires on the other side of — `rule a fires before rule b on
 * turn_start in the first, after it in the second`.
 */
function timingWords(na: GraphNode, nb: GraphNode, nodesA: GraphNode[], nodesB: GraphNode[], byKeyA: Map<string, GraphNode>, byKeyB: Map<string, GraphNode>): string | undefined {
  const onEvent = (nodes: GraphNode[], event: string | undefined, other: Map<string, GraphNode>): GraphNode[] => nodes.filter((n) => n.kind === 'rule' && n.event === event && other.get(nodeKey(n))?.kind === 'rule');
  const inA = onEvent(nodesA, na.event, byKeyB);
  const inB = new Map(onEvent(nodesB, nb.event, byKeyA).map((n) => [n.name, n.order ?? 0]));
  const event = (na.event ?? '').replace(/^event:/, '').replace(/@.*$/, '');
  for (const x of inA) {
    if (x.name === na.name || !inB.has(x.name)) continue;
    const beforeA = (na.order ?? 0) < (x.order ?? 0);
    const beforeB = (nb.order ?? 0) < inB.get(x.name)!;
    if (beforeA !== beforeB) return `rule ${na.name} fires ${beforeA ? 'before' : 'after'} rule ${x.name} on ${event} in the first, ${beforeB ? 'before' : 'after'} it in the second`;
  }
  return undefined;
}

function differingParts(a: GraphNode, b: GraphNode): NodePart[] {
  const keys = new Set<NodePart>([...(Object.keys(a.parts) as NodePart[]), ...(Object.keys(b.parts) as NodePart[])]);
  return [...keys].filter((k) => a.parts[k] !== b.parts[k]);
}

/**
 * A rule's place among the rules of its event that the other graph also has
 * on that event: reordering declarations is no difference, but changing which
 * of two shared rules on one event fires first is.
 */
function firingRanks(nodes: GraphNode[], other: Map<string, GraphNode>): Map<string, number> {
  const byEvent = new Map<string, GraphNode[]>();
  for (const n of nodes) {
    if (n.kind !== 'rule' || n.event === undefined) continue;
    const o = other.get(nodeKey(n));
    if (!o || o.event !== n.event) continue;
    const list = byEvent.get(n.event) ?? [];
    list.push(n);
    byEvent.set(n.event, list);
  }
  const ranks = new Map<string, number>();
  for (const list of byEvent.values()) {
    list.sort((x, y) => (x.order ?? 0) - (y.order ?? 0));
    list.forEach((n, i) => ranks.set(n.name, i));
  }
  return ranks;
}

/** the changed nodes a node reads, directly or through derived values */
function changedReads(n: GraphNode, ids: Map<string, GraphNode>, changed: Set<string>): GraphNode[] {
  const seen = new Set<string>();
  const out: GraphNode[] = [];
  const stack = [...n.reads];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const dep = ids.get(id);
    if (!dep) continue;
    if (changed.has(nodeKey(dep))) out.push(dep);
    stack.push(...dep.reads);
  }
  return out.sort((x, y) => nodeKey(x).localeCompare(nodeKey(y)));
}

function renameCandidates(removed: GraphNode[], added: GraphNode[]): RenameCandidate[] {
  const out: RenameCandidate[] = [];
  const taken = new Set<GraphNode>();
  for (const r of removed) {
    let best: { n: GraphNode; s: number } | null = null;
    for (const a of added) {
      // a rename keeps what the node is (a per-player number stays one); only then does likeness count
      if (a.kind !== r.kind || taken.has(a) || a.parts.type !== r.parts.type) continue;
      const s = similarity(r, a);
      if (s >= SIMILAR_ENOUGH && (!best || s > best.s)) best = { n: a, s };
    }
    if (!best) continue;
    taken.add(best.n);
    out.push({ kind: r.kind, from: r.name, to: best.n.name, similarity: Math.round(best.s * 100) / 100, ...sides(r, best.n) });
  }
  return out;
}

/** how alike two nodes' meanings are, 0..1: the share of their canonical tokens in common */
function similarity(a: GraphNode, b: GraphNode): number {
  const text = (n: GraphNode): string => (Object.keys(n.parts) as NodePart[]).filter((k) => k !== 'citation').sort().map((k) => `${k}=${n.parts[k]}`).join('\n');
  const ta = text(a).replaceAll(a.id, '$self');
  const tb = text(b).replaceAll(b.id, '$self');
  if (ta === tb) return 1;
  const tokens = (s: string): string[] => s.match(/[A-Za-z0-9_:$.@/-]+|[^\sA-Za-z0-9_:$.@/-]/g) ?? [];
  const xa = tokens(ta);
  const xb = tokens(tb);
  if (xa.length + xb.length > 20_000) return 0;
  let common = 0;
  for (const part of diffArrays(xa, xb)) if (!part.added && !part.removed) common += part.value.length;
  const citeBonus = a.parts.citation !== undefined && a.parts.citation === b.parts.citation ? 0.1 : 0;
  return Math.min(0.99, (2 * common) / (xa.length + xb.length) + citeBonus);
}
