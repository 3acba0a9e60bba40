import type { Value } from '@houserules/schema';
import type { AskInfo, ConstraintInfo } from '../load/loaded-graph.ts';
import { askWords, seatWord } from './author-words.ts';
import { ENDING_NONE, checkFiringEnds, stop } from './ending.ts';
import { FRAME_NODE, FRAME_STAGE, FRAME_WIDTH } from './flow-frame.ts';
import type { Game } from './game.ts';
import { runWarning } from './run-errors.ts';
import type { Decision, DecisionRecord, Move } from './types.ts';

/**
 * Decisions: asking (`ask`), the options a chooser may pick, the constraint that
 * refuses a value, the decision records (reused), and resolving a group once all its
 * members have answered.
 */

/** the values of a record that holds none (resolved, its lists handed back) */
const NO_VALUES: number[] = [];

/** whether every value of the ask is an option for every chooser: its records then share the ask's own (read-only) list */
export function offersEveryValue(ask: AskInfo): boolean {
  return ask.over === null && ask.constraints.length === 0;
}

export function askDecision(this: Game, index: number): void {
  const ask = this.lg.asks[index]!;
  const group = this.nextGroup++;
  const saved = ask.thenReadsLocals && ask.scopeHi > ask.scopeLo ? saveLocals(this, ask.scopeLo, ask.scopeHi) : null;
  const before = this.decisions.length;
  const eachBefore = ask.eachSlot >= 0 ? this.locals[ask.eachSlot]! : 0;
  const bindBefore = ask.bindSlot >= 0 ? this.locals[ask.bindSlot]! : 0;
  if (ask.single) {
    const seat = ask.single(this);
    if (seat < 0 || seat >= this.playerCount) {
      this.fail('run/no-such-player', `${askWords(this.lg, index)} asks ${seat === -1 ? 'nobody (`none`)' : `player ${seat + 1}`}, who does not exist.`);
      return;
    }
    addChoice(this, index, seat, -1, group, saved);
  } else {
    ask.eachOver!(this);
    const arr = this.srcArr, len = this.srcLen, rev = this.srcRev;
    const choosers = this.chooserBuf;
    for (let k = 0; k < len; k++) choosers[k] = rev ? arr[len - 1 - k]! : arr[k]!;
    for (let k = 0; k < len; k++) {
      const p = choosers[k]!;
      this.locals[ask.eachSlot] = p;
      if (ask.eachWhere !== null && ask.eachWhere(this) === 0) continue;
      addChoice(this, index, p, p, group, saved);
    }
  }
  if (this.decisions.length === before && ask.otherwise !== null) {
    // nobody to ask: `then` does not run; `otherwise` runs now, in place of the ask, with the
    // chooser's and the choice's names as they were before the ask looked for options
    if (ask.eachSlot >= 0) this.locals[ask.eachSlot] = eachBefore;
    if (ask.bindSlot >= 0) this.locals[ask.bindSlot] = bindBefore;
    ask.otherwise(this);
  }
}

export function addChoice(g: Game, index: number, seat: number, each: number, group: number, saved: DecisionRecord['saved']): void {
  const ask = g.lg.asks[index]!;
  let values = ask.values;
  let count = values.length;
  // unless every value is an option (then the record shares the ask's read-only list), the options go to a list of a resolved choice
  if (!offersEveryValue(ask)) {
    values = g.spareChoiceLists.pop() ?? [];
    count = choiceValues(g, index, seat, each, values);
  }
  if (count === 0) {
    if (values !== ask.values) g.spareChoiceLists.push(values);
    // an ask with an `otherwise` block expects to find no option at times
    if (ask.otherwise === null) g.diagnostics.push(runWarning('run/no-options', `${askWords(g.lg, index)} offers ${seatWord(seat)} no option; the question is skipped.`));
    return;
  }
  pushRecord(g, index, seat, group, values, null, count, -1, each, saved);
}

/**
 * Writes the values a chooser may pick now to the front of `values` (which may be
 * longer: what lies past the count is left over from an earlier use) and returns how many.
 */
export function choiceValues(g: Game, index: number, seat: number, each: number, values: number[]): number {
  const ask = g.lg.asks[index]!;
  let n = 0;
  const vals = g.tmpVals;
  const prevActor = g.actor;
  if (ask.over === null) {
    for (const v of ask.values) {
      vals[0] = seat;
      vals[1] = v;
      if (refusingConstraint(g, ask.constraints, vals, 2, seat) === null) values[n++] = v;
    }
  } else {
    if (ask.eachSlot >= 0) g.locals[ask.eachSlot] = each;
    ask.over(g);
    const arr = g.srcArr, len = g.srcLen, rev = g.srcRev;
    // filters and constraints do not ask: one scratch list serves every call
    const candidates = g.candidateBuf;
    for (let k = 0; k < len; k++) candidates[k] = rev ? arr[len - 1 - k]! : arr[k]!;
    for (let k = 0; k < len; k++) {
      const v = candidates[k]!;
      g.locals[ask.bindSlot] = v;
      if (ask.where !== null && ask.where(g) === 0) continue;
      vals[0] = seat;
      vals[1] = v;
      if (refusingConstraint(g, ask.constraints, vals, 2, seat) === null) values[n++] = v;
    }
  }
  g.actor = prevActor;
  return n;
}

