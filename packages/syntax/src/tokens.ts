/**
 * Token definitions for the `.rules` language (docs/grammar.md, "Lexical").
 *
 * Hard keywords are reserved: they are their own token types and never match
 * a name. Soft keywords are token types in the `Name` category, so
 * every position that accepts a name also accepts them, while the parser can
 * still ask for a specific soft keyword by its token type. This keeps the
 * grammar LL(k) with no image checks and no gates.
 */

import { createToken, Lexer, type TokenType } from 'chevrotain';

/** Any word in a name position: the category of plain identifiers and soft keywords. */
export const Name = createToken({ name: 'Name', pattern: Lexer.NA, label: 'a name' });

/** Plain names: `[A-Za-z_][A-Za-z0-9_]*` that are not keywords. */
export const Identifier = createToken({
  name: 'Identifier',
  pattern: /[A-Za-z_][A-Za-z0-9_]*/,
  categories: [Name],
  label: 'a name',
});

export const HARD_KEYWORDS = [
  'module', 'extends', 'import', 'scenario', 'option', 'token', 'tokens', 'pool', 'var', 'per',
  'card', 'zone', 'piece', 'board', 'event', 'derive', 'flow', 'rule', 'action', 'forbid',
  'require', 'end', 'ranking', 'invariant', 'policy', 'variant', 'override', 'remove', 'test',
  'on', 'when', 'if', 'then', 'else', 'for', 'in', 'where', 'let', 'set', 'move', 'emit',
  'shuffle', 'reveal', 'draw', 'roll', 'pick', 'ask', 'each', 'choose', 'secretly', 'cite',
  'true', 'false', 'and', 'or', 'not', 'is', 'of', 'all',
] as const;

export const SOFT_KEYWORDS = [
  'source', 'players', 'unlimited', 'max', 'player', 'hidden', 'public', 'owner', 'corner',
  'edge', 'hex', 'radius', 'map', 'kinds', 'values', 'shuffled', 'except', 'region', 'list',
  'step', 'rounds', 'forever', 'turns', 'seat', 'snake', 'reverse', 'order', 'phase', 'repeat',
  'while', 'actions', 'by', 'until', 'before', 'after', 'during', 'limit', 'turn', 'reason',
  'winners', 'immediately', 'own', 'at', 'round', 'asc', 'desc', 'ties', 'shared', 'prefer',
  'from', 'to', 'top', 'bottom', 'cards', 'as', 'game', 'random', 'place', 'stack', 'seed',
  'arrange', 'advance', 'chooses', 'does', 'play', 'with', 'expect', 'illegal', 'over',
  'because', 'constraint', 'fix', 'dice', 'frame', 'weighted', 'spots', 'paths', 'otherwise',
  'times', 'this', 'legal', 'asked', 'options', 'sees', 'secret', 'show', 'look', 'others', 'const',
] as const;

export type HardKeyword = (typeof HARD_KEYWORDS)[number];
export type SoftKeyword = (typeof SOFT_KEYWORDS)[number];

function keywordTokenName(word: string): string {
  return `Kw_${word}`;
}

/** Operator categories keep a chain like `a + b - c` in source order in the CST. */
export const BinaryOp = createToken({ name: 'BinaryOp', pattern: Lexer.NA, label: 'an operator' });
export const PrefixOp = createToken({ name: 'PrefixOp', pattern: Lexer.NA, label: '`not` or `-`' });

/** Keywords that are also operators. */
const keywordCategories: Partial<Record<string, TokenType[]>> = { or: [BinaryOp], and: [BinaryOp], not: [PrefixOp] };

/**
 * Keywords are not matched by the lexer: a word is lexed as an Identifier and
 * `lexer.ts` retypes it with one map lookup (one regex for all words instead
 * of a hundred keyword patterns).
 */
function keywordToken(word: string, categories: TokenType[]): TokenType {
  return createToken({ name: keywordTokenName(word), pattern: Lexer.NA, categories, label: `\`${word}\`` });
}

/** Hard keyword token types by spelling. */
export const kw = {} as Record<HardKeyword, TokenType>;
/** Soft keyword token types by spelling. */
export const soft = {} as Record<SoftKeyword, TokenType>;
/** Every keyword token type by spelling. */
export const keywordsBySpelling = new Map<string, TokenType>();

for (const word of HARD_KEYWORDS) {
  kw[word] = keywordToken(word, keywordCategories[word] ?? []);
  keywordsBySpelling.set(word, kw[word]);
}
for (const word of SOFT_KEYWORDS) {
  soft[word] = keywordToken(word, [Name]);
  keywordsBySpelling.set(word, soft[word]);
}

