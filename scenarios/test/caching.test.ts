// Caching (docs/design/incremental-evaluation.md) must not change a game: with
// cached option lists and memoised derived values on or off, seeded random games
// play move for move the same — the log's state hash after every answer agrees.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent, type LoadedGraph } from '@houserules/engine';

const here = (f: string): string => fileURLToPath(new URL(`../${f}`, import.meta.url));

function compileModule(entry: string, ...bases: string[]): unknown {
  const files = [...bases, entry].map(here);
  const host = createMemoryHost(Object.fromEntries(files.map((f) => [f, readFileSync(f, 'utf8')])));
  const compiled = compile(host, here(entry));
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return compiled.value;
}

function load(graph: unknown, cache: boolean, codegen = true): LoadedGraph {
  const loaded = loadGraph(graph, { cache, codegen });
  expect(loaded.diagnostics).toEqual([]);
  return loaded.value!;
}

/** the state hash after every answer, and how the game ended */
function trace(lg: LoadedGraph, seed: number, players: number, options: Record<string, number>): string[] {
  const result = playGame(lg, { seed, players, options, recordLog: true }, [randomAgent(seed * 7 + 3)]);
  expect(result.diagnostics).toEqual([]);
  const hashes = result.game!.log.flatMap((e) => (e.hash === undefined ? [] : [e.hash]));
  return [...hashes, JSON.stringify(result.outcome)];
}

const scenarios = [
  { name: 'Diamant', graph: () => compileModule('diamant/diamant.rules'), players: 4, options: {} as Record<string, number>, games: 40 },
  { name: 'Catan base', graph: () => compileModule('catan/base.rules'), players: 4, options: { round_limit: 60 }, games: 6 },
  { name: 'Catan 5–6', graph: () => compileModule('catan/five-six.rules', 'catan/base.rules'), players: 6, options: { round_limit: 40 }, games: 3 },
  { name: 'Seafarers', graph: () => compileModule('catan/seafarers.rules', 'catan/base.rules'), players: 4, options: { round_limit: 60 }, games: 4 },
];

describe('caching does not change play', () => {
  for (const s of scenarios) {
    it(`${s.name}: the same state after every answer with caching on and off`, () => {
      const graph = s.graph();
      const cached = load(graph, true);
      const uncached = load(graph, false);
      for (let seed = 1; seed <= s.games; seed++) {
        const expected = trace(uncached, seed, s.players, s.options);
        expect(expected.length).toBeGreaterThan(10);
        expect(trace(cached, seed, s.players, s.options)).toEqual(expected);
      }
    });
  }

  it('Catan base: the closure compiler memoises as generated code does', () => {
    const graph = compileModule('catan/base.rules');
    const closures = load(graph, true, false);
    const uncached = load(graph, false);
    for (let seed = 1; seed <= 3; seed++) expect(trace(closures, seed, 4, { round_limit: 40 })).toEqual(trace(uncached, seed, 4, { round_limit: 40 }));
  });
});
