import type { Result } from '@houserules/schema';
import { runError } from './run-errors.ts';
import type { ConstraintInfo } from '../load/loaded-graph.ts';
import { askWords, moveWord, seatWord } from './author-words.ts';
import { commit } from './decision-cycle.ts';
import { encodeMove, findActionOption, openDecision, refusingConstraint } from './decisions.ts';
import type { Game } from './game.ts';
import type { Move } from './types.ts';

/**
 * Answering a decision: a move is checked against the open decision's options (a
 * refused one names the constraint that refuses it), then committed (`decision-cycle.ts`).
 */

export function apply(g: Game, seat: number, move: Move): Result<boolean> {
  if (g.over) return { value: false, diagnostics: [runError('run/game-over', 'The game is over.')] };
  const d = openDecision(g, seat);
  if (!d) return { value: false, diagnostics: [runError('run/no-pending-decision', `${seatWord(seat)} has nothing to decide now.`)] };
  const refused = (message: string, hint?: string, by?: ConstraintInfo): Result<boolean> => {
    const d = runError('run/illegal-move', message, hint);
    // The refusing constraint travels as a related location: its id (tests assert it) and where it is written.
    if (by) d.related = [{ message: by.id, file: by.provenance.file, range: by.provenance.range }];
    return { value: false, diagnostics: [d] };
  };
  if (move.kind === 'choice') {
    if (d.ask < 0) return refused(`${seatWord(seat)} must take an action, not make a choice.`);
    const ask = g.lg.asks[d.ask]!;
    if (move.ask !== undefined && move.ask !== ask.id && move.ask !== '') return refused(`${seatWord(seat)} is asked ${askWords(g.lg, d.ask)}, not another.`);
    const v = encodeMove(g, move.value);
    let idx = -1;
    for (let i = 0; i < d.count && v !== undefined; i++) {
      if (d.values[i] === v) {
        idx = i;
        break;
      }
    }
    if (idx < 0) {
      const c = v === undefined ? null : refusingConstraint(g, ask.constraints, [seat, v], 2, seat);
      if (c) return refused(`Constraint '${c.name}' refuses ${moveWord(g, move)}: ${c.reason}`, c.reason, c);
      return refused(`${moveWord(g, move)} is not an option of ${askWords(g.lg, d.ask)}.`);
    }
    commit(g, d, idx);
    return { value: true, diagnostics: [] };
  }
  if (d.ask >= 0) return refused(`${seatWord(seat)} must answer ${askWords(g.lg, d.ask)}, not take an action.`);
  const ai = g.lg.actions.findIndex((a) => a.id === move.action || a.name === move.action);
  const args = move.args.map((a) => encodeMove(g, a));
  const idx = ai < 0 || args.includes(undefined) ? -1 : findActionOption(g, d, ai, args as number[]);
  if (idx < 0) {
    const action = g.lg.actions[ai];
    if (action && !args.includes(undefined)) {
      const c = refusingConstraint(g, action.constraints, args as number[], args.length, seat);
      if (c) return refused(`Constraint '${c.name}' refuses action ${moveWord(g, move)}: ${c.reason}`, c.reason, c);
    }
    return refused(`Action ${moveWord(g, move)} is not available to ${seatWord(seat)} now.`);
  }
  commit(g, d, idx);
  return { value: true, diagnostics: [] };
}
