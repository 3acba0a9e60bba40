/**
 * `tokenize(text)`: every token with its kind and range, comments included,
 * in source order — what an editor needs for highlighting.
 */

import type { Diagnostic, Range, Result } from '@houserules/schema';
import { lex } from './lexer.ts';
import { tokenRange } from './range.ts';
import { BinaryOp, Dice, HARD_KEYWORDS, Integer, Name, PrefixOp, StringLiteral, keywordsBySpelling } from './tokens.ts';
import type { IToken, TokenType } from 'chevrotain';

export type SourceTokenKind = 'keyword' | 'soft-keyword' | 'name' | 'number' | 'dice' | 'string' | 'comment' | 'operator' | 'punctuation';

export interface SourceToken {
  kind: SourceTokenKind;
  text: string;
  range: Range;
}

const hardKeywords = new Set<string>(HARD_KEYWORDS);

function kindOf(token: IToken): SourceTokenKind {
  const type: TokenType = token.tokenType;
  if (keywordsBySpelling.get(token.image) === type) return hardKeywords.has(token.image) ? 'keyword' : 'soft-keyword';
  if (type === Integer) return 'number';
  if (type === Dice) return 'dice';
  if (type === StringLiteral) return 'string';
  const categories = type.CATEGORIES ?? [];
  if (categories.includes(Name)) return 'name';
  if (categories.includes(BinaryOp) || categories.includes(PrefixOp)) return 'operator';
  return type.name === 'Equals' || type.name === 'Pipe' ? 'operator' : 'punctuation';
}

export function tokenize(text: string, file?: string): Result<SourceToken[]> {
  try {
    const lexed = lex(text, file);
    const out: SourceToken[] = [];
    for (const t of lexed.tokens) out.push({ kind: kindOf(t), text: t.image, range: tokenRange(t) });
    for (const c of lexed.comments) out.push({ kind: 'comment', text: c.image, range: tokenRange(c) });
    out.sort((a, b) => a.range.start.offset - b.range.start.offset);
    return { value: out, diagnostics: lexed.diagnostics };
  } catch (error) {
    const d: Diagnostic = {
      code: 'parse/internal-error',
      severity: 'error',
      message: `the lexer failed on this file: ${error instanceof Error ? error.message : String(error)}`,
    };
    if (file !== undefined) d.file = file;
    return { value: [], diagnostics: [d] };
  }
}
