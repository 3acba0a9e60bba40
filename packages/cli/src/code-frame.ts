import { printable, type Diagnostic, type Range } from '@houserules/schema';
import { MAX_FRAME_LINE } from './cli-budgets.ts';
import { LineIndexCache, type LineIndex } from './line-index.ts';

/** Reads a file's text for the frame; undefined when it cannot be read. */
export type SourceLookup = (file: string) => string | undefined;

export interface FrameOptions {
  /** Turns a diagnostic's file into what the reader sees (usually a path relative to the cwd). */
  displayPath: (file: string) => string;
  source: SourceLookup;
  color: boolean;
  /** Line indexes shared by the diagnostics of one run (one per file); made per call when absent. */
  lines?: LineIndexCache;
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
 *
 * Every text that may come from a user file (message, hint, notes, paths,
 * source lines) is shown with its control characters escaped (`printable`).
 */
export function renderDiagnostic(d: Diagnostic, options: FrameOptions): string {
  const { color } = options;
  const lines: string[] = [];
  const frames = options.lines ?? new LineIndexCache(options.source);
  const severityColor = d.severity === 'error' ? ANSI.red : d.severity === 'warning' ? ANSI.yellow : ANSI.cyan;
  lines.push(`${paint(color, ANSI.bold + severityColor, `${d.severity}[${printable(d.code)}]`)}${paint(color, ANSI.bold, `: ${printable(d.message)}`)}`);

  const frame = d.file !== undefined && d.range !== undefined ? sourceFrame(frames.get(d.file), d.range, options, severityColor) : null;
  const gutterWidth = frame?.gutterWidth ?? 1;
  const pad = ' '.repeat(gutterWidth);
  const bar = paint(color, ANSI.blue, '|');
  if (d.file !== undefined) {
    lines.push(`${pad}${paint(color, ANSI.blue, '-->')} ${location(d.file, d.range, options)}`);
  }
  if (frame) for (const l of frame.lines) lines.push(l);
  if (d.hint !== undefined) lines.push(`${pad} ${paint(color, ANSI.blue, '=')} ${paint(color, ANSI.bold, 'hint')}: ${printable(d.hint)}`);
  for (const rel of d.related ?? []) {
    lines.push(`${pad} ${paint(color, ANSI.blue, '=')} ${paint(color, ANSI.bold, 'note')}: ${printable(rel.message)}`);
    // A note with neither file nor range is a line of its own (`in rule x`): no location to repeat.
    const file = rel.file ?? (rel.range !== undefined ? d.file : undefined);
    if (file !== undefined) {
      lines.push(`${pad}   ${paint(color, ANSI.blue, '-->')} ${location(file, rel.range, options)}`);
      if (rel.range) {
        const relFrame = sourceFrame(frames.get(file), rel.range, options, ANSI.blue, gutterWidth);
        if (relFrame) for (const l of relFrame.lines) lines.push(l);
      }
    }
  }
  if (frame === null && d.file !== undefined && d.range === undefined) lines.push(`${pad} ${bar}`);
  return lines.join('\n') + '\n';
}

function location(file: string, range: Range | undefined, options: FrameOptions): string {
  const path = printable(options.displayPath(file));
  return range ? `${path}:${range.start.line}:${range.start.column}` : path;
}

/** How many of the characters a frame shows precede the span. */
const FRAME_CONTEXT = 60;

/** The offending line with a `^^^` underline under the exact span (to the line's end for a multi-line span). */
function sourceFrame(
  index: LineIndex | undefined,
  range: Range,
  options: FrameOptions,
  underlineColor: string,
  minGutter = 1,
): { lines: string[]; gutterWidth: number } | null {
  const lineText = index?.line(range.start.line);
  if (lineText === undefined) return null;
  const gutterWidth = Math.max(minGutter, String(range.start.line).length);
  const pad = ' '.repeat(gutterWidth);
  const { color } = options;
  const bar = paint(color, ANSI.blue, '|');
  // Tabs become single spaces so that columns (counted in characters) stay aligned;
  // other control characters are escaped, and the underline moves with them.
  const whole = lineText.replace(/\t/g, ' ');
  const wholeStart = Math.max(1, Math.min(range.start.column, whole.length + 1));
  const wholeEnd = Math.max(wholeStart + 1, Math.min(range.end.line === range.start.line ? range.end.column : whole.length + 1, whole.length + 1));
  // A long line is shown as a window around the span, so a frame stays one screen line
  // (a 1 MB line with thousands of diagnostics must not print it thousands of times).
  const from = whole.length <= MAX_FRAME_LINE ? 0 : Math.max(0, Math.min(wholeStart - 1 - FRAME_CONTEXT, whole.length - MAX_FRAME_LINE));
  const to = Math.min(whole.length, from + MAX_FRAME_LINE);
  const line = `${from > 0 ? '…' : ''}${whole.slice(from, to)}${to < whole.length ? '…' : ''}`;
  const shift = from > 0 ? 1 - from : 0;
  const startCol = wholeStart + shift;
  const endCol = Math.min(wholeEnd + shift, line.length + 1);
  const before = printable(line.slice(0, startCol - 1));
  const under = printable(line.slice(startCol - 1, Math.max(startCol, endCol - 1)));
  const lineNo = String(range.start.line).padStart(gutterWidth);
  return {
    gutterWidth,
    lines: [
      `${pad} ${bar}`,
      `${paint(color, ANSI.blue, lineNo)} ${bar} ${printable(line)}`,
      `${pad} ${bar} ${' '.repeat(before.length)}${paint(color, underlineColor, '^'.repeat(Math.max(1, under.length)))}`,
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
