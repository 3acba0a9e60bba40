import type { FlowInfo } from '../load/loaded-graph.ts';
import { offerActions } from './action-offers.ts';
import { dispatchNow } from './dispatch.ts';
import { ENDING_NONE, checkEnds, stop } from './ending.ts';
import { END_NONE, END_PHASE, END_ROUND, END_TURN, FLOW_ACTIONS, FLOW_IF, FLOW_PHASE, FLOW_REPEAT, FLOW_ROUNDS, FLOW_SEQ, FLOW_STEP, FLOW_TURNS, FRAME_BRANCH, FRAME_COUNT, FRAME_NODE, FRAME_PC, FRAME_SEAT, FRAME_STAGE, FRAME_WIDTH } from './flow-frame.ts';
import { flowPosition, pushFrame } from './flow-stack.ts';
import type { Game } from './game.ts';
import { MAX_IDLE_FLOW_MOVES } from './run-budgets.ts';
import { FLOW_CONTEXT } from './state-versions.ts';

/**
 * The flow machine: advances the top frame (sequences, phases, `if`, rounds, turns,
 * `repeat`, `actions by`) until it queues an event or waits for a decision.
 */

/** flow moves allowed without any event being queued (an empty `repeat` would spin forever) */
const FLOW_GUARD = MAX_IDLE_FLOW_MOVES;

/** enters a child of the top frame; true when it dispatched an event */
export function enter(g: Game, child: number): boolean {
  const info = g.lg.flow[child]!;
  if (info.kind === FLOW_STEP) {
    g.stepFirings = 0;
    g.loopWork = 0;
    dispatchNow(g, info.event, 0);
    return true;
  }
  pushFrame(g, child);
  return false;
}

/** dispatches a round's or turn's opening or closing event; one no rule hears is only dispatched to be logged or checked after */
export function builtin(g: Game, ev: number, arg: number): void {
  if (ev < 0) return;
  if (g.logEntries === null && !g.checking && g.lg.events[ev]!.fires.length === 0) return;
  dispatchNow(g, ev, arg);
}

/** a new round or turn (frame at t) begins: its opening event, then its body (stage 1) */
export function openPeriod(g: Game, t: number, opening: number, arg: number): void {
  g.ver[FLOW_CONTEXT]!++;
  g.endsStale = true;
  g.frames[t + FRAME_STAGE] = 1;
  g.frames[t + FRAME_PC] = 0;
  g.stepFirings = 0;
  g.loopWork = 0;
  builtin(g, opening, arg);
}

/** the next item of a round's or turn's body, or once it is done its closing event (stage 2); true: stop advancing */
export function stepPeriod(g: Game, t: number, info: FlowInfo, closing: number, arg: number): boolean {
  const frames = g.frames;
  const pc = frames[t + FRAME_PC]!;
  if (pc < info.body.length) {
    frames[t + FRAME_PC] = pc + 1;
    return enter(g, info.body[pc]!);
  }
  frames[t + FRAME_STAGE] = 2;
  g.stepFirings = 0;
  g.loopWork = 0;
  builtin(g, closing, arg);
  return true;
}

export function unwindEnd(g: Game): void {
  const scope = g.endScope;
  g.endScope = END_NONE;
  const kind = scope === END_ROUND ? FLOW_ROUNDS : scope === END_TURN ? FLOW_TURNS : scope === END_PHASE ? FLOW_PHASE : -1;
  for (let d = g.depth - 1; d >= 0; d--) {
    const t = d * FRAME_WIDTH;
    const info = g.lg.flow[g.frames[t + FRAME_NODE]!]!;
    if (info.kind !== kind) continue;
    if (kind !== FLOW_PHASE && g.frames[t + FRAME_STAGE] !== 1) return;
    g.depth = d + 1;
    g.frames[t + FRAME_PC] = info.body.length;
    return;
  }
}

