import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fmt, median, printTable, thousands } from './harness.ts';

const run = promisify(execFile);

interface SimulateTiming {
  ms: number;
  cpuMs: number;
  gamesPerSecond: number;
  workers: number;
}

async function simulate(cli: string, scenario: string, games: number, workers: number): Promise<{ timing: SimulateTiming; summary: unknown }> {
  const { stdout } = await run(
    process.execPath,
    [cli, 'simulate', scenario, '--players', '4', '--games', String(games), '--seed', '7', '--workers', String(workers), '--json'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as { timing: SimulateTiming; summary: unknown };
}

/**
 * `houserules simulate` (the bundled command) with 1 and 2 workers, alternated
 * over several runs. The figure is the command's own timing of the games
 * (start-up and compile excluded); the summaries must be identical. A control
 * runs two independent single-threaded processes at once: their combined rate
 * over one process's rate is the most any 2-thread run can reach on this
 * machine at this moment (a shared VM may give less than two cores).
 */
export async function runWorkersBench(repoRoot: string, games = 100000, runs = 3): Promise<void> {
  const cli = join(repoRoot, 'packages/cli/dist/houserules.js');
  if (!existsSync(cli)) {
    console.log('\n(c) simulate with workers: skipped, packages/cli/dist/houserules.js is not built (pnpm build)');
    return;
  }
  const scenario = join(repoRoot, 'scenarios/diamant');
  const rates: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const cores: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const perCpu: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const control: number[] = [];
  const summaries: Record<1 | 2, string> = { 1: '', 2: '' };
  for (let i = 0; i < runs; i++) {
    for (const workers of [1, 2] as const) {
      const result = await simulate(cli, scenario, games, workers);
      rates[workers].push(result.timing.gamesPerSecond);
      cores[workers].push(result.timing.cpuMs / result.timing.ms);
      perCpu[workers].push((games / result.timing.cpuMs) * 1000);
      summaries[workers] = JSON.stringify(result.summary);
    }
    const pair = await Promise.all([simulate(cli, scenario, games / 2, 1), simulate(cli, scenario, games / 2, 1)]);
    control.push(pair[0].timing.gamesPerSecond + pair[1].timing.gamesPerSecond);
  }
  const one = median(rates[1]);
  const two = median(rates[2]);
  const ceiling = median(control);
  printTable(
    `(c) houserules simulate scenarios/diamant --games ${games}, median of ${runs} alternated runs`,
    ['run', 'games/s', 'speed-up', 'cores used (cpu/wall)', 'games per cpu-second'],
    [
      ['--workers 1', thousands(one), '1.00×', fmt(median(cores[1]), 2), thousands(median(perCpu[1]))],
      ['--workers 2', thousands(two), `${fmt(two / one, 2)}×`, fmt(median(cores[2]), 2), thousands(median(perCpu[2]))],
      ['control: 2 processes at once', thousands(ceiling), `${fmt(ceiling / one, 2)}×`, '', ''],
    ],
  );
  console.log(
    `summaries with 1 and 2 workers identical: ${summaries[1] === summaries[2] ? 'yes' : 'NO'}  ` +
      `(goal: speed-up close to 2×; the control row is this machine's ceiling)`,
  );
  console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores`);
}
