// Whole games of a trading-map scenario (the Seafarers editions in which ship routes to a site with
// its own pool of a scenario token pay out: Diamond Islands, Kaffee für Catan): builder and random
// agents, 3 and 4 players, every invariant checked; they end by the scenario's ends, the scenario
// token is conserved across the players' pools, the sites' `stock` and the `general` supply, and
// both back ends play alike. Each scenario's play test calls `describeTradingMapGames` once.
import { describe, expect, it } from 'vitest';
import { createGame, playGame, policyAgent, randomAgent, type Agent, type LoadedGraph } from '@houserules/engine';
import { loadScenario } from './load-scenario.ts';

export interface TradingMapScenario {
  /** The describe block's title. */
  readonly title: string;
  /** The scenario's file, under `scenarios/`. */
  readonly file: string;
  /** The per-player pool that holds the scenario token (`gems`, `beans`). */
  readonly playerPool: string;
  /** The scenario token (`diamond`, `bean`). */
  readonly token: string;
  /** How many of the token the game holds in all. */
  readonly total: number;
}

export function describeTradingMapGames(s: TradingMapScenario): void {
  const graph: LoadedGraph = loadScenario(s.file);
  const closures: LoadedGraph = loadScenario(s.file, { codegen: false });
  const builder = (g: LoadedGraph, seed: number): Agent => policyAgent(g, 'builder', {}, seed).value!;

  describe(s.title, () => {
    it('builder games end by the scenario\'s ends, no invariant broken', () => {
      const problems: string[] = [];
      const reasons: Record<string, number> = {};
      for (let i = 0; i < 16; i++) {
        const r = playGame(graph, { seed: i, players: 3 + (i % 2), checkInvariants: true, recordLog: false, options: { round_limit: 200 } }, (seat) => builder(graph, i * 8 + seat));
        if (r.diagnostics.length > 0 || !r.outcome) {
          problems.push(`seed ${i}: ${r.diagnostics.map((d) => d.code).join(', ')}`);
          continue;
        }
        reasons[r.outcome.reason] = (reasons[r.outcome.reason] ?? 0) + 1;
        const view = r.game!.view(0);
        const held = (view.pools[s.playerPool] as Record<string, number>[]).reduce((n, p) => n + p[s.token]!, 0);
        const stock = Object.values(view.board!.pools!.stock!).reduce((n, p) => n + (p[s.token] ?? 0), 0);
        expect(held + stock + (view.pools.general as Record<string, number>)[s.token]!).toBe(s.total);
      }
      expect(problems).toEqual([]);
      // the scenario's own ends, not the simulation guard, end nearly every game
      expect(Object.keys(reasons).filter((r) => r !== 'end:round_limit_reached').length).toBeGreaterThanOrEqual(1);
      expect(reasons['end:round_limit_reached'] ?? 0).toBeLessThanOrEqual(2);
    });

    it('random games end, no invariant broken', () => {
      for (let i = 0; i < 6; i++) {
        const r = playGame(graph, { seed: 100 + i, players: 3 + (i % 2), checkInvariants: true, recordLog: false, options: { round_limit: 120 } }, (seat) => randomAgent(i * 8 + seat));
        expect(r.diagnostics).toEqual([]);
        expect(r.outcome).not.toBeNull();
      }
    });

    it('plays the same games through generated code and through closures', () => {
      for (let i = 0; i < 3; i++) {
        const config = { seed: 200 + i, players: 4, checkInvariants: true, recordLog: true, options: { round_limit: 120 } };
        const a = playGame(graph, config, (seat) => builder(graph, seat));
        const b = playGame(closures, config, (seat) => builder(closures, seat));
        expect(a.game!.stateHash()).toBe(b.game!.stateHash());
        expect(a.outcome).toEqual(b.outcome);
      }
      expect(createGame(graph, { seed: 1, players: 3 }).value).not.toBeNull();
    });
  });
}
