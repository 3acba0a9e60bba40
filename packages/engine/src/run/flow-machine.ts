import type { EndInfo, ExprFn, FlowInfo } from '../load/loaded-graph.ts';
import { offerActions } from './action-offers.ts';
import { dispatchNow, raise } from './dispatch.ts';
import { ENDING_NONE, checkEnds, stop } from './ending.ts';
import { END_NONE, END_PHASE, END_ROUND, END_TURN, FLOW_ACTIONS, FLOW_IF, FLOW_PHASE, FLOW_REPEAT, FLOW_ROUNDS, FLOW_SEQ, FLOW_STEP, FLOW_TURNS, FRAME_BRANCH, FRAME_COUNT, FRAME_FIRST, FRAME_NODE, FRAME_PC, FRAME_SEAT, FRAME_STAGE, FRAME_WIDTH } from './flow-frame.ts';
import { flowPosition, pushFrame } from './flow-stack.ts';
import type { Game } from './game.ts';
import { MAX_IDLE_FLOW_MOVES } from './run-budgets.ts';
import { FLOW_CONTEXT } from './state-versions.ts';
import { seatWord } from './author-words.ts';

/**
 * The flow machine: advances the top frame (sequences, phases, `if`, rounds, turns,
 * `repeat`, `actions by`) until it queues an event or waits for a decision.
 */

/** flow moves allowed without any event being queued (an empty `repeat` would spin forever) */
export const FLOW_GUARD = MAX_IDLE_FLOW_MOVES;

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
  closePeriod(g, t, closing, arg);
  return true;
}

/** a round's or turn's body is done: its closing event (stage 2) */
export function closePeriod(g: Game, t: number, closing: number, arg: number): void {
  g.frames[t + FRAME_STAGE] = 2;
  g.stepFirings = 0;
  g.loopWork = 0;
  builtin(g, closing, arg);
}

/** after a round's or turn's closing event: the end conditions checked then (stage 0 again); true when the game ends */
export function endPeriod(g: Game, t: number, ends: EndInfo[]): boolean {
  g.frames[t + FRAME_STAGE] = 0;
  checkEnds(g, ends);
  return g.endingPhase !== ENDING_NONE || g.over;
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

/** the flow went round FLOW_GUARD times without raising an event: the game stops (true: stop advancing) */
export function flowGuardSpent(g: Game): boolean {
  const at = flowPosition(g);
  g.fail('run/step-budget', `The flow went round ${FLOW_GUARD} times without anything happening (at ${at}).`, at);
  stop(g);
  return true;
}

/** a turns node's next turn (its seat at FRAME_SEAT) begins, or false when the pass is over and the frame is popped */
export function startTurn(g: Game, t: number, order: FlowInfo['order'], from: FlowInfo['from']): boolean {
  const frames = g.frames;
  const n = g.playerCount;
  const total = order === 'snake' ? 2 * n : n;
  const k = frames[t + FRAME_COUNT]!;
  if (k === 0 && from !== null) {
    // `turns from P`: the first seat, read as the block begins (kept in the frame)
    const first = from(g);
    if (g.err !== null) {
      stop(g);
      return true;
    }
    if (first >>> 0 >= n) {
      g.fail('run/no-such-player', `The turns start from ${seatWord(first)}, who does not play (seats p1 to p${n}).`);
      stop(g);
      return true;
    }
    frames[t + FRAME_FIRST] = first;
  }
  if (k >= total) {
    g.depth--;
    g.current = -1;
    g.ver[FLOW_CONTEXT]!++;
    g.endsStale = true;
    return false;
  }
  // seats go round from the first: forward, backward, or forward and back (snake); without `from`
  // the first seat (the last in reverse order), left out of the frame so state hashes stay as they were
  const first = from !== null ? frames[t + FRAME_FIRST]! : order === 'reverse' ? n - 1 : 0;
  const seat = order === 'reverse' ? (first - k + n) % n : (first + (order === 'snake' && k >= n ? 2 * n - 1 - k : k)) % n;
  frames[t + FRAME_SEAT] = seat;
  g.current = seat;
  g.turn++;
  const counts = g.actionCounts;
  for (let i = 0; i < counts.length; i++) counts[i] = 0;
  openPeriod(g, t, g.lg.builtin.turnStart, seat);
  return true;
}

/** an `actions by` node offers its actions (true: a decision waits, or the game stopped) or, done, is popped */
export function offerFlowActions(g: Game, t: number, by: ExprFn): boolean {
  if (g.frames[t + FRAME_STAGE] === 0) {
    const player = by(g);
    if (g.err !== null) {
      stop(g);
      return true;
    }
    if (offerActions(g, player, g.depth - 1)) return true;
  }
  g.depth--;
  return false;
}

/** advances the flow until it raises an event or waits; false when the flow has run out (a graph's generated `advance` does the same: compile/flow-codegen.ts) */
export function advanceFlow(g: Game): boolean {
  const lg = g.lg;
  const frames = g.frames;
  let guard = 0;
  for (;;) {
    if (++guard > FLOW_GUARD) return flowGuardSpent(g);
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
          g.roundsPlayed++;
          openPeriod(g, t, lg.builtin.roundStart, round);
          return true;
        }
        if (stage === 1) {
          if (stepPeriod(g, t, info, lg.builtin.roundEnd, frames[t + FRAME_COUNT]!)) return true;
          continue;
        }
        if (endPeriod(g, t, g.endsRound)) return true;
        continue;
      }
      case FLOW_TURNS: {
        const stage = frames[t + FRAME_STAGE]!;
        if (stage === 0) {
          if (startTurn(g, t, info.order, info.from)) return true;
          continue;
        }
        if (stage === 1) {
          if (stepPeriod(g, t, info, lg.builtin.turnEnd, frames[t + FRAME_SEAT]!)) return true;
          continue;
        }
        frames[t + FRAME_COUNT]!++;
        if (endPeriod(g, t, g.endsTurn)) return true;
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
        if (offerFlowActions(g, t, info.by!)) return true;
        continue;
      }
      default:
        g.depth--;
    }
  }
}

/** what a graph's generated flow calls (compile/flow-codegen.ts) */
export const flowHelpers = { flowGuardSpent, unwindEnd, pushFrame, raise, openPeriod, closePeriod, endPeriod, startTurn, offerFlowActions };