/** The keywords that start a top-level item; the parse driver re-synchronises on them. */
export const ITEM_KEYWORDS: readonly HardKeyword[] = [
  'module', 'import', 'scenario', 'option', 'token', 'tokens', 'pool', 'var', 'per', 'card',
  'zone', 'piece', 'board', 'event', 'derive', 'flow', 'rule', 'action', 'forbid', 'require',
  'end', 'ranking', 'invariant', 'policy', 'variant', 'override', 'remove', 'test',
];

// ───────────────────────────── literals ─────────────────────────────

export const Dice = createToken({
  name: 'Dice',
  pattern: /[0-9]+d[0-9]+(?![A-Za-z0-9_])/,
  start_chars_hint: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  label: 'dice like `2d6`',
});
/** `12abc`, `1.5`: reported as `parse/invalid-number`, then read as a number so parsing goes on. */
export const BadNumber = createToken({
  name: 'BadNumber',
  pattern: /[0-9]+(?:\.[0-9]+|[A-Za-z_][A-Za-z0-9_]*)/,
  start_chars_hint: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  label: 'a number',
});
export const Integer = createToken({ name: 'Integer', pattern: /[0-9]+/, label: 'a number' });
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /"(?:[^"\\\n\r]|\\.)*"/,
  label: 'a string',
});
/** A string missing its closing quote on its line: reported, then read as a string. */
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  pattern: /"(?:[^"\\\n\r]|\\.)*\\?/,
  label: 'a string',
});

// ───────────────────────────── trivia ─────────────────────────────

// A byte order mark at the start of a file is white space too.
export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\f\v\uFEFF]+/, group: Lexer.SKIPPED });
export const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\n\r]*/, group: 'comments' });
export const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: 'comments' });
export const UnterminatedComment = createToken({ name: 'UnterminatedComment', pattern: /\/\*[\s\S]*/, group: 'comments' });

// ───────────────────────────── punctuation ─────────────────────────────

export const LCurly = createToken({ name: 'LCurly', pattern: '{', label: '`{`' });
export const RCurly = createToken({ name: 'RCurly', pattern: '}', label: '`}`' });
export const LParen = createToken({ name: 'LParen', pattern: '(', label: '`(`' });
export const RParen = createToken({ name: 'RParen', pattern: ')', label: '`)`' });
export const LBracket = createToken({ name: 'LBracket', pattern: '[', label: '`[`' });
export const RBracket = createToken({ name: 'RBracket', pattern: ']', label: '`]`' });
export const Comma = createToken({ name: 'Comma', pattern: ',', label: '`,`' });
export const Colon = createToken({ name: 'Colon', pattern: ':', label: '`:`' });
export const DotDot = createToken({ name: 'DotDot', pattern: '..', categories: [BinaryOp], label: '`..`' });
export const Dot = createToken({ name: 'Dot', pattern: '.', label: '`.`' });
export const EqEq = createToken({ name: 'EqEq', pattern: '==', categories: [BinaryOp], label: '`==`' });
export const NotEq = createToken({ name: 'NotEq', pattern: '!=', categories: [BinaryOp], label: '`!=`' });
export const LessEq = createToken({ name: 'LessEq', pattern: '<=', categories: [BinaryOp], label: '`<=`' });
export const Less = createToken({ name: 'Less', pattern: '<', categories: [BinaryOp], label: '`<`' });
export const GreaterEq = createToken({ name: 'GreaterEq', pattern: '>=', categories: [BinaryOp], label: '`>=`' });
export const Greater = createToken({ name: 'Greater', pattern: '>', categories: [BinaryOp], label: '`>`' });
export const Equals = createToken({ name: 'Equals', pattern: '=', label: '`=`' });
export const Plus = createToken({ name: 'Plus', pattern: '+', categories: [BinaryOp], label: '`+`' });
export const Minus = createToken({ name: 'Minus', pattern: '-', categories: [BinaryOp, PrefixOp], label: '`-`' });
export const Star = createToken({ name: 'Star', pattern: '*', categories: [BinaryOp], label: '`*`' });
export const Slash = createToken({ name: 'Slash', pattern: '/', categories: [BinaryOp], label: '`/`' });
export const Percent = createToken({ name: 'Percent', pattern: '%', categories: [BinaryOp], label: '`%`' });
export const Pipe = createToken({ name: 'Pipe', pattern: '|', label: '`|`' });

/** Lexer order: first match wins. */
export const lexerTokens: TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedComment,
  StringLiteral,
  UnterminatedString,
  Dice,
  BadNumber,
  Integer,
  Identifier,
  LCurly,
  RCurly,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Colon,
  DotDot,
  Dot,
  EqEq,
  NotEq,
  LessEq,
  Less,
  GreaterEq,
  Greater,
  Equals,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Pipe,
];

/** Everything the parser knows: the lexed tokens plus the categories. */
export const allTokens: TokenType[] = [...lexerTokens, ...keywordsBySpelling.values(), Name, BinaryOp, PrefixOp];