/** advances the flow until it queues an event or waits; false when the flow has run out */
export function advanceFlow(g: Game): boolean {
  const lg = g.lg;
  const frames = g.frames;
  let guard = 0;
  for (;;) {
    if (++guard > FLOW_GUARD) {
      const at = flowPosition(g);
      g.fail('run/step-budget', `The flow went round ${FLOW_GUARD} times without anything happening (at ${at}).`, at);
      stop(g);
      return true;
    }
    if (g.endScope !== END_NONE) unwindEnd(g);
    if (g.depth === 0) return false;
    const t = (g.depth - 1) * FRAME_WIDTH;
    const info = lg.flow[frames[t + FRAME_NODE]!]!;
    switch (info.kind) {
      case FLOW_SEQ:
      case FLOW_PHASE:
      case FLOW_IF: {
        const body = info.kind === FLOW_IF && frames[t + FRAME_BRANCH] === 1 ? info.elseBody : info.body;
        const pc = frames[t + FRAME_PC]!;
        if (pc < body.length) {
          frames[t + FRAME_PC] = pc + 1;
          if (enter(g, body[pc]!)) return true;
        } else g.depth--;
        continue;
      }
      case FLOW_ROUNDS: {
        const stage = frames[t + FRAME_STAGE]!;
        if (stage === 0) {
          const count = info.count === null ? Number.POSITIVE_INFINITY : info.count(g);
          if (frames[t + FRAME_COUNT]! >= count) {
            g.depth--;
            continue;
          }
          const round = ++frames[t + FRAME_COUNT]!;
          g.round = round;
          openPeriod(g, t, lg.builtin.roundStart, round);
          return true;
        }
        if (stage === 1) {
          if (stepPeriod(g, t, info, lg.builtin.roundEnd, frames[t + FRAME_COUNT]!)) return true;
          continue;
        }
        frames[t + FRAME_STAGE] = 0;
        checkEnds(g, g.endsRound);
        if (g.endingPhase !== ENDING_NONE || g.over) return true;
        continue;
      }
      case FLOW_TURNS: {
        const stage = frames[t + FRAME_STAGE]!;
        const n = g.playerCount;
        if (stage === 0) {
          const total = info.order === 'snake' ? 2 * n : n;
          const k = frames[t + FRAME_COUNT]!;
          if (k >= total) {
            g.depth--;
            g.current = -1;
            g.ver[FLOW_CONTEXT]!++;
            g.endsStale = true;
            continue;
          }
          const seat = info.order === 'reverse' ? n - 1 - k : info.order === 'snake' && k >= n ? 2 * n - 1 - k : k;
          frames[t + FRAME_SEAT] = seat;
          g.current = seat;
          g.turn++;
          const counts = g.actionCounts;
          for (let i = 0; i < counts.length; i++) counts[i] = 0;
          openPeriod(g, t, lg.builtin.turnStart, seat);
          return true;
        }
        if (stage === 1) {
          if (stepPeriod(g, t, info, lg.builtin.turnEnd, frames[t + FRAME_SEAT]!)) return true;
          continue;
        }
        frames[t + FRAME_STAGE] = 0;
        frames[t + FRAME_COUNT]!++;
        checkEnds(g, g.endsTurn);
        if (g.endingPhase !== ENDING_NONE || g.over) return true;
        continue;
      }
      case FLOW_REPEAT: {
        if (frames[t + FRAME_STAGE] === 0) {
          if (info.cond !== null && info.cond(g) === 0) {
            g.depth--;
            continue;
          }
          frames[t + FRAME_STAGE] = 1;
          frames[t + FRAME_PC] = 0;
        }
        const pc = frames[t + FRAME_PC]!;
        if (pc < info.body.length) {
          frames[t + FRAME_PC] = pc + 1;
          if (enter(g, info.body[pc]!)) return true;
        } else frames[t + FRAME_STAGE] = 0;
        continue;
      }
      case FLOW_ACTIONS: {
        if (frames[t + FRAME_STAGE] !== 0) {
          g.depth--;
          continue;
        }
        const player = info.by!(g);
        if (g.err) {
          stop(g);
          return true;
        }
        if (offerActions(g, player, g.depth - 1)) return true;
        g.depth--;
        continue;
      }
      default:
        g.depth--;
    }
  }
}
