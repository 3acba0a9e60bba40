// Bench (d) times each row in a process of its own: a row must play the same games from the same seeds
// wherever it runs, and its tally must count what was played.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATAN_ROWS, catanRowPlayer, emptyTally } from '../src/catan-rows.ts';

const scenarios = fileURLToPath(new URL('../../../scenarios', import.meta.url));
const noTrades = fileURLToPath(new URL('../scenarios/catan-no-player-trades.rules', import.meta.url));

describe('bench (d) rows', () => {
  it('play whole games, the same from the same seeds on a fresh player', () => {
    for (const row of CATAN_ROWS) {
      const first = emptyTally();
      catanRowPlayer(row, scenarios, noTrades)(7, 2, first);
      expect(first.games).toBe(2);
      expect(first.unfinished).toBe(0);
      expect(first.turns).toBeGreaterThan(first.rounds);
      const again = emptyTally();
      catanRowPlayer(row, scenarios, noTrades)(7, 2, again);
      expect(again).toEqual(first);
    }
  }, 120_000);
});