export function refusingConstraint(g: Game, list: ConstraintInfo[], vals: ArrayLike<number>, n: number, actor: number): ConstraintInfo | null {
  if (list.length === 0) return null;
  const prevActor = g.actor;
  g.actor = actor;
  for (const c of list) {
    for (let k = 0; k < c.slots.length && k < n; k++) g.locals[c.slots[k]!] = vals[k]!;
    const holds = c.condition(g) !== 0;
    if (c.forbid ? holds : !holds) {
      g.actor = prevActor;
      return c;
    }
  }
  g.actor = prevActor;
  return null;
}

export function openDecision(g: Game, seat: number): DecisionRecord | undefined {
  for (let i = 0; i < g.decisions.length; i++) {
    const d = g.decisions[i]!;
    if (d.seat === seat && d.chosen < 0) return d;
  }
  return undefined;
}

/** adds a pending decision, reusing a record of a resolved one */
export function pushRecord(
    g: Game,
  ask: number,
  seat: number,
  group: number,
  values: number[],
  offsets: number[] | null,
  count: number,
  chosen: number,
  each: number,
  saved: DecisionRecord['saved'],
): void {
  const d = g.freeRecords.pop();
  if (d === undefined) {
    g.decisions.push({ ask, seat, group, values, offsets, count, chosen, each, saved });
    return;
  }
  d.ask = ask;
  d.seat = seat;
  d.group = group;
  d.values = values;
  d.offsets = offsets;
  d.count = count;
  d.chosen = chosen;
  d.each = each;
  d.saved = saved;
  g.decisions.push(d);
}

/** the locals of slots lo..hi, numbers then lists (DecisionRecord.saved; lists are never changed once made, so they are shared) */
export function saveLocals(g: Game, lo: number, hi: number): (number | number[])[] {
  const saved: (number | number[])[] = g.locals.slice(lo, hi);
  for (let k = lo; k < hi; k++) saved.push(g.lists[k]!);
  return saved;
}

export function restoreSaved(g: Game, d: DecisionRecord, lo: number): void {
  const saved = d.saved;
  if (!saved) return;
  const n = saved.length / 2;
  for (let k = 0; k < n; k++) {
    g.locals[lo + k] = saved[k] as number;
    g.lists[lo + k] = saved[n + k] as number[];
  }
}

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
      resolve(g, records);
      // nothing else holds resolved records (snapshots copy them), so they are reused, and an action decision's lists too
      while (records.length > 0) {
        const d = records.pop()!;
        if (d.offsets !== null) {
          g.spareLists.push(d.values, d.offsets);
          d.values = NO_VALUES;
          d.offsets = null;
        } else if (d.values !== NO_VALUES && d.values !== lg.asks[d.ask]!.values) {
          g.spareChoiceLists.push(d.values);
          d.values = NO_VALUES;
        }
        g.freeRecords.push(d);
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
    g.actor = ask.single ? first.seat : -1;
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
  if (g.err) return stop(g);
  if (g.endingPhase !== ENDING_NONE) return;
  g.halt = false;
  if (!mayEnd && !g.endsStale) return;
  checkFiringEnds(g);
  if (g.current >= 0 || g.endsOwnTurn.length === 0) g.endsStale = false;
}

export function describe(g: Game, d: DecisionRecord): Decision {
  const str = g.lg.strings;
  const options: Move[] = [];
  if (d.ask >= 0) {
    const ask = g.lg.asks[d.ask]!;
    for (let i = 0; i < d.count; i++) options.push({ kind: 'choice', ask: ask.id, value: str.decode(d.values[i]!) });
    return { id: `${d.group}:${d.seat}`, seat: d.seat, ask: ask.id, secret: ask.secret, options };
  }
  for (let i = 0; i < d.count; i++) {
    const o = d.offsets![i]!;
    const action = g.lg.actions[d.values[o]!]!;
    options.push({ kind: 'action', action: action.id, args: action.params.map((p, k) => str.decode(d.values[o + 1 + k]!, p.type)) });
  }
  return { id: `${d.group}:${d.seat}`, seat: d.seat, ask: 'actions', secret: false, options };
}

export function describeOption(g: Game, d: DecisionRecord, idx: number): Move {
  const str = g.lg.strings;
  if (d.ask >= 0) return { kind: 'choice', ask: g.lg.asks[d.ask]!.id, value: str.decode(d.values[idx]!) };
  const o = d.offsets![idx]!;
  const action = g.lg.actions[d.values[o]!]!;
  return { kind: 'action', action: action.id, args: action.params.map((p, k) => str.decode(d.values[o + 1 + k]!, p.type)) };
}

export function groupStillOpen(g: Game, group: number): boolean {
  const ds = g.decisions;
  for (let i = 0; i < ds.length; i++) {
    const d = ds[i]!;
    if (d.group === group && d.chosen < 0) return true;
  }
  return false;
}

export function encodeMove(g: Game, v: Value): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return g.lg.strings.lookup(v);
}

export function findActionOption(g: Game, d: DecisionRecord, ai: number, args: number[]): number {
  const offsets = d.offsets!;
  for (let i = 0; i < d.count; i++) {
    const o = offsets[i]!;
    if (d.values[o] !== ai) continue;
    let same = true;
    for (let k = 0; k < args.length && same; k++) same = d.values[o + 1 + k] === args[k];
    if (same && g.lg.actions[ai]!.params.length === args.length) return i;
  }
  return -1;
}
