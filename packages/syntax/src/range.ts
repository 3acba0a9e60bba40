/**
 * Source ranges. chevrotain's end offsets and columns are inclusive; ours
 * (Monaco's convention) are exclusive. The conversion happens here only.
 */

import type { IToken } from 'chevrotain';
import type { Position, Range } from '@houserules/schema';

export function tokenStart(token: IToken): Position {
  return { offset: token.startOffset, line: token.startLine ?? 1, column: token.startColumn ?? 1 };
}

export function tokenEnd(token: IToken): Position {
  return { offset: (token.endOffset ?? token.startOffset) + 1, line: token.endLine ?? 1, column: (token.endColumn ?? 0) + 1 };
}

export function tokenRange(token: IToken): Range {
  return { start: tokenStart(token), end: tokenEnd(token) };
}

/** From the start of `from` to the end of `to` (or of `from`, when `to` is a placeholder that lies before it). */
export function span(from: Range, to: Range): Range {
  return { start: from.start, end: to.end.offset >= from.end.offset ? to.end : from.end };
}

/** An empty range just after a token (where something is missing). */
export function rangeAfter(token: IToken): Range {
  const end = tokenEnd(token);
  return { start: end, end };
}

/**
 * The range [start, end) given the line and column of `start`; with the text
 * at hand the end position counts line breaks, else it stays on the same line.
 */
export function rangeAt(text: string | undefined, start: number, end: number, line = 1, column = 1): Range {
  let endLine = line;
  let endColumn = column;
  for (let i = start; i < end; i++) {
    if (text !== undefined && text.charCodeAt(i) === 10) {
      endLine++;
      endColumn = 1;
    } else {
      endColumn++;
    }
  }
  return { start: { offset: start, line, column }, end: { offset: end, line: endLine, column: endColumn } };
}
