import type { Game } from '../run/game.ts';

/**
 * What a playout is worth to each seat (docs/design/search-agents.md, "Rewards").
 * A finished game: 1/k to each of its k winners, 0 to the others. A playout cut
 * short by the depth limit: the seat's place on the scenario's ranking keys
 * evaluated now (the share of the other seats it ranks before, ties counting
 * half). Points are the first ranking key, signed so that more is better, for
 * the small points term of UCB; a game without ranking keys has none (0).
 * A playout stopped by a run error is worth the same to every seat.
 */
export function playoutRewards(g: Game, rewards: Float64Array, points: Float64Array): void {
  const n = g.playerCount;
  const ranking = g.lg.ranking;
  points.fill(0);
  if (g.err !== null) {
    rewards.fill(1 / n);
    return;
  }
  if (ranking !== null && ranking.keys.length > 0) {
    const key = ranking.keys[0]!;
    const prevSelf = g.self;
    for (let p = 0; p < n; p++) {
      g.locals[ranking.slot] = p;
      g.self = p;
      const v = key.value(g);
      points[p] = key.desc ? v : -v;
    }
    g.self = prevSelf;
  }
  const outcome = g.outcome;
  if (outcome !== null) {
    rewards.fill(0);
    const k = outcome.winners.length;
    for (const w of outcome.winners) rewards[w] = 1 / k;
    return;
  }
  if (ranking === null) {
    rewards.fill(1 / n);
    return;
  }
  // cut short: the place on the first key (the others would cost a second evaluation per playout)
  for (let p = 0; p < n; p++) {
    let beats = 0;
    for (let q = 0; q < n; q++) if (q !== p) beats += points[p]! > points[q]! ? 1 : points[p] === points[q] ? 0.5 : 0;
    rewards[p] = n > 1 ? beats / (n - 1) : 1;
  }
}
