import { collectActions } from './action-offers.ts';
import { choiceValues, offersEveryValue, restoreSaved } from './decisions.ts';
import { drainEvents } from './dispatch.ts';
import { stop } from './ending.ts';
import type { Game } from './game.ts';
import { settle } from './decision-cycle.ts';

/**
 * What the conformance runner does to a game (unused in play): runs test statements on
 * the state, re-enumerates open decisions, resumes a held flow.
 */

/** runs compiled statements on the state now (actor unbound), then the events they queued; false when they failed */
export function runStatements(g: Game, body: (g: Game) => void): boolean {
  if (g.over) return false;
  g.actor = -1;
  body(g);
  g.endsStale = true;
  if (g.err) {
    stop(g);
    return false;
  }
  g.halt = false;
  drainEvents(g);
  if (g.err !== null) return false;
  refreshDecisions(g);
  return true;
}

/**
 * Re-enumerates the options of every open decision from the state now. Options are
 * enumerated when a decision opens; a change made from outside play (a test's
 * statements) may make other options legal or illegal. An option list may end up
 * empty: then no move is legal for that seat.
 */
export function refreshDecisions(g: Game): void {
  const saved = g.locals.slice();
  const savedLists = g.lists.slice();
  for (const d of g.decisions) {
    if (d.chosen >= 0 || d.seat < 0) continue;
    if (d.ask < 0) {
      const buf = g.optionBuffer;
      buf.reset();
      collectActions(g, d.seat, buf);
      d.values = buf.takeValues();
      d.offsets = buf.takeOffsets();
      d.count = d.offsets.length;
      continue;
    }
    // the ask's list may read the asking rule's locals: put them back first
    restoreSaved(g, d, g.lg.asks[d.ask]!.scopeLo);
    const ask = g.lg.asks[d.ask]!;
    if (offersEveryValue(ask)) continue;
    // a fresh list: the one the record holds may be the ask's own, which is never written
    const values: number[] = [];
    d.values = values;
    d.count = choiceValues(g, d.ask, d.seat, d.each, values);
  }
  for (let k = 0; k < saved.length; k++) g.locals[k] = saved[k]!;
  for (let k = 0; k < savedLists.length; k++) g.lists[k] = savedLists[k]!;
}

/** runs the game until it waits for a decision or is over (starts the flow of a game created with `holdFlow`) */
export function resume(g: Game): void {
  if (g.over) return;
  g.stepFirings = 0;
  g.loopWork = 0;
  settle(g);
}
