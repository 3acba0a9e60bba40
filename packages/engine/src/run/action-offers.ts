import { pushRecord, refusingConstraint } from './decisions.ts';
import { activePhases, phaseActive } from './flow-stack.ts';
import type { Game } from './game.ts';
import { memoStamp } from './memo-tables.ts';
import { appendCachedOptions, storeOptions, type OptionBuffer } from './option-cache.ts';

/**
 * The actions a player may take now, as one pending decision: each action's phase,
 * limit and checks, its argument lists from the option cache or enumerated (the closure
 * path; a graph's generated `collect` does the same in one function).
 */

/** enumerates the actions a player may take now into a pending decision; false when there are none */
export function offerActions(g: Game, player: number, frame: number): boolean {
  if (player < 0 || player >= g.playerCount) return false;
  const buf = g.optionBuffer;
  buf.reset();
  collectActions(g, player, buf);
  if (buf.no === 0) return false;
  // the lists of a resolved action decision are reused (nothing else holds them)
  const count = buf.no;
  const values = buf.handOverValues(g.spareLists.pop());
  const offsets = buf.handOverOffsets(g.spareLists.pop());
  pushRecord(g, -1, player, g.nextGroup++, values, offsets, count, -1, frame, null);
  return true;
}

/** every action and argument list the player may take now, as [action, ...args] at each offset */
export function collectActions(g: Game, player: number, buf: OptionBuffer): void {
  const lg = g.lg;
  const phases = activePhases(g);
  if (lg.collect !== null) {
    lg.collect(g, player, phases, buf);
    return;
  }
  const prevActor = g.actor;
  for (let ai = 0; ai < lg.actions.length; ai++) {
    const a = lg.actions[ai]!;
    if (a.during >= 0 && (phases < 0 ? !phaseActive(g, a.during) : (phases & (1 << a.during)) === 0)) continue;
    if (a.limitPerTurn > 0 && g.actionCounts[ai]! >= a.limitPerTurn) continue;
    g.actor = player;
    // who may act and the checks that read no argument run every time; the argument lists come from the cache while what they read is unchanged
    if (a.admits !== null) {
      if (!a.admits(g)) continue;
    } else {
      if (a.by !== null && a.by(g) !== player) continue;
      const first = a.constraintsByReads[0]!;
      if (first.length > 0 && refusingConstraint(g, first, g.tmpVals, 0, player) !== null) continue;
    }
    const reads = a.optionReads;
    if (reads === null) {
      if (a.params.length === 0) buf.start(ai);
      else if (a.enumerate !== null) a.enumerate(g, buf);
      else enumerateParams(g, ai, 0, buf, true);
      continue;
    }
    const stamp = memoStamp(g, reads);
    const key = ai * g.playerCount + player;
    const cached = g.optionCache[key];
    if (cached !== undefined && cached.stamp === stamp) {
      appendCachedOptions(cached, a.params.length + 1, buf);
      continue;
    }
    const v0 = buf.nv;
    if (a.enumerate !== null) a.enumerate(g, buf);
    else enumerateParams(g, ai, 0, buf, true);
    if (!g.halt) g.optionCache[key] = storeOptions(cached, stamp, buf, v0);
  }
  g.actor = prevActor;
}

/**
 * Binds parameter k onward. Before binding parameter k it checks the constraints
 * that read only the first k arguments, so a constraint that refuses a prefix
 * prunes every completion of it (the set offered is the same as checking each
 * complete argument list against every constraint).
 */
export function enumerateParams(g: Game, ai: number, k: number, buf: OptionBuffer, checked = false): void {
  const a = g.lg.actions[ai]!;
  const params = a.params;
  const checks = a.constraintsByReads[k]!;
  if (checks.length > 0 && !checked) {
    const vals = g.tmpVals;
    for (let j = 0; j < k; j++) vals[j] = g.locals[params[j]!.slot] as number;
    if (refusingConstraint(g, checks, vals, k, g.actor) !== null) return;
  }
  if (k === params.length) {
    buf.start(ai);
    // constraints only read the locals: the arguments are still where enumeration bound them
    for (let j = 0; j < k; j++) buf.arg(g.locals[params[j]!.slot] as number);
    return;
  }
  const p = a.params[k]!;
  p.domain(g);
  const arr = g.srcArr, len = g.srcLen, rev = g.srcRev;
  if (len === 0) return;
  const bufs = (g.domainBufs[ai] ??= []);
  const domain = (bufs[k] ??= []);
  for (let j = 0; j < len; j++) domain[j] = rev ? arr[len - 1 - j]! : arr[j]!;
  if (k + 1 < params.length) {
    for (let j = 0; j < len; j++) {
      g.locals[p.slot] = domain[j]!;
      enumerateParams(g, ai, k + 1, buf);
    }
    return;
  }
  // the last parameter: check and record each complete argument list here, one call less per value
  const last = a.constraintsByReads[k + 1]!;
  const vals = g.tmpVals;
  for (let j = 0; j < k; j++) vals[j] = g.locals[params[j]!.slot] as number;
  for (let j = 0; j < len; j++) {
    const v = domain[j]!;
    g.locals[p.slot] = v;
    if (last.length > 0) {
      vals[k] = v;
      if (refusingConstraint(g, last, vals, k + 1, g.actor) !== null) continue;
    }
    buf.start(ai);
    for (let i = 0; i < k; i++) buf.arg(vals[i]!);
    buf.arg(v);
  }
}
