/**
 * The lexer: the scanner of scan-tokens.ts, plus the pass that turns lexical
 * mistakes into diagnostics and repairs the token so the parser can go on (an
 * unterminated string still reads as a string).
 */

import type { IToken } from 'chevrotain';
import { MAX_NUMBER, type Diagnostic } from '@houserules/schema';
import {
  BadNumber,
  BlockComment,
  Identifier,
  Integer,
  keywordsBySpelling,
  LineComment,
  StringLiteral,
  UnterminatedComment,
  UnterminatedString,
} from './tokens.ts';
import { tokenRange, rangeAt } from './range.ts';
import { scanTokens } from './scan-tokens.ts';

export interface LexResult {
  tokens: IToken[];
  comments: IToken[];
  diagnostics: Diagnostic[];
}

/** Largest number literal: the language's numbers are -2^29 to 2^29 - 1 (docs/language.md, "Numbers"). */
const MAX_INTEGER = MAX_NUMBER;

export function lex(text: string, file?: string): LexResult {
  const result = scanTokens(text);
  const diagnostics: Diagnostic[] = [];
  const at = (d: Diagnostic): void => {
    if (file !== undefined) d.file = file;
    diagnostics.push(d);
  };

  for (const error of result.errors) {
    const shown = text.slice(error.offset, error.offset + Math.min(error.length, 20));
    at({
      code: 'parse/unexpected-character',
      severity: 'error',
      message: `unexpected character${error.length > 1 ? 's' : ''} \`${shown}\``,
      range: rangeAt(text, error.offset, error.offset + error.length, error.line, error.column),
      hint: 'names use letters, digits and `_`; strings are written in double quotes',
    });
  }

  for (const token of result.tokens) {
    const type = token.tokenType;
    if (type === Identifier) {
      const keyword = keywordsBySpelling.get(token.image);
      if (keyword !== undefined) {
        token.tokenType = keyword;
        token.tokenTypeIdx = keyword.tokenTypeIdx!;
      }
    } else if (type === StringLiteral) {
      checkEscapes(token, at);
    } else if (type === UnterminatedString) {
      at({
        code: 'parse/unterminated-string',
        severity: 'error',
        message: 'this string has no closing `"` on its line',
        range: tokenRange(token),
        hint: 'close the string with `"`; a string cannot span lines',
      });
      checkEscapes(token, at);
      token.tokenType = StringLiteral;
      token.tokenTypeIdx = StringLiteral.tokenTypeIdx!;
    } else if (type === BadNumber) {
      at({
        code: 'parse/invalid-number',
        severity: 'error',
        message: `\`${token.image}\` is not a number`,
        range: tokenRange(token),
        hint: token.image.includes('.')
          ? 'numbers are whole numbers; write `1..5` for a range'
          : 'a name cannot start with a digit',
      });
      token.tokenType = Integer;
      token.tokenTypeIdx = Integer.tokenTypeIdx!;
    } else if (type === Integer && !(Number(token.image) <= MAX_INTEGER)) {
      at({
        code: 'parse/invalid-number',
        severity: 'error',
        message: `\`${token.image.length > 30 ? `${token.image.slice(0, 30)}…` : token.image}\` is too large a number`,
        range: tokenRange(token),
        hint: `the language's numbers go from ${-MAX_INTEGER - 1} to ${MAX_INTEGER}`,
      });
    }
  }

  const comments = result.comments;
  for (const comment of comments) {
    if (comment.tokenType === UnterminatedComment) {
      at({
        code: 'parse/unterminated-comment',
        severity: 'error',
        message: 'this comment has no closing `*/`',
        range: tokenRange(comment),
        hint: 'close the comment with `*/`',
      });
    }
  }

  return { tokens: result.tokens, comments, diagnostics };
}

function checkEscapes(token: IToken, at: (d: Diagnostic) => void): void {
  const image = token.image;
  for (let i = 1; i < image.length; i++) {
    if (image[i] !== '\\') continue;
    const next = image[i + 1];
    if (next !== '"' && next !== '\\') {
      const start = token.startOffset + i;
      at({
        code: 'parse/invalid-escape',
        severity: 'error',
        message: next === undefined ? 'a `\\` ends this string' : `\`\\${next}\` is not an escape the language knows`,
        range: rangeAt(undefined, start, start + (next === undefined ? 1 : 2), token.startLine, (token.startColumn ?? 1) + i),
        hint: 'inside a string, write `\\"` for a quote and `\\\\` for a backslash',
      });
    }
    i++;
  }
}

/** The text a string token stands for: quotes removed, `\"` and `\\` unescaped (a closing quote may be missing). */
export function decodeString(image: string): string {
  let value = '';
  for (let i = 1; i < image.length; i++) {
    const c = image[i]!;
    if (c === '\\') {
      value += image[i + 1] ?? '';
      i++;
    } else if (c === '"') {
      break;
    } else {
      value += c;
    }
  }
  return value;
}

export function isComment(token: IToken): boolean {
  return token.tokenType === LineComment || token.tokenType === BlockComment || token.tokenType === UnterminatedComment;
}
