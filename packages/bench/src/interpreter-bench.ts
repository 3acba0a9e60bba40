import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent, type LoadedGraph } from '@houserules/engine';
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

/** Plays `games` games from seed `first`; returns the total of all scores (a sanity figure). */
type Player = (first: number, games: number) => number;

function interpreterPlayer(loaded: LoadedGraph): Player {
  return (first, games) => {
    let total = 0;
    for (let i = 0; i < games; i++) {
      const seed = first + i;
      const agents = Array.from({ length: PLAYERS }, (_, seat) => randomAgent(seed * 16 + seat + 1));
      const { outcome } = playGame(loaded, { seed, players: PLAYERS }, agents);
      for (const r of outcome?.ranking ?? []) total += Number(r.score[0] ?? 0);
    }
    return total;
  };
}

function baselinePlayer(): Player {
  const game = new DiamantBaseline(PLAYERS);
  return (first, games) => {
    let total = 0;
    for (let i = 0; i < games; i++) {
      game.play(first + i);
      for (let p = 0; p < PLAYERS; p++) total += game.score(p);
    }
    return total;
  };
}

/** How many games fill about `ms` milliseconds. */
function calibrate(play: Player, ms: number): number {
  let games = 10;
  for (;;) {
    const t0 = performance.now();
    play(1_000_000, games);
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
  interpreter(0, 200);
  baseline(0, 2000);
  const batch = { interpreter: calibrate(interpreter, 400), baseline: calibrate(baseline, 400) };
  const rates = { interpreter: [] as number[], baseline: [] as number[] };
  const scores = { interpreter: 0, baseline: 0 };
  const played = { interpreter: 0, baseline: 0 };
  for (let round = 0; round < rounds; round++) {
    for (const name of ['interpreter', 'baseline'] as const) {
      const play = name === 'interpreter' ? interpreter : baseline;
      const games = batch[name];
      const t0 = performance.now();
      scores[name] += play(round * 1_000_000, games);
      const ms = performance.now() - t0;
      played[name] += games;
      rates[name].push((games / ms) * 1000);
    }
  }
  const gps = { interpreter: median(rates.interpreter), baseline: median(rates.baseline) };
  printTable(
    `(b) Diamant, ${PLAYERS} random agents, ${rounds} interleaved rounds (median games/s)`,
    ['implementation', 'games/round', 'games/s', 'min games/s', 'max games/s', 'mean score/player'],
    (['interpreter', 'baseline'] as const).map((name) => [
      name === 'interpreter' ? 'rule-graph interpreter' : 'hand-written baseline',
      thousands(batch[name]),
      thousands(gps[name]),
      thousands(Math.min(...rates[name])),
      thousands(Math.max(...rates[name])),
      fmt(scores[name] / (played[name] * PLAYERS), 2),
    ]),
  );
  const ratio = gps.baseline / gps.interpreter;
  console.log(`ratio baseline/interpreter: ${fmt(ratio, 2)}×  (goal ≤ 2.00, aim 1.25)`);
}
