import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { fmt, printTable, thousands } from './harness.ts';
import { SCENARIOS, baseOf } from './scenario-bench.ts';
import { NO_PLAYER_TRADES_FILE, benchFile } from './bench-paths.ts';

/** a scenario's entry and the module it extends (its last file), under scenarios/ */
const SCENARIO_PAIRS = SCENARIOS.filter((s) => s.variant === undefined).map((s) => ({ label: s.label, entry: s.files[0]!, base: baseOf(s).files[0]!, players: s.players }));

const run = promisify(execFile);

/**
 * V8's own seeds fixed: without them the same build's count varied by ~3,000
 * instructions a Diamant game between runs (V8's inlining and hashing take
 * random numbers); with them, runs agree within 0.1%
 * (docs/design/decision-cycle-speed.md, round 2).
 */
const FIXED_SEEDS = ['--hash-seed=1', '--random-seed=1'];

/** one workload: what instruction-workload.ts plays, and the two game counts whose difference is measured */
interface Workload {
  name: string;
  label: string;
  file?: string;
  players?: number;
  few: number;
  many: number;
}

/** instructions a run executes, by valgrind's callgrind, with V8 on one thread (so the count barely varies) */
async function instructions(program: string, w: Workload, games: number): Promise<{ instructions: number; decisions: number }> {
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', ...FIXED_SEEDS, program, w.name, String(games), w.file ?? '', String(w.players ?? 4)];
  const { stdout, stderr } = await run('valgrind', args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const collected = /Collected : (\d+)/.exec(stderr);
  if (!collected) throw new Error(`valgrind printed no instruction count for ${w.name}`);
  return { instructions: Number(collected[1]), decisions: Number(stdout.trim()) };
}

/**
 * (e) Instructions per game, counted rather than timed: on a shared machine the
 * time of the same work varies by up to 2× between batches, a run's instruction
 * count by a few tenths of a percent (V8's own background work varies), so the
 * extra games must make up most of the count: per-game figures then agree
 * within about 2% from run to run (Catan), 1% (Diamant). Each workload runs twice under valgrind (callgrind),
 * with few and with many games; the difference over the extra games is the cost
 * of a warm game (start-up, compiling and the JIT's first work cancel out). Two
 * runs at a time. Only on request (`pnpm bench -- instructions`): it takes
 * minutes, and needs valgrind.
 */
export async function runInstructionsBench(repoRoot: string, only: 'diamant' | 'catan' | 'playouts' | null = null): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.log('\n(e) instructions per game: skipped, valgrind is not installed (apt-get install valgrind)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'houserules-instructions-'));
  const program = join(dir, 'workload.mjs');
  try {
    buildSync({ entryPoints: [benchFile('src/instruction-workload.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: program, logLevel: 'error' });
    const all: Workload[] = [
      { name: 'catan-random', label: 'Catan base, 4 random agents', file: join(repoRoot, 'scenarios/catan/base.rules'), few: 40, many: 120 },
      // catanatron's action set (section (d)'s third row): the issue's Catan goal
      { name: 'catan-random', label: 'Catan base, 4 random agents, no player trades', file: NO_PLAYER_TRADES_FILE, few: 40, many: 120 },
      // the extra games must outweigh start-up by far: the totals vary by a few tenths of a percent between runs
      // the search bench's Catan case: playouts (uniform random choices to the end) from one mid-game state; a "game" is a playout
      { name: 'catan-playout', label: 'Catan playouts from a mid-game state, no player trades', file: NO_PLAYER_TRADES_FILE, few: 10, many: 160 },
      { name: 'diamant-interpreter', label: 'Diamant, interpreter', file: join(repoRoot, 'scenarios/diamant/diamant.rules'), few: 2000, many: 16000 },
      { name: 'diamant-baseline', label: 'Diamant, hand-written baseline', few: 2000, many: 60000 },
      // each scenario that has no variant against the module it extends (scenario-bench.ts's list)
      ...SCENARIO_PAIRS.flatMap((pair): Workload[] => [
        { name: 'scenario-random', label: `${pair.base}, ${pair.players} random agents`, file: join(repoRoot, 'scenarios', pair.base), players: pair.players, few: 40, many: 120 },
        { name: 'scenario-random', label: `${pair.entry}, ${pair.players} random agents`, file: join(repoRoot, 'scenarios', pair.entry), players: pair.players, few: 40, many: 120 },
      ]),
    ];
    // `instructions diamant`: only Diamant's pair, the quick figure to decide whether an engine change helps; `instructions catan`: the two Catan base rows
    // `instructions playouts`: only the search bench's Catan playouts
    const workloads =
      only === 'diamant'
        ? all.filter((w) => w.name.startsWith('diamant-'))
        : only === 'catan'
          ? all.filter((w) => w.name === 'catan-random')
          : only === 'playouts'
            ? all.filter((w) => w.name === 'catan-playout')
            : all;
    const perGame = new Map<string, { instructions: number; decisions: number }>();
    for (const w of workloads) {
      const [few, many] = await Promise.all([instructions(program, w, w.few), instructions(program, w, w.many)]);
      const extra = w.many - w.few;
      perGame.set(w.label, { instructions: (many.instructions - few.instructions) / extra, decisions: (many.decisions - few.decisions) / extra });
    }
    printTable(
      '(e) instructions per warm game (valgrind callgrind, V8 single-threaded; the difference between a run of few and of many games)',
      ['workload', 'games (few → many)', 'instructions/game', 'decisions/game', 'instructions/decision'],
      workloads.map((w) => {
        const g = perGame.get(w.label)!;
        return [w.label, `${thousands(w.few)} → ${thousands(w.many)}`, thousands(Math.round(g.instructions)), g.decisions > 0 ? fmt(g.decisions, 0) : '–', g.decisions > 0 ? thousands(Math.round(g.instructions / g.decisions)) : '–'];
      }),
    );
    const interpreter = perGame.get('Diamant, interpreter');
    const baseline = perGame.get('Diamant, hand-written baseline');
    if (interpreter && baseline) console.log(`Diamant interpreter/baseline in instructions: ${fmt(interpreter.instructions / baseline.instructions, 2)}×`);
    for (const pair of only === null ? SCENARIO_PAIRS : []) {
      const base = perGame.get(`${pair.base}, ${pair.players} random agents`)!;
      const scenario = perGame.get(`${pair.entry}, ${pair.players} random agents`)!;
      console.log(`${pair.label} / ${pair.base} in instructions per game: ${fmt(scenario.instructions / base.instructions, 2)}×`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
