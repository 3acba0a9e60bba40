// `ship_has_destination` (Seafarers' move_ship) asks `ship_can_sail(p, s)`, which searches from the
// corners p's network reaches, in place of `any(e in edges where ship_destination_ok(p, s, e))`,
// which tries every edge. The two are the same only because a board's adjacency is closed (a
// corner's edges are board edges: board-adjacency.test.ts); this checks it as an invariant after
// every event of whole games, for every player and every ship, in each scenario with ships.
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, type ModuleHost } from '@houserules/compiler';
import { loadGraph, playGame, policyAgent, randomAgent, type Agent, type LoadedGraph } from '@houserules/engine';
import { scenarioHost } from './load-scenario.ts';

const scenarios = resolve(dirname(new URL(import.meta.url).pathname), '..');
const SAME = 'all(p in players: all(s in edges where s.piece == ship and s.owner == p: ship_can_sail(p, s) == any(e in edges where ship_destination_ok(p, s, e))))';

/** The scenario with the invariant added, from a module beside it that extends it. */
function withInvariant(file: string, codegen: boolean): LoadedGraph {
  const entry = resolve(scenarios, file);
  const probe = resolve(dirname(entry), 'ship-can-sail-check.rules');
  const source = `module ship_can_sail_check extends "./${entry.slice(dirname(entry).length + 1)}"\n\ninvariant ship_can_sail_is_the_full_search: ${SAME}\n`;
  const host: ModuleHost = { ...scenarioHost, readFile: (path) => (path === probe ? source : scenarioHost.readFile(path)) };
  const compiled = compile(host, probe);
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadGraph(compiled.value!, { codegen });
  expect(loaded.diagnostics).toEqual([]);
  return loaded.value!;
}

describe.each([
  ['catan/seafarers.rules'],
  ['kaffee/kaffee.rules'],
  ['diamond-islands/diamond-islands.rules'],
])('%s: ship_can_sail is the full search', (file) => {
  it('holds after every event of builder and random games (generated code and closures)', () => {
    for (const [k, codegen] of [[0, true], [1, false]] as const) {
      const graph = withInvariant(file, codegen);
      const builder = (seed: number): Agent => policyAgent(graph, 'builder', {}, seed).value!;
      const runs = [
        playGame(graph, { seed: 101 + k, players: 4, checkInvariants: true, recordLog: false, options: { round_limit: 120 } }, (seat) => builder(8 + seat)),
        playGame(graph, { seed: 201 + k, players: 3, checkInvariants: true, recordLog: false, options: { round_limit: 80 } }, (seat) => randomAgent(16 + seat)),
      ];
      for (const r of runs) {
        expect(r.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
        expect(r.outcome).not.toBeNull();
      }
    }
  });
});
