import { allSeats, forgetOrder, knownBy } from './card-knowledge.ts';
import { stream } from './chance-draws.ts';
import { record, zoneName } from './game-log.ts';
import type { Game } from './game.ts';
import { shuffleInPlace } from './prng.ts';

/**
 * Cards: moving one or all cards between zones, shuffling, revealing the top card and
 * showing cards to seats, with what each seat comes to know (card-knowledge.ts).
 */

export function moveCard(this: Game, c: number, z: number, top: boolean): void {
  this.ver[this.zoneResource[this.cardZone[c]!]!]!++;
  this.ver[this.zoneResource[z]!]!++;
  const known = knownBy(this, c) | this.zoneSeen[z]!;
  detach(this, c);
  const arr = this.zoneCards[z]!;
  const len = this.zoneLen[z]!;
  if (top) arr[len] = c;
  else {
    if (arr.length <= len) arr.push(0);
    arr.copyWithin(1, 0, len);
    arr[0] = c;
  }
  this.zoneLen[z] = len + 1;
  const from = this.cardZone[c]!;
  this.cardZone[c] = z;
  this.cardKnowledge[c] = known;
  this.knownAt[c] = this.shuffleEpoch;
  if (this.logEntries) {
    // seats that do not know the card read only that a card moved (card-knowledge.ts)
    const kind = this.lg.cardKinds[this.cardKind[c]!]!;
    const entry = record(this, '$move', { card: c, kind: kind.name, from: zoneName(this, from), to: zoneName(this, z) });
    this.logSecrets.set(entry, known);
  }
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

export function moveAllCards(this: Game, a: number, b: number): void {
  // moving an empty zone changes nothing: no version bumps, so what is cached on either zone stays valid
  if (a === b || this.zoneLen[a] === 0) return;
  const ra = this.zoneResource[a]!, rb = this.zoneResource[b]!;
  const ver = this.ver;
  ver[ra]!++;
  ver[rb]!++;
  const from = this.zoneCards[a]!;
  const to = this.zoneCards[b]!;
  const n = this.zoneLen[a]!;
  let len = this.zoneLen[b]!;
  const seen = this.zoneSeen[b]!;
  // a card written before a's last shuffle is known by the seats that see a (card-knowledge.ts)
  const shuffledAt = this.zoneShuffledAt[a]!;
  const seenInA = this.zoneSeen[a]!;
  const epoch = this.shuffleEpoch;
  const known = this.cardKnowledge;
  const knownAt = this.knownAt;
  for (let k = 0; k < n; k++) {
    const c = from[k]!;
    to[len++] = c;
    this.cardZone[c] = b;
    known[c] = (knownAt[c]! < shuffledAt ? seenInA : known[c]!) | seen;
    knownAt[c] = epoch;
  }
  this.zoneLen[a] = 0;
  this.zoneLen[b] = len;
  if (this.logEntries !== null) record(this, '$moveAll', { count: n, from: zoneName(this, a), to: zoneName(this, b) });
}

export function shuffleZone(this: Game, z: number): void {
  this.ver[this.zoneResource[z]!]!++;
  shuffleInPlace(this.rng, stream(this, this.chanceZoneBase + z), this.zoneCards[z]!, this.zoneLen[z]!);
  // a shuffle forgets which card is where, for every seat that does not see the zone
  forgetOrder(this, z);
  if (this.logEntries !== null) record(this, '$shuffle', { zone: zoneName(this, z) });
}

export function revealTop(this: Game, a: number, b: number, hidden: boolean): number {
  const zoneLen = this.zoneLen;
  const len = zoneLen[a]!;
  if (len === 0) return -1;
  // both zones' resources read before either version is written (the stores could otherwise be thought to change them)
  const ra = this.zoneResource[a]!, rb = this.zoneResource[b]!;
  const ver = this.ver;
  ver[ra]!++;
  ver[rb]!++;
  const c = this.zoneCards[a]![len - 1]!;
  const known = hidden === true ? knownBy(this, c) | this.zoneSeen[b]! : allSeats(this.playerCount);
  const toLen = zoneLen[b]!;
  zoneLen[a] = len - 1;
  zoneLen[b] = toLen + 1;
  this.zoneCards[b]![toLen] = c;
  this.cardZone[c] = b;
  this.cardKnowledge[c] = known;
  this.knownAt[c] = this.shuffleEpoch;
  if (this.logEntries !== null) {
    const kind = this.lg.cardKinds[this.cardKind[c]!]!;
    const entry = record(this, '$reveal', { card: c, kind: kind.name, from: zoneName(this, a), to: zoneName(this, b), hidden });
    if (hidden) this.logSecrets.set(entry, known);
  }
  return c;
}

/** `show X to P`: the seats of `to` come to know the cards (arrays read in their given order) */
export function showCards(this: Game, cards: ArrayLike<number>, cardCount: number, seats: ArrayLike<number>, seatCount: number): void {
  let mask = 0;
  for (let k = 0; k < seatCount; k++) {
    const s = seats[k]!;
    if (s >= 0 && s < this.playerCount) mask |= 1 << s;
  }
  const shown: number[] = [];
  for (let k = 0; k < cardCount; k++) {
    const c = cards[k]!;
    if (c < 0 || c >= this.cardCount) continue;
    this.cardKnowledge[c] = knownBy(this, c) | mask;
    this.knownAt[c] = this.shuffleEpoch;
    shown.push(c);
  }
  if (this.logEntries) {
    const to: number[] = [];
    for (let s = 0; s < this.playerCount; s++) if ((mask & (1 << s)) !== 0) to.push(s);
    this.logSecrets.set(record(this, '$show', { cards: shown, to }), mask);
  }
}
