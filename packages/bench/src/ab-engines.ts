import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { AbProcessResult } from './ab-child.ts';
import { AB_WORKLOADS, type AbWorkload } from './ab-workload.ts';
import { fmt, median, printTable, thousands } from './harness.ts';
import { NO_PLAYER_TRADES_FILE, benchFile } from './bench-paths.ts';

/** How an A/B is run: processes (half load this checkout's engine first), timed rounds a process, CPU milliseconds a round. */
export interface AbSettings {
  processes: number;
  rounds: number;
  roundMs: number;
}

export const AB_DEFAULTS: AbSettings = { processes: 4, rounds: 20, roundMs: 300 };

/**
 * (l) This checkout's engine against another checkout's (`pnpm bench -- ab
 * <path> [diamant|catan|playouts]`): both bundled by esbuild from the same
 * workload (`ab-workload.ts`, its engine and compiler imports aliased to each
 * checkout's sources), loaded into one process, and timed on the same games in
 * alternating rounds, by the process's CPU time. Machine load moves both sides
 * of a round alike, so the median of the rounds' ratios is what a change is
 * worth in time; instruction counts (section (e)) say whether it is real. The
 * first-loaded bundle runs about 2% faster in one process, so half the
 * processes load each one first. The scenarios are this checkout's.
 */
export function runAbBench(repoRoot: string, otherRoot: string, workload: AbWorkload, settings: AbSettings = AB_DEFAULTS): void {
  const other = resolve(otherRoot);
  for (const pkg of ['engine', 'compiler']) {
    if (!existsSync(join(other, 'packages', pkg, 'src/index.ts'))) {
      console.log(`\n(l) A/B: ${other} is not a checkout of this repository with its packages installed (no packages/${pkg}/src/index.ts)`);
      return;
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'houserules-ab-'));
  try {
    const bundle = (outfile: string, alias?: Record<string, string>): void => {
      buildSync({ entryPoints: [benchFile('src/ab-workload.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'error', ...(alias ? { alias } : {}) });
    };
    const newBundle = join(dir, 'new.mjs');
    const oldBundle = join(dir, 'old.mjs');
    const child = join(dir, 'child.mjs');
    bundle(newBundle);
    bundle(oldBundle, { '@houserules/engine': join(other, 'packages/engine/src/index.ts'), '@houserules/compiler': join(other, 'packages/compiler/src/index.ts') });
    buildSync({ entryPoints: [benchFile('src/ab-child.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: child, logLevel: 'error' });
    const noTrades = NO_PLAYER_TRADES_FILE;
    const rows: string[][] = [];
    const all: number[] = [];
    const processMedians: number[] = [];
    let sameGames = true;
    for (let p = 0; p < settings.processes; p++) {
      const newFirst = p % 2 === 0;
      const args = ['--single-threaded', child, newBundle, oldBundle, newFirst ? '1' : '0', workload, String(settings.rounds), String(settings.roundMs), join(repoRoot, 'scenarios'), noTrades];
      const ran = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 4 * 1024 * 1024 });
      if (ran.status !== 0) throw new Error(`the A/B process failed: ${ran.stderr.trim().split('\n').slice(-3).join(' / ')}`);
      const result = JSON.parse(ran.stdout.trim().split('\n').pop()!) as AbProcessResult;
      all.push(...result.ratios);
      const m = median(result.ratios);
      processMedians.push(m);
      sameGames &&= result.sameGames;
      const sorted = [...result.ratios].sort((a, b) => a - b);
      const quartile = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      rows.push([String(p + 1), newFirst ? 'this checkout' : 'the other', thousands(result.count), thousands(result.newRate), thousands(result.oldRate), fmt(m, 3), `${fmt(quartile(0.25), 3)}–${fmt(quartile(0.75), 3)}`, result.sameGames ? 'yes' : 'NO']);
    }
    printTable(
      `(l) A/B, ${workload}: this checkout against ${other} (${settings.processes} processes × ${settings.rounds} rounds of ~${settings.roundMs} ms CPU each side; load ${loadavg()[0]!.toFixed(1)})`,
      ['process', 'loaded first', 'games a round', 'this, games/CPU-s', 'other, games/CPU-s', 'median other/this', 'middle half', 'same games'],
      rows,
    );
    console.log(`speed-up of this checkout: ${fmt(median(all), 3)}× (median of all ${all.length} rounds; process medians ${processMedians.map((m) => fmt(m, 3)).join(', ')})`);
    if (!sameGames) console.log('The two engines made different decisions on the same seeds: they do not play the same games, so the ratio compares different work.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section's arguments after `ab`: a checkout's path, then optionally a workload. */
export function parseAbArgs(args: readonly string[]): { other: string; workload: AbWorkload } | string {
  const [other, workload = 'diamant'] = args;
  if (other === undefined || other.startsWith('-')) return 'ab needs the path of another checkout: pnpm bench -- ab <path> [diamant|catan|playouts]';
  if (!(AB_WORKLOADS as readonly string[]).includes(workload)) return `ab: unknown workload '${workload}' (${AB_WORKLOADS.join(', ')})`;
  return { other, workload: workload as AbWorkload };
}
