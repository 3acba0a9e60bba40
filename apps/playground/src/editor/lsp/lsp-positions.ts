// Positions converted in one place: LSP is 0-based (line, UTF-16 character), Monaco 1-based (line, column) with an
// exclusive end. Both count UTF-16 code units along a line, so the conversion is a shift by one.
import type { IPosition, IRange } from 'monaco-editor/editor';
import type { Position, Range } from 'vscode-languageserver-protocol';

export const toLspPosition = (p: IPosition): Position => ({ line: p.lineNumber - 1, character: p.column - 1 });

export const toMonacoPosition = (p: Position): IPosition => ({ lineNumber: p.line + 1, column: p.character + 1 });

export const toLspRange = (r: IRange): Range => ({
  start: { line: r.startLineNumber - 1, character: r.startColumn - 1 },
  end: { line: r.endLineNumber - 1, character: r.endColumn - 1 },
});

export const toMonacoRange = (r: Range): IRange => ({
  startLineNumber: r.start.line + 1,
  startColumn: r.start.character + 1,
  endLineNumber: r.end.line + 1,
  endColumn: r.end.character + 1,
});
