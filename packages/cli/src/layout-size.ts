import type { RuleGraph } from '@houserules/schema';

/**
 * How much work Graphviz's `dot` layout of a rule graph is, known before it
 * runs: the nodes it places, and the ranks its edges cross. `dot` puts the
 * nodes on ranks (after turning cycles around) and gives an edge that spans k
 * ranks k − 1 invisible nodes, then orders every rank to cut crossings; a
 * variable that hundreds of rules along a chain read and write makes
 * quadratically many of them, and the WebAssembly layout then runs out of
 * memory. The ranks here are the longest-path ranks (each node one rank after
 * everything that points to it), a layout `dot` starts from and only shortens,
 * so `crossings` is an upper bound of its invisible nodes. Linear in the graph.
 */
export interface LayoutSize {
  nodes: number;
  edges: number;
  /** ranks crossed by edges, beyond their ends (`dot`'s invisible nodes, at most) */
  crossings: number;
}

export function layoutSize(graph: Pick<RuleGraph, 'edges'>): LayoutSize {
  const index = new Map<string, number>();
  const id = (name: string): number => {
    let i = index.get(name);
    if (i === undefined) {
      i = index.size;
      index.set(name, i);
    }
    return i;
  };
  const edges = graph.edges.map((e) => [id(e.from), id(e.to)] as const);
  const n = index.size;
  const out: number[][] = Array.from({ length: n }, () => []);
  edges.forEach(([from], k) => out[from]!.push(k));
  // Cycles turned around as a depth-first search meets them (an edge back to a node on the path).
  const reversed = new Uint8Array(edges.length);
  const state = new Uint8Array(n); // 0 unseen, 1 on the path, 2 done
  for (let start = 0; start < n; start++) {
    if (state[start] !== 0) continue;
    const stack: [number, number][] = [[start, 0]];
    state[start] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [node, next] = top;
      if (next >= out[node]!.length) {
        state[node] = 2;
        stack.pop();
        continue;
      }
      top[1]++;
      const k = out[node]![next]!;
      const to = edges[k]![1];
      if (state[to] === 1) reversed[k] = 1;
      else if (state[to] === 0) {
        state[to] = 1;
        stack.push([to, 0]);
      }
    }
  }
  // Longest-path ranks over the edges as turned, in topological order.
  const successors: number[][] = Array.from({ length: n }, () => []);
  const incoming = new Uint32Array(n);
  edges.forEach(([from, to], k) => {
    const [a, b] = reversed[k] ? [to, from] : [from, to];
    if (a === b) return;
    successors[a]!.push(b);
    incoming[b]!++;
  });
  const rank = new Float64Array(n);
  const ready: number[] = [];
  for (let v = 0; v < n; v++) if (incoming[v] === 0) ready.push(v);
  while (ready.length > 0) {
    const v = ready.pop()!;
    for (const w of successors[v]!) {
      rank[w] = Math.max(rank[w]!, rank[v]! + 1);
      if (--incoming[w]! === 0) ready.push(w);
    }
  }
  let crossings = 0;
  for (const [from, to] of edges) crossings += Math.max(0, Math.abs(rank[to]! - rank[from]!) - 1);
  return { nodes: n, edges: edges.length, crossings };
}
