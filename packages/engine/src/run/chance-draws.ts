import { STREAM_WORDS } from './chance-streams.ts';
import { enqueue } from './event-queue.ts';
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

export function rollDice(g: Game, streamIndex: number, dice: number, sides: number): number {
  let total = 0;
  const forced = g.forcedDice;
  const o = stream(g, streamIndex);
  for (let k = 0; k < dice; k++) total += forced !== null && forced.length > 0 ? forced.shift()! : 1 + nextBelow(g.rng, o, sides);
  if (g.logEntries) record(g, '$roll', { dice, sides, total });
  if (g.lg.builtin.diceRolled >= 0) {
    g.tmpVals[0] = total;
    enqueue(g, g.lg.builtin.diceRolled, g.tmpVals, 1);
  }
  return total;
}

export function randomBelow(g: Game, streamIndex: number, n: number, why: string): number {
  const i = nextBelow(g.rng, stream(g, streamIndex), n);
  if (g.logEntries) record(g, '$' + why, { n, index: i });
  return i;
}
