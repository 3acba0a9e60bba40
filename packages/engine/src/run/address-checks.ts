import type { RunState } from './run-state.ts';
import type { LoadedMapKeys } from '../load/map-keys.ts';
import type { StringTable } from '../load/value-codec.ts';
import { cardWord, seatWord, siteWord } from './author-words.ts';

/**
 * The checks compiled code makes when it addresses the state, and their run
 * errors, written once: both back ends call these (the closures directly,
 * generated code through its helper table `H`). Each returns the index it
 * checked, or -1 after reporting the failure (the game stops). `what` is the
 * author's words for the thing addressed (`Pool 'gems'`, `Var 'score'`).
 */

/** a player index, or a failure when there is no such player */
export function playerIndex(g: RunState, o: number, what: string): number {
  return o >>> 0 < g.playerCount ? o : g.fail('run/no-such-owner', `${what} has no player ${seatWord(o)}.`);
}

/** a card that has the thing addressed (a pool of its kind: `kind` -1 for any card), or a failure */
export function cardIndex(g: RunState, o: number, kind: number, what: string): number {
  return o >>> 0 < g.cardCount && (kind < 0 || g.cardKind[o] === kind) ? o : g.fail('run/no-such-owner', `${cardWord(g, o)} has no ${what}.`);
}

/**
 * the card `move card` moves, or a failure when its card expression gave none
 * (`first(…)` that found nothing, a `reveal` from an empty zone): moving nothing
 * silently hid authors' mistakes (docs/language.md, "Statements")
 */
export function movedCard(g: RunState, c: number, what: string): number {
  return c >>> 0 < g.cardCount ? c : g.fail('run/no-card', `\`move card\` has no card to move: ${what} is none.`);
}

/** the index of site s among the sites first … first + count - 1 (a per-site pool's or var's instance), or a failure */
export function siteIndex(g: RunState, s: number, first: number, count: number, what: string): number {
  const k = s - first;
  return k >>> 0 < count ? k : g.fail('run/no-such-site', `${what} has no site ${siteWord(g.lg.board, s)}.`);
}

/** the slot of a per-site var (its block starts at `offset` in the board's part of `vars`), or a failure */
export function siteVarSlot(g: RunState, s: number, offset: number, first: number, count: number, what: string): number {
  const k = s - first;
  return k >>> 0 < count ? g.boardBase + offset + k : g.fail('run/no-such-site', `${what} has no site ${siteWord(g.lg.board, s)}.`);
}

/** the instance of a per-player zone, or a failure when there is no such player */
export function zoneOf(g: RunState, z: number, o: number, name: string): number {
  return o < 0 || o >= g.playerCount ? g.fail('run/no-such-owner', `Zone '${name}' has no player ${seatWord(o)}.`) : g.zoneInstBase[z]! + o;
}

/** the instance of a family's zone at key `key` (keys `from` … `from + count - 1`), or a failure */
export function zoneOfFamily(g: RunState, z: number, key: number, from: number, count: number, name: string): number {
  const k = key - from;
  return k >= 0 && k < count ? g.zoneInstBase[z]! + k : g.fail('run/key-out-of-range', `${Number.isNaN(key) ? 'no key' : key} is not a key of '${name}' (its keys: ${from}..${from + count - 1}).`);
}

/** the count slot of token index `t` in a pool whose slots start at `base`, or a failure when the pool does not hold it */
export function tokenSlot(g: RunState, entries: Int32Array, base: number, t: number, pool: string, tokens: readonly string[]): number {
  const en = entries[t] ?? -1;
  return en < 0 ? g.fail('run/no-such-token', `Pool '${pool}' holds no token '${tokens[t] ?? t}'.`) : base + en;
}

/** The index of an encoded key, or -1 when it is not one of the map's keys. */
export function keyIndex(keys: LoadedMapKeys, key: number): number {
  if (keys.index === null) {
    const i = key - keys.from;
    return i >= 0 && i < keys.count ? i : -1;
  }
  return keys.index.get(key) ?? -1;
}

/** the index of a map var's key, or a failure (run/key-out-of-range) naming the map's keys */
export function mapKeyIndex(g: RunState, keys: LoadedMapKeys, at: number, name: string, strings: StringTable): number {
  const i = keyIndex(keys, at);
  if (i >= 0) return i;
  const shown = keys.index === null ? String(at) : String(strings.decode(at));
  const range = keys.index === null ? `${keys.from}..${keys.from + keys.count - 1}` : keys.values.join(', ');
  return g.fail('run/key-out-of-range', `${shown} is not a key of '${name}' (its keys: ${range}).`);
}

/** a ÷ b rounded down, or a failure when b is 0 */
export function divide(g: RunState, a: number, b: number): number {
  return b === 0 ? g.fail('run/division-by-zero', 'Division by zero.') : Math.floor(a / b);
}

/** the remainder of a ÷ b (the sign of b), or a failure when b is 0 */
export function remainder(g: RunState, a: number, b: number): number {
  return b === 0 ? g.fail('run/division-by-zero', 'Remainder of a division by zero.') : a - b * Math.floor(a / b);
}
