import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { playGame, policyAgent, randomAgent, type Agent, type Game, type LoadedGraph } from '@houserules/engine';
import { loadModule } from './load-module.ts';
import { fmt, median, printTable, thousands } from './harness.ts';
import { NO_PLAYER_TRADES_FILE } from './bench-paths.ts';

const PLAYERS = 4;
/** Random agents rarely stall, but nothing forces them to win: the limit makes every game end. */
const ROUND_LIMIT = 500;
/** catanatron's reported rate for random 4-player games in CPython, like for like: random players without trades between players, as catanatron's have. */
const ANCHOR_GAMES_PER_SECOND = 23;
/** issue 26's goal: the per-thread rate of a well-known Catan engine written in Rust (issue 17's was 40× catanatron, 920) */
const GOAL_GAMES_PER_SECOND = 1_000;

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
  // one game's arrays for every game (Game.restart), as a simulation run does
  let reuse: Game | null = null;
  return (first, games, tally) => {
    for (let i = 0; i < games; i++) {
      const seed = first + i;
      const agent = makeAgent(seed * 16 + 1);
      const result = playGame(loaded, { seed, players: PLAYERS, options: { round_limit: ROUND_LIMIT }, recordLog: false }, [agent], { reuse });
      const game = result.game;
      reuse = game;
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

/** one row of the table: a module and an agent */
interface Row {
  label: string;
  play: Player;
  batch: number;
  rates: number[];
  cpuRates: number[];
  tally: Tally;
}

/**
 * Full 4-player games of the base Catan module through the interpreter: the
 * uniform random agent and the scenario's `builder` policy, and random agents on
 * the base game without trades between players (catanatron's action set:
 * `scenarios/catan-no-player-trades.rules`, this package's own), interleaved round
 * by round; medians of games/s (wall and CPU), turns and rounds per game, and how
 * the games ended (10 points or the round limit).
 */
export function runCatanBench(scenariosDir: string, rounds = 5): void {
  const base = join(scenariosDir, 'catan/base.rules');
  const loaded = loadModule(base);
  const noPlayerTrades = loadModule(NO_PLAYER_TRADES_FILE, base);
  const builder = (seed: number): Agent => {
    const agent = policyAgent(loaded, 'builder', {}, seed);
    if (agent.value === null) throw new Error(`builder policy: ${agent.diagnostics[0]?.message}`);
    return agent.value;
  };
  const row = (label: string, play: Player): Row => ({ label, play, batch: 0, rates: [], cpuRates: [], tally: emptyTally() });
  const rows = [
    row('uniform random', player(loaded, (seed) => randomAgent(seed))),
    row('builder policy', player(loaded, builder)),
    row('random, no player trades', player(noPlayerTrades, (seed) => randomAgent(seed))),
  ];
  for (const r of rows) r.play(0, 10, emptyTally());
  for (const r of rows) r.batch = calibrate(r.play, 600);
  for (let round = 0; round < rounds; round++) {
    for (const r of rows) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      r.play(round * 1_000_000, r.batch, r.tally);
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(c0);
      r.rates.push((r.batch / ms) * 1000);
      r.cpuRates.push((r.batch / ((cpu.user + cpu.system) / 1000)) * 1000);
    }
  }
  printTable(
    `(d) Catan base, ${PLAYERS} players, round_limit ${ROUND_LIMIT}, ${rounds} interleaved rounds (median games/s)`,
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
}
