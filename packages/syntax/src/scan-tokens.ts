/**
 * A hand-written scanner for the token patterns of tokens.ts. It returns what
 * chevrotain's Lexer would for `lexerTokens` (same tokens, positions, comment
 * group and error spans; a property test holds it to that), without one regex
 * match and one match array per token: lexing was a sixth of compile time.
 */

import type { IToken, TokenType } from 'chevrotain';
import {
  BadNumber,
  BlockComment,
  Colon,
  Comma,
  Dice,
  Dot,
  DotDot,
  EqEq,
  Equals,
  Greater,
  GreaterEq,
  Identifier,
  Integer,
  LBracket,
  LCurly,
  Less,
  LessEq,
  LineComment,
  LParen,
  Minus,
  NotEq,
  Percent,
  Pipe,
  Plus,
  RBracket,
  RCurly,
  RParen,
  Slash,
  Star,
  StringLiteral,
  UnterminatedComment,
  UnterminatedString,
} from './tokens.ts';

export interface ScanError {
  offset: number;
  length: number;
  line: number;
  column: number;
}

export interface ScanResult {
  tokens: IToken[];
  comments: IToken[];
  errors: ScanError[];
}

const LF = 10;
const CR = 13;

/** One-character tokens by char code. */
const SINGLE: (TokenType | undefined)[] = [];
for (const [ch, type] of [
  ['{', LCurly], ['}', RCurly], ['(', LParen], [')', RParen], ['[', LBracket], [']', RBracket], [',', Comma], [':', Colon],
  ['+', Plus], ['-', Minus], ['*', Star], ['%', Percent], ['|', Pipe],
] as const) SINGLE[ch.charCodeAt(0)] = type;

function isWhiteSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xfeff;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isWordStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}
function isWordPart(c: number): boolean {
  return isWordStart(c) || isDigit(c);
}
/** What `.` in a JavaScript regex does not match. */
function isRegexLineBreak(c: number): boolean {
  return c === LF || c === CR || c === 0x2028 || c === 0x2029;
}

/** Whether some token pattern matches at `i` (where chevrotain ends a run of unexpected characters). */
function startsToken(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (isWhiteSpace(c) || isDigit(c) || isWordStart(c) || SINGLE[c] !== undefined) return true;
  switch (c) {
    case 47: case 34: case 46: case 61: case 60: case 62: return true; // / " . = < >
    case 33: return text.charCodeAt(i + 1) === 61; // !=
    default: return false;
  }
}

/** The end of a string body starting after the opening quote at `i`; `closed` when a `"` ends it. */
function stringEnd(text: string, i: number): { end: number; closed: boolean } {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) return { end: i + 1, closed: true };
    if (c === 92) {
      if (i + 1 < n && !isRegexLineBreak(text.charCodeAt(i + 1))) {
        i += 2;
        continue;
      }
      // `\\?` of the unterminated pattern takes a trailing backslash
      return { end: i + 1, closed: false };
    }
    if (c === LF || c === CR) break;
    i++;
  }
  return { end: i, closed: false };
}

/** chevrotain's token fields, as a class: instances are smaller than object literals and all of one shape. */
class Token implements IToken {
  tokenTypeIdx: number;
  endLine: number;
  constructor(
    readonly image: string,
    readonly startOffset: number,
    readonly endOffset: number,
    readonly startLine: number,
    readonly startColumn: number,
    public endColumn: number,
    public tokenType: TokenType,
  ) {
    this.endLine = startLine;
    this.tokenTypeIdx = tokenType.tokenTypeIdx!;
  }
}

