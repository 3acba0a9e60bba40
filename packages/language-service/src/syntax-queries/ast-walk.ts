/**
 * Walking the AST (plain data: every node has `$type` and `range`). One
 * generic walk serves every feature that looks for nodes by position or kind.
 */

import type { Range } from '@houserules/schema';
import type { Expr, Identifier, RulesFile, TopLevelItem } from '@houserules/syntax';

export interface AstNode {
  $type: string;
  range: Range;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).$type === 'string';
}

/** The child nodes of a node, in source order (the walk also looks into plain objects without `$type`, like a rule's `order`). */
export function children(node: object): AstNode[] {
  const out: AstNode[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) visit(v);
    else if (isNode(value)) out.push(value);
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) if (k !== 'range') visit(v);
  };
  for (const [key, value] of Object.entries(node)) if (key !== 'range' && key !== '$type') visit(value);
  out.sort((a, b) => (a.range?.start.offset ?? 0) - (b.range?.start.offset ?? 0));
  return out;
}

/** Visits every node under `root` (root first); `visit` returning false skips a node's children. */
export function walk(root: object, visit: (node: AstNode, parent: AstNode | null) => boolean | void): void {
  const go = (node: AstNode, parent: AstNode | null): void => {
    if (visit(node, parent) === false) return;
    for (const child of children(node)) go(child, node);
  };
  if (isNode(root)) go(root, null);
  else for (const child of children(root)) go(child, null);
}

export function contains(range: Range | undefined, offset: number): boolean {
  return range !== undefined && range.start.offset <= offset && offset <= range.end.offset;
}

/** The top-level item holding the offset (inside a variant: the variant's item), with the variant if any. */
export function itemAt(file: RulesFile, offset: number): { item: TopLevelItem; variant?: TopLevelItem } | undefined {
  for (const item of file.items ?? []) {
    if (!item || !contains(item.range, offset)) continue;
    if (item.$type === 'VariantDecl') {
      for (const inner of item.items ?? []) if (inner && contains(inner.range, offset)) return { item: inner, variant: item };
      return { item };
    }
    return { item };
  }
  return undefined;
}

/** The nodes holding the offset, outermost first. */
export function pathAt(file: RulesFile, offset: number): AstNode[] {
  const path: AstNode[] = [];
  let level: AstNode[] = children(file);
  for (;;) {
    const next = level.find((n) => contains(n.range, offset) && n.range.end.offset > n.range.start.offset);
    if (!next) return path;
    path.push(next);
    level = children(next);
  }
}

const EXPR_TYPES = new Set(['NumberLit', 'BoolLit', 'StringLit', 'NameRef', 'MemberExpr', 'CallExpr', 'BinaryExpr', 'UnaryExpr', 'IsExpr', 'IfExpr', 'ListExpr', 'RangeExpr', 'AggregateExpr']);

export function isExpr(node: AstNode): node is AstNode & Expr {
  return EXPR_TYPES.has(node.$type);
}

/** The largest expression node that ends exactly at `offset` and starts at `start` or later (the object before a `.`). */
export function expressionEndingAt(root: object, offset: number, start = 0): Expr | undefined {
  let found: Expr | undefined;
  walk(root, (node) => {
    if (node.range.end.offset < offset || node.range.start.offset > offset) return false;
    if (isExpr(node) && node.range.end.offset === offset && node.range.start.offset >= start && node.range.end.offset > node.range.start.offset) {
      if (!found || node.range.start.offset < found.range.start.offset) found = node;
    }
    return true;
  });
  return found;
}

/** Every identifier node under `root`. */
export function identifiers(root: object): Identifier[] {
  const out: Identifier[] = [];
  walk(root, (node) => {
    if (node.$type === 'Identifier') out.push(node as Identifier);
  });
  return out;
}
