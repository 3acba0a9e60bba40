/**
 * A hand-written Diamant: exactly the rules of scenarios/diamant/diamant.rules
 * with its default options (per-card leftovers, the revealed trap card leaves,
 * rubies exchanged at round end), played by uniform random agents. It is the
 * yardstick the interpreter is measured against, so it is written for speed:
 * typed arrays allocated once, no allocation per step.
 */
import { BaselineRandom } from './baseline-random.ts';

const TREASURE = 0;
const TRAP = 1;
const RELIC = 2;

const TREASURE_VALUES = [1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17];
const TRAP_KINDS = 5;
const TRAPS_PER_KIND = 3;
const RELIC_COUNT = 5;
export const CARD_COUNT = TREASURE_VALUES.length + TRAP_KINDS * TRAPS_PER_KIND + RELIC_COUNT;
export const ROUNDS = 5;

export type RoundEnd = 'trap' | 'all-left';

export class DiamantBaseline {
  readonly players: number;
  readonly rng = new BaselineRandom(0);

  // Card table: kind, treasure value, trap kind; rubies lying on each card.
  readonly cardKind = new Uint8Array(CARD_COUNT);
  readonly cardValue = new Int32Array(CARD_COUNT);
  readonly cardTrap = new Int8Array(CARD_COUNT);
  readonly cardGems = new Int32Array(CARD_COUNT);
  /** 1 when the card left the game (a sprung trap, a relic left in the cave or taken). */
  readonly removed = new Uint8Array(CARD_COUNT);

  /** The face-down deck; the top is the last element. */
  readonly deck = new Int32Array(CARD_COUNT);
  deckSize = 0;
  /** The revealed cards of the current expedition, in order of revealing. */
  readonly path = new Int32Array(CARD_COUNT);
  pathSize = 0;
  readonly trapsOnPath = new Int32Array(TRAP_KINDS);

  readonly carried: Int32Array;
  readonly chestRuby: Int32Array;
  readonly chestDiamond: Int32Array;
  readonly relicValue: Int32Array;
  readonly relicsHeld: Int32Array;
  readonly inCave: Uint8Array;
  readonly exiting: Uint8Array;
  inCaveCount = 0;
  relicsCollected = 0;

  /** Net tokens taken from the unlimited reserve (negative: the reserve paid out). */
  reserveRuby = 0;
  reserveDiamond = 0;

  round = 0;
  reveals = 0;
  decisions = 0;
  lastRoundEnd: RoundEnd = 'all-left';

  constructor(players: number) {
    this.players = players;
    this.carried = new Int32Array(players);
    this.chestRuby = new Int32Array(players);
    this.chestDiamond = new Int32Array(players);
    this.relicValue = new Int32Array(players);
    this.relicsHeld = new Int32Array(players);
    this.inCave = new Uint8Array(players);
    this.exiting = new Uint8Array(players);
    let id = 0;
    for (const value of TREASURE_VALUES) {
      this.cardKind[id] = TREASURE;
      this.cardValue[id] = value;
      this.cardTrap[id] = -1;
      id++;
    }
    for (let kind = 0; kind < TRAP_KINDS; kind++) {
      for (let n = 0; n < TRAPS_PER_KIND; n++) {
        this.cardKind[id] = TRAP;
        this.cardTrap[id] = kind;
        id++;
      }
    }
    for (let n = 0; n < RELIC_COUNT; n++) {
      this.cardKind[id] = RELIC;
      this.cardTrap[id] = -1;
      id++;
    }
  }

  /** Resets everything and shuffles the expedition deck (rule shuffle_expedition). */
  start(seed: number): void {
    this.rng.reseed(seed);
    this.cardGems.fill(0);
    this.removed.fill(0);
    this.carried.fill(0);
    this.chestRuby.fill(0);
    this.chestDiamond.fill(0);
    this.relicValue.fill(0);
    this.relicsHeld.fill(0);
    this.inCave.fill(0);
    this.trapsOnPath.fill(0);
    this.relicsCollected = 0;
    this.reserveRuby = 0;
    this.reserveDiamond = 0;
    this.round = 0;
    this.reveals = 0;
    this.decisions = 0;
    this.pathSize = 0;
    for (let i = 0; i < CARD_COUNT; i++) this.deck[i] = i;
    this.deckSize = CARD_COUNT;
    this.shuffleDeck();
  }

  /** Plays the whole game with uniform random agents. */
  play(seed: number): void {
    this.start(seed);
    for (let r = 0; r < ROUNDS; r++) this.playRound();
  }

  score(seat: number): number {
    return this.chestRuby[seat]! + 5 * this.chestDiamond[seat]! + this.relicValue[seat]!;
  }

