import type { RuleGraph } from './rule-graph.ts';

/**
 * The tokens of each pool (by the pool's name) that start unlimited. The engine
 * counts such a token from zero, below it too, so a view shows it as a negative
 * count (what was taken out); what shows a pool to people says "unlimited" instead.
 */
export function unlimitedPoolTokens(graph: Pick<RuleGraph, 'tokens' | 'pools'>): Map<string, Set<string>> {
  const tokenName = new Map(graph.tokens.map((t) => [t.id, t.name]));
  const out = new Map<string, Set<string>>();
  for (const p of graph.pools) {
    const tokens = p.entries.filter((e) => e.initial === 'unlimited').map((e) => tokenName.get(e.token) ?? e.token);
    if (tokens.length > 0) out.set(p.name, new Set(tokens));
  }
  return out;
}
