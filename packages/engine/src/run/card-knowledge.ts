import type { LoadedGraph } from '../load/loaded-graph.ts';
import type { Game } from './game.ts';
import type { LogEntry } from './types.ts';

/**
 * Who knows which card (docs/design/information-model.md). Each card carries a bit set
 * of the seats that know it; this file holds the rules that set it, the game calls them
 * from its card moves.
 *
 * A shuffle forgets, for every card of the zone, what the seats that do not see the zone
 * knew of it. It does so lazily: the shuffle stamps the zone with a new epoch, and a
 * card's bit set, stamped with the epoch at which it was written, is out of date when
 * its zone was shuffled after that: it is then the zone's seen mask. Readers go through
 * `knownBy` (one card) or `settleKnowledge` (every card, as `Game.known` does).
 */

/** shuffles a game may make before its knowledge is settled, so that the epochs stay int32 */
export const KNOWLEDGE_EPOCH_LIMIT = 1 << 30;

/** the seats that know card c now (its zone's shuffles since it was written included) */
export function knownBy(g: Game, c: number): number {
  const z = g.cardZone[c]!;
  return z >= 0 && g.knownAt[c]! < g.zoneShuffledAt[z]! ? g.zoneSeen[z]! : g.cardKnowledge[c]!;
}

/** a shuffle of zone z: its cards are known from now by the seats that see it (and by those shown them later) */
export function forgetOrder(g: Game, z: number): void {
  if (g.shuffleEpoch === KNOWLEDGE_EPOCH_LIMIT) settleKnowledge(g);
  g.zoneShuffledAt[z] = ++g.shuffleEpoch;
}

/**
 * every zone forgets the order of its cards (a restart, whose cards are back in the zones
 * they start in: each is then known by the seats that see its zone, its initial knowledge)
 */
export function forgetEveryZone(g: Game): void {
  if (g.shuffleEpoch === KNOWLEDGE_EPOCH_LIMIT) forgetShuffles(g);
  g.zoneShuffledAt.fill(++g.shuffleEpoch);
}

/** writes every card's knowledge as it is now, and starts the epochs again */
export function settleKnowledge(g: Game): void {
  const known = g.cardKnowledge;
  for (let c = 0; c < known.length; c++) known[c] = knownBy(g, c);
  forgetShuffles(g);
}

/** starts the epochs again: every card's written knowledge is its knowledge (after settleKnowledge, restart or restore) */
export function forgetShuffles(g: Game): void {
  g.knownAt.fill(0);
  g.zoneShuffledAt.fill(0);
  g.shuffleEpoch = 0;
}

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