export function scanTokens(text: string): ScanResult {
  const tokens: IToken[] = [];
  const comments: IToken[] = [];
  const errors: ScanError[] = [];
  const n = text.length;
  let offset = 0;
  let line = 1;
  let column = 1;

  const push = (out: IToken[], type: TokenType, end: number): IToken => {
    const length = end - offset;
    const token: IToken = new Token(text.slice(offset, end), offset, end - 1, line, column, column + length - 1, type);
    out.push(token);
    return token;
  };

  /** Line and column after a span that may hold line breaks (chevrotain's reckoning, `\r\n` being one). */
  const advanceOver = (end: number, token: IToken | undefined): void => {
    let breaks = 0;
    let lastBreakEnd = -1;
    for (let i = offset; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === LF) {
        breaks++;
        lastBreakEnd = i;
      } else if (c === CR) {
        breaks++;
        if (i + 1 < end && text.charCodeAt(i + 1) === LF) i++;
        lastBreakEnd = i;
      }
    }
    const length = end - offset;
    if (breaks === 0) {
      column += length;
    } else {
      line += breaks;
      const lastBreakIndex = lastBreakEnd - offset;
      column = length - lastBreakIndex;
      if (token !== undefined) {
        const endsInBreak = lastBreakIndex === length - 1;
        if (!(breaks === 1 && endsInBreak)) {
          token.endLine = endsInBreak ? line - 1 : line;
          token.endColumn = endsInBreak ? column : column - 1;
        }
      }
    }
    offset = end;
  };

  const emit = (type: TokenType, end: number): void => {
    push(tokens, type, end);
    column += end - offset;
    offset = end;
  };

  while (offset < n) {
    const c = text.charCodeAt(offset);
    if (isWhiteSpace(c)) {
      let end = offset + 1;
      while (end < n && isWhiteSpace(text.charCodeAt(end))) end++;
      advanceOver(end, undefined);
      continue;
    }
    if (isWordStart(c)) {
      let end = offset + 1;
      while (end < n && isWordPart(text.charCodeAt(end))) end++;
      emit(Identifier, end);
      continue;
    }
    const single = SINGLE[c];
    if (single !== undefined) {
      emit(single, offset + 1);
      continue;
    }
    if (isDigit(c)) {
      let digitsEnd = offset + 1;
      while (digitsEnd < n && isDigit(text.charCodeAt(digitsEnd))) digitsEnd++;
      const next = text.charCodeAt(digitsEnd);
      if (next === 100 /* d */ && isDigit(text.charCodeAt(digitsEnd + 1))) {
        let end = digitsEnd + 2;
        while (end < n && isDigit(text.charCodeAt(end))) end++;
        if (!isWordPart(text.charCodeAt(end))) {
          emit(Dice, end);
          continue;
        }
      }
      if (next === 46 /* . */ && isDigit(text.charCodeAt(digitsEnd + 1))) {
        let end = digitsEnd + 2;
        while (end < n && isDigit(text.charCodeAt(end))) end++;
        emit(BadNumber, end);
        continue;
      }
      if (isWordStart(next)) {
        let end = digitsEnd + 1;
        while (end < n && isWordPart(text.charCodeAt(end))) end++;
        emit(BadNumber, end);
        continue;
      }
      emit(Integer, digitsEnd);
      continue;
    }
    const next = text.charCodeAt(offset + 1);
    switch (c) {
      case 34: { // "
        const s = stringEnd(text, offset + 1);
        emit(s.closed ? StringLiteral : UnterminatedString, s.end);
        continue;
      }
      case 47: { // /
        if (next === 47) {
          let end = offset + 2;
          while (end < n && text.charCodeAt(end) !== LF && text.charCodeAt(end) !== CR) end++;
          const token = push(comments, LineComment, end);
          advanceOver(end, token);
        } else if (next === 42) {
          const close = text.indexOf('*/', offset + 2);
          const end = close === -1 ? n : close + 2;
          const token = push(comments, close === -1 ? UnterminatedComment : BlockComment, end);
          advanceOver(end, token);
        } else {
          emit(Slash, offset + 1);
        }
        continue;
      }
      case 46: emit(next === 46 ? DotDot : Dot, next === 46 ? offset + 2 : offset + 1); continue; // .
      case 61: emit(next === 61 ? EqEq : Equals, next === 61 ? offset + 2 : offset + 1); continue; // =
      case 60: emit(next === 61 ? LessEq : Less, next === 61 ? offset + 2 : offset + 1); continue; // <
      case 62: emit(next === 61 ? GreaterEq : Greater, next === 61 ? offset + 2 : offset + 1); continue; // >
      case 33: // !
        if (next === 61) {
          emit(NotEq, offset + 2);
          continue;
        }
        break;
      default:
        break;
    }
    // No pattern matches: drop characters up to where one does, as one error.
    let end = offset + 1;
    while (end < n && !startsToken(text, end)) end++;
    errors.push({ offset, length: end - offset, line, column });
    column += end - offset;
    offset = end;
  }
  return { tokens, comments, errors };
}
