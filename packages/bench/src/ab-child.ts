// One process of an A/B (`ab-engines.ts`): loads two bundles of `ab-workload.ts`
// (this checkout's engine and another's) in the order given, then times them on
// the same games, round after round, alternating which goes first. Prints one
// line of JSON. Bundled by esbuild and run with `node --single-threaded`, so no
// TypeScript loader and no GC helper threads count in the process's CPU time.
import { pathToFileURL } from 'node:url';
import type { AbPlayer, AbWorkload, makeAbPlayer } from './ab-workload.ts';

/** What a process reports. */
export interface AbProcessResult {
  /** games (or playouts) a timed round, each engine */
  count: number;
  /** per round, old CPU time / new CPU time for the same games (above 1: this checkout is faster) */
  ratios: number[];
  /** games per CPU-second, medians of the rounds */
  newRate: number;
  oldRate: number;
  /** whether both engines made the same decisions in every round (the same games) */
  sameGames: boolean;
}

/** CPU time each engine plays, in rounds' worth, before the timed rounds */
const WARM_ROUNDS = 6;

type Maker = { makeAbPlayer: typeof makeAbPlayer };

const [newBundle, oldBundle, newFirstArg, workload, roundsArg, roundMsArg, scenariosDir, noTradesFile] = process.argv.slice(2);
const newFirst = newFirstArg === '1';
const rounds = Number(roundsArg);
const roundMs = Number(roundMsArg);

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// the first-loaded bundle runs a little faster in one process: the driver runs half the processes each way
const firstLoaded = (await import(pathToFileURL(newFirst ? newBundle! : oldBundle!).href)) as Maker;
const secondLoaded = (await import(pathToFileURL(newFirst ? oldBundle! : newBundle!).href)) as Maker;
const make = (m: Maker): AbPlayer => m.makeAbPlayer(workload as AbWorkload, scenariosDir!, noTradesFile!);
const newPlayer = make(newFirst ? firstLoaded : secondLoaded);
const oldPlayer = make(newFirst ? secondLoaded : firstLoaded);

// Warm both (a Catan game's code takes a hundred games to reach its speed), then size a
// round by the old engine (usually the slower one) to about roundMs of CPU.
let count = 4;
let warmed = 0;
for (let next = 0; ; ) {
  newPlayer(next, count);
  const t0 = cpuMs();
  oldPlayer(next, count);
  const took = cpuMs() - t0;
  warmed += took;
  next += count;
  if (took > roundMs / 4 && warmed > WARM_ROUNDS * roundMs) {
    count = Math.max(4, Math.round((count * roundMs) / took));
    break;
  }
  if (took <= roundMs / 4) count *= 2;
}

const ratios: number[] = [];
const newRates: number[] = [];
const oldRates: number[] = [];
let sameGames = true;
for (let r = 0; r < rounds; r++) {
  const first = 1_000_000 + r * count;
  const timed = (play: AbPlayer): { ms: number; decisions: number } => {
    const t0 = cpuMs();
    const decisions = play(first, count);
    return { ms: cpuMs() - t0, decisions };
  };
  const newGoesFirst = r % 2 === 0;
  const a = timed(newGoesFirst ? newPlayer : oldPlayer);
  const b = timed(newGoesFirst ? oldPlayer : newPlayer);
  const [n, o] = newGoesFirst ? [a, b] : [b, a];
  if (n.decisions !== o.decisions) sameGames = false;
  ratios.push(o.ms / n.ms);
  newRates.push((count * 1000) / n.ms);
  oldRates.push((count * 1000) / o.ms);
}
const result: AbProcessResult = { count, ratios, newRate: median(newRates), oldRate: median(oldRates), sameGames };
console.log(JSON.stringify(result));
