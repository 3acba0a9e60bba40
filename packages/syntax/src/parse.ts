/**
 * `parse(text)`: lex, split the token stream into top-level chunks, parse each
 * chunk with the one parser instance, build the AST, and turn every lexing and
 * parsing error into a diagnostic. Never throws.
 *
 * Why chunks: every top-level item starts with a hard keyword, so cutting the
 * stream at those keywords (outside braces and parentheses) re-synchronises
 * after any mistake, and a mistake in one item never hides the next.
 */

import type { IRecognitionException, IToken, TokenType } from 'chevrotain';
import type { Diagnostic, Range, Result } from '@houserules/schema';
import type { RulesFile } from './ast.ts';
import { MAX_NESTING } from './budgets.ts';
import { AstBuilder } from './cst-to-ast.ts';
import { firstTooDeep } from './nesting-depth.ts';
import { lex } from './lexer.ts';
import { rulesParser } from './parser.ts';
import { rangeAfter, rangeAt, tokenRange } from './range.ts';
import {
  Colon,
  Dot,
  HARD_KEYWORDS,
  ITEM_KEYWORDS,
  kw,
  LBracket,
  LCurly,
  LParen,
  Pipe,
  RBracket,
  RCurly,
  RParen,
  soft,
} from './tokens.ts';

const itemStartTypes = new Set<TokenType>(ITEM_KEYWORDS.map((w) => kw[w]));
const hardKeywordImages = new Set<string>(HARD_KEYWORDS);

export function parse(text: string, file?: string): Result<RulesFile> {
  try {
    return parseUnguarded(text, file);
  } catch (error) {
    // Unreachable in practice (the fuzz tests hunt for it); kept so a parser bug never takes the caller down.
    const diagnostic: Diagnostic = {
      code: 'parse/internal-error',
      severity: 'error',
      message: `the parser failed on this file: ${error instanceof Error ? error.message : String(error)}`,
      hint: 'this is a bug in houserules; please report it with the file',
    };
    if (file !== undefined) diagnostic.file = file;
    return { value: emptyFile(typeof text === 'string' ? text : ''), diagnostics: [diagnostic] };
  }
}

function endPosition(text: string): Range['end'] {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset: text.length, line, column: text.length - lineStart + 1 };
}

function emptyFile(text: string): RulesFile {
  return { $type: 'RulesFile', items: [], range: { start: { offset: 0, line: 1, column: 1 }, end: endPosition(text) } };
}

function parseUnguarded(text: string, file: string | undefined): Result<RulesFile> {
  const lexed = lex(text, file);
  const diagnostics: Diagnostic[] = [...lexed.diagnostics];
  const result = emptyFile(text);
  const builder = new AstBuilder(diagnostics, file);
  const tokens = lexed.tokens;
  const chunks = splitChunks(tokens);

  let seenItemChunk = false;
  for (const chunk of chunks) {
    const first = tokens[chunk.start];
    if (first === undefined) continue;
    if (!itemStartTypes.has(first.tokenType) && !(first.tokenType === soft.secret && (tokens[chunk.start + 1]?.tokenType === kw.pool || tokens[chunk.start + 1]?.tokenType === kw.var))) {
      diagnostics.push(withFile(expectedDeclaration(first), file));
      continue;
    }
    if (chunk.tooDeep !== undefined) {
      diagnostics.push(withFile(tooDeep(tokenRange(chunk.tooDeep)), file));
      continue;
    }
    const chunkTokens = tokens.slice(chunk.start, chunk.end);
    const itemsBefore = result.items.length;
    const diagnosticsBefore = diagnostics.length;
    const parser = rulesParser();
    try {
      parser.input = chunkTokens;
      const cst = parser.chunk();
      const next = tokens[chunk.end];
      let lastErrorOffset = -1;
      // a reserved word where a name goes (`var rule`, `let if`): one error on its line, saying so
      const reserved = parser.errors.length > 0 ? reservedNames(chunkTokens) : new Map<number, IToken>();
      const reportedLines = new Set<number>();
      for (const error of parser.errors) {
        const d = recognitionDiagnostic(error, text, tokenBefore(chunkTokens, error.token), next, lastErrorOffset);
        if (d === undefined) continue;
        const line = d.range?.start.line ?? -1;
        const keyword = reserved.get(line);
        if (keyword !== undefined) {
          if (!reportedLines.has(line)) diagnostics.push(withFile(reservedName(keyword), file));
          reportedLines.add(line);
          continue;
        }
        lastErrorOffset = d.range?.start.offset ?? lastErrorOffset;
        diagnostics.push(withFile(d, file));
      }
      builder.addChunk(cst, result, !seenItemChunk);
    } catch (error) {
      // Nesting without brackets (`not not not …`, a long `else if` chain) can still
      // exhaust the stack of the recursive-descent parser: the item is too deep.
      if (!(error instanceof RangeError)) throw error;
      result.items.length = itemsBefore;
      diagnostics.length = diagnosticsBefore;
      diagnostics.push(withFile(tooDeep(tokenRange(first)), file));
      continue;
    }
    seenItemChunk = true;
    // Every later phase walks the AST recursively: an item nested beyond the budget is reported, not kept.
    for (let i = itemsBefore; i < result.items.length; i++) {
      const deep = firstTooDeep(result.items[i]!, MAX_NESTING);
      if (deep === undefined) continue;
      diagnostics.push(withFile(tooDeep(deep.range ?? result.items[i]!.range), file));
      result.items.splice(i, 1);
      i--;
    }
  }

  diagnostics.sort((a, b) => (a.range?.start.offset ?? 0) - (b.range?.start.offset ?? 0));
  return { value: result, diagnostics };
}

