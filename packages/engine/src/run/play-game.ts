import { MAX_GAME_DECISIONS } from './run-budgets.ts';
import type { Diagnostic } from '@houserules/schema';
import type { Agent } from '../agents/agent.ts';
import { createGame, type Game } from './game.ts';
import type { LoadedGraph } from '../load/loaded-graph.ts';
import type { GameConfig, Outcome } from './types.ts';
import { runError } from './run-errors.ts';
import { commitAnswer } from './decision-cycle.ts';
import { firstOpen, openInGroupAfter } from './decisions.ts';

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
  play: while (!game.isOver) {
    const ds = game.decisions;
    let i = firstOpen(ds, 0);
    if (i < 0) break;
    // the open decisions answered in one pass from the first: an answer that leaves others of its group open is
    // only recorded (commitAnswer), so the list is as it was and the next decision is the next open record
    while (i >= 0) {
      const d = ds[i]!;
      const seat = d.seat;
      // the agent's questions about its seat (optionCount, ...) find this record first, as after nextSeat
      game.openHint = d;
      if (steps >= maxSteps) {
        diagnostics.push(runError('run/move-limit', `The game was not over after ${maxSteps} decisions (at ${game.flowPosition()}).`));
        break play;
      }
      const agent = make !== null ? (made[seat] ??= make(seat)) : (list[seat] ?? list[0]!);
      const pick = agent.choose(game, seat);
      let recorded = false;
      let next = -1;
      if (typeof pick === 'number') {
        if (pick < 0) {
          diagnostics.push(runError('run/script-exhausted', `Agent '${agent.name}' of seat ${seat} has no move left.`));
          break play;
        }
        // as Game.applyOption, whose openDecision would find this record (an agent that moved the hint: that path itself)
        if (game.openHint !== d || d.chosen >= 0) {
          if (!game.applyOption(seat, pick)) {
            diagnostics.push(illegalPick(agent, pick));
            break play;
          }
        } else {
          if (pick >= d.count) {
            diagnostics.push(illegalPick(agent, pick));
            break play;
          }
          // the next open record, found before the answer: another of the group's, or none of them is open any more
          next = firstOpen(ds, i + 1);
          const othersOpen = (next >= 0 && ds[next]!.group === d.group) || openInGroupAfter(ds, i, d.group);
          recorded = !commitAnswer(game, d, pick, othersOpen);
        }
      } else {
        const applied = game.apply(seat, pick);
        if (!applied.value) {
          diagnostics.push(...applied.diagnostics);
          break play;
        }
      }
      steps++;
      i = recorded ? next : -1;
    }
  }
  return { outcome: game.outcome, steps, game, diagnostics: game.diagnostics.length === 0 ? diagnostics : [...game.diagnostics, ...diagnostics] };
}

/** an agent's pick of an option its decision does not have */
function illegalPick(agent: Agent, pick: number): Diagnostic {
  return runError('run/illegal-move', `Agent '${agent.name}' picked option ${pick}, which does not exist.`);
}
