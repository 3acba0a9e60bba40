import { diffArrays } from 'diff';
import type { Diagnostic, RuleGraph } from '@houserules/schema';
import { graphNodes, nodeKey, type GraphNode, type NodeKind, type NodePart } from './graph-nodes.ts';
import { locationOf, sourceDiff, sourceOf, type NodeLocation, type ReadText, type SourceLine } from './source-text.ts';

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
    const srcA = sourceOf(na.provenance, options.readA);
    const srcB = sourceOf(nb.provenance, options.readB);
    if (srcA !== undefined && srcB !== undefined && parts.some((p) => p !== 'citation' && p !== 'timing')) change.source = sourceDiff(srcA, srcB);
    // the same text on both sides (a variant's new default, a graph without sources): show the parts' values
    if (!change.source || !change.source.some((l) => l.op !== ' ')) change.source = partLines(na, nb, parts);
    changed.push(change);
  }
  result.shared = sharedPairs.length;

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
  if (la) out.a = la;
  if (lb) out.b = lb;
  return out;
}

/** each changed part's value on either side, as source lines (an option's default as `option x = v`) */
function partLines(a: GraphNode, b: GraphNode, parts: NodePart[]): SourceLine[] {
  const out: SourceLine[] = [];
  for (const part of parts) {
    const show = (n: GraphNode): string => {
      const v = n.parts[part];
      if (v === undefined) return `${part}: none`;
      if (n.kind === 'option' && part === 'default') return `option ${n.name} = ${String(JSON.parse(v))}`;
      return `${part}: ${v.length > 400 ? `${v.slice(0, 400)}…` : v}`;
    };
    out.push({ op: '-', text: show(a) }, { op: '+', text: show(b) });
  }
  return out;
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
