import type { RuleGraph, Stmt } from '@houserules/schema';

/**
 * Chance drawn by purpose (docs/design/chance-streams.md): one generator per
 * purpose, each seeded from the game seed and the purpose's stable name, so a
 * rule one variant has and another lacks does not shift the other's dice or
 * shuffles. A game keeps every stream's words in one Uint32Array, five words a
 * stream: the generator's four (prng.ts) and 1 once it has been seeded.
 */
export const STREAM_WORDS = 5;
/** dealing the board */
export const STREAM_BOARD = 0;
/** chance in statements compiled after load (a test's `arrange`) */
export const STREAM_OTHER = 1;
/** the graph's chance sites (rolls and picks) follow; then one stream per zone instance */
export const FIRST_SITE_STREAM = 2;

/** 32-bit FNV-1a of a purpose's name */
export function purposeKey(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The chance sites of a graph: every `roll` and `pick` statement of an active
 * rule or action, named `roll:rule/NAME#k` by its node and its place among that
 * node's statements of the kind (source order, branches and ask bodies included).
 * Numbered before either back end compiles, so both draw from the same streams.
 */
export function chanceSites(graph: RuleGraph): { names: string[]; stream: Map<Stmt, number> } {
  const names: string[] = [];
  const stream = new Map<Stmt, number>();
  const visit = (node: string, body: Stmt[], counts: { roll: number; pick: number }): void => {
    for (const s of body) {
      if (s.s === 'roll' || s.s === 'pick') {
        stream.set(s, FIRST_SITE_STREAM + names.length);
        names.push(`${s.s}:${node}#${counts[s.s]++}`);
      } else if (s.s === 'if') {
        visit(node, s.then, counts);
        visit(node, s.else, counts);
      } else if (s.s === 'for') visit(node, s.body, counts);
      else if (s.s === 'ask') visit(node, s.then, counts);
    }
  };
  for (const r of graph.rules) if (r.status === 'active') visit(`rule/${r.name}`, r.body, { roll: 0, pick: 0 });
  for (const a of graph.actions) if (a.status === 'active') visit(`action/${a.name}`, a.body, { roll: 0, pick: 0 });
  return { names, stream };
}

/** every stream's purpose, for one player count: board, other, the sites, then each zone instance */
export function streamPurposes(siteNames: readonly string[], zoneInstanceNames: readonly string[]): string[] {
  return ['board', 'other', ...siteNames, ...zoneInstanceNames.map((z) => `shuffle:${z}`)];
}
