import { MAX_GAME_DECISIONS } from './run-budgets.ts';
import type { Diagnostic } from '@houserules/schema';
import type { Agent } from '../agents/agent.ts';
import { createGame, type Game } from './game.ts';
import type { LoadedGraph } from '../load/loaded-graph.ts';
import type { GameConfig, Outcome } from './types.ts';
import { runError } from './run-errors.ts';

export interface PlayResult {
  outcome: Outcome | null;
  /** decisions answered */
  steps: number;
  game: Game | null;
  diagnostics: Diagnostic[];
}

/**
 * Plays a whole game: each seat's agent answers that seat's open decisions
 * (all choosers of a simultaneous decision commit before it is revealed).
 */
export function playGame(
  lg: LoadedGraph,
  config: GameConfig,
  agents: readonly Agent[] | ((seat: number) => Agent),
  options: { maxSteps?: number; /** a finished game of the same graph to restart with `config` (Game.restart) instead of creating one */ reuse?: Game | null } = {},
): PlayResult {
  const reuse = options.reuse;
  let game: Game | null;
  if (reuse != null && reuse.lg === lg && reuse.restart(config)) game = reuse;
  else {
    const created = createGame(lg, config);
    game = created.value;
    if (!game) return { outcome: null, steps: 0, game: null, diagnostics: created.diagnostics };
  }
  // a factory makes each seat's agent once, at the seat's first decision (an agent keeps its own
  // state, a random one its generator: made anew at each decision it would repeat its first draw)
  const make = typeof agents === 'function' ? agents : null;
  const made: (Agent | undefined)[] = [];
  // a list of agents is only read (no copy of it)
  const list: readonly (Agent | undefined)[] = make === null ? (agents as readonly Agent[]) : made;
  const maxSteps = options.maxSteps ?? MAX_GAME_DECISIONS;
  const diagnostics: Diagnostic[] = [];
  let steps = 0;
  while (!game.isOver) {
    const seat = game.nextSeat();
    if (seat < 0) break;
    if (steps >= maxSteps) {
      diagnostics.push(runError('run/move-limit', `The game was not over after ${maxSteps} decisions (at ${game.flowPosition()}).`));
      break;
    }
    const agent = make !== null ? (made[seat] ??= make(seat)) : (list[seat] ?? list[0]!);
    const pick = agent.choose(game, seat);
    if (typeof pick === 'number') {
      if (pick < 0) {
        diagnostics.push(runError('run/script-exhausted', `Agent '${agent.name}' of seat ${seat} has no move left.`));
        break;
      }
      if (!game.applyOption(seat, pick)) {
        diagnostics.push(runError('run/illegal-move', `Agent '${agent.name}' picked option ${pick}, which does not exist.`));
        break;
      }
    } else {
      const applied = game.apply(seat, pick);
      if (!applied.value) {
        diagnostics.push(...applied.diagnostics);
        break;
      }
    }
    steps++;
  }
  return { outcome: game.outcome, steps, game, diagnostics: game.diagnostics.length === 0 ? diagnostics : [...game.diagnostics, ...diagnostics] };
}
