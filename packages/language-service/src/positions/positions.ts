/**
 * Positions, converted in one place. The compiler's ranges carry 0-based
 * offsets (UTF-16 code units) and 1-based lines and columns; LSP positions are
 * 0-based lines and UTF-16 characters; Monaco's are 1-based with an exclusive
 * end. Everything here goes through offsets and the document's line table, so
 * `\r\n` line ends and the compiler's own line counting never disagree.
 */

import type { Range as SourceRange } from '@houserules/schema';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver-types';

/** A text with its line table: what converts between offsets and LSP positions. */
export class LineIndex {
  private readonly doc: TextDocument;

  constructor(readonly text: string) {
    this.doc = TextDocument.create('memory:///line-index', 'rules', 0, text);
  }

  /** The offset of an LSP position, clamped into the text. */
  offsetAt(position: Position): number {
    return this.doc.offsetAt(position);
  }

  positionAt(offset: number): Position {
    return this.doc.positionAt(offset);
  }

  /** A compiler range as an LSP range (from its offsets). */
  range(range: SourceRange): Range {
    return { start: this.positionAt(range.start.offset), end: this.positionAt(range.end.offset) };
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  get lineCount(): number {
    return this.doc.lineCount;
  }
}

/** The empty range at the start of a text (a module without a header, a diagnostic without a range). */
export const START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
