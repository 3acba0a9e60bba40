import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compile, findModuleInTree, type ModuleHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent, type LoadedGraph } from '@houserules/engine';
import { fmt, median, printTable, thousands } from './harness.ts';

/** A scenario that extends a Catan module, timed against that module at the same table. */
export interface ScenarioPair {
  label: string;
  /** the scenario's entry, under scenarios/ */
  entry: string;
  /** the module it extends, under scenarios/ */
  base: string;
  players: number;
}

/** Add a row for each scenario that extends a Catan module: its games are no more than 1.5× slower than the module's. */
export const SCENARIO_PAIRS: ScenarioPair[] = [
  { label: 'diamond mines, base game', entry: 'diamond-mines/base.rules', base: 'catan/base.rules', players: 4 },
  { label: 'diamond mines, 5–6 players', entry: 'diamond-mines/five-six.rules', base: 'catan/five-six.rules', players: 5 },
];

/** Random agents rarely stall, but nothing forces them to win: the limit makes every game end. */
const ROUND_LIMIT = 500;
const GOAL_SLOWDOWN = 1.5;

const fileHost: ModuleHost = {
  readFile: (path) => (existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined),
  resolvePath: (fromFile, ref) => resolve(dirname(fromFile), ref),
  findModule: (name, fromFile) => findModuleInTree(name, fromFile, existsSync),
};

function load(file: string): LoadedGraph {
  const compiled = compile(fileHost, file);
  if (compiled.value === null) throw new Error(`${file} does not compile: ${compiled.diagnostics[0]?.message}`);
  const loaded = loadGraph(compiled.value);
  if (loaded.value === null) throw new Error(`${file} does not load: ${loaded.diagnostics[0]?.message}`);
  return loaded.value;
}

interface Side {
  loaded: LoadedGraph;
  rates: number[];
  games: number;
  turns: number;
  limited: number;
}

/** plays `games` random games from seed `first`; their milliseconds */
function play(side: Side, players: number, first: number, games: number): number {
  const t0 = performance.now();
  for (let i = 0; i < games; i++) {
    const seed = first + i;
    const r = playGame(side.loaded, { seed, players, options: { round_limit: ROUND_LIMIT }, recordLog: false }, [randomAgent(seed * 16 + 1)]);
    side.games++;
    side.turns += r.game?.turn ?? 0;
    if (r.outcome?.reason.includes('round_limit')) side.limited++;
  }
  return performance.now() - t0;
}

/**
 * (f) Each scenario that extends a Catan module against that module: full games with
 * uniform random agents (one core, log off, no invariant checks, `round_limit` 500),
 * the two interleaved batch by batch over `rounds` rounds; median games/s of each,
 * and the median of each round's back-to-back ratio (module games/s ÷ scenario
 * games/s: how many times slower a scenario game is).
 */
export function runScenarioBench(scenariosDir: string, rounds = 5): void {
  const rows: string[][] = [];
  for (const pair of SCENARIO_PAIRS) {
    const sides = [pair.base, pair.entry].map((f): Side => ({ loaded: load(join(scenariosDir, f)), rates: [], games: 0, turns: 0, limited: 0 }));
    // warm up, then batches of about 500 ms each
    const batch = sides.map((s) => {
      play(s, pair.players, 900_000, 4);
      const ms = play(s, pair.players, 950_000, 8);
      return Math.max(4, Math.round((8 * 500) / ms));
    });
    for (const s of sides) {
      s.games = 0;
      s.turns = 0;
      s.limited = 0;
    }
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const rate = sides.map((s, k) => (batch[k]! / play(s, pair.players, round * 100_000, batch[k]!)) * 1000);
      sides.forEach((s, k) => s.rates.push(rate[k]!));
      ratios.push(rate[0]! / rate[1]!);
    }
    const [base, scenario] = sides as [Side, Side];
    const slowdown = median(ratios);
    const row = (label: string, s: Side, ratio: string): string[] => [
      label,
      String(pair.players),
      thousands(s.games),
      fmt(median(s.rates), 1),
      fmt(s.turns / s.games, 1),
      thousands(s.limited),
      ratio,
    ];
    rows.push(row(`${pair.base} (extended)`, base, ''));
    rows.push(row(`${pair.entry}: ${pair.label}`, scenario, `${fmt(slowdown, 2)}× ${slowdown <= GOAL_SLOWDOWN ? '(goal met)' : '(over the goal)'}`));
  }
  printTable(
    `(f) scenarios against the module they extend: random agents, round_limit ${ROUND_LIMIT}, ${rounds} interleaved rounds (median games/s)`,
    ['module', 'players', 'games', 'games/s', 'turns/game', 'by limit', `slower (goal ≤ ${GOAL_SLOWDOWN}×)`],
    rows,
  );
}
