import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent, type Game, type LoadedGraph } from '@houserules/engine';
import { DiamantBaseline } from './diamant-baseline.ts';
import { fmt, median, printTable, thousands } from './harness.ts';

const PLAYERS = 4;

function loadDiamant(scenariosDir: string): LoadedGraph {
  const file = join(scenariosDir, 'diamant/diamant.rules');
  const compiled = compile(createMemoryHost({ [file]: readFileSync(file, 'utf8') }), file);
  if (compiled.value === null) throw new Error(`diamant does not compile: ${compiled.diagnostics[0]?.message}`);
  const loaded = loadGraph(compiled.value);
  if (loaded.value === null) throw new Error(`diamant does not load: ${loaded.diagnostics[0]?.message}`);
  return loaded.value;
}

/** Sanity figures summed over the games played: both implementations should agree on them. */
interface Tally {
  score: number;
  reveals: number;
}

/** Plays `games` games from seed `first`, adding to the tally. */
type Player = (first: number, games: number, tally: Tally) => void;

function interpreterPlayer(loaded: LoadedGraph): Player {
  const revealRule = loaded.rules.findIndex((r) => r.id === 'rule:reveal_card');
  // one game's arrays for every game (Game.restart), as the baseline reuses its own
  let reuse: Game | null = null;
  // one random agent seeded again each game (it then plays exactly as a new one): the baseline reseeds its generator too
  const agent = randomAgent(0);
  const agents = [agent];
  return (first, games, tally) => {
    for (let i = 0; i < games; i++) {
      const seed = first + i;
      // one uniform random agent answers for every seat from one generator, as the baseline's players share its one
      agent.reseed(seed * 16 + 1);
      const { outcome, game } = playGame(loaded, { seed, players: PLAYERS, recordLog: false }, agents, { reuse });
      reuse = game;
      for (const r of outcome?.ranking ?? []) tally.score += Number(r.score[0] ?? 0);
      tally.reveals += game?.ruleFiringCounts[revealRule] ?? 0;
    }
  };
}

function baselinePlayer(): Player {
  const game = new DiamantBaseline(PLAYERS);
  return (first, games, tally) => {
    for (let i = 0; i < games; i++) {
      game.play(first + i);
      for (let p = 0; p < PLAYERS; p++) tally.score += game.score(p);
      tally.reveals += game.reveals;
    }
  };
}

/** How many games fill about `ms` milliseconds. */
function calibrate(play: Player, ms: number): number {
  let games = 10;
  for (;;) {
    const t0 = performance.now();
    play(1_000_000, games, { score: 0, reveals: 0 });
    const took = performance.now() - t0;
    if (took > ms / 4) return Math.max(10, Math.round((games * ms) / took));
    games *= 4;
  }
}

/**
 * Diamant, 4 random agents, through the interpreter and through the
 * hand-written baseline, interleaved round by round in the same process so both
 * see the same machine state; medians of games/second and their ratio.
 */
export function runInterpreterBench(scenariosDir: string, rounds = 7): void {
  const interpreter = interpreterPlayer(loadDiamant(scenariosDir));
  const baseline = baselinePlayer();
  // Warm-up, then size each batch to about 400 ms.
  interpreter(0, 200, { score: 0, reveals: 0 });
  baseline(0, 2000, { score: 0, reveals: 0 });
  const batch = { interpreter: calibrate(interpreter, 400), baseline: calibrate(baseline, 400) };
  const rates = { interpreter: [] as number[], baseline: [] as number[] };
  // games per CPU-second of this process: less disturbed than wall time by other work on a shared machine
  const cpuRates = { interpreter: [] as number[], baseline: [] as number[] };
  const tallies = { interpreter: { score: 0, reveals: 0 }, baseline: { score: 0, reveals: 0 } };
  const played = { interpreter: 0, baseline: 0 };
  for (let round = 0; round < rounds; round++) {
    for (const name of ['interpreter', 'baseline'] as const) {
      const play = name === 'interpreter' ? interpreter : baseline;
      const games = batch[name];
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      play(round * 1_000_000, games, tallies[name]);
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(c0);
      played[name] += games;
      rates[name].push((games / ms) * 1000);
      cpuRates[name].push((games / ((cpu.user + cpu.system) / 1000)) * 1000);
    }
  }
  const gps = { interpreter: median(rates.interpreter), baseline: median(rates.baseline) };
  const cpuGps = { interpreter: median(cpuRates.interpreter), baseline: median(cpuRates.baseline) };
  printTable(
    `(b) Diamant, ${PLAYERS} random agents, ${rounds} interleaved rounds (median games/s)`,
    ['implementation', 'games/round', 'games/s', 'min games/s', 'max games/s', 'games/cpu-s', 'score/player', 'cards/game'],
    (['interpreter', 'baseline'] as const).map((name) => [
      name === 'interpreter' ? 'rule-graph interpreter' : 'hand-written baseline',
      thousands(batch[name]),
      thousands(gps[name]),
      thousands(Math.min(...rates[name])),
      thousands(Math.max(...rates[name])),
      thousands(cpuGps[name]),
      fmt(tallies[name].score / (played[name] * PLAYERS), 2),
      fmt(tallies[name].reveals / played[name], 2),
    ]),
  );
  const ratio = gps.baseline / gps.interpreter;
  const cpuRatio = cpuGps.baseline / cpuGps.interpreter;
  // the ratio of each round's pair, whose two batches ran back to back: the steadiest figure on a loaded machine
  const paired = median(rates.baseline.map((b, i) => b / rates.interpreter[i]!));
  console.log(
    `ratio baseline/interpreter: ${fmt(ratio, 2)}× wall, ${fmt(cpuRatio, 2)}× cpu, ${fmt(paired, 2)}× median of paired rounds  (issue 26's goal ≤ 1.50, aim 1.25)`,
  );
  console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores`);
}
