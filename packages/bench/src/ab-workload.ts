// What `ab-engines.ts` times: one workload on one engine. This file is bundled
// twice by esbuild, once with this checkout's engine and compiler and once with
// another checkout's (its `@houserules/*` imports aliased there), and both
// bundles are loaded into one process. It uses only the engine's stable API
// (compile, loadGraph, createGame, playGame, randomAgent, snapshot/restore), so
// an older checkout builds with it too; the alias reaches the modules it imports
// (load-module.ts, mid-game.ts) as well.
import { createGame, playGame, randomAgent, type Game, type LoadedGraph } from '@houserules/engine';
import { loadModule } from './load-module.ts';
import { midGame, playOut } from './mid-game.ts';

/** The workloads an A/B can time: the interpreter bench's Diamant, the Catan bench's third row, the search bench's Catan playouts. */
export const AB_WORKLOADS = ['diamant', 'catan', 'playouts'] as const;
export type AbWorkload = (typeof AB_WORKLOADS)[number];

/** Plays `count` games (or playouts) numbered from `first`; returns the decisions made, which two engines that play the same games agree on. */
export type AbPlayer = (first: number, count: number) => number;

/** Whole games with one random agent for every seat, seeded again each game, on one game's arrays (as `simulate` and the interpreter bench play). */
function wholeGames(lg: LoadedGraph, options: Record<string, number>): AbPlayer {
  const agent = randomAgent(0);
  const agents = [agent];
  let reuse: Game | null = null;
  return (first, count) => {
    let decisions = 0;
    for (let i = first; i < first + count; i++) {
      agent.reseed(i * 16 + 1);
      const result = playGame(lg, { seed: i, players: 4, options, recordLog: false }, agents, { reuse });
      reuse = result.game;
      decisions += result.steps;
    }
    return decisions;
  };
}

/** Playouts from the search bench's mid-game state: restore, then uniform random choices to the end. */
function playouts(lg: LoadedGraph, options: Record<string, number>, decisionsIn: number): AbPlayer {
  const game = midGame(lg, options, decisionsIn);
  const root = game.snapshot();
  root.log = null;
  const work = createGame(lg, { ...game.config, recordLog: false }).value!;
  const rng = randomAgent(0);
  return (first, count) => {
    let decisions = 0;
    for (let p = first; p < first + count; p++) {
      rng.reseed(p * 16 + 1);
      decisions += playOut(work, root, rng);
    }
    return decisions;
  };
}

/** `scenariosDir`: the repository's `scenarios/`; `noTradesFile`: the bench's Catan without trades between players. */
export function makeAbPlayer(workload: AbWorkload, scenariosDir: string, noTradesFile: string): AbPlayer {
  if (workload === 'diamant') return wholeGames(loadModule(`${scenariosDir}/diamant/diamant.rules`), {});
  const catan = loadModule(noTradesFile, `${scenariosDir}/catan/base.rules`);
  return workload === 'catan' ? wholeGames(catan, { round_limit: 500 }) : playouts(catan, { round_limit: 500 }, 300);
}
