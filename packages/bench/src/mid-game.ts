import { createGame, randomAgent, type Agent, type Game, type LoadedGraph } from '@houserules/engine';

/**
 * The state the search benches start from: a 4-player game (seed 11) after
 * `decisions` uniform random choices (agent seed 5), or at its end if sooner.
 */
export function midGame(lg: LoadedGraph, options: Record<string, number>, decisions: number): Game {
  const game = createGame(lg, { seed: 11, players: 4, options, recordLog: false }).value!;
  const agent = randomAgent(5);
  for (let i = 0; i < decisions && !game.isOver; i++) {
    const seat = game.nextSeat();
    game.applyOption(seat, agent.choose(game, seat) as number);
  }
  return game;
}

/** One playout as a search makes it: `work` restored to `root`, then `agent`'s choices to the end. Returns the decisions made. */
export function playOut(work: Game, root: ReturnType<Game['snapshot']>, agent: Agent): number {
  work.restore(root);
  let decisions = 0;
  while (!work.isOver) {
    const seat = work.nextSeat();
    if (seat < 0) break;
    work.applyOption(seat, agent.choose(work, seat) as number);
    decisions++;
  }
  return decisions;
}
