import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent, type LoadedGraph } from '@houserules/engine';
import { fmt, median, printTable, thousands } from './harness.ts';

/**
 * (f) The Catan scenarios against the modules they extend: full random games per
 * second on one core, each scenario interleaved round by round with its base
 * module, and the ratio of the two (issue 12: no scenario more than 1.5× slower
 * per game than what it extends). A scenario joins the table with a line in
 * SCENARIOS.
 */
interface ScenarioEntry {
  label: string;
  /** the scenario module and the files it builds on, relative to scenarios/ */
  files: string[];
  /** the label of the row it is compared with (null: a base row) */
  base: string | null;
  players: number;
}

const SCENARIOS: ScenarioEntry[] = [
  { label: 'Seafarers', files: ['catan/seafarers.rules', 'catan/base.rules'], base: null, players: 4 },
  { label: 'Diamond Islands', files: ['diamond-islands/diamond-islands.rules', 'catan/seafarers.rules', 'catan/base.rules'], base: 'Seafarers', players: 4 },
  { label: 'Kaffee für Catan', files: ['kaffee/kaffee.rules', 'catan/seafarers.rules', 'catan/base.rules'], base: 'Seafarers', players: 4 },
];

/** Random agents need not win: the limit ends every game (the same for every row). */
const ROUND_LIMIT = 500;

function load(scenariosDir: string, files: string[]): LoadedGraph {
  const paths = files.map((f) => join(scenariosDir, f));
  const compiled = compile(createMemoryHost(Object.fromEntries(paths.map((p) => [p, readFileSync(p, 'utf8')]))), paths[0]!);
  if (compiled.value === null) throw new Error(`${files[0]} does not compile: ${compiled.diagnostics[0]?.message}`);
  const loaded = loadGraph(compiled.value);
  if (loaded.value === null) throw new Error(`${files[0]} does not load: ${loaded.diagnostics[0]?.message}`);
  return loaded.value;
}

interface Row {
  entry: ScenarioEntry;
  graph: LoadedGraph;
  batch: number;
  rates: number[];
  games: number;
  turns: number;
  byLimit: number;
}

function play(row: Row, first: number, games: number, count: boolean): void {
  for (let i = 0; i < games; i++) {
    const seed = first + i;
    const r = playGame(row.graph, { seed, players: row.entry.players, options: { round_limit: ROUND_LIMIT }, recordLog: false }, [randomAgent(seed * 16 + 1)]);
    if (!count) continue;
    row.games++;
    row.turns += r.game?.turn ?? 0;
    if (!r.outcome || r.outcome.reason.includes('round_limit')) row.byLimit++;
  }
}

export function runScenarioBench(scenariosDir: string, rounds = 5): void {
  const rows: Row[] = SCENARIOS.map((entry) => ({ entry, graph: load(scenariosDir, entry.files), batch: 0, rates: [], games: 0, turns: 0, byLimit: 0 }));
  for (const r of rows) play(r, 0, 4, false);
  // a batch of about half a second each
  for (const r of rows) {
    const t0 = performance.now();
    play(r, 500_000, 4, false);
    r.batch = Math.max(2, Math.round((4 * 500) / (performance.now() - t0)));
  }
  for (let round = 0; round < rounds; round++) {
    for (const r of rows) {
      const c0 = process.cpuUsage();
      play(r, round * 1_000_000, r.batch, true);
      const cpu = process.cpuUsage(c0);
      r.rates.push((r.batch / ((cpu.user + cpu.system) / 1000)) * 1000);
    }
  }
  const rate = new Map(rows.map((r) => [r.entry.label, median(r.rates)]));
  printTable(
    `(f) Catan scenarios, random agents, round_limit ${ROUND_LIMIT}, ${rounds} interleaved rounds (median games per CPU-second)`,
    ['scenario', 'players', 'games', 'games/cpu-s', 'min', 'max', 'turns/game', 'by limit', 'extends', 'time per game vs it', 'per turn'],
    rows.map((r) => {
      const base = r.entry.base === null ? null : rate.get(r.entry.base)!;
      const baseRow = rows.find((x) => x.entry.label === r.entry.base);
      // time per turn: (1 / games per second) / turns per game
      const perTurn = baseRow ? (base! * (baseRow.turns / baseRow.games)) / (median(r.rates) * (r.turns / r.games)) : null;
      return [
        r.entry.label,
        String(r.entry.players),
        thousands(r.games),
        fmt(median(r.rates), 1),
        fmt(Math.min(...r.rates), 1),
        fmt(Math.max(...r.rates), 1),
        fmt(r.turns / r.games, 0),
        thousands(r.byLimit),
        r.entry.base ?? '—',
        base === null ? '—' : `${fmt(base / median(r.rates), 2)}× (goal ≤ 1.5×)`,
        perTurn === null ? '—' : `${fmt(perTurn, 2)}×`,
      ];
    }),
  );
  console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores`);
}