  /** Seats with the highest score (ties shared). */
  winners(): number[] {
    let best = -1;
    for (let p = 0; p < this.players; p++) best = Math.max(best, this.score(p));
    const result: number[] = [];
    for (let p = 0; p < this.players; p++) if (this.score(p) === best) result.push(p);
    return result;
  }

  playRound(): RoundEnd {
    this.round++;
    for (let p = 0; p < this.players; p++) this.inCave[p] = 1;
    this.inCaveCount = this.players;
    let end: RoundEnd;
    for (;;) {
      if (this.advance()) {
        end = 'trap';
        break;
      }
      if (this.decide()) {
        end = 'all-left';
        break;
      }
    }
    this.endRound();
    this.lastRoundEnd = end;
    return end;
  }

  /** Step 1; true when a second identical trap ends the round. */
  private advance(): boolean {
    const card = this.deck[--this.deckSize]!;
    this.path[this.pathSize++] = card;
    this.reveals++;
    const kind = this.cardKind[card]!;
    if (kind === TREASURE) {
      const value = this.cardValue[card]!;
      const share = Math.floor(value / this.inCaveCount);
      for (let p = 0; p < this.players; p++) {
        if (this.inCave[p]) this.carried[p]! += share;
      }
      this.cardGems[card] = value - share * this.inCaveCount;
      this.reserveRuby -= value;
      return false;
    }
    if (kind === TRAP) {
      const trap = this.cardTrap[card]!;
      if (++this.trapsOnPath[trap]! < 2) return false;
      for (let p = 0; p < this.players; p++) {
        if (this.inCave[p]) {
          this.reserveRuby += this.carried[p]!;
          this.carried[p] = 0;
          this.inCave[p] = 0;
        }
      }
      this.inCaveCount = 0;
      // The revealed card of the pair leaves the game.
      this.pathSize--;
      this.removed[card] = 1;
      return true;
    }
    return false;
  }

  /** Step 2; true when the last players left the cave. */
  private decide(): boolean {
    let leavers = 0;
    let leaver = -1;
    for (let p = 0; p < this.players; p++) {
      this.exiting[p] = 0;
      if (!this.inCave[p]) continue;
      this.decisions++;
      if (this.rng.below(2) === 1) {
        this.exiting[p] = 1;
        leavers++;
        leaver = p;
      }
    }
    if (leavers === 0) return false;
    for (let i = 0; i < this.pathSize; i++) {
      const card = this.path[i]!;
      if (this.cardKind[card] !== TREASURE) continue;
      const share = Math.floor(this.cardGems[card]! / leavers);
      if (share === 0) continue;
      for (let p = 0; p < this.players; p++) {
        if (this.exiting[p]) this.carried[p]! += share;
      }
      this.cardGems[card]! -= share * leavers;
    }
    if (leavers === 1) {
      // Relics go to a lone leaver and leave the path.
      let kept = 0;
      for (let i = 0; i < this.pathSize; i++) {
        const card = this.path[i]!;
        if (this.cardKind[card] === RELIC) {
          this.relicValue[leaver]! += this.relicsCollected < 3 ? 5 : 10;
          this.relicsCollected++;
          this.relicsHeld[leaver]!++;
          this.removed[card] = 1;
        } else {
          this.path[kept++] = card;
        }
      }
      this.pathSize = kept;
    }
    for (let p = 0; p < this.players; p++) {
      if (!this.exiting[p]) continue;
      this.chestRuby[p]! += this.carried[p]!;
      this.carried[p] = 0;
      this.inCave[p] = 0;
    }
    this.inCaveCount -= leavers;
    return this.inCaveCount === 0;
  }

  private endRound(): void {
    for (let i = 0; i < this.pathSize; i++) {
      const card = this.path[i]!;
      const kind = this.cardKind[card]!;
      if (kind === TREASURE) {
        this.reserveRuby += this.cardGems[card]!;
        this.cardGems[card] = 0;
        this.deck[this.deckSize++] = card;
      } else if (kind === RELIC) {
        this.removed[card] = 1;
      } else {
        this.trapsOnPath[this.cardTrap[card]!] = 0;
        this.deck[this.deckSize++] = card;
      }
    }
    this.pathSize = 0;
    this.trapsOnPath.fill(0);
    this.shuffleDeck();
    for (let p = 0; p < this.players; p++) {
      const diamonds = Math.floor(this.chestRuby[p]! / 5);
      this.chestRuby[p]! -= 5 * diamonds;
      this.reserveRuby += 5 * diamonds;
      this.chestDiamond[p]! += diamonds;
      this.reserveDiamond -= diamonds;
    }
  }

  private shuffleDeck(): void {
    const deck = this.deck;
    for (let i = this.deckSize - 1; i > 0; i--) {
      const j = this.rng.below(i + 1);
      const t = deck[i]!;
      deck[i] = deck[j]!;
      deck[j] = t;
    }
  }
}
