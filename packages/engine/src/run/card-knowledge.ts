import type { LoadedGraph } from '../load/loaded-graph.ts';
import type { LogEntry } from './types.ts';

/**
 * Who knows which card (docs/design/information-model.md). Each card carries a bit set
 * of the seats that know it; this file holds the rules that set it, the game calls them
 * from its card moves.
 */

/** every seat of an n-player game, as a bit set */
export function allSeats(n: number): number {
  return n >= 31 ? -1 : (1 << n) - 1;
}

/** per zone instance, the seats that see its cards: public → all, owner → the owner, others → all but the owner, hidden → none */
export function zoneSeenMasks(lg: LoadedGraph, instDecl: Int32Array, instOwner: Int32Array, n: number): number[] {
  const masks: number[] = [];
  for (let i = 0; i < instDecl.length; i++) {
    const z = lg.zones[instDecl[i]!]!;
    const owner = instOwner[i]!;
    const mask =
      z.visibility === 'public' ? allSeats(n)
      : z.visibility === 'owner' ? (owner >= 0 ? 1 << owner : 0)
      : z.visibility === 'others' ? allSeats(n) & ~(owner >= 0 ? 1 << owner : 0)
      : 0;
    masks.push(mask);
  }
  return masks;
}

/** what each card is known by at the start: the seats that see the zone it starts in */
export function initialKnowledge(cardZone: readonly number[], masks: readonly number[]): number[] {
  const known: number[] = [];
  for (let c = 0; c < cardZone.length; c++) known.push(cardZone[c]! >= 0 ? (masks[cardZone[c]!] ?? 0) : 0);
  return known;
}

/**
 * A log entry as `seat` saw it: `seen` is the set of seats that may read its secret part
 * (undefined: nothing secret). A draw it did not see names no card, a showing it was not
 * shown counts the cards, another's secret answer says who answered, not what.
 */
export function redactEntry(entry: LogEntry, seat: number, seen: number | undefined): LogEntry {
  if (seen === undefined || (seen & (1 << seat)) !== 0) return entry;
  const data: Record<string, unknown> = { ...entry.data };
  switch (entry.event) {
    case '$reveal':
    case '$move':
      delete data.card;
      delete data.kind;
      break;
    case '$pick':
      delete data.picked;
      break;
    case '$show':
      data.count = Array.isArray(data.cards) ? data.cards.length : 0;
      delete data.cards;
      break;
    case '$answer':
      delete data.move;
      data.secret = true;
      break;
  }
  const out: LogEntry = { seq: entry.seq, round: entry.round, turn: entry.turn, event: entry.event, data };
  if (entry.hash !== undefined) out.hash = entry.hash;
  return out;
}
