/**
 * How a game ended, in the author's words. The engine records an outcome's
 * reason as a code: the id of the end condition that held (`end:ten_points`,
 * with its module after `@` when another module declares it), `flow-ended`
 * when the flow ran out, `end-game` when a rule ran `end game`. Reports show
 * the condition's name, `flow` (what a test writes: `expect game over by
 * flow`) and `end game`.
 */

/** An outcome's reason as a report shows it: `end:ten_points` → `ten_points`, `flow-ended` → `flow`, `end-game` → `end game`. */
export function endReasonWords(reason: string): string {
  if (reason === 'flow-ended') return 'flow';
  if (reason === 'end-game') return 'end game';
  return reason.replace(/^end:/, '').replace(/@.*$/, '');
}
