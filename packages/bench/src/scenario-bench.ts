import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent, type Game, type LoadedGraph } from '@houserules/engine';
import { fmt, median, printTable, thousands } from './harness.ts';

/** A scenario measured against the module it extends: its file (with the modules it builds on) and variant. */
export interface ScenarioSpec {
  label: string;
  /** relative to the scenarios folder: the entry first, then the modules it extends and imports */
  files: string[];
  variant?: string;
  players: number;
  /** the label of the base row it is compared with (none: a base row itself) */
  extends?: string;
}

/** Random agents do not always reach 10 points: the base game's `round_limit` makes every game end. */
const ROUND_LIMIT = 500;
/** No scenario may be more than this many times slower per game than the module it extends (issue 12). */
const GOAL_RATIO = 1.5;

/** The modules the scenarios extend come first; each scenario row is compared with the one it names. */
const BASES: ScenarioSpec[] = [
  { label: 'Catan base (the module extended)', files: ['catan/base.rules'], players: 4 },
  { label: 'Catan: Seafarers (the module extended)', files: ['catan/seafarers.rules', 'catan/base.rules'], players: 4 },
  { label: 'Catan 5–6 (the module extended)', files: ['catan/five-six.rules', 'catan/base.rules'], players: 5 },
];
const BASE = BASES[0]!.label;
const SEAFARERS = BASES[1]!.label;
const FIVE_SIX = BASES[2]!.label;
export const SCENARIOS: ScenarioSpec[] = [
  { label: 'Durango 2017', files: ['durango/durango.rules', 'catan/base.rules'], players: 4, extends: BASE },
  { label: 'Durango 2016', files: ['durango/durango.rules', 'catan/base.rules'], variant: 'durango_2016', players: 4, extends: BASE },
  { label: 'Diamond Islands', files: ['diamond-islands/diamond-islands.rules', 'catan/seafarers.rules', 'catan/base.rules'], players: 4, extends: SEAFARERS },
  { label: 'Kaffee für Catan', files: ['kaffee/kaffee.rules', 'catan/seafarers.rules', 'catan/base.rules'], players: 4, extends: SEAFARERS },
  { label: 'Diamond mines, base game', files: ['diamond-mines/base.rules', 'diamond-mines/mines.rules', 'catan/base.rules'], players: 4, extends: BASE },
  {
    label: 'Diamond mines, 5–6 players',
    files: ['diamond-mines/five-six.rules', 'diamond-mines/mines.rules', 'catan/five-six.rules', 'catan/base.rules'],
    players: 5,
    extends: FIVE_SIX,
  },
];

/** the module a scenario extends (its entry file), for the instructions bench */
export function baseOf(spec: ScenarioSpec): ScenarioSpec {
  return BASES.find((b) => b.label === spec.extends) ?? BASES[0]!;
}

function load(scenariosDir: string, spec: ScenarioSpec): LoadedGraph {
  const paths = spec.files.map((f) => join(scenariosDir, f));
  const host = createMemoryHost(Object.fromEntries(paths.map((p) => [p, readFileSync(p, 'utf8')])));
  const compiled = compile(host, paths[0]!, spec.variant ? { variant: spec.variant } : {});
  if (compiled.value === null) throw new Error(`${spec.label} does not compile: ${compiled.diagnostics[0]?.message}`);
  const loaded = loadGraph(compiled.value);
  if (loaded.value === null) throw new Error(`${spec.label} does not load: ${loaded.diagnostics[0]?.message}`);
  return loaded.value;
}

interface Row {
  spec: ScenarioSpec;
  graph: LoadedGraph;
  batch: number;
  rates: number[];
  cpuRates: number[];
  games: number;
  rounds: number;
  byLimit: number;
  /** the last game played, restarted for the next (Game.restart) */
  game: Game | null;
}

/** plays `games` random games from seed `first`, adding to the row's tallies */
function play(row: Row, first: number, games: number): void {
  for (let i = 0; i < games; i++) {
    const seed = first + i;
    const r = playGame(row.graph, { seed, players: row.spec.players, options: { round_limit: ROUND_LIMIT }, recordLog: false }, [randomAgent(seed * 16 + 1)], { reuse: row.game });
    row.game = r.game;
    row.games++;
    if (r.game) row.rounds += r.game.round;
    if (r.outcome?.reason.includes('round_limit')) row.byLimit++;
  }
}

/** games in about `ms` of play */
function calibrate(row: Row, ms: number): number {
  let games = 2;
  for (;;) {
    const t0 = performance.now();
    play({ ...row, games: 0, rounds: 0, byLimit: 0 }, 1_000_000, games);
    const took = performance.now() - t0;
    if (took > ms / 4) return Math.max(2, Math.round((games * ms) / took));
    games *= 4;
  }
}

/**
 * (f) Full random games of each scenario and of the module it extends, one core,
 * interleaved round by round: median games/s (wall and CPU) and each scenario's
 * slowdown per game against the base, from the medians of the same run.
 */
export function runScenarioBench(scenariosDir: string, rounds = 5): void {
  const rows: Row[] = [...BASES, ...SCENARIOS].map((spec) => ({ spec, graph: load(scenariosDir, spec), batch: 0, rates: [], cpuRates: [], games: 0, rounds: 0, byLimit: 0, game: null }));
  // warm-up: the first games of a graph are mostly the JIT compiling it
  for (const r of rows) play({ ...r }, 0, 30);
  for (const r of rows) r.batch = calibrate(r, 600);
  for (let round = 0; round < rounds; round++) {
    for (const r of rows) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      play(r, round * 1_000_000, r.batch);
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(c0);
      r.rates.push((r.batch / ms) * 1000);
      r.cpuRates.push((r.batch / ((cpu.user + cpu.system) / 1000)) * 1000);
    }
  }
  const rateOf = new Map(rows.map((r) => [r.spec.label, median(r.cpuRates)]));
  printTable(
    `(f) scenarios against the module they extend: random agents, round_limit ${ROUND_LIMIT}, ${rounds} interleaved rounds (median games/s)`,
    ['scenario', 'players', 'games', 'games/s', 'games/cpu-s', 'rounds/game', 'by limit', 'slower than base (cpu)', `goal ≤ ${GOAL_RATIO}×`, 'per round'],
    rows.map((r) => {
      const base = r.spec.extends === undefined ? undefined : rows.find((b) => b.spec.label === r.spec.extends);
      const ratio = base === undefined ? 0 : rateOf.get(base.spec.label)! / median(r.cpuRates);
      // games differ in length: the same slowdown per round played
      const perRound = base === undefined ? 0 : ratio * (base.rounds / base.games) / (r.rounds / r.games);
      return [
        r.spec.label + (r.spec.variant ? ` (--variant ${r.spec.variant})` : ''),
        String(r.spec.players),
        thousands(r.games),
        fmt(median(r.rates), 1),
        fmt(median(r.cpuRates), 1),
        fmt(r.rounds / r.games, 1),
        thousands(r.byLimit),
        base === undefined ? '—' : `${fmt(ratio, 2)}×`,
        base === undefined ? '' : ratio <= GOAL_RATIO ? 'met' : 'not met',
        base === undefined ? '' : `${fmt(perRound, 2)}×`,
      ];
    }),
  );
  console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores`);
}
