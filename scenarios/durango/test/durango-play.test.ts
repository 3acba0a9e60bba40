// Whole games of Durango, both printings: builder games end at 10 points with every invariant
// checked (tokens, pieces, `resources_conserved`, `one_robber`); the town comes into play; the
// generated code and the closures play the same game; a game replays from its log.
import { describe, expect, it } from 'vitest';
import { playGame, randomAgent, replayLog, type PlayResult } from '@houserules/engine';
import { builderAgent, loadDurango } from './load-durango.ts';

const printings = [
  ['2017', undefined],
  ['2016', 'durango_2016'],
] as const;

/** a game that stopped with a run diagnostic, or ended other than by 10 points with one winner holding 10 */
function problem(seed: number, r: PlayResult): string | null {
  if (r.diagnostics.length > 0 || !r.outcome) return `seed ${seed}: ${r.diagnostics.map((d) => `${d.code} ${d.message}`).join('; ')}`;
  const winner = r.outcome.ranking.find((x) => x.seat === r.outcome!.winners[0]);
  const won = r.outcome.reason.includes('ten_points') && r.outcome.winners.length === 1 && (winner?.score[0] as number) >= 10;
  return won ? null : `seed ${seed}: ended by ${r.outcome.reason}, winners ${r.outcome.winners.join(',')}`;
}

/** town settlements on the board at the end of a game */
function townSettlements(r: PlayResult): number {
  const game = r.game!;
  const spots = new Set(game.boardGeometry()!.corners.filter((c) => c.spot).map((c) => c.id));
  expect(spots.size).toBe(3);
  return game.view(0).board!.pieces.filter((p) => spots.has(p.site) && p.piece === 'settlement').length;
}

describe.each(printings)('Durango %s, whole games', (_printing, variant) => {
  const lg = loadDurango(variant);

  it('builder games end at 10 points, no invariant broken, and the town fills', () => {
    const problems: string[] = [];
    let withTown = 0;
    const games = 24;
    for (let i = 0; i < games; i++) {
      const r = playGame(lg, { seed: i, players: 3 + (i % 2), checkInvariants: true }, (seat) => builderAgent(lg, i * 8 + seat));
      const p = problem(i, r);
      if (p !== null) problems.push(p);
      else if (townSettlements(r) > 0) withTown++;
    }
    expect(problems).toEqual([]);
    // the builder goes for the town: most games end with a settlement in it
    expect(withTown).toBeGreaterThan(games / 2);
  });

  it('random games run without a run error, every invariant checked', () => {
    for (let i = 0; i < 6; i++) {
      const r = playGame(lg, { seed: 100 + i, players: 4, checkInvariants: true, options: { round_limit: 120 } }, (seat) => randomAgent(i * 8 + seat));
      expect(r.diagnostics).toEqual([]);
      expect(r.outcome).not.toBeNull();
    }
  });

  it('the generated code and the closures play the same game, and the game replays', () => {
    const closures = loadDurango(variant, { codegen: false });
    const config = { seed: 7, players: 4, checkInvariants: true, recordLog: true };
    const a = playGame(lg, config, (seat) => builderAgent(lg, 70 + seat));
    const b = playGame(closures, config, (seat) => builderAgent(closures, 70 + seat));
    expect(a.diagnostics).toEqual([]);
    expect(JSON.stringify(b.game!.log)).toBe(JSON.stringify(a.game!.log));
    const replayed = replayLog(lg, { seed: 7, players: 4 }, a.game!.log);
    expect(replayed.diagnostics).toEqual([]);
  });
});
