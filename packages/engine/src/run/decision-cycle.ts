import { FRAME_NODE, FRAME_STAGE, FRAME_WIDTH } from './flow-frame.ts';
import { describeOption, groupStillOpen, restoreSaved } from './decisions.ts';
import { dispatchNext } from './dispatch.ts';
import { ENDING_DRAINING, ENDING_NONE, ENDING_REQUESTED, checkFiringEnds, finish, stop } from './ending.ts';
import { advanceFlow } from './flow-machine.ts';
import { flowPosition } from './flow-stack.ts';
import { record } from './game-log.ts';
import { stateHash } from './game-snapshot.ts';
import { truncate } from './packed-array.ts';
import type { Game } from './game.ts';
import type { DecisionRecord, LogEntry } from './types.ts';

/**
 * One decision's cycle, in the order it runs, from an answer to the next open decision:
 *
 * 1. **commit** — the answer is recorded on its decision record (and in the log; a secret answer is its seat's
 *    alone). A simultaneous decision whose group still waits for others stops here: nothing moves yet, so the
 *    agents' loop (play-game.ts) answers the group's open seats one after another in one pass (`commitAnswer`,
 *    told whether others of the group are open) and the last answer runs the rest of the cycle.
 * 2. **settle** — the game runs until it waits for a decision or is over, taking in this order each time round:
 *    the ending's stages (a requested end drains the queue, raises `game_end`, then finishes); a queued event,
 *    dispatched to its rules (`dispatch.ts`: each rule fires, its emits queued, the end conditions checked after a
 *    firing that may meet one); a decision group every member of which has answered (**resolve**); and, when
 *    nothing else is left, one step of the flow (`flow-machine.ts`, or the graph's generated `advance`), which
 *    raises the next step's event or opens the next decision (`decisions.ts`' `askDecision`, `action-offers.ts`).
 * 3. **resolve** — a ready group leaves the open decisions: an action's body runs with its parameters bound, or
 *    an ask's answers are written to its var (once for the group) or bound one chooser at a time, and its `then`
 *    runs; **afterThen** stops the game on a run error and checks the end conditions the body may have met.
 *    Its records go back to the pools they came from.
 *
 * The loop ends when a decision is open (`g.decisions`), the game is over, or the flow steps without a decision
 * run past the graph's budget. With generated code the same cycle runs: the dispatchers and the flow machine are
 * generated per graph (`compile/dispatch-codegen.ts`, `compile/flow-codegen.ts`), each called at the step above.
 */

/** the values of a record that holds none (resolved, its lists handed back) */
const NO_VALUES: number[] = [];

// ── 1. commit ──

/** commits an answer (the cycle above); true when the game moved on, false when the answer was only recorded (its group waits for others) */
export function commit(g: Game, d: DecisionRecord, idx: number): boolean {
  // the others of its group: the record itself no longer counts once answered
  d.chosen = idx;
  return commitAnswer(g, d, idx, groupStillOpen(g, d.group));
}

/** commit, for a caller that knows whether another decision of the group is still open (the agents' loop, play-game.ts) */
export function commitAnswer(g: Game, d: DecisionRecord, idx: number, othersOpen: boolean): boolean {
  d.chosen = idx;
  g.readyCheck = true;
  let entry: LogEntry | null = null;
  if (g.logEntries !== null) {
    const move = describeOption(g, d, idx);
    entry = record(g, '$answer', { seat: d.seat, move });
    // a secret answer is the answering seat's alone until its group resolves; one that writes a secret var, for good
    const ask = d.ask >= 0 ? g.lg.asks[d.ask]! : null;
    const lasting = ask !== null && ask.varIndex >= 0 && g.lg.vars[ask.varIndex]!.secret;
    if (ask && (ask.secret || lasting)) g.logSecrets.set(entry, 1 << d.seat);
    if (lasting) g.lastingSecrets.add(entry);
  }
  g.stepFirings = 0;
  g.loopWork = 0;
  // a simultaneous decision still waiting for others: nothing can move yet
  const waits = g.qHead === g.qTail && g.endingPhase === ENDING_NONE && othersOpen;
  if (!waits) settle(g);
  if (entry !== null) entry.hash = stateHash(g);
  return !waits;
}

// ── 2. settle ──

