import { resolveReadyGroup } from './decisions.ts';
import { dispatchNext } from './dispatch.ts';
import { ENDING_DRAINING, ENDING_REQUESTED, finish, stop } from './ending.ts';
import { advanceFlow } from './flow-machine.ts';
import { flowPosition } from './flow-stack.ts';
import type { Game } from './game.ts';

/**
 * Running a game until it waits for a decision or is over: events first, then answered
 * decision groups, then the flow; the ending's stages; the flow-step budget.
 */

/** runs the game until it waits for a decision or is over */
export function settle(g: Game): void {
  g.flowSteps = 0;
  while (!g.over) {
    if (g.endingPhase === ENDING_REQUESTED) {
      g.qHead = g.qTail = 0;
      g.decisions.length = 0;
      g.endingPhase = ENDING_DRAINING;
      g.halt = false;
      if (g.lg.builtin.gameEnd >= 0) g.enqueue(g.lg.builtin.gameEnd, g.evArgs, 0);
      continue;
    }
    if (g.qHead < g.qTail) {
      dispatchNext(g);
      continue;
    }
    if (g.endingPhase === ENDING_DRAINING) {
      finish(g);
      return;
    }
    if (g.readyCheck) {
      // only a commitment (or an ask nobody answers) can make a group ready
      if (resolveReadyGroup(g)) continue;
      g.readyCheck = false;
    }
    if (g.decisions.length > 0) return;
    if (++g.flowSteps > g.flowBudget) return flowBudgetExceeded(g);
    const advance = g.lg.advance;
    if (!(advance !== null ? advance(g) : advanceFlow(g))) g.endGame(null, 'flow-ended');
  }
}

export function flowBudgetExceeded(g: Game): void {
  const at = flowPosition(g);
  g.fail('run/step-budget', `More than ${g.flowBudget} flow steps without a decision: the flow never waits (at ${at}).`, at);
  stop(g);
}
