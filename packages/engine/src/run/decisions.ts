import type { Value } from '@houserules/schema';
import type { AskInfo, ConstraintInfo } from '../load/loaded-graph.ts';
import { askWords, seatWord } from './author-words.ts';
import type { Game } from './game.ts';
import { runWarning } from './run-errors.ts';
import type { Decision, DecisionRecord, Move } from './types.ts';

/**
 * Decisions: asking (`ask`), the options a chooser may pick, the constraint that
 * refuses a value, and the decision records (reused). What happens once a decision is
 * answered is `decision-cycle.ts`.
 */

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
  if (ask.single !== null) {
    const seat = ask.single(this);
    if (seat < 0 || seat >= this.playerCount) {
      this.fail('run/no-such-player', `${askWords(this.lg, index)} asks ${seat === -1 ? 'nobody (`none`)' : `player ${seat + 1}`}, who does not exist.`);
      return;
    }
    addChoice(this, index, seat, -1, group, saved);
  } else {
    ask.eachOver!(this);
    const arr = this.srcArr, len = this.srcLen, rev = this.srcRev;
    // the filter may overwrite the source (a scratch list), so the choosers are copied first; the seats'
    // list (`players`, the usual case) is never written, and is read as it is
    let choosers: ArrayLike<number> = arr;
    if (arr !== this.players || rev) {
      const buf = this.chooserBuf;
      for (let k = 0; k < len; k++) buf[k] = rev ? arr[len - 1 - k]! : arr[k]!;
      choosers = buf;
    }
    // every value an option for every chooser: each record shares the ask's list (addChoice, without the enumeration)
    const shared = offersEveryValue(ask) && ask.values.length > 0 ? ask.values : null;
    // read once: after each call of the filter the fields would be read again (a call may change any object)
    const locals = this.locals, eachSlot = ask.eachSlot, eachWhere = ask.eachWhere;
    for (let k = 0; k < len; k++) {
      const p = choosers[k]!;
      locals[eachSlot] = p;
      if (eachWhere !== null && eachWhere(this) === 0) continue;
      if (shared !== null) pushRecord(this, index, p, group, shared, null, shared.length, -1, p, saved);
      else addChoice(this, index, p, p, group, saved);
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

/** the index of the first open decision (a seat's, not answered yet) at `from` or after it, or -1 */
export function firstOpen(ds: readonly DecisionRecord[], from: number): number {
  for (let i = from; i < ds.length; i++) {
    const d = ds[i]!;
    if (d.seat >= 0 && d.chosen < 0) return i;
  }
  return -1;
}

/** whether a decision of `group` after index `i` is still open */
export function openInGroupAfter(ds: readonly DecisionRecord[], i: number, group: number): boolean {
  for (let k = i + 1; k < ds.length; k++) {
    const d = ds[k]!;
    if (d.group === group && d.chosen < 0) return true;
  }
  return false;
}

export function openDecision(g: Game, seat: number): DecisionRecord | undefined {
  const hint = g.openHint;
  if (hint !== null && hint.seat === seat && hint.chosen < 0) return hint;
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
  if (saved === null) return;
  const n = saved.length / 2;
  for (let k = 0; k < n; k++) {
    g.locals[lo + k] = saved[k] as number;
    g.lists[lo + k] = saved[n + k] as number[];
  }
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
