import type { Diagnostic, Range } from '@houserules/schema';
import { MISSING_NAME } from '@houserules/syntax';

const PLACEHOLDER = `\`${MISSING_NAME}\``;

export type Related = NonNullable<Diagnostic['related']>;

/**
 * Thrown by a sink with an error budget when one more error is reported: the
 * compilation stops there (see `compile.ts`), since each error costs work
 * proportional to the scenario (suggestions, lists in hints) and 20,000 of
 * them would make compiling quadratic. Only the first diagnostics of a file
 * are shown anyway (MAX_DIAGNOSTICS_PER_FILE).
 */
export class DiagnosticOverflow extends Error {
  constructor(readonly budget: number) {
    super(`more than ${budget} errors`);
  }
}

/** Collects the diagnostics of one compilation, in the order they were found. */
export class DiagnosticSink {
  readonly list: Diagnostic[] = [];
  private errorsLeft: number;

  /** `errorBudget`: errors this sink accepts through `error`/`add` before it throws DiagnosticOverflow (none by default). */
  constructor(readonly errorBudget = Number.POSITIVE_INFINITY) {
    this.errorsLeft = errorBudget;
  }

  error(code: string, message: string, file: string | undefined, range: Range | undefined, hint?: string, related?: Related): void {
    this.add('error', code, message, file, range, hint, related);
  }

  warning(code: string, message: string, file: string | undefined, range: Range | undefined, hint?: string, related?: Related): void {
    this.add('warning', code, message, file, range, hint, related);
  }

  add(severity: Diagnostic['severity'], code: string, message: string, file: string | undefined, range: Range | undefined, hint?: string, related?: Related): void {
    // A name the parser made up while recovering never reaches a message: the parse error already says what is missing.
    if (message.includes(PLACEHOLDER)) return;
    if (hint?.includes(PLACEHOLDER)) hint = undefined;
    const d: Diagnostic = { code, severity, message };
    if (file !== undefined) d.file = file;
    if (range !== undefined) d.range = range;
    if (hint !== undefined) d.hint = hint;
    if (related !== undefined && related.length > 0) d.related = related;
    if (severity === 'error' && --this.errorsLeft < 0) throw new DiagnosticOverflow(this.errorBudget);
    this.list.push(d);
  }

  /** Appends a list of any length (no argument spread: 130,000 diagnostics must not overflow the stack). */
  pushAll(diagnostics: readonly Diagnostic[]): void {
    for (const d of diagnostics) this.list.push(d);
  }

  get hasErrors(): boolean {
    return this.list.some((d) => d.severity === 'error');
  }
}