/** runs the game until it waits for a decision or is over */
export function settle(g: Game): void {
  g.flowSteps = 0;
  while (!g.over) {
    if (g.endingPhase === ENDING_REQUESTED) {
      g.qHead = g.qTail = 0;
      truncate(g.decisions);
      g.openHint = null;
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

// ── 3. resolve ──

export function resolveReadyGroup(g: Game): boolean {
  const ds = g.decisions;
  const lg = g.lg;
  let i = 0;
  while (i < ds.length) {
    const group = ds[i]!.group;
    let j = i;
    let ready = true;
    while (j < ds.length && ds[j]!.group === group) {
      if (ds[j]!.chosen < 0) ready = false;
      j++;
    }
    if (ready) {
      // its records are reused: the hint may not point at one
      g.openHint = null;
      let records = g.resolving;
      if (i === 0 && j === ds.length) {
        // the group is every open decision (the usual case): swap the lists instead of copying
        g.resolving = ds;
        g.decisions = records;
        records = ds;
      } else {
        while (records.length > 0) records.pop();
        for (let k = i; k < j; k++) records.push(ds[k]!);
        // remove the group in place (pop rather than setting length, which is slower)
        const removed = j - i;
        for (let k = j; k < ds.length; k++) ds[k - removed] = ds[k]!;
        for (let k = 0; k < removed; k++) ds.pop();
      }
      const first = records[0]!;
      // the records of a group are one ask's (or one action decision's): what its own list is, read once
      const askValues = first.ask >= 0 ? lg.asks[first.ask]!.values : NO_VALUES;
      resolve(g, records);
      // nothing else holds resolved records (snapshots copy them), so they are reused, and an action decision's lists too
      const free = g.freeRecords;
      while (records.length > 0) {
        const d = records.pop()!;
        if (d.offsets !== null) {
          g.spareLists.push(d.values, d.offsets);
          d.values = NO_VALUES;
          d.offsets = null;
        } else if (d.values !== askValues && d.values !== NO_VALUES) {
          g.spareChoiceLists.push(d.values);
          d.values = NO_VALUES;
        }
        free.push(d);
      }
      return true;
    }
    i = j;
  }
  return false;
}

export function resolve(g: Game, records: DecisionRecord[]): void {
  const first = records[0]!;
  const lg = g.lg;
  if (first.ask < 0) {
    const o = first.offsets![first.chosen]!;
    const ai = first.values[o]!;
    const action = lg.actions[ai]!;
    for (let k = 0; k < action.params.length; k++) g.locals[action.params[k]!.slot] = first.values[o + 1 + k]!;
    g.actor = first.seat;
    g.actionCounts[ai]!++;
    const frame = first.each;
    if (frame >= 0 && frame < g.depth && lg.flow[g.frames[frame * FRAME_WIDTH + FRAME_NODE]!]!.until === ai) g.frames[frame * FRAME_WIDTH + FRAME_STAGE] = 1;
    g.placeAction = ai;
    action.body(g);
    if (g.err === null) g.placeAction = -1;
    afterThen(g, action.mayEnd);
    return;
  }
  const ask = lg.asks[first.ask]!;
  const askMayEnd = lg.askMayEnd[first.ask] === 1;
  if (ask.over === null) {
    const base = g.varSlot(ask.varIndex, 0);
    const stride = lg.storage.varStride;
    for (let k = 0; k < records.length; k++) {
      const d = records[k]!;
      g.vars[base + d.seat * stride] = d.values[d.chosen]!;
    }
    g.ver[lg.resources.varBase + ask.varIndex]!++;
    restoreSaved(g, first, ask.scopeLo);
    g.actor = ask.single !== null ? first.seat : -1;
    g.placeAsk = first.ask;
    ask.then(g);
    if (g.err === null) g.placeAsk = -1;
    afterThen(g, askMayEnd);
    return;
  }
  for (const d of records) {
    restoreSaved(g, d, ask.scopeLo);
    if (ask.eachSlot >= 0) g.locals[ask.eachSlot] = d.each;
    g.locals[ask.bindSlot] = d.values[d.chosen]!;
    g.actor = d.seat;
    g.placeAsk = first.ask;
    ask.then(g);
    if (g.err === null) g.placeAsk = -1;
    afterThen(g, askMayEnd);
    if (g.over || g.endingPhase !== ENDING_NONE) return;
  }
}

export function afterThen(g: Game, mayEnd: boolean): void {
  g.actor = -1;
  if (g.err !== null) return stop(g);
  if (g.endingPhase !== ENDING_NONE) return;
  g.halt = false;
  if (!mayEnd && !g.endsStale) return;
  checkFiringEnds(g);
  if (g.current >= 0 || g.endsOwnTurn.length === 0) g.endsStale = false;
}
