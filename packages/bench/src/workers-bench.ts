import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fmt, median, printTable, thousands } from './harness.ts';

interface SimulateTiming {
  ms: number;
  cpuMs: number;
  gamesPerSecond: number;
  workers: number;
}

function simulate(cli: string, scenario: string, games: number, workers: number): { timing: SimulateTiming; summary: unknown } {
  const out = execFileSync(
    process.execPath,
    [cli, 'simulate', scenario, '--players', '4', '--games', String(games), '--seed', '7', '--workers', String(workers), '--json'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out) as { timing: SimulateTiming; summary: unknown };
}

/**
 * `houserules simulate` (the bundled command) with 1 and 2 workers, alternated
 * over several runs. The figure is the command's own timing of the games
 * (start-up and compile excluded); the summaries must be identical.
 */
export function runWorkersBench(repoRoot: string, games = 20000, runs = 3): void {
  const cli = join(repoRoot, 'packages/cli/dist/houserules.js');
  if (!existsSync(cli)) {
    console.log('\n(c) simulate with workers: skipped, packages/cli/dist/houserules.js is not built (pnpm build)');
    return;
  }
  const scenario = join(repoRoot, 'scenarios/diamant');
  const rates: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const cores: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const perCpu: Record<1 | 2, number[]> = { 1: [], 2: [] };
  let summaries: Record<1 | 2, string> = { 1: '', 2: '' };
  for (let run = 0; run < runs; run++) {
    for (const workers of [1, 2] as const) {
      const result = simulate(cli, scenario, games, workers);
      rates[workers].push(result.timing.gamesPerSecond);
      cores[workers].push(result.timing.cpuMs / result.timing.ms);
      perCpu[workers].push((games / result.timing.cpuMs) * 1000);
      summaries = { ...summaries, [workers]: JSON.stringify(result.summary) };
    }
  }
  const one = median(rates[1]);
  const two = median(rates[2]);
  printTable(
    `(c) houserules simulate scenarios/diamant --games ${games}, median of ${runs} alternated runs`,
    ['workers', 'games/s', 'speed-up', 'cores used (cpu/wall)', 'games per cpu-second'],
    [
      ['1', thousands(one), '1.00×', fmt(median(cores[1]), 2), thousands(median(perCpu[1]))],
      ['2', thousands(two), `${fmt(two / one, 2)}×`, fmt(median(cores[2]), 2), thousands(median(perCpu[2]))],
    ],
  );
  console.log(`load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores (other processes slow the 2-worker run)`);
  console.log(`summaries with 1 and 2 workers identical: ${summaries[1] === summaries[2] ? 'yes' : 'NO'}  (goal: speed-up close to 2×)`);
}
