import { forgetShuffles } from './card-knowledge.ts';
import { FRAME_WIDTH } from './flow-frame.ts';
import type { Game } from './game.ts';
import { invalidateAll } from './state-versions.ts';
import { copyInto, copyPrefix, copySmis } from './packed-array.ts';
import type { LoadedGraph } from '../load/loaded-graph.ts';
import type { DecisionRecord, Snapshot } from './types.ts';

/**
 * Snapshots (a copy of every state array), restoring one, and the state hash over the
 * same words. Restoring copies into the game's own arrays and decision records
 * (a search restores a snapshot at every playout: nothing is allocated but a
 * decision's saved locals). List locals are shared, not copied: a list, once
 * made, is never changed (a `let` of a list makes a new one).
 */

export function snapshot(g: Game): Snapshot {
  return {
    kind: 'houserules-engine-snapshot',
    counts: g.counts.slice(),
    vars: g.vars.slice(),
    // the live parts of the zones, frames and queue: past them lies what an earlier game or playout left (restart, restore)
    zoneCards: g.zoneCards.map((a, z) => a.slice(0, g.zoneLen[z]!)),
    zoneLen: g.zoneLen.slice(),
    cardZone: g.cardZone.slice(),
    known: g.known.slice(),
    frames: g.frames.slice(0, g.depth * FRAME_WIDTH),
    depth: g.depth,
    qEvent: g.qEvent.slice(g.qHead, g.qTail),
    qArgs: g.qArgs.slice(g.qHead * g.stride, g.qTail * g.stride),
    qHead: 0,
    qTail: g.qTail - g.qHead,
    decisions: g.decisions.map((d) => copyRecord(g.lg, d)),
    nextGroup: g.nextGroup,
    actionCounts: g.actionCounts.slice(),
    rng: g.rng.slice(),
    firings: g.firings.slice(),
    scalars: [g.current, g.actor, g.self, g.round, g.turn, g.endScope, g.endingPhase, g.over ? 1 : 0, g.seq, g.stepFirings, g.roundsPlayed],
    endWinners: g.endWinners?.slice() ?? null,
    endReason: g.endReason,
    outcome: g.result,
    error: g.err,
    diagnostics: g.diagnostics.slice(),
    log: g.logEntries?.slice() ?? null,
    locals: g.locals.slice(),
    lists: g.lists.slice(),
  };
}

export function restore(g: Game, s: Snapshot): void {
  copyInto(g.counts, s.counts);
  copyInto(g.vars, s.vars);
  // into the front of the game's arrays, which keep their length (copyPrefix)
  s.zoneCards.forEach((a, i) => copyPrefix(g.zoneCards[i]!, a));
  copyInto(g.zoneLen, s.zoneLen);
  copyInto(g.cardZone, s.cardZone);
  copyInto(g.cardKnowledge, s.known);
  forgetShuffles(g);
  copyPrefix(g.frames, s.frames);
  g.depth = s.depth;
  copyPrefix(g.qEvent, s.qEvent);
  copyPrefix(g.qArgs, s.qArgs);
  g.qHead = s.qHead;
  g.qTail = s.qTail;
  restoreDecisions(g, s.decisions);
  g.nextGroup = s.nextGroup;
  copySmis(g.actionCounts, s.actionCounts);
  g.rng.set(s.rng);
  copySmis(g.firings, s.firings);
  const [current, actor, self, round, turn, endScope, endingPhase, over, seq, stepFirings, roundsPlayed] = s.scalars;
  g.current = current!;
  g.actor = actor!;
  g.self = self!;
  g.round = round!;
  g.turn = turn!;
  g.roundsPlayed = roundsPlayed ?? round!;
  g.endScope = endScope!;
  g.endingPhase = endingPhase!;
  g.over = over === 1;
  g.endsStale = true;
  g.seq = seq!;
  g.stepFirings = stepFirings!;
  g.endWinners = s.endWinners?.slice() ?? null;
  g.endReason = s.endReason;
  g.result = s.outcome;
  g.err = s.error ?? null;
  g.diagnostics.length = 0;
  g.diagnostics.push(...s.diagnostics);
  g.logEntries = s.log ? s.log.slice() : g.logEntries === null ? null : [];
  copySmis(g.locals, s.locals);
  copyInto(g.lists, s.lists);
  g.halt = false;
  invalidateAll(g);
  g.pieceVersion++;
  g.readyCheck = true;
}

