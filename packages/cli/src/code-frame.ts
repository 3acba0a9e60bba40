import type { Diagnostic, Range } from '@houserules/schema';

/** Reads a file's text for the frame; undefined when it cannot be read. */
export type SourceLookup = (file: string) => string | undefined;

export interface FrameOptions {
  /** Turns a diagnostic's file into what the reader sees (usually a path relative to the cwd). */
  displayPath: (file: string) => string;
  source: SourceLookup;
  color: boolean;
}

const ANSI = {
  red: '\u001b[31m',
  yellow: '\u001b[33m',
  blue: '\u001b[34m',
  cyan: '\u001b[36m',
  bold: '\u001b[1m',
  reset: '\u001b[0m',
};

function paint(on: boolean, code: string, text: string): string {
  return on ? `${code}${text}${ANSI.reset}` : text;
}

/**
 * Renders a diagnostic rustc/Elm-style:
 *
 * ```
 * error[resolve/unknown-name]: unknown name `fo`
 *   --> scenarios/x/x.rules:12:7
 *    |
 * 12 |   set fo = 3
 *    |       ^^
 *    = hint: did you mean `foo`?
 *    = note: `foo` is declared here
 *      --> scenarios/x/x.rules:3:5
 * ```
 */
export function renderDiagnostic(d: Diagnostic, options: FrameOptions): string {
  const { color } = options;
  const severityColor = d.severity === 'error' ? ANSI.red : d.severity === 'warning' ? ANSI.yellow : ANSI.cyan;
  const lines: string[] = [];
  lines.push(`${paint(color, ANSI.bold + severityColor, `${d.severity}[${d.code}]`)}${paint(color, ANSI.bold, `: ${d.message}`)}`);

  const frame = d.file !== undefined && d.range !== undefined ? sourceFrame(d.file, d.range, options, severityColor) : null;
  const gutterWidth = frame?.gutterWidth ?? 1;
  const pad = ' '.repeat(gutterWidth);
  const bar = paint(color, ANSI.blue, '|');
  if (d.file !== undefined) {
    lines.push(`${pad}${paint(color, ANSI.blue, '-->')} ${location(d.file, d.range, options)}`);
  }
  if (frame) lines.push(...frame.lines);
  if (d.hint !== undefined) lines.push(`${pad} ${paint(color, ANSI.blue, '=')} ${paint(color, ANSI.bold, 'hint')}: ${d.hint}`);
  for (const rel of d.related ?? []) {
    lines.push(`${pad} ${paint(color, ANSI.blue, '=')} ${paint(color, ANSI.bold, 'note')}: ${rel.message}`);
    const file = rel.file ?? d.file;
    if (file !== undefined) {
      lines.push(`${pad}   ${paint(color, ANSI.blue, '-->')} ${location(file, rel.range, options)}`);
      if (rel.range) {
        const relFrame = sourceFrame(file, rel.range, options, ANSI.blue, gutterWidth);
        if (relFrame) lines.push(...relFrame.lines);
      }
    }
  }
  if (frame === null && d.file !== undefined && d.range === undefined) lines.push(`${pad} ${bar}`);
  return lines.join('\n') + '\n';
}

function location(file: string, range: Range | undefined, options: FrameOptions): string {
  const path = options.displayPath(file);
  return range ? `${path}:${range.start.line}:${range.start.column}` : path;
}

/** The offending line with a `^^^` underline under the exact span (to the line's end for a multi-line span). */
function sourceFrame(
  file: string,
  range: Range,
  options: FrameOptions,
  underlineColor: string,
  minGutter = 1,
): { lines: string[]; gutterWidth: number } | null {
  const text = options.source(file);
  if (text === undefined) return null;
  const sourceLines = text.split(/\r?\n/);
  const lineText = sourceLines[range.start.line - 1];
  if (lineText === undefined) return null;
  const gutterWidth = Math.max(minGutter, String(range.start.line).length);
  const pad = ' '.repeat(gutterWidth);
  const { color } = options;
  const bar = paint(color, ANSI.blue, '|');
  // Tabs become single spaces so that columns (counted in characters) stay aligned.
  const shown = lineText.replace(/\t/g, ' ');
  const startCol = Math.max(1, Math.min(range.start.column, shown.length + 1));
  const endCol = range.end.line === range.start.line ? range.end.column : shown.length + 1;
  const width = Math.max(1, endCol - startCol);
  const lineNo = String(range.start.line).padStart(gutterWidth);
  return {
    gutterWidth,
    lines: [
      `${pad} ${bar}`,
      `${paint(color, ANSI.blue, lineNo)} ${bar} ${shown}`,
      `${pad} ${bar} ${' '.repeat(startCol - 1)}${paint(color, underlineColor, '^'.repeat(width))}`,
    ],
  };
}

export function countBySeverity(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
  }
  return { errors, warnings };
}
