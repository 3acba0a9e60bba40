import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, policyAgent, randomAgent, type Agent, type LoadedGraph } from '@houserules/engine';
import { fmt, median, printTable, thousands } from './harness.ts';

const PLAYERS = 4;
/** Random agents rarely stall, but nothing forces them to win: the limit makes every game end. */
const ROUND_LIMIT = 500;
/** catanatron's reported rate for random 4-player games in CPython, and the goal of 20× that. */
const ANCHOR_GAMES_PER_SECOND = 23;
const GOAL_GAMES_PER_SECOND = 460;

function loadBase(scenariosDir: string): LoadedGraph {
  const file = join(scenariosDir, 'catan/base.rules');
  const compiled = compile(createMemoryHost({ [file]: readFileSync(file, 'utf8') }), file);
  if (compiled.value === null) throw new Error(`catan/base does not compile: ${compiled.diagnostics[0]?.message}`);
  const loaded = loadGraph(compiled.value);
  if (loaded.value === null) throw new Error(`catan/base does not load: ${loaded.diagnostics[0]?.message}`);
  return loaded.value;
}

interface Tally {
  games: number;
  rounds: number;
  turns: number;
  decisions: number;
  byLimit: number;
  unfinished: number;
}

const emptyTally = (): Tally => ({ games: 0, rounds: 0, turns: 0, decisions: 0, byLimit: 0, unfinished: 0 });

type Player = (first: number, games: number, tally: Tally) => void;

function player(loaded: LoadedGraph, makeAgent: (seed: number) => Agent): Player {
  return (first, games, tally) => {
    for (let i = 0; i < games; i++) {
      const seed = first + i;
      const agent = makeAgent(seed * 16 + 1);
      const result = playGame(loaded, { seed, players: PLAYERS, options: { round_limit: ROUND_LIMIT }, recordLog: false }, [agent]);
      const game = result.game;
      tally.games++;
      if (!game || !result.outcome) {
        tally.unfinished++;
        continue;
      }
      tally.rounds += game.round;
      tally.turns += game.turn;
      tally.decisions += result.steps;
      if (result.outcome.reason.includes('round_limit')) tally.byLimit++;
    }
  };
}

function calibrate(play: Player, ms: number): number {
  let games = 2;
  for (;;) {
    const t0 = performance.now();
    play(1_000_000, games, emptyTally());
    const took = performance.now() - t0;
    if (took > ms / 4) return Math.max(2, Math.round((games * ms) / took));
    games *= 4;
  }
}

/**
 * Full 4-player games of the base Catan module through the interpreter: the
 * uniform random agent and the scenario's `builder` policy, interleaved round by
 * round; medians of games/s (wall and CPU), turns and rounds per game, and how
 * the random games ended (10 points or the round limit).
 */
export function runCatanBench(scenariosDir: string, rounds = 5): void {
  const loaded = loadBase(scenariosDir);
  const builder = (seed: number): Agent => {
    const agent = policyAgent(loaded, 'builder', {}, seed);
    if (agent.value === null) throw new Error(`builder policy: ${agent.diagnostics[0]?.message}`);
    return agent.value;
  };
  const players = { random: player(loaded, (seed) => randomAgent(seed)), builder: player(loaded, builder) };
  const names = ['random', 'builder'] as const;
  for (const name of names) players[name](0, 10, emptyTally());
  const batch = { random: calibrate(players.random, 600), builder: calibrate(players.builder, 600) };
  const rates = { random: [] as number[], builder: [] as number[] };
  const cpuRates = { random: [] as number[], builder: [] as number[] };
  const tallies = { random: emptyTally(), builder: emptyTally() };
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      players[name](round * 1_000_000, batch[name], tallies[name]);
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(c0);
      rates[name].push((batch[name] / ms) * 1000);
      cpuRates[name].push((batch[name] / ((cpu.user + cpu.system) / 1000)) * 1000);
    }
  }
  printTable(
    `(d) Catan base, ${PLAYERS} players, round_limit ${ROUND_LIMIT}, ${rounds} interleaved rounds (median games/s)`,
    ['agents', 'games', 'games/s', 'min', 'max', 'games/cpu-s', 'rounds/game', 'turns/game', 'decisions/game', 'by 10 VP', 'by limit'],
    names.map((name) => {
      const t = tallies[name];
      const finished = t.games - t.unfinished;
      return [
        name === 'random' ? 'uniform random' : 'builder policy',
        thousands(t.games),
        fmt(median(rates[name]), 1),
        fmt(Math.min(...rates[name]), 1),
        fmt(Math.max(...rates[name]), 1),
        fmt(median(cpuRates[name]), 1),
        fmt(t.rounds / finished, 1),
        fmt(t.turns / finished, 1),
        fmt(t.decisions / finished, 0),
        thousands(finished - t.byLimit),
        thousands(t.byLimit) + (t.unfinished > 0 ? ` (+${t.unfinished} unfinished)` : ''),
      ];
    }),
  );
  console.log(
    `random games/s vs catanatron (~${ANCHOR_GAMES_PER_SECOND}/s, CPython): ${fmt(median(rates.random) / ANCHOR_GAMES_PER_SECOND, 2)}×  (goal ≥ ${GOAL_GAMES_PER_SECOND} games/s, 20×)`,
  );
  console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores`);
}
