import { printable, type Diagnostic } from '@houserules/schema';
import type { GameFailure } from '@houserules/simulation';
import { renderDiagnostic, type SourceLookup } from '../code-frame.ts';

export interface RunErrorContext {
  displayPath: (file: string) => string;
  source: SourceLookup;
  color: boolean;
  /** The command line that plays game `game` again and prints it. */
  replayCommand: (game: number) => string;
}

/**
 * The first games a run error stopped, each in full: the error with the place
 * it happened (the rule, action or ask, its code frame), the game number and
 * seed, and the command that replays that game.
 */
export function formatRunErrors(failed: readonly GameFailure[], total: number, cx: RunErrorContext): string {
  if (failed.length === 0) return '';
  let out = `\n${failed.length === total ? `the ${total === 1 ? 'game' : `${total} games`}` : `the first ${failed.length} of ${total} games`} stopped on a run error:\n`;
  for (const f of failed) {
    const d: Diagnostic = {
      code: f.code,
      severity: 'error',
      message: f.message,
      ...(f.file !== undefined ? { file: f.file } : {}),
      ...(f.range !== undefined ? { range: f.range } : {}),
      ...(f.hint !== undefined ? { hint: f.hint } : {}),
      ...(f.place !== undefined ? { related: [{ message: f.place }] } : {}),
    };
    out += `\ngame ${f.game} (seed ${f.seed}):\n`;
    out += renderDiagnostic(d, { displayPath: cx.displayPath, source: cx.source, color: cx.color }) + '\n';
    out += `  replay it: ${printable(cx.replayCommand(f.game))}\n`;
  }
  return out;
}
