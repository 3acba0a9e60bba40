/**
 * What the grammar accepts at a cursor: the keywords that may stand there,
 * whether a name may, and the grammar rules being parsed — for completion.
 * Asked of the one parser's own grammar (chevrotain's content assist), for the
 * top-level item the cursor is in, so it is exact wherever that item is well
 * formed up to the cursor; after a mistake earlier in the item it knows nothing.
 */

import type { IToken, TokenType } from 'chevrotain';
import { lex } from './lexer.ts';
import { splitChunks } from './parse.ts';
import { rulesParser } from './parser.ts';
import { HARD_KEYWORDS, ITEM_KEYWORDS, keywordsBySpelling, kw, Name } from './tokens.ts';

export interface Expectation {
  /** keywords (hard and soft) that may come next, in grammar order, each once */
  keywords: string[];
  /** whether a name (an identifier or any soft keyword used as one) may come next */
  name: boolean;
  /** other tokens that may come next, by label: `a number`, `a string`, `` `{` ``… */
  others: string[];
  /** for each way to continue, the grammar rules being parsed, outermost first (`chunk`, `item`, `ruleDecl`, `block`, `statement`, …) */
  ruleStacks: string[][];
  /** the word the cursor is in or just after (what completion replaces), and where it starts */
  prefix: string;
  prefixStart: number;
  /** the tokens of the item before the prefix (what the grammar was fed) */
  before: readonly IToken[];
  /** false when the item is not well formed before the cursor (the grammar could not follow it) */
  known: boolean;
}

const hard = new Set<string>(HARD_KEYWORDS);
const itemKeywords = new Set<TokenType>(ITEM_KEYWORDS.map((w) => kw[w]));
/** A cap on what the grammar is fed: content assist walks every path, and an item this long is not being typed token by token. */
const MAX_ASSIST_TOKENS = 400;

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** The word that ends at `offset` (empty when the cursor follows no word character). */
export function wordBefore(text: string, offset: number): { prefix: string; start: number } {
  let start = offset;
  while (start > 0 && isWordChar(text.charCodeAt(start - 1))) start--;
  return { prefix: text.slice(start, offset), start };
}

export function expectedAt(text: string, offset: number): Expectation {
  const at = Math.max(0, Math.min(offset, text.length));
  const { prefix, start } = wordBefore(text, at);
  const empty: Expectation = { keywords: [], name: false, others: [], ruleStacks: [], prefix, prefixStart: start, before: [], known: false };
  try {
    const tokens = lex(text).tokens;
    // the tokens that end before the prefix
    let n = 0;
    while (n < tokens.length && tokens[n]!.startOffset + tokens[n]!.image.length <= start) n++;
    // a cursor inside a string or a comment gets nothing
    if (n < tokens.length && tokens[n]!.startOffset < start) return empty;
    const preceding = tokens.slice(0, n);
    const chunks = splitChunks(preceding);
    const last = chunks[chunks.length - 1];
    let chunkTokens: IToken[] = last ? preceding.slice(last.start, last.end) : [];
    if (chunkTokens.length > 0 && !itemKeywords.has(chunkTokens[0]!.tokenType)) return { ...empty, before: chunkTokens };
    if (chunkTokens.length > MAX_ASSIST_TOKENS) return { ...empty, before: chunkTokens };
    // the prefix itself may start a new item: the grammar then continues the previous one, or starts one
    const paths = rulesParser().computeContentAssist('chunk', chunkTokens);
    const keywords: string[] = [];
    const others: string[] = [];
    const ruleStacks: string[][] = [];
    let name = false;
    const seen = new Set<string>();
    for (const path of paths) {
      const type = path.nextTokenType;
      ruleStacks.push(path.ruleStack);
      const word = keywordName(type);
      if (word !== undefined) {
        if (!seen.has(word)) {
          seen.add(word);
          keywords.push(word);
        }
        // a soft keyword is also a name
        if (!hard.has(word) && (type.CATEGORIES ?? []).includes(Name)) continue;
      } else if (type === Name || (type.CATEGORIES ?? []).includes(Name)) {
        name = true;
      } else {
        const label = type.LABEL ?? type.name;
        if (!others.includes(label)) others.push(label);
      }
    }
    // an empty file or the end of an item: any item may start
    if (chunkTokens.length === 0) chunkTokens = [];
    return { keywords, name, others, ruleStacks, prefix, prefixStart: start, before: chunkTokens, known: paths.length > 0 || chunkTokens.length === 0 };
  } catch {
    return empty;
  }
}

function keywordName(type: TokenType): string | undefined {
  const name = type.name;
  if (!name.startsWith('Kw_')) return undefined;
  const word = name.slice(3);
  return keywordsBySpelling.get(word) === type ? word : undefined;
}
