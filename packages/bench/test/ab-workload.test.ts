// The A/B section (`pnpm bench -- ab <checkout>`) times two engines on the same games and says
// whether they made the same decisions: each workload must play a game the same way every time.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAbArgs } from '../src/ab-engines.ts';
import { makeAbPlayer } from '../src/ab-workload.ts';

const scenarios = fileURLToPath(new URL('../../../scenarios', import.meta.url));
const noTrades = fileURLToPath(new URL('../scenarios/catan-no-player-trades.rules', import.meta.url));

describe('A/B workloads', () => {
  it('play the same games from the same numbers, on one player or two', () => {
    for (const workload of ['diamant', 'playouts'] as const) {
      const one = makeAbPlayer(workload, scenarios, noTrades);
      const two = makeAbPlayer(workload, scenarios, noTrades);
      const first = one(100, 3);
      expect(first).toBeGreaterThan(0);
      // later games on reused arrays play as on a fresh player
      one(0, 5);
      expect(one(100, 3)).toBe(first);
      expect(two(100, 3)).toBe(first);
      expect(two(200, 3)).not.toBe(0);
    }
  }, 120_000);

  it('reads a checkout and a workload, and refuses what is not one', () => {
    expect(parseAbArgs(['/tmp/old'])).toEqual({ other: '/tmp/old', workload: 'diamant' });
    expect(parseAbArgs(['/tmp/old', 'playouts'])).toEqual({ other: '/tmp/old', workload: 'playouts' });
    expect(typeof parseAbArgs([])).toBe('string');
    expect(typeof parseAbArgs(['/tmp/old', 'chess'])).toBe('string');
  });
});