function tooDeep(range: Range): Diagnostic {
  return {
    code: 'parse/too-deeply-nested',
    severity: 'error',
    message: `this declaration nests more than ${MAX_NESTING} deep (brackets, blocks, or operators and \`else if\` chained without brackets)`,
    range,
    hint: 'split it with `let` or `derive`, or make a long chain of conditions a list',
  };
}

/** The real token just before `token` (chevrotain's own `previousToken` is off after a re-sync). */
function tokenBefore(tokens: IToken[], token: IToken): IToken | undefined {
  if (!isRealToken(token)) return tokens[tokens.length - 1];
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (tokens[mid]!.startOffset < token.startOffset) low = mid + 1;
    else high = mid;
  }
  return tokens[low - 1];
}

function withFile(d: Diagnostic, file: string | undefined): Diagnostic {
  if (file !== undefined) d.file = file;
  return d;
}

export interface Chunk {
  start: number;
  end: number;
  /** The first bracket past MAX_NESTING: the chunk is reported, not parsed (the parser recurses per level). */
  tooDeep?: IToken;
}

/**
 * Cuts before every item keyword that stands outside braces and parentheses
 * and is not part of the previous item (`override rule`, `remove end`,
 * `at end of turn`, `limit 1 per turn`, `piece … per player`, a type `card`).
 */
export function splitChunks(tokens: IToken[]): Chunk[] {
  const chunks: Chunk[] = [];
  let chunk: Chunk = { start: 0, end: tokens.length };
  let braces = 0;
  let parens = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const type = token.tokenType;
    if (type === LCurly) {
      braces++;
      parens = 0;
    } else if (type === RCurly) {
      braces = Math.max(0, braces - 1);
      parens = 0;
    } else if (type === LParen || type === LBracket) {
      parens++;
    } else if (type === RParen || type === RBracket) {
      parens = Math.max(0, parens - 1);
    } else if (braces === 0 && parens === 0 && i > chunk.start && startsItem(tokens, i)) {
      // `secret pool …`, `secret var …`: the item starts at `secret`
      const start = (type === kw.pool || type === kw.var) && tokens[i - 1]?.tokenType === soft.secret ? i - 1 : i;
      if (start > chunk.start) {
        chunks.push({ ...chunk, end: start });
        chunk = { start, end: tokens.length };
      }
    }
    if (braces + parens > MAX_NESTING && chunk.tooDeep === undefined) chunk.tooDeep = token;
  }
  if (chunk.start < tokens.length) chunks.push(chunk);
  return chunks;
}

/** where a name goes: a declaration's, a binding's (`let x`, `for x in`, `as x`, `ask each x in`) */
const NAME_BEFORE: ReadonlySet<TokenType> = new Set([kw.let, kw.for, kw.each, soft.as]);

