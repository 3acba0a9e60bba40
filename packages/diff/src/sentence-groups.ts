import type { NodeChange } from './structural-diff.ts';

/**
 * The changed declarations grouped by the rulebook sentences they cite: an
 * errata editor reads a comparison sentence by sentence, not declaration by
 * declaration. Two changes are in one group when they cite the same sentence
 * (the same text, on either side); a declaration that cites nothing (an
 * option, most often) joins the group of the rules that read it (the
 * `reads-changed` ones). What cites nothing and is read by nothing that cites
 * is the last group, with no sentence.
 */
export interface SentenceGroup {
  /** the sentences the first side's declarations of the group cite, in the report's order */
  a: string[];
  /** the sentences the second side's declarations cite */
  b: string[];
  /** the group's declarations, in the report's order */
  nodes: { kind: string; name: string }[];
}

const keyOf = (c: { kind: string; name: string }): string => `${c.kind} ${c.name}`;

/** Groups `changes` (taken in the order given, which the groups and their lists keep). */
export function groupBySentence(changes: readonly NodeChange[]): SentenceGroup[] {
  const parent = changes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const union = (i: number, j: number): void => {
    const [x, y] = [find(i), find(j)];
    if (x !== y) parent[Math.max(x, y)] = Math.min(x, y);
  };
  const cites = (c: NodeChange): string[] => [c.status !== 'added' ? c.a?.cite : undefined, c.status !== 'removed' ? c.b?.cite : undefined].filter((s): s is string => s !== undefined);
  const bySentence = new Map<string, number>();
  const byName = new Map<string, number>();
  changes.forEach((c, i) => {
    byName.set(keyOf(c), i);
    for (const s of cites(c)) {
      const j = bySentence.get(s);
      if (j === undefined) bySentence.set(s, i);
      else union(i, j);
    }
  });
  // an option (or a derived value) that cites nothing goes with the sentences of what reads it
  changes.forEach((c, i) => {
    if (c.status !== 'reads-changed' || cites(c).length === 0) return;
    for (const t of c.through) {
      const j = byName.get(keyOf(t));
      if (j !== undefined && cites(changes[j]!).length === 0) union(i, j);
    }
  });
  const groups = new Map<number, SentenceGroup>();
  const unsaid: SentenceGroup = { a: [], b: [], nodes: [] };
  const citing = new Set(changes.flatMap((c, i) => (cites(c).length > 0 ? [find(i)] : [])));
  changes.forEach((c, i) => {
    const root = find(i);
    const g = !citing.has(root) ? unsaid : (groups.get(root) ?? groups.set(root, { a: [], b: [], nodes: [] }).get(root)!);
    g.nodes.push({ kind: c.kind, name: c.name });
    const sa = c.status !== 'added' ? c.a?.cite : undefined;
    const sb = c.status !== 'removed' ? c.b?.cite : undefined;
    if (sa !== undefined && !g.a.includes(sa)) g.a.push(sa);
    if (sb !== undefined && !g.b.includes(sb)) g.b.push(sb);
  });
  return [...groups.values(), ...(unsaid.nodes.length > 0 ? [unsaid] : [])];
}
