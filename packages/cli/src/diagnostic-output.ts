import { relative } from 'node:path';
import type { Diagnostic } from '@houserules/schema';
import type { CliIo, OutputStream } from './cli-io.ts';
import { renderDiagnostic } from './code-frame.ts';
import { LineIndexCache } from './line-index.ts';

/** A path as the reader typed it: relative to the working directory when inside it. */
export function displayPath(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith('/') ? rel : file;
}

/** Diagnostics with their file made relative, for JSON output. */
export function diagnosticsForJson(cwd: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => ({
    ...d,
    ...(d.file !== undefined ? { file: displayPath(cwd, d.file) } : {}),
    ...(d.related ? { related: d.related.map((r) => (r.file !== undefined ? { ...r, file: displayPath(cwd, r.file) } : r)) } : {}),
  }));
}

export function writeDiagnostics(
  io: CliIo,
  out: OutputStream,
  diagnostics: readonly Diagnostic[],
  source: (file: string) => string | undefined,
): void {
  const lines = new LineIndexCache(source);
  for (const d of diagnostics) {
    out.write(renderDiagnostic(d, { displayPath: (f) => displayPath(io.cwd, f), source, color: io.color ?? false, lines }) + '\n');
  }
}

/** The same diagnostic reported through two scenarios (a shared base module) is shown once. */
export function dedupeDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const key = `${d.code}|${d.file ?? ''}|${d.range?.start.offset ?? ''}|${d.range?.end.offset ?? ''}|${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