/** per line, a hard keyword that stands where a name goes */
function reservedNames(tokens: IToken[]): Map<number, IToken> {
  const out = new Map<number, IToken>();
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    const before = tokens[i - 1]!.tokenType;
    if (!hardKeywordImages.has(t.image) || !(NAMING_KEYWORDS.has(before) || NAME_BEFORE.has(before))) continue;
    // `for … in`, `rule … on`: the keyword that follows a name is not one
    if (before === kw.module && tokens[i - 1]!.startLine !== t.startLine) continue;
    if (!out.has(t.startLine ?? -1)) out.set(t.startLine ?? -1, t);
  }
  return out;
}

function reservedName(token: IToken): Diagnostic {
  return {
    code: 'parse/missing-token',
    severity: 'error',
    message: `\`${token.image}\` is a reserved word: it cannot name anything`,
    range: tokenRange(token),
    hint: `\`${token.image}\` is reserved: choose another name, such as \`${token.image}_\``,
  };
}

/** keywords a declaration's name follows */
const NAMING_KEYWORDS: ReadonlySet<TokenType> = new Set([kw.var, kw.pool, kw.zone, kw.card, kw.piece, kw.board, kw.event, kw.derive, kw.rule, kw.action, kw.option, kw.token, kw.tokens, kw.policy, kw.invariant, kw.module, kw.variant]);

function startsItem(tokens: IToken[], i: number): boolean {
  const type = tokens[i]!.tokenType;
  if (!itemStartTypes.has(type)) return false;
  const previous = tokens[i - 1]?.tokenType;
  if (previous === kw.override || previous === kw.remove) return false;
  // a member named like an item keyword: `c.piece`
  if (previous === Dot) return false;
  // an item keyword where a declaration's name goes (`var rule: …`): one mistake, reported as a reserved word, not a new item
  if (previous !== undefined && NAMING_KEYWORDS.has(previous)) return false;
  if (type === kw.end && previous === soft.at) return false;
  if (type === kw.card && (previous === Colon || previous === Pipe || previous === kw.of)) return false;
  if (type === kw.per) {
    const scope = tokens[i + 1]?.tokenType;
    return (scope === soft.player || scope === soft.hex || scope === soft.corner || scope === soft.edge) && tokens[i + 2]?.tokenType === LCurly;
  }
  return true;
}

// ───────────────────────────── error messages ─────────────────────────────

const DECLARATION_WORDS = 'rule, action, zone, var, pool, card, event, derive, flow, option, …';

function expectedDeclaration(token: IToken): Diagnostic {
  const found = describe(token);
  return {
    code: 'parse/expected-declaration',
    severity: 'error',
    message: `expected a declaration (${DECLARATION_WORDS}), found ${found}`,
    range: tokenRange(token),
    hint:
      token.tokenType === RCurly
        ? 'this `}` closes nothing; remove it or add the missing `{`'
        : 'at the top level a file holds declarations such as `rule name on event { … }`',
  };
}

function describe(token: IToken | undefined): string {
  if (token === undefined || token.tokenType.name === 'EOF') return 'the end of the file';
  return `\`${token.image.length > 30 ? `${token.image.slice(0, 30)}…` : token.image}\``;
}

function isRealToken(token: IToken | undefined): token is IToken {
  return token !== undefined && token.tokenType.name !== 'EOF' && !Number.isNaN(token.startOffset);
}

/** What the author wrote just before the error, e.g. `rule share_treasure on explored(c)`. */
function contextBefore(text: string, previous: IToken | undefined): { text: string; firstWord: string } | undefined {
  if (!isRealToken(previous)) return undefined;
  const end = previous.endOffset! + 1;
  const lineStart = text.lastIndexOf('\n', previous.startOffset) + 1;
  let snippet = text.slice(lineStart, end).trim();
  if (snippet.length === 0) return undefined;
  const firstWord = /^[A-Za-z_]+/.exec(snippet)?.[0] ?? '';
  if (snippet.length > 60) snippet = `…${snippet.slice(-59)}`;
  return { text: snippet, firstWord };
}

const RULE_WHAT: Record<string, string> = {
  statement: 'a statement',
  item: 'a declaration',
  flowItem: 'a flow item (`step`, `rounds`, `turns`, `phase`, `repeat`, `actions`, `if`)',
  testItem: 'a test step (`players`, `seed`, `arrange`, `advance`, `expect`, `play`, `p1 chooses …`)',
  expr: 'an expression',
  primary: 'an expression',
  typeRef: 'a type',
  typeName: 'a type',
  expectation: 'an expectation',
  timing: 'a timing (`immediately`, `during own turn`, `at end of turn`, `at end of round`)',
};

