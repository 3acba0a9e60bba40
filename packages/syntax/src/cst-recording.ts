/**
 * Cheaper CST recording for the one parser instance (chevrotain 11.0.3
 * internals, pinned; the parser tests cover them). Two replacements:
 *
 * - A node's children are a Map instead of `Object.create(null)`: a
 *   null-prototype object lives in dictionary mode, slow to fill, and the AST
 *   builder's reads of it were megamorphic property loads. Read them with
 *   `childrenOf`.
 * - A node's location is its first and last real token instead of six
 *   numbers that start as NaN: every NaN field was a boxed number, allocated
 *   per node and rewritten per token. cst-to-ast.ts turns the two tokens into
 *   a range.
 *
 * Together they took a fifth off parsing.
 */

import type { CstElement, CstNode, IToken } from 'chevrotain';

/** The first and last real (not recovery-inserted) token of a node, or NO_TOKEN for both when it has none. */
export interface TokenSpan {
  first: IToken;
  last: IToken;
}

/** Stands for "no token yet": NaN offsets compare false with everything. */
export const NO_TOKEN: IToken = {
  image: '', startOffset: Number.NaN, endOffset: Number.NaN, startLine: Number.NaN, endLine: Number.NaN,
  startColumn: Number.NaN, endColumn: Number.NaN, tokenTypeIdx: -1, tokenType: undefined as never,
};

export function tokenSpanOf(node: CstNode): TokenSpan {
  return node.location as unknown as TokenSpan;
}

/** A node's children by label, rule name or token type name, in the order first added. */
export type Children = ReadonlyMap<string, readonly CstElement[]>;

export function childrenOf(node: CstNode): Children {
  return node.children as unknown as Children;
}

/** The chevrotain members replaced here (set as instance properties by its constructor, or prototype methods). */
interface TreeBuilderInternals {
  CST_STACK: CstNode[];
  cstInvocationStateUpdate(ruleName: string): void;
  cstPostTerminal(key: string, token: IToken): void;
  cstPostNonTerminal(child: CstNode, key: string): void;
}

function newNode(this: TreeBuilderInternals, ruleName: string): void {
  const span: TokenSpan = { first: NO_TOKEN, last: NO_TOKEN };
  this.CST_STACK.push({ name: ruleName, children: new Map() as never, location: span as never });
}

function addChild(node: CstNode, key: string, child: CstElement): void {
  const children = node.children as unknown as Map<string, CstElement[]>;
  const list = children.get(key);
  if (list === undefined) children.set(key, [child]);
  else list.push(child);
}

function addToken(this: TreeBuilderInternals, key: string, token: IToken): void {
  const node = this.CST_STACK[this.CST_STACK.length - 1]!;
  addChild(node, key, token);
  extendByToken(tokenSpanOf(node), token);
}

function addNode(this: TreeBuilderInternals, child: CstNode, key: string): void {
  const node = this.CST_STACK[this.CST_STACK.length - 1]!;
  addChild(node, key, child);
  extendByNode(tokenSpanOf(node), tokenSpanOf(child));
}

function extendByToken(span: TokenSpan, token: IToken): void {
  if (span.first === NO_TOKEN) {
    // a token made up while recovering has NaN offsets and is not part of the span
    if (!Number.isNaN(token.startOffset)) {
      span.first = token;
      span.last = token;
    }
  } else if (span.last.endOffset! < token.endOffset!) {
    span.last = token;
  }
}

function extendByNode(span: TokenSpan, child: TokenSpan): void {
  if (span.first === NO_TOKEN) {
    span.first = child.first;
    span.last = child.last;
  } else if (span.last.endOffset! < child.last.endOffset!) {
    span.last = child.last;
  }
}

/** Call after chevrotain's constructor (with recovery and location tracking on), before self-analysis. */
export function installCstRecording(parser: object): void {
  const p = parser as unknown as TreeBuilderInternals;
  p.cstInvocationStateUpdate = newNode;
  p.cstPostTerminal = addToken;
  p.cstPostNonTerminal = addNode;
}
