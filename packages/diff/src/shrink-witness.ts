import type { Divergence, LockstepPair } from './lockstep.ts';

/** how many smaller seeds shrinking tries */
const SEEDS_TRIED = 64;
/** the most candidates shrinking replays */
const CANDIDATES = 5000;

interface Candidate {
  seed: number;
  moves: string[];
  divergence: Divergence;
}

/**
 * Plays the moves by name from a fresh pair of games, skipping a move the game
 * does not offer at that point, then (up to `extra` more) the first move
 * offered; the moves really played up to the divergence, or null (none).
 */
export function replayWitness(pair: LockstepPair, seed: number, moves: readonly string[], extra = 0): Candidate | null {
  const game = pair.start(seed);
  if (!game) return null;
  if (game.divergence) return { seed, moves: [], divergence: game.divergence };
  for (const m of moves) {
    if (game.over) return null;
    game.play(m);
    if (game.divergence) return { seed, moves: game.moves.slice(), divergence: game.divergence };
  }
  for (let k = 0; k < extra && !game.over; k++) {
    const first = game.legal()[0];
    if (first === undefined || !game.play(first)) return null;
    if (game.divergence) return { seed, moves: game.moves.slice(), divergence: game.divergence };
  }
  return null;
}

/** the names the first game offers after these moves (the next seat's), or null */
function offeredAfter(pair: LockstepPair, seed: number, moves: readonly string[]): string[] | null {
  const game = pair.start(seed);
  if (!game) return null;
  for (const m of moves) if (!game.play(m)) return null;
  return game.legal();
}

const better = (x: Candidate, y: Candidate): boolean => x.moves.length < y.moves.length || (x.moves.length === y.moves.length && x.seed < y.seed);

/**
 * Shrinks a diverging game as QuickCheck's shrinkers do: remove runs of moves
 * (halves, quarters… single moves), replace a move by the first one offered,
 * try smaller seeds. A candidate is replayed in lockstep (moves no longer
 * offered are skipped, and the first offered moves may follow while it stays
 * shorter), and kept only if
 * the two games still diverge, and only if it is smaller (fewer moves, then a
 * smaller seed) or, for a replaced move, no longer. Stops at a fixed point, the
 * deadline, or CANDIDATES replays.
 */
export function shrinkWitness(pair: LockstepPair, seed: number, moves: readonly string[], deadline: number, now: () => number): Candidate & { steps: number } {
  let best = replayWitness(pair, seed, moves)!;
  let steps = 0;
  const out = (): Candidate & { steps: number } => ({ ...best, steps });
  const spent = (): boolean => steps >= CANDIDATES || now() > deadline;
  const attempt = (c: Candidate | null, allowSameLength: boolean): boolean => {
    steps++;
    if (!c) return false;
    if (better(c, best) || (allowSameLength && c.moves.length <= best.moves.length && c.moves.join('\n') !== best.moves.join('\n'))) {
      best = c;
      return true;
    }
    return false;
  };
  let improved = true;
  const simplified = new Set<string>();
  while (improved && !spent()) {
    improved = false;
    // remove runs of moves, longest first
    for (let size = Math.max(1, best.moves.length >> 1); size >= 1 && !spent(); size >>= 1) {
      for (let i = 0; i + size <= best.moves.length && !spent(); ) {
        const cand = [...best.moves.slice(0, i), ...best.moves.slice(i + size)];
        if (attempt(replayWitness(pair, best.seed, cand, size), false)) improved = true;
        else i += size;
      }
    }
    // replace a move by the first one offered at that point
    for (let i = 0; i < best.moves.length && !spent(); i++) {
      const offered = offeredAfter(pair, best.seed, best.moves.slice(0, i));
      const first = offered?.[0];
      if (first === undefined || first === best.moves[i]) continue;
      const cand = [...best.moves.slice(0, i), first, ...best.moves.slice(i + 1)];
      const key = `${best.seed}|${cand.join('\n')}`;
      if (simplified.has(key)) continue;
      simplified.add(key);
      if (attempt(replayWitness(pair, best.seed, cand), true)) improved = true;
    }
    // smaller seeds with the same moves (and first moves after them while shorter)
    for (let s = 1; s < best.seed && s <= SEEDS_TRIED && !spent(); s++) {
      if (attempt(replayWitness(pair, s, best.moves, best.moves.length), false)) {
        improved = true;
        break;
      }
    }
  }
  return out();
}
