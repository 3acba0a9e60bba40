import type { Diagnostic, DiagnosticCode, Provenance } from '@houserules/schema';
import type { Game } from './game.ts';

/**
 * Run errors: a rule's mistake at run time (too few tokens, a site of the wrong kind…)
 * is a diagnostic, never an exception. The first one is kept, named by the rule, action
 * or ask running then, and the game stops.
 */

/** an engine diagnostic (an error); its code is a registered one (`@houserules/schema`'s registry), or this does not type-check */
export function runError(code: DiagnosticCode, message: string, hint?: string): Diagnostic {
  return hint === undefined ? { code, severity: 'error', message } : { code, severity: 'error', message, hint };
}

/** an engine warning (the game goes on) */
export function runWarning(code: DiagnosticCode, message: string): Diagnostic {
  return { code, severity: 'warning', message };
}

/** reports a run error; the game stops. Returns -1 so slot computations can bail out. */
export function fail(this: Game, code: DiagnosticCode, message: string, hint?: string): number {
  if (this.err === null) {
    const err = runError(code, message, hint);
    this.err = err;
    placeError(this, err);
    this.diagnostics.push(err);
  }
  this.halt = true;
  return -1;
}

/**
 * A run error without a place of its own gets the rule, action or ask running
 * when it happened: its source range (so a code frame shows it) and a related
 * line naming it as the author wrote it (`in rule \`share_treasure\``).
 */
export function placeError(g: Game, err: Diagnostic): void {
  if (err.range !== undefined) return;
  const graph = g.lg.graph;
  let node: { name: string; provenance: Provenance } | undefined;
  let what = 'rule';
  if (g.placeAction >= 0) {
    const id = g.lg.actions[g.placeAction]?.id;
    node = graph.actions.find((a) => a.id === id);
    what = 'action';
  } else {
    const ruleId = g.placeRule >= 0 ? g.lg.rules[g.placeRule]?.id : g.placeAsk >= 0 ? g.lg.asks[g.placeAsk]?.id.replace(/\/[^/]*$/, '') : undefined;
    node = ruleId === undefined ? undefined : graph.rules.find((r) => r.id === ruleId);
  }
  if (node === undefined) return;
  err.file = node.provenance.file;
  err.range = node.provenance.range;
  err.related = [...(err.related ?? []), { message: `in ${what} \`${node.name}\`` }];
}
