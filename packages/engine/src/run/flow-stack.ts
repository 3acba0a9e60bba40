import { FLOW_IF, FLOW_PHASE, FRAME_BRANCH, FRAME_NODE, FRAME_WIDTH, MAX_PHASE_BITS } from './flow-frame.ts';
import { describeFlowPosition } from './flow-position.ts';
import type { Game } from './game.ts';

/**
 * The flow's stack of frames (flow-frame.ts names their words): pushing a frame, the
 * active phases, and where the flow is in the author's words.
 */

export function pushFrame(g: Game, node: number): void {
  const t = g.depth * FRAME_WIDTH;
  const frames = g.frames;
  for (let k = 0; k < FRAME_WIDTH; k++) frames[t + k] = 0;
  frames[t + FRAME_NODE] = node;
  g.depth++;
  const info = g.lg.flow[node]!;
  if (info.kind === FLOW_IF) frames[t + FRAME_BRANCH] = info.cond!(g) !== 0 ? 0 : 1;
}

/** the active phases as a bit set (one pass over the flow); -1 when there are too many phases for one */
export function activePhases(g: Game): number {
  if (g.lg.phaseNames.length > MAX_PHASE_BITS) return -1;
  let set = 0;
  for (let d = 0; d < g.depth; d++) {
    const info = g.lg.flow[g.frames[d * FRAME_WIDTH + FRAME_NODE]!]!;
    if (info.kind === FLOW_PHASE) set |= 1 << info.phase;
  }
  return set;
}

export function phaseActive(g: Game, phase: number): boolean {
  for (let d = 0; d < g.depth; d++) {
    const info = g.lg.flow[g.frames[d * FRAME_WIDTH + FRAME_NODE]!]!;
    if (info.kind === FLOW_PHASE && info.phase === phase) return true;
  }
  return false;
}

/** where the flow is, in the author's words (`rounds forever → step go`) */
export function flowPosition(g: Game): string {
  const nodes: number[] = [];
  for (let d = 0; d < g.depth; d++) nodes.push(g.frames[d * FRAME_WIDTH + FRAME_NODE]!);
  return describeFlowPosition(g.lg, nodes);
}