const RULE_HINT: Record<string, string> = {
  statement: 'a statement starts with move, set, let, if, for, emit, shuffle, reveal, draw, roll, pick, ask, end, place, remove or stack',
  flowItem: 'a flow item is `step`, `rounds`, `turns`, `phase`, `repeat`, `actions` or `if`',
  flowBlock: 'a flow item is `step`, `rounds`, `turns`, `phase`, `repeat`, `actions` or `if`',
  primary: 'an expression is a number, a string, a name, a call, a list `[…]` or one in parentheses',
  testDecl: 'a test step is `players`, `seed`, `variant`, `option`, `arrange`, `advance`, `p1 chooses …`, `p1 does …`, `play` or `expect`',
};

/** What a block holds, for "expected a statement or `}`". */
const BLOCK_CONTENTS: Record<string, string> = {
  block: 'a statement',
  citedBlock: 'a statement',
  flowBlock: 'a flow item',
  testDecl: 'a test step',
  perPlayerBlock: '`pool`, `var`, `zone` or `derive` (`var` only per hex, corner or edge)',
  policyDecl: 'a `prefer` line',
  variantDecl: 'a declaration',
  scenarioDecl: '`source` or `players`',
};

function recognitionDiagnostic(
  error: IRecognitionException,
  text: string,
  previous: IToken | undefined,
  nextChunkToken: IToken | undefined,
  lastErrorOffset: number,
): Diagnostic | undefined {
  const token = error.token;
  const atEnd = !isRealToken(token);
  const foundToken = atEnd ? nextChunkToken : token;
  const found = describe(foundToken);
  let range: Range;
  if (!atEnd) range = tokenRange(token);
  else if (isRealToken(nextChunkToken) && isRealToken(previous) && nextChunkToken.startLine === previous.endLine)
    range = tokenRange(nextChunkToken);
  else if (isRealToken(previous)) range = rangeAfter(previous);
  else range = rangeAt(text, text.length, text.length, 1, 1);
  if (range.start.offset <= lastErrorOffset) return undefined;
  const ruleStack = error.context?.ruleStack ?? [];
  const rule = ruleStack[ruleStack.length - 1] ?? '';
  const context = contextBefore(text, previous);
  const after = context !== undefined ? ` after \`${context.text}\`` : '';

  if (error.name === 'NotAllInputParsedException' || (rule === 'chunk' && !atEnd)) {
    return expectedDeclaration(token);
  }

  const reservedHint =
    isRealToken(foundToken) && hardKeywordImages.has(foundToken.image) && error.message.includes('a name')
      ? `\`${foundToken.image}\` is a reserved word and cannot be used as a name`
      : undefined;

  if (error.name === 'MismatchedTokenException') {
    const expected = error.message;
    const contents = BLOCK_CONTENTS[rule];
    if (expected === '`}`' && contents !== undefined && !atEnd && token.tokenType !== RCurly) {
      return {
        code: 'parse/unexpected-token',
        severity: 'error',
        message: `expected ${contents} or \`}\`${after}, found ${found}`,
        range,
        hint: RULE_HINT[contents === 'a statement' ? 'statement' : rule] ?? 'every `{` needs a matching `}`',
      };
    }
    const header =
      expected === '`{`' && context !== undefined && ITEM_KEYWORDS.includes(context.firstWord as never)
        ? ` after the ${context.firstWord} header \`${context.text}\``
        : after;
    const d: Diagnostic = {
      code: 'parse/missing-token',
      severity: 'error',
      message: `expected ${expected}${header}, found ${found}`,
      range,
    };
    const hint = reservedHint ?? (expected === '`}`' ? 'every `{` needs a matching `}`' : undefined);
    if (hint !== undefined) d.hint = hint;
    return d;
  }

  // NoViableAltException, EarlyExitException
  const options = error.message.split('|').filter((s) => s !== '');
  const what =
    RULE_WHAT[rule] ??
    (options.length === 0 ? 'more' : options.length <= 6 ? options.join(', ') : `${options.slice(0, 6).join(', ')}, …`);
  const d: Diagnostic = {
    code: 'parse/unexpected-token',
    severity: 'error',
    message: `expected ${what}${after}, found ${found}`,
    range,
  };
  const hint = reservedHint ?? RULE_HINT[rule];
  if (hint !== undefined) d.hint = hint;
  return d;
}
