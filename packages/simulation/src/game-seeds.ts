/**
 * Per-game and per-agent seeds depend only on (run seed, game index[, seat]),
 * so a game plays the same whichever worker runs it and in whatever order.
 */
function mix32(x: number): number {
  let z = x >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x7feb352d);
  z = Math.imul(z ^ (z >>> 15), 0x846ca68b);
  return (z ^ (z >>> 16)) >>> 0;
}

export function gameSeed(runSeed: number, gameIndex: number): number {
  return mix32(mix32(runSeed >>> 0) ^ mix32((gameIndex + 0x9e3779b9) >>> 0));
}

export function agentSeed(seedOfGame: number, seat: number): number {
  return mix32(seedOfGame ^ mix32((seat + 1) * 0x85ebca6b));
}
