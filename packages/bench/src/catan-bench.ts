import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { fmt, median, printTable, thousands } from './harness.ts';
import { benchFile, NO_PLAYER_TRADES_FILE } from './bench-paths.ts';
import { CATAN_ROWS, emptyTally, PLAYERS, ROUND_LIMIT, type Tally } from './catan-rows.ts';
import type { CatanRowResult } from './catan-row.ts';

/** catanatron's reported rate for random 4-player games in CPython, like for like: random players without trades between players, as catanatron's have. */
const ANCHOR_GAMES_PER_SECOND = 23;
/** issue 26's goal: the per-thread rate of a well-known Catan engine written in Rust (issue 17's was 40× catanatron, 920) */
const GOAL_GAMES_PER_SECOND = 1_000;

/**
 * Full 4-player games of the base Catan module through the interpreter: the
 * uniform random agent and the scenario's `builder` policy, and random agents on
 * the base game without trades between players (catanatron's action set:
 * `scenarios/catan-no-player-trades.rules`, this package's own). Each row plays
 * in processes of its own (`catan-row.ts`, bundled): one graph a process, as a
 * `simulate` run has and as catanatron measures, so one row's code does not
 * slow another's. The rows' processes alternate; medians of
 * games/s (wall and CPU) over every timed batch, turns and rounds per game, and
 * how the games ended (10 points or the round limit).
 */
export function runCatanBench(scenariosDir: string, processes = 3, batches = 3): void {
  const dir = mkdtempSync(join(tmpdir(), 'houserules-catan-bench-'));
  try {
    const child = join(dir, 'catan-row.mjs');
    buildSync({ entryPoints: [benchFile('src/catan-row.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: child, logLevel: 'error' });
    const rows = CATAN_ROWS.map((label) => ({ label, rates: [] as number[], cpuRates: [] as number[], tally: emptyTally() }));
    for (let p = 0; p < processes; p++) {
      // each round of processes starts from another row
      for (let k = 0; k < rows.length; k++) {
        const r = rows[(p + k) % rows.length]!;
        const args = [child, r.label, String(batches), scenariosDir, NO_PLAYER_TRADES_FILE, String(p * 10_000_000)];
        const ran = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 4 * 1024 * 1024 });
        if (ran.status !== 0) throw new Error(`the (d) process of ${r.label} failed: ${ran.stderr.trim().split('\n').slice(-3).join(' / ')}`);
        const result = JSON.parse(ran.stdout.trim().split('\n').pop()!) as CatanRowResult;
        r.rates.push(...result.rates);
        r.cpuRates.push(...result.cpuRates);
        for (const key of Object.keys(r.tally) as (keyof Tally)[]) r.tally[key] += result.tally[key];
      }
    }
    printTable(
      `(d) Catan base, ${PLAYERS} players, round_limit ${ROUND_LIMIT}, a process a row (${processes} each, alternated) × ${batches} timed batches (median games/s)`,
      ['agents', 'games', 'games/s', 'min', 'max', 'games/cpu-s', 'rounds/game', 'turns/game', 'decisions/game', 'by 10 VP', 'by limit'],
      rows.map((r) => {
        const t = r.tally;
        const finished = t.games - t.unfinished;
        return [
          r.label,
          thousands(t.games),
          fmt(median(r.rates), 1),
          fmt(Math.min(...r.rates), 1),
          fmt(Math.max(...r.rates), 1),
          fmt(median(r.cpuRates), 1),
          fmt(t.rounds / finished, 1),
          fmt(t.turns / finished, 1),
          fmt(t.decisions / finished, 0),
          thousands(finished - t.byLimit),
          thousands(t.byLimit) + (t.unfinished > 0 ? ` (+${t.unfinished} unfinished)` : ''),
        ];
      }),
    );
    const [random, , likeCatanatron] = rows;
    const randomRate = median(random!.rates);
    const likeRate = median(likeCatanatron!.rates);
    console.log(
      `random games/s vs catanatron (~${ANCHOR_GAMES_PER_SECOND}/s, CPython): ${fmt(randomRate / ANCHOR_GAMES_PER_SECOND, 2)}× with trades between players; ` +
        `like for like, without them: ${fmt(likeRate / ANCHOR_GAMES_PER_SECOND, 2)}× ` +
        `(goal ≥ ${GOAL_GAMES_PER_SECOND} games/s without trades between players: ${likeRate >= GOAL_GAMES_PER_SECOND ? 'met' : 'not met'}; catanatron's rate depends on the machine too, see README)`,
    );
    console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
