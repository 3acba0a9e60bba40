import type { Divergence, LockstepGame, LockstepPair, LockstepSave } from './lockstep.ts';

/** how many smaller seeds shrinking tries */
export const SHRINK_SEEDS_TRIED = 64;
/** the most candidates shrinking replays (with its wall-clock budget, the shrinking's own) */
export const SHRINK_CANDIDATES = 5000;

export interface Candidate {
  seed: number;
  moves: string[];
  divergence: Divergence;
}

/** which divergences count (a per-difference search keeps only those that involve its difference) */
export type Accept = (d: Divergence) => boolean;
const always: Accept = () => true;

/**
 * Goes on from `game` with the moves by name, skipping a move the game does
 * not offer at that point, then (up to `extra` more) the first move offered;
 * the moves really played up to the divergence, or null (none, or one that
 * does not count).
 */
function playOn(game: LockstepGame, moves: readonly string[], extra: number, accept: Accept): Candidate | null {
  const found = (): Candidate | null => (accept(game.divergence!) ? { seed: game.seed, moves: game.moves.slice(), divergence: game.divergence! } : null);
  if (game.divergence) return found();
  for (const m of moves) {
    if (game.over) return null;
    game.play(m);
    if (game.divergence) return found();
  }
  for (let k = 0; k < extra && !game.over; k++) {
    const first = game.legal()[0];
    if (first === undefined || !game.play(first)) return null;
    if (game.divergence) return found();
  }
  return null;
}

/** Plays the moves by name from a fresh pair of games (see playOn). */
export function replayWitness(pair: LockstepPair, seed: number, moves: readonly string[], extra = 0, accept: Accept = always): Candidate | null {
  const game = pair.start(seed);
  return game ? playOn(game, moves, extra, accept) : null;
}

const better = (x: Candidate, y: Candidate): boolean => x.moves.length < y.moves.length || (x.moves.length === y.moves.length && x.seed < y.seed);

/**
 * The current best witness and its game saved after each of its moves, so a
 * candidate that keeps the first i moves starts from the save at i instead of
 * replaying them.
 */
class Prefixes {
  private game: LockstepGame | null = null;
  private saves: LockstepSave[] = [];

  constructor(private readonly pair: LockstepPair, private best: Candidate) {}

  adopt(best: Candidate): void {
    this.best = best;
    this.game = null;
    this.saves = [];
  }

  /** the pair of games after the best witness's first i moves (i < its length: no divergence yet) */
  at(i: number): LockstepGame | null {
    if (!this.game) {
      this.game = this.pair.start(this.best.seed);
      if (!this.game) return null;
      this.saves = [this.game.save()];
      for (const m of this.best.moves.slice(0, -1)) {
        if (!this.game.play(m) || this.game.divergence) break;
        this.saves.push(this.game.save());
      }
    }
    const save = this.saves[i];
    if (!save) return null;
    this.game.load(save, this.best.moves);
    return this.game;
  }
}

/**
 * Shrinks a diverging game as QuickCheck's shrinkers and delta debugging do
 * (docs/diff.md, "Shrinking"): drop the tail after a shorter prefix (the first
 * moves offered may follow), remove runs of moves (halves, quarters… single
 * moves), replace a move by the first one offered, try
 * smaller seeds. Every candidate is played in lockstep again (moves no longer
 * offered are skipped) and kept only if the two games still diverge in a way
 * `accept` counts, and it is smaller (fewer moves, then a smaller seed) or, for
 * a replaced move, no longer. A candidate that keeps a prefix goes on from the
 * saved games there. Stops at a fixed point, the deadline, or SHRINK_CANDIDATES
 * replays.
 */
export function shrinkWitness(
  pair: LockstepPair,
  seed: number,
  moves: readonly string[],
  deadline: number,
  now: () => number,
  accept: Accept = always,
): Candidate & { steps: number } {
  let best = replayWitness(pair, seed, moves, 0, accept)!;
  const prefixes = new Prefixes(pair, best);
  let steps = 0;
  const spent = (): boolean => steps >= SHRINK_CANDIDATES || now() > deadline;
  const take = (c: Candidate | null, allowSameLength: boolean): boolean => {
    steps++;
    if (!c) return false;
    if (better(c, best) || (allowSameLength && c.moves.length <= best.moves.length && c.moves.join('\n') !== best.moves.join('\n'))) {
      best = c;
      prefixes.adopt(c);
      return true;
    }
    return false;
  };
  /** keep the first i moves, then play `rest` (and up to `extra` first moves) */
  const tryFrom = (i: number, rest: readonly string[], extra: number, allowSameLength = false): boolean => {
    const game = prefixes.at(i);
    if (!game) return take(null, false);
    return take(playOn(game, rest, extra, accept), allowSameLength);
  };

  let improved = true;
  const simplified = new Set<string>();
  while (improved && !spent()) {
    improved = false;
    // the tail: the shortest prefix (by halving) after which the first moves offered still diverge
    for (let keep = best.moves.length >> 1; keep >= 1 && !spent(); keep >>= 1) {
      if (tryFrom(keep, [], best.moves.length - keep - 1)) improved = true;
      else break;
    }
    // remove runs of moves, longest first, from the start on (kept or not, the moves before i stay: their saved games too)
    for (let size = Math.max(1, best.moves.length >> 1); size >= 1 && !spent(); size >>= 1) {
      for (let i = 0; i + size <= best.moves.length && !spent(); ) {
        if (tryFrom(i, best.moves.slice(i + size), size)) improved = true;
        else i += size;
      }
    }
    // replace a move by the first one offered at that point, from the start on (an early simplification opens later removals)
    for (let i = 0; i < best.moves.length && !spent(); i++) {
      const game = prefixes.at(i);
      const first = game?.legal()[0];
      if (first === undefined || first === best.moves[i]) continue;
      const cand = [first, ...best.moves.slice(i + 1)];
      const key = `${best.seed}|${i}|${best.moves.slice(0, i).join('\n')}|${cand.join('\n')}`;
      if (simplified.has(key)) continue;
      simplified.add(key);
      if (tryFrom(i, cand, 0, true)) improved = true;
    }
    // smaller seeds with the same moves (and first moves after them while shorter)
    for (let s = 1; s < best.seed && s <= SHRINK_SEEDS_TRIED && !spent(); s++) {
      if (take(replayWitness(pair, s, best.moves, best.moves.length, accept), false)) {
        improved = true;
        break;
      }
    }
  }
  return { ...best, steps };
}
