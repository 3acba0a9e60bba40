import type { LoadedGraph } from '../load/loaded-graph.ts';
import { FLOW_ACTIONS, FLOW_IF, FLOW_PHASE, FLOW_REPEAT, FLOW_ROUNDS, FLOW_SEQ, FLOW_STEP, FLOW_TURNS } from './flow-frame.ts';

/**
 * Where the flow is, in the author's words — `rounds → turns → step roll` —
 * from the flow nodes on the flow machine's stack (outermost first). Used by
 * the run-time budgets to name the flow item that never waits.
 */
export function describeFlowPosition(lg: LoadedGraph, nodes: readonly number[]): string {
  const parts: string[] = [];
  for (const n of nodes) {
    const info = lg.flow[n];
    if (info === undefined) continue;
    switch (info.kind) {
      case FLOW_SEQ:
        break;
      case FLOW_STEP:
        parts.push(`step ${lg.events[info.event]?.name ?? '?'}`);
        break;
      case FLOW_ROUNDS:
        parts.push(info.count === null ? 'rounds forever' : 'rounds');
        break;
      case FLOW_TURNS:
        parts.push(info.from === null ? 'turns' : 'turns from …');
        break;
      case FLOW_PHASE:
        parts.push(`phase ${lg.phaseNames[info.phase] ?? '?'}`);
        break;
      case FLOW_REPEAT:
        parts.push(info.cond === null ? 'repeat' : 'repeat while');
        break;
      case FLOW_ACTIONS:
        parts.push('actions');
        break;
      case FLOW_IF:
        parts.push('if');
        break;
    }
  }
  return parts.length > 0 ? parts.join(' → ') : 'the flow';
}
