import { ENDING_DRAINING, ENDING_NONE, ENDING_REQUESTED, checkFiringEnds, stop } from './ending.ts';
import { record } from './game-log.ts';
import type { EventInfo } from '../load/loaded-graph.ts';
import type { Game } from './game.ts';
import { checkInvariants } from './invariants.ts';
import { filledArray } from './packed-array.ts';
import { MAX_LOOP_WORK_PER_STEP } from './run-budgets.ts';

/**
 * Dispatching an event: its rules fire in order, each counted against the step budget;
 * a firing that may end the game checks the end conditions. Also the loop budget of a
 * flow step.
 */

/** how many of the last rule firings are kept to name a loop that spends the step budget */
const RECENT = 64;

/** counts a rule firing against the step budget; false (and the game stops) when the budget is spent */
export function startFiring(this: Game, ri: number): boolean {
  if (this.stepFirings >= this.budget) {
    stepBudgetExceeded(this);
    return false;
  }
  this.stepFirings++;
  this.firings[ri]!++;
  // only the firings just before the budget runs out name the loop: record those alone
  if (this.stepFirings > this.budget - RECENT) (this.recent ??= filledArray(RECENT, 0))[this.recentPos++ & (RECENT - 1)] = ri;
  return true;
}

/**
 * counts a loop over `n` elements against MAX_LOOP_WORK_PER_STEP; false (and
 * the game stops, naming `where`) when nested loops would walk more than that
 */
export function countLoop(this: Game, n: number, where: string): boolean {
  this.loopWork += n;
  if (this.loopWork <= MAX_LOOP_WORK_PER_STEP) return true;
  this.fail('run/size-budget', `In ${where}: loops walked more than ${MAX_LOOP_WORK_PER_STEP} elements in one flow step.`, where);
  return false;
}

export function stepBudgetExceeded(g: Game): void {
  const names: string[] = [];
  const count = Math.min(RECENT, g.recentPos);
  for (let k = count; k >= 1; k--) {
    const ri = g.recent![(g.recentPos - k) & (RECENT - 1)]!;
    const name = g.lg.rules[ri]?.name ?? 'flow';
    if (!names.includes(name)) names.push(name);
  }
  g.fail('run/step-budget', `More than ${g.budget} rule firings in one flow step; the loop: ${names.join(' → ')}.`, names.join(', '));
  stop(g);
}

/** takes the next queued event: its arguments into `evArgs`, its log entry; then its rules fire */
export function dispatchNext(g: Game): void {
  const h = g.qHead++;
  const ev = g.qEvent[h]!;
  const evArgs = g.evArgs, qArgs = g.qArgs, stride = g.stride;
  for (let k = 0, at = h * stride; k < stride; k++) evArgs[k] = qArgs[at + k]!;
  if (g.qHead === g.qTail) g.qHead = g.qTail = 0;
  if (g.logEntries !== null) logEvent(g, ev);
  fireEvent(g, ev);
}

/**
 * Dispatches an event the flow raises (a step's, or a round's or turn's opening or
 * closing event with its one argument) at once, as if it had been queued and taken:
 * the queue is empty whenever the flow advances, and the flow stops advancing as soon
 * as it raises an event, so nothing runs between the two. The queue itself is not
 * written: what lies past its live part (qHead..qTail) is not state, and snapshots and
 * the state hash read only that part.
 */
export function dispatchNow(g: Game, ev: number, arg: number): void {
  raise(g, ev, arg);
  fireEvent(g, ev);
}

/** the rules of the event whose arguments are in `evArgs` fire: through its generated dispatcher, or the closure back end's loop */
function fireEvent(g: Game, ev: number): void {
  const dispatch = g.lg.dispatchEvent;
  if (dispatch !== null) dispatch(g, ev);
  else fireRules(g, g.lg.events[ev]!);
}

/** dispatchNow up to the firings: the event's one argument bound, its log entry (a generated flow then calls the event's dispatcher itself) */
export function raise(g: Game, ev: number, arg: number): void {
  const evArgs = g.evArgs, stride = g.stride;
  evArgs[0] = arg;
  for (let k = 1; k < stride; k++) evArgs[k] = 0;
  if (g.logEntries !== null) logEvent(g, ev);
}

/** the log entry of the event being dispatched (its arguments are in `evArgs`) */
export function logEvent(g: Game, ev: number): void {
  const lg = g.lg;
  const info = lg.events[ev]!;
  const data: Record<string, unknown> = {};
  info.params.forEach((p, k) => {
    const v = g.evArgs[k]!;
    // a list argument is the array `emit` made (compile-stmt.ts)
    data[p.name] = p.type.t === 'list' ? (v as unknown as number[]).map((x) => lg.strings.decode(x, p.type.t === 'list' ? p.type.of : undefined)) : lg.strings.decode(v, p.type);
  });
  record(g, info.name, data);
}

/**
 * The event's rules fire in order (the closure back end's dispatch; generated code
 * writes the same loop out per event: compile/dispatch-codegen.ts). After each
 * firing: a failure stops the game, `end game` or a spent budget ends the
 * dispatch, and a firing that may end the game checks the end conditions.
 */
export function fireRules(g: Game, info: EventInfo): void {
  const draining = g.endingPhase === ENDING_DRAINING;
  const fires = info.fires;
  for (let i = 0; i < fires.length; i++) {
    g.actor = -1;
    g.placeRule = info.rules[i]!;
    const fired = fires[i]!(g);
    if (g.err === null) g.placeRule = -1;
    if (fired === 0) {
      if (g.err !== null) return stop(g);
      continue;
    }
    if (fired === 2) return;
    if (g.err !== null) return stop(g);
    if (g.endingPhase === ENDING_REQUESTED) return;
    g.halt = false;
    if (draining) g.endsStale = true;
    else if ((g.endsStale || info.mayEnd[i] === 1) && endsAfterFiring(g)) return;
  }
  if (g.checking) checkInvariants(g);
}

/** the end conditions after a firing that may have ended the game; true when it ends (the dispatch stops) */
export function endsAfterFiring(g: Game): boolean {
  checkFiringEnds(g);
  if (g.endingPhase !== ENDING_NONE) return true;
  // own-turn conditions are not checked between turns: they stay stale until they are
  if (g.current >= 0 || g.endsOwnTurn.length === 0) g.endsStale = false;
  return false;
}

/** dispatches queued events without advancing the flow */
export function drainEvents(g: Game): void {
  while (!g.over && g.endingPhase === ENDING_NONE && g.qHead < g.qTail) dispatchNext(g);
}

/** what a generated dispatcher calls (compile/dispatch-codegen.ts) */
export const dispatchHelpers = { stop, endsAfterFiring, checkInvariants };
