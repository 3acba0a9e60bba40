// One process of bench (d) (`catan-bench.ts`): loads one row's module, warms it,
// then times batches of about ROUND_MS and prints one line of JSON. Bundled by
// esbuild: one graph in the process, as in a `simulate` run or catanatron's own
// measure. Not `--single-threaded`: without V8's background compiler a Catan game's
// code reached its speed so late that the rate fell by a quarter to a third.
import { performance } from 'node:perf_hooks';
import { CATAN_ROWS, calibrate, catanRowPlayer, emptyTally, type CatanRow, type Tally } from './catan-rows.ts';

/** What a process reports. */
export interface CatanRowResult {
  /** games a second, each timed batch: wall and CPU */
  rates: number[];
  cpuRates: number[];
  tally: Tally;
}

/** wall time of a timed batch */
const ROUND_MS = 600;
/** games played before the timed batches (a Catan game's code takes a hundred games to reach its speed) */
const WARM_GAMES = 150;

const [rowArg, batchesArg, scenariosDir, noTradesFile, firstSeedArg] = process.argv.slice(2);
const row = rowArg as CatanRow;
if (!CATAN_ROWS.includes(row)) throw new Error(`no row '${rowArg}' in bench (d)`);
const batches = Number(batchesArg);
const firstSeed = Number(firstSeedArg);

const play = catanRowPlayer(row, scenariosDir!, noTradesFile!);
play(2_000_000, WARM_GAMES, emptyTally());
const batch = calibrate(play, ROUND_MS);
const result: CatanRowResult = { rates: [], cpuRates: [], tally: emptyTally() };
for (let b = 0; b < batches; b++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  play(firstSeed + b * 100_000, batch, result.tally);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  result.rates.push((batch / ms) * 1000);
  result.cpuRates.push((batch / ((cpu.user + cpu.system) / 1000)) * 1000);
}
console.log(JSON.stringify(result));
