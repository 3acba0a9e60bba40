// Whole games of Catan: Seafarers with the builder policy: they finish, with every invariant checked
// (token and piece conservation, `resources_conserved`, `one_robber`, `one_pirate`).
import { describe, expect, it } from 'vitest';
import { playGame, type Agent } from '@houserules/engine';
import { builderAgent, loadCatan, runProblem } from './load-catan.ts';

const seafarers = loadCatan('seafarers.rules', 'base.rules');
const builder = (seed: number): Agent => builderAgent(seafarers, seed);

describe('Catan: Seafarers, whole games', () => {
  it('builder games end, no invariant broken; ships, the pirate and gold all come into play', () => {
    const problems: string[] = [];
    const fired: Record<string, number> = {};
    const games = 12;
    for (let i = 0; i < games; i++) {
      const config = { seed: i, players: 3 + (i % 2), checkInvariants: true, recordLog: true, options: { round_limit: 150 } };
      const r = playGame(seafarers, config, (seat) => builder(i * 8 + seat));
      const stopped = runProblem(i, r);
      if (stopped !== null) {
        problems.push(stopped);
        continue;
      }
      if (!r.outcome!.reason.includes('ten_points')) problems.push(`seed ${i}: ended by ${r.outcome!.reason}`);
      for (const entry of r.game!.log) {
        const text = JSON.stringify(entry);
        for (const name of ['build_ship', 'pirate_moved', 'gold_paying']) if (text.includes(name)) fired[name] = (fired[name] ?? 0) + 1;
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys(fired).sort()).toEqual(['build_ship', 'gold_paying', 'pirate_moved']);
  });
});
