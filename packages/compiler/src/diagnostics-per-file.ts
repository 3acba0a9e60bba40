import type { Diagnostic } from '@houserules/schema';
import { MAX_DIAGNOSTICS_PER_FILE } from './budgets.ts';

/**
 * The first MAX_DIAGNOSTICS_PER_FILE diagnostics of each file, in order, and
 * for a file that had more, one `limit/diagnostics` counting the rest (an
 * error when any of them was). Linear in the number of diagnostics.
 */
export function limitPerFile(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const shown = new Map<string, number>();
  const dropped = new Map<string, { count: number; errors: boolean; first: Diagnostic }>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const file = d.file ?? '';
    const n = shown.get(file) ?? 0;
    if (n < MAX_DIAGNOSTICS_PER_FILE) {
      shown.set(file, n + 1);
      out.push(d);
      continue;
    }
    const rest = dropped.get(file);
    if (rest === undefined) dropped.set(file, { count: 1, errors: d.severity === 'error', first: d });
    else {
      rest.count++;
      rest.errors ||= d.severity === 'error';
    }
  }
  for (const [file, rest] of dropped) {
    const d: Diagnostic = {
      code: 'limit/diagnostics',
      severity: rest.errors ? 'error' : 'warning',
      message: `${rest.count} more diagnostic${rest.count === 1 ? '' : 's'} in this file ${rest.count === 1 ? 'is' : 'are'} not shown (at most ${MAX_DIAGNOSTICS_PER_FILE} a file)`,
      hint: 'fix the first ones: later ones often follow from them',
    };
    if (file !== '') d.file = file;
    if (rest.first.range !== undefined) d.range = rest.first.range;
    out.push(d);
  }
  return out;
}
