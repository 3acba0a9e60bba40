// The benchmark's like-for-like Catan variant: the base game with no trades
// between players (as catanatron's random players play), everything else unchanged.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent } from '@houserules/engine';

const variant = fileURLToPath(new URL('../scenarios/catan-no-player-trades.rules', import.meta.url));
const base = fileURLToPath(new URL('../../../scenarios/catan/base.rules', import.meta.url));

describe('catan-no-player-trades.rules', () => {
  const compiled = compile(createMemoryHost({ [variant]: readFileSync(variant, 'utf8'), [base]: readFileSync(base, 'utf8') }), variant);

  it('compiles on top of the base module without a diagnostic', () => {
    expect(compiled.diagnostics).toEqual([]);
  });

  it('plays random games to 10 points with no trade offered between players, and bank trades still made', () => {
    const loaded = loadGraph(compiled.value!).value!;
    const offer = loaded.rules.findIndex((r) => r.name === 'close_trade');
    expect(offer).toBeGreaterThanOrEqual(0);
    let bankTrades = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const result = playGame(loaded, { seed, players: 4, options: { round_limit: 500 }, recordLog: true, checkInvariants: true }, [randomAgent(seed)]);
      expect(result.diagnostics).toEqual([]);
      expect(result.outcome?.reason).toBe('end:ten_points');
      const answers = result.game!.log.filter((e) => e.event === '$answer').map((e) => (e.data.move as { action?: string }).action?.replace(/^action:/, ''));
      expect(answers).not.toContain('offer_trade');
      bankTrades += answers.filter((a) => a === 'trade_with_bank').length;
      expect(result.game!.ruleFiringCounts[offer]).toBe(0);
    }
    expect(bankTrades).toBeGreaterThan(0);
  });
});
