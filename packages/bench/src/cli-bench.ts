import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { fmt, median, printTable } from './harness.ts';
import { benchFile } from './bench-paths.ts';

const run = promisify(execFile);

/** a whole process's wall time and CPU time (user + system, from GNU time when installed), in ms */
interface ProcessTime {
  wall: number;
  cpu: number | null;
}

const GNU_TIME = '/usr/bin/time';

async function timeProcess(args: string[], env: Record<string, string> = {}): Promise<ProcessTime> {
  const withTime = existsSync(GNU_TIME);
  const dir = mkdtempSync(join(tmpdir(), 'houserules-cli-bench-'));
  const out = join(dir, 'time.txt');
  try {
    const t0 = performance.now();
    const options = { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } };
    if (withTime) await run(GNU_TIME, ['-f', '%U %S', '-o', out, process.execPath, ...args], options);
    else await run(process.execPath, args, options);
    const wall = performance.now() - t0;
    if (!withTime) return { wall, cpu: null };
    const [user, system] = readFileSync(out, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
    return { wall, cpu: ((user ?? 0) + (system ?? 0)) * 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * (i) The command line as a user meets it, whole processes: `houserules simulate`'s
 * start-up to its first game (one game of Diamant: reading, compiling and loading
 * the scenario, the bundle's own start-up), cold (the compile cache off: every
 * file parsed and lowered) and warm (the graph from the project's compile cache,
 * as every run after the first on unchanged files), beside an empty `node` (the
 * floor no command goes below); and 100,000 Diamant games through the command against
 * the hand-written baseline playing as many in a process of its own (bundled, so
 * neither pays for a TypeScript loader). Alternated runs, medians; on a loaded
 * machine trust CPU time.
 */
export async function runCliBench(repoRoot: string, games = 100000, runs = 3): Promise<void> {
  const cli = join(repoRoot, 'packages/cli/dist/houserules.js');
  if (!existsSync(cli)) {
    console.log('\n(i) the command line: skipped, packages/cli/dist/houserules.js is not built (pnpm build)');
    return;
  }
  if (spawnSync(GNU_TIME, ['--version']).error) console.log('\n(i) GNU time (/usr/bin/time) is not installed: wall times only');
  const dir = mkdtempSync(join(tmpdir(), 'houserules-baseline-'));
  const baseline = join(dir, 'workload.mjs');
  try {
    buildSync({ entryPoints: [benchFile('src/instruction-workload.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: baseline, logLevel: 'error' });
    const scenario = join(repoRoot, 'scenarios/diamant');
    const start = [cli, 'simulate', scenario, '--players', '4', '--games', '1', '--seed', '7'];
    const rows = {
      node: ['-e', '0'],
      cold: start,
      warm: start,
      cli: [cli, 'simulate', scenario, '--players', '4', '--games', String(games), '--seed', '7', '--workers', '1'],
      baseline: [baseline, 'diamant-baseline', String(games)],
    };
    const env: Partial<Record<keyof typeof rows, Record<string, string>>> = { cold: { HOUSERULES_COMPILE_CACHE: 'off' } };
    // the warm rows read the graph this run stores in the compile cache
    await timeProcess(start);
    const times: Record<keyof typeof rows, ProcessTime[]> = { node: [], cold: [], warm: [], cli: [], baseline: [] };
    for (let i = 0; i < runs; i++) for (const key of Object.keys(rows) as (keyof typeof rows)[]) times[key].push(await timeProcess(rows[key], env[key]));
    const wall = (k: keyof typeof rows): number => median(times[k].map((t) => t.wall));
    const cpu = (k: keyof typeof rows): number | null => (times[k][0]!.cpu === null ? null : median(times[k].map((t) => t.cpu!)));
    const ms = (x: number | null): string => (x === null ? '–' : `${fmt(x, 0)} ms`);
    printTable(
      `(i) the command line, whole processes, median of ${runs} alternated runs`,
      ['process', 'wall', 'cpu (user+sys)'],
      [
        ['node -e 0 (the floor)', ms(wall('node')), ms(cpu('node'))],
        ['simulate scenarios/diamant --games 1, cold (start-up to the first game, compile cache off)', ms(wall('cold')), ms(cpu('cold'))],
        ['simulate scenarios/diamant --games 1, warm (the graph from the compile cache)', ms(wall('warm')), ms(cpu('warm'))],
        [`houserules simulate scenarios/diamant --games ${games} --workers 1`, ms(wall('cli')), ms(cpu('cli'))],
        [`hand-written baseline, ${games} games in one process`, ms(wall('baseline')), ms(cpu('baseline'))],
      ],
    );
    const cpuCli = cpu('cli');
    const cpuBase = cpu('baseline');
    console.log(
      `simulate start-up: ${ms(cpu('cold') ?? wall('cold'))} cold, ${ms(cpu('warm') ?? wall('warm'))} warm (goal < 200 ms); ${games} games, command/baseline: ${fmt(wall('cli') / wall('baseline'), 2)}× wall` +
        (cpuCli !== null && cpuBase !== null ? `, ${fmt(cpuCli / cpuBase, 2)}× cpu` : '') +
        ' (goal ≤ 2.00)',
    );
    console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
