import type { LoadedGraph } from '../load/loaded-graph.ts';

/**
 * Names in a run message as the author writes them, never the graph's ids:
 * seats as `p1`, `p2`…, an empty player as `none`, a choice by the var it sets
 * or the rule or action that asks it.
 */
export function seatWord(seat: number): string {
  return seat === -1 ? 'none' : `p${seat + 1}`;
}

/** `the choice of \`plan\` in rule \`decide\``, `the choice in action \`trade\``. */
export function askWords(lg: LoadedGraph, ask: number): string {
  const info = lg.asks[ask];
  if (info === undefined) return 'a choice';
  const owner = /^(rule|action):([^/]*)\//.exec(info.id);
  const where = owner ? ` in ${owner[1]} \`${owner[2]}\`` : '';
  const v = info.varIndex >= 0 ? lg.vars[info.varIndex] : undefined;
  return v !== undefined ? `the choice of \`${v.name}\`${where}` : `the choice${where}`;
}
