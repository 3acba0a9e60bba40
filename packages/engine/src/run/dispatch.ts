import { ENDING_DRAINING, ENDING_NONE, ENDING_REQUESTED, checkFiringEnds, stop } from './ending.ts';
import { record } from './game-log.ts';
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

export function dispatchNext(g: Game): void {
  const lg = g.lg;
  const h = g.qHead++;
  const ev = g.qEvent[h]!;
  const evArgs = g.evArgs;
  for (let k = 0; k < g.stride; k++) evArgs[k] = g.qArgs[h * g.stride + k]!;
  if (g.qHead === g.qTail) g.qHead = g.qTail = 0;
  const info = lg.events[ev]!;
  if (g.logEntries) {
    const data: Record<string, unknown> = {};
    info.params.forEach((p, k) => (data[p.name] = lg.strings.decode(evArgs[k]!, p.type)));
    record(g, info.name, data);
  }
  const draining = g.endingPhase === ENDING_DRAINING;
  const fires = info.fires;
  for (let i = 0; i < fires.length; i++) {
    g.actor = -1;
    g.placeRule = info.rules[i]!;
    const fired = fires[i]!(g);
    if (g.err === null) g.placeRule = -1;
    if (fired === 0) {
      if (g.err) return stop(g);
      continue;
    }
    if (fired === 2) return;
    if (g.err) return stop(g);
    if (g.endingPhase === ENDING_REQUESTED) return;
    g.halt = false;
    if (draining) g.endsStale = true;
    else if (g.endsStale || info.mayEnd[i] === 1) {
      checkFiringEnds(g);
      if (g.endingPhase !== ENDING_NONE) return;
      // own-turn conditions are not checked between turns: they stay stale until they are
      if (g.current >= 0 || g.endsOwnTurn.length === 0) g.endsStale = false;
    }
  }
  if (g.checking) checkInvariants(g);
}

/** dispatches queued events without advancing the flow */
export function drainEvents(g: Game): void {
  while (!g.over && g.endingPhase === ENDING_NONE && g.qHead < g.qTail) dispatchNext(g);
}