/**
 * The snapshot's decision records, copied into the game's records and lists: its
 * open records are handed back first (as resolving a group hands them back), then
 * each copy takes a free record and spare lists.
 */
function restoreDecisions(g: Game, records: readonly DecisionRecord[]): void {
  g.openHint = null;
  const ds = g.decisions;
  while (ds.length > 0) {
    const d = ds.pop()!;
    if (d.offsets !== null) g.spareLists.push(d.values, d.offsets);
    else if (d.values !== g.lg.asks[d.ask]!.values) g.spareChoiceLists.push(d.values);
    g.freeRecords.push(d);
  }
  for (const r of records) {
    const values = (r.offsets !== null ? g.spareLists.pop() : g.spareChoiceLists.pop()) ?? [];
    copySmis(values, r.values);
    let offsets: number[] | null = null;
    if (r.offsets !== null) {
      offsets = g.spareLists.pop() ?? [];
      copySmis(offsets, r.offsets);
    }
    const saved = r.saved?.map((v) => (Array.isArray(v) ? v.slice() : v)) ?? null;
    const d = g.freeRecords.pop();
    if (d === undefined) {
      ds.push({ ask: r.ask, seat: r.seat, group: r.group, values, offsets, count: r.count, chosen: r.chosen, each: r.each, saved });
      continue;
    }
    d.ask = r.ask;
    d.seat = r.seat;
    d.group = r.group;
    d.values = values;
    d.offsets = offsets;
    d.count = r.count;
    d.chosen = r.chosen;
    d.each = r.each;
    d.saved = saved;
    ds.push(d);
  }
}

/** FNV-1a over the state words (two lanes for 64 bits) as 16 hex digits */
export function stateHash(g: Game): string {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  const mix = (x: number): void => {
    const lo = x | 0;
    const hi = Math.floor(x / 4294967296) | 0;
    h1 = Math.imul(h1 ^ lo, 16777619);
    h1 = Math.imul(h1 ^ hi, 16777619);
    h2 = Math.imul(h2 ^ lo, 0x01000193);
    h2 = Math.imul((h2 ^ hi) + 0x9e3779b9, 0x01000193);
  };
  const mixAll = (a: ArrayLike<number>, len = a.length): void => {
    for (let i = 0; i < len; i++) mix(a[i]!);
    mix(len);
  };
  mixAll(g.counts);
  mixAll(g.vars);
  for (let z = 0; z < g.zoneCards.length; z++) mixAll(g.zoneCards[z]!, g.zoneLen[z]!);
  mixAll(g.frames, g.depth * FRAME_WIDTH);
  for (let q = g.qHead; q < g.qTail; q++) {
    mix(g.qEvent[q]!);
    for (let k = 0; k < g.stride; k++) mix(g.qArgs[q * g.stride + k]!);
  }
  for (const d of g.decisions) {
    mix(d.ask);
    mix(d.seat);
    mix(d.group);
    mix(d.chosen);
    mixAll(d.values, filledLength(g.lg, d));
  }
  mixAll(g.rng);
  mixAll(g.known);
  mixAll(g.actionCounts);
  mix(g.current);
  mix(g.round);
  mix(g.turn);
  mix(g.endScope);
  mix(g.endingPhase);
  mix(g.over ? 1 : 0);
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/**
 * How much of a decision's values are its options': an action decision's lists
 * are handed over from the option buffer and a choice's are reused (addChoice), so
 * either may be longer.
 */
function filledLength(lg: LoadedGraph, d: DecisionRecord): number {
  if (d.offsets === null) return d.count;
  if (d.count === 0) return 0;
  const last = d.offsets[d.count - 1]!;
  return last + 1 + lg.actions[d.values[last]!]!.params.length;
}

function copyRecord(lg: LoadedGraph, d: DecisionRecord): DecisionRecord {
  return { ...d, values: d.values.slice(0, filledLength(lg, d)), offsets: d.offsets?.slice(0, d.count) ?? null, saved: d.saved?.map((v) => (Array.isArray(v) ? v.slice() : v)) ?? null };
}
