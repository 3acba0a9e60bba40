import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGame, mctsAgent, randomAgent, type Game } from '@houserules/engine';
import { loadModule } from './load-module.ts';
import { midGame, playOut } from './mid-game.ts';
import { fmt, median, printTable, thousands } from './harness.ts';
import { NO_PLAYER_TRADES_FILE } from './bench-paths.ts';

/**
 * What a search costs (issue 26 item 6): from a mid-game state, how many
 * restores in place (what a search does), how many fresh copies (a new game set
 * to the state: the alternative), and how many playouts (restore, then uniform
 * random choices to the end) one core makes per second, and one mcts decision at its default budget.
 * Medians of interleaved rounds; the goals are the (Diamant ≥ 100,000
 * playouts/s, Catan without trades between players ≥ 1,500).
 */

interface Case {
  label: string;
  game: Game;
  goal: number;
  restores: number[];
  copies: number[];
  playouts: number[];
  decisionsPerPlayout: number;
  mctsMs: number[];
}

/** runs `fn` repeatedly for about `ms` milliseconds; returns how many times a second */
function rate(fn: () => void, ms: number): number {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let k = 0; k < 8; k++) fn();
    n += 8;
    t = performance.now();
  }
  return (n * 1000) / (t - t0);
}

export function runSearchBench(scenariosDir: string, rounds = 5): void {
  const diamant = loadModule(join(scenariosDir, 'diamant/diamant.rules'));
  const base = join(scenariosDir, 'catan/base.rules');
  const catan = loadModule(NO_PLAYER_TRADES_FILE, base);
  const cases: Case[] = [
    { label: 'Diamant, 4 players, after 30 decisions', game: midGame(diamant, {}, 30), goal: 100_000, restores: [], copies: [], playouts: [], decisionsPerPlayout: 0, mctsMs: [] },
    { label: 'Catan base without player trades, 4 players, after 300 decisions', game: midGame(catan, { round_limit: 500 }, 300), goal: 1_500, restores: [], copies: [], playouts: [], decisionsPerPlayout: 0, mctsMs: [] },
  ];
  for (const c of cases) {
    const root = c.game.snapshot();
    root.log = null;
    const work = createGame(c.game.lg, { ...c.game.config, recordLog: false }).value!;
    const rng = randomAgent(3);
    let decisions = 0;
    let playouts = 0;
    const playout = (): void => {
      decisions += playOut(work, root, rng);
      playouts++;
    };
    const restore = (): void => work.restore(root);
    // the alternative to restoring in place: a new game of the same configuration, set to the state
    const copy = (): void => {
      createGame(c.game.lg, { ...c.game.config, recordLog: false }).value!.restore(root);
    };
    const mcts = mctsAgent(c.game.lg, {}, 7).value!;
    const decide = (): void => {
      mcts.choose(c.game, c.game.nextSeat());
    };
    rate(playout, 300);
    rate(restore, 100);
    for (let r = 0; r < rounds; r++) {
      c.restores.push(rate(restore, 300));
      c.copies.push(rate(copy, 300));
      c.playouts.push(rate(playout, 600));
      const t0 = performance.now();
      decide();
      c.mctsMs.push(performance.now() - t0);
    }
    c.decisionsPerPlayout = decisions / playouts;
  }
  printTable(
    `(j) Search: restores and playouts from a mid-game state, one core, ${rounds} rounds (medians)`,
    ['state', 'restores/s', 'fresh copies/s', 'playouts/s', 'goal', 'decisions/playout', 'mcts default: ms/decision'],
    cases.map((c) => [c.label, thousands(median(c.restores)), thousands(median(c.copies)), thousands(median(c.playouts)), `≥ ${thousands(c.goal)}`, fmt(c.decisionsPerPlayout, 0), fmt(median(c.mctsMs), 1)]),
  );
}
