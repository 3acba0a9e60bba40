import type { AdvanceFn, EventInfo, FlowInfo } from '../load/loaded-graph.ts';
import { END_NONE, FLOW_ACTIONS, FLOW_IF, FLOW_PHASE, FLOW_REPEAT, FLOW_ROUNDS, FLOW_SEQ, FLOW_STEP, FLOW_TURNS, FRAME_BRANCH, FRAME_COUNT, FRAME_NODE, FRAME_PC, FRAME_SEAT, FRAME_STAGE, FRAME_WIDTH } from '../run/flow-frame.ts';
import { FLOW_GUARD, flowHelpers } from '../run/flow-machine.ts';
import { compileGenerated } from './expr-codegen.ts';

/**
 * The flow machine (run/flow-machine.ts's `advanceFlow`) written out for one graph:
 * one `case` per flow node instead of a `switch` over node kinds, each node's body
 * a `switch` over its items whose cases are straight-line code, and a step's event
 * dispatched by a call to that event's dispatcher from a call site of its own (so
 * the JIT sees one function there and may inline it). The frames, the order of
 * the work and every check are those of `advanceFlow`: a game plays the same either
 * way. Null when some event has no generated dispatcher.
 */
export function generateFlow(flow: readonly FlowInfo[], events: readonly EventInfo[], builtin: { roundStart: number; roundEnd: number; turnEnd: number }): AdvanceFn | null {
  if (events.some((e) => e.dispatch === null)) return null;
  const refs: unknown[] = [];
  const ref = (v: unknown): string => `K[${refs.push(v) - 1}]`;
  const at = (slot: number): string => `frames[t + ${slot}]`;

  /** entering item `child` of the top frame: a step's event is dispatched (stop advancing), another node is pushed */
  const enter = (child: number): string => {
    const info = flow[child]!;
    if (info.kind !== FLOW_STEP) return `H.pushFrame(g, ${child}); continue;`;
    return `g.stepFirings = 0; g.loopWork = 0; H.raise(g, ${info.event}, 0); ${ref(events[info.event]!.dispatch)}(g); return true;`;
  };
  /** the next item of a body (FRAME_PC), or `done` once every item was entered */
  const items = (body: Int32Array, done: string): string => {
    const cases = Array.from(body, (child, pc) => `case ${pc}: ${at(FRAME_PC)} = ${pc + 1}; ${enter(child)}`);
    return `switch (${at(FRAME_PC)}) {\n${[...cases, `default: ${done}`].join('\n')}\n}`;
  };

  const node = (info: FlowInfo): string | null => {
    switch (info.kind) {
      case FLOW_SEQ:
      case FLOW_PHASE:
        return items(info.body, 'g.depth--; continue;');
      case FLOW_IF:
        return `if (${at(FRAME_BRANCH)} === 1) {\n${items(info.elseBody, 'g.depth--; continue;')}\n}\n${items(info.body, 'g.depth--; continue;')}`;
      case FLOW_ROUNDS: {
        const count = info.count === null ? '' : `const count = ${ref(info.count)}(g); if (${at(FRAME_COUNT)} >= count) { g.depth--; continue; }\n`;
        return (
          `const stage = ${at(FRAME_STAGE)};\n` +
          `if (stage === 0) {\n${count}const round = ++${at(FRAME_COUNT)}; g.round = round; g.roundsPlayed++; H.openPeriod(g, t, ${builtin.roundStart}, round); return true;\n}\n` +
          `if (stage === 1) {\n${items(info.body, `H.closePeriod(g, t, ${builtin.roundEnd}, ${at(FRAME_COUNT)}); return true;`)}\n}\n` +
          `if (H.endPeriod(g, t, g.endsRound)) return true; continue;`
        );
      }
      case FLOW_TURNS:
        return (
          `const stage = ${at(FRAME_STAGE)};\n` +
          `if (stage === 0) { if (H.startTurn(g, t, ${JSON.stringify(info.order)}, ${info.from === null ? 'null' : ref(info.from)})) return true; continue; }\n` +
          `if (stage === 1) {\n${items(info.body, `H.closePeriod(g, t, ${builtin.turnEnd}, ${at(FRAME_SEAT)}); return true;`)}\n}\n` +
          `${at(FRAME_COUNT)}++; if (H.endPeriod(g, t, g.endsTurn)) return true; continue;`
        );
      case FLOW_REPEAT: {
        const cond = info.cond === null ? '' : `if (${ref(info.cond)}(g) === 0) { g.depth--; continue; }\n`;
        return `if (${at(FRAME_STAGE)} === 0) {\n${cond}${at(FRAME_STAGE)} = 1; ${at(FRAME_PC)} = 0;\n}\n${items(info.body, `${at(FRAME_STAGE)} = 0; continue;`)}`;
      }
      case FLOW_ACTIONS:
        return `if (H.offerFlowActions(g, t, ${ref(info.by)})) return true; continue;`;
      default:
        // a step is never a frame (entering it dispatches its event): like any other node kind, the machine pops it
        return null;
    }
  };

  const cases = flow.flatMap((info, n) => {
    const code = node(info);
    return code === null ? [] : [`case ${n}: {\n${code}\n}`];
  });
  const source =
    `return function advance(g) {\n` +
    `const frames = g.frames;\nlet guard = 0;\n` +
    `for (;;) {\n` +
    `if (++guard > ${FLOW_GUARD}) return H.flowGuardSpent(g);\n` +
    `if (g.endScope !== ${END_NONE}) H.unwindEnd(g);\n` +
    `if (g.depth === 0) return false;\n` +
    `const t = (g.depth - 1) * ${FRAME_WIDTH};\n` +
    `switch (${at(FRAME_NODE)}) {\n${cases.join('\n')}\ndefault: g.depth--;\n}\n}\n};`;
  return compileGenerated<AdvanceFn>(source, 'flow', refs, flowHelpers);
}
