import { allSeats } from './card-knowledge.ts';
import { stream } from './chance-draws.ts';
import { record, zoneName } from './game-log.ts';
import type { Game } from './game.ts';
import { shuffleInPlace } from './prng.ts';

/**
 * Cards: moving one or all cards between zones, shuffling, revealing the top card and
 * showing cards to seats, with what each seat comes to know (card-knowledge.ts).
 */

export function moveCard(g: Game, c: number, z: number, top: boolean): void {
  g.ver[g.zoneResource[g.cardZone[c]!]!]!++;
  g.ver[g.zoneResource[z]!]!++;
  detach(g, c);
  const arr = g.zoneCards[z]!;
  const len = g.zoneLen[z]!;
  if (top) arr[len] = c;
  else {
    if (arr.length <= len) arr.push(0);
    arr.copyWithin(1, 0, len);
    arr[0] = c;
  }
  g.zoneLen[z] = len + 1;
  g.cardZone[c] = z;
  g.known[c] = g.known[c]! | g.zoneSeen[z]!;
}

export function detach(g: Game, c: number): void {
  const from = g.cardZone[c]!;
  const arr = g.zoneCards[from]!;
  const len = g.zoneLen[from]!;
  let i = len - 1;
  while (i >= 0 && arr[i] !== c) i--;
  if (i < 0) return;
  arr.copyWithin(i, i + 1, len);
  g.zoneLen[from] = len - 1;
}

export function moveAllCards(g: Game, a: number, b: number): void {
  if (a === b) return;
  g.ver[g.zoneResource[a]!]!++;
  g.ver[g.zoneResource[b]!]!++;
  const from = g.zoneCards[a]!;
  const to = g.zoneCards[b]!;
  const n = g.zoneLen[a]!;
  let len = g.zoneLen[b]!;
  const seen = g.zoneSeen[b]!;
  for (let k = 0; k < n; k++) {
    const c = from[k]!;
    to[len++] = c;
    g.cardZone[c] = b;
    g.known[c] = g.known[c]! | seen;
  }
  g.zoneLen[a] = 0;
  g.zoneLen[b] = len;
}

export function shuffleZone(g: Game, z: number): void {
  g.ver[g.zoneResource[z]!]!++;
  shuffleInPlace(g.rng, stream(g, g.chanceZoneBase + z), g.zoneCards[z]!, g.zoneLen[z]!);
  // a shuffle forgets which card is where, for every seat that does not see the zone
  const cards = g.zoneCards[z]!;
  const seen = g.zoneSeen[z]!;
  for (let k = 0, len = g.zoneLen[z]!; k < len; k++) g.known[cards[k]!] = seen;
  if (g.logEntries) record(g, '$shuffle', { zone: zoneName(g, z) });
}

export function revealTop(g: Game, a: number, b: number, hidden: boolean): number {
  const len = g.zoneLen[a]!;
  if (len === 0) return -1;
  g.ver[g.zoneResource[a]!]!++;
  g.ver[g.zoneResource[b]!]!++;
  const c = g.zoneCards[a]![len - 1]!;
  g.zoneLen[a] = len - 1;
  const to = g.zoneCards[b]!;
  to[g.zoneLen[b]!++] = c;
  g.cardZone[c] = b;
  g.known[c] = hidden ? g.known[c]! | g.zoneSeen[b]! : allSeats(g.playerCount);
  if (g.logEntries) {
    const kind = g.lg.cardKinds[g.cardKind[c]!]!;
    const entry = record(g, '$reveal', { card: c, kind: kind.name, from: zoneName(g, a), to: zoneName(g, b), hidden });
    if (hidden) g.logSecrets.set(entry, g.known[c]!);
  }
  return c;
}

/** `show X to P`: the seats of `to` come to know the cards (arrays read in their given order) */
export function showCards(g: Game, cards: ArrayLike<number>, cardCount: number, seats: ArrayLike<number>, seatCount: number): void {
  let mask = 0;
  for (let k = 0; k < seatCount; k++) {
    const s = seats[k]!;
    if (s >= 0 && s < g.playerCount) mask |= 1 << s;
  }
  const shown: number[] = [];
  for (let k = 0; k < cardCount; k++) {
    const c = cards[k]!;
    if (c < 0 || c >= g.cardCount) continue;
    g.known[c] = g.known[c]! | mask;
    shown.push(c);
  }
  if (g.logEntries) {
    const to: number[] = [];
    for (let s = 0; s < g.playerCount; s++) if ((mask & (1 << s)) !== 0) to.push(s);
    g.logSecrets.set(record(g, '$show', { cards: shown, to }), mask);
  }
}
