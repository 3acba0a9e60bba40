// `graph/drawing`: the rule graph laid out for the page — events → rules → the events they emit, actions, the
// overrides, and (when asked) the state rules read and write — each node linked to its source. The layout
// (dagre, layered left to right) runs here, not in the page, so a big graph never stalls typing.
import dagre from '@dagrejs/dagre';
import { compile } from '@houserules/compiler';
import type { RuleGraph } from '@houserules/schema';
import type { GraphDrawing, GraphEdge, GraphNode, SourceLink } from '../protocol/engine-protocol.ts';
import type { ProjectFiles } from './project-files.ts';

type Unplaced = Omit<GraphNode, 'x' | 'y' | 'width' | 'height'>;

/** Nodes one drawing may hold; past it the state nodes are left out, then the drawing is refused. */
export const MAX_DRAWN_NODES = 1_500;

export function graphDrawing(project: ProjectFiles, entry: string, variant: string | null, withState: boolean): GraphDrawing | null {
  const graph = compile(project.host, entry, { parse: project.cache.parse, ...(variant ? { variant } : {}) }).value;
  return graph ? drawingOf(graph, withState) : null;
}

export function drawingOf(graph: RuleGraph, withState: boolean): GraphDrawing | null {
  const nodes = new Map<string, Unplaced>();
  const link = (p: { file: string; range: SourceLink['range']; cite?: string }): SourceLink => ({ file: p.file, range: p.range, ...(p.cite !== undefined ? { cite: p.cite } : {}) });
  for (const e of graph.events) nodes.set(e.id, { id: e.id, kind: 'event', label: e.name, link: e.source === 'builtin' ? null : link(e.provenance) });
  for (const r of graph.rules) nodes.set(r.id, { id: r.id, kind: 'rule', label: r.name, link: link(r.provenance), status: r.status });
  for (const a of graph.actions) nodes.set(a.id, { id: a.id, kind: 'action', label: a.name, link: link(a.provenance), status: a.status });
  if (withState) {
    for (const s of [...graph.vars, ...graph.pools, ...graph.zones, ...graph.derived, ...graph.pieces, ...graph.boards]) {
      nodes.set(s.id, { id: s.id, kind: 'state', label: s.name, link: link(s.provenance) });
    }
  }
  const kinds = withState ? ['triggers', 'emits', 'overrides', 'reads', 'writes'] : ['triggers', 'emits', 'overrides'];
  const edges = graph.edges.filter((e) => kinds.includes(e.kind) && nodes.has(e.from) && nodes.has(e.to) && e.from !== e.to);
  // Events nothing triggers or emits, and state nothing touches, are left out.
  const used = new Set(edges.flatMap((e) => [e.from, e.to]));
  const kept = [...nodes.values()].filter((n) => used.has(n.id) || n.kind === 'rule' || n.kind === 'action');
  if (kept.length > MAX_DRAWN_NODES) return withState ? drawingOf(graph, false) : null;

  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 70, edgesep: 6, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of kept) g.setNode(n.id, { width: Math.max(60, 14 + n.label.length * 7.2), height: n.kind === 'state' ? 22 : 28 });
  edges.forEach((e, i) => {
    if (g.hasNode(e.from) && g.hasNode(e.to)) g.setEdge(e.from, e.to, { weight: e.kind === 'triggers' || e.kind === 'emits' ? 3 : 1 }, String(i));
  });
  dagre.layout(g);
  const placed: GraphNode[] = kept.map((n) => {
    const p = g.node(n.id) as { x: number; y: number; width: number; height: number };
    return { ...n, x: p.x, y: p.y, width: p.width, height: p.height };
  });
  const routed: GraphEdge[] = [];
  edges.forEach((e, i) => {
    const d = g.edge({ v: e.from, w: e.to, name: String(i) }) as { points?: { x: number; y: number }[] } | undefined;
    if (d?.points) routed.push({ from: e.from, to: e.to, kind: e.kind, points: d.points.map((p) => ({ x: p.x, y: p.y })) });
  });
  const size = g.graph() as { width?: number; height?: number };
  return { nodes: placed, edges: routed, width: size.width ?? 0, height: size.height ?? 0 };
}
