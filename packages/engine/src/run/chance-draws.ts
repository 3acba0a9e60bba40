import type { TypeDesc } from '@houserules/schema';
import { STREAM_WORDS } from './chance-streams.ts';
import { record } from './game-log.ts';
import type { Game } from './game.ts';
import { nextBelow, seedPrng } from './prng.ts';

/**
 * Chance: each purpose draws from its own stream (chance-streams.ts), seeded on first
 * use; dice (which queue `dice_rolled`) and picks.
 */

/** the offset of a chance stream's words, seeded on its first draw from the game seed and its purpose */
export function stream(g: Game, s: number): number {
  const o = s * STREAM_WORDS;
  if (g.rng[o + 4] === 0) {
    seedPrng(g.rng, g.chanceSeed, o, g.chanceKeys[s]!);
    g.rng[o + 4] = 1;
  }
  return o;
}

export function rollDice(this: Game, streamIndex: number, dice: number, sides: number): number {
  let total = 0;
  const forced = this.forcedDice;
  const o = stream(this, streamIndex);
  if (this.forcedTotal >= 0) {
    // a test's `fix dice to E`: this roll makes that total, and no draw is made
    total = this.forcedTotal;
    this.forcedTotal = -1;
  } else for (let k = 0; k < dice; k++) total += forced !== null && forced.length > 0 ? forced.shift()! : 1 + nextBelow(this.rng, o, sides);
  if (this.logEntries) record(this, '$roll', { dice, sides, total });
  if (this.lg.builtin.diceRolled >= 0) {
    this.tmpVals[0] = total;
    this.enqueue(this.lg.builtin.diceRolled, this.tmpVals, 1);
  }
  return total;
}

export function randomBelow(this: Game, streamIndex: number, n: number, why: string): number {
  const i = nextBelow(this.rng, stream(this, streamIndex), n);
  if (this.logEntries) record(this, '$' + why, { n, index: i });
  return i;
}

/** what a `pick random` picked, on its log entry (just recorded by randomBelow): the value, decoded, and the kind of thing it is */
export function logPicked(g: Pick<Game, 'logEntries' | 'lg' | 'logSecrets'>, value: number, type: TypeDesc | undefined, secret: boolean): void {
  const entry = g.logEntries?.[g.logEntries.length - 1];
  if (entry === undefined || entry.event !== '$pick') return;
  entry.data['picked'] = g.lg.strings.decode(value, type);
  if (type !== undefined) entry.data['of'] = type.t === 'site' ? type.site : type.t;
  if (secret) g.logSecrets.set(entry, 0);
}
