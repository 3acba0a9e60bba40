/**
 * Expressions as layout documents (prettier's `doc` printer: groups that stay
 * on one line when they fit the width and break where they say otherwise).
 *
 * Where an expression breaks, and how:
 * - a chain of `and` / `or` breaks before each operator, the operands aligned
 *   with the first (`a\nand b\nand c`);
 * - `if … then … else if … else …` breaks before each `else`;
 * - `+ - * /` chains fill their lines, breaking before an operator, the next
 *   lines indented; a comparison breaks before its operator, indented;
 * - calls and lists break after `(` / `[`, one argument a line;
 * - an aggregate breaks after `where` (and `:`), its body indented.
 * A chain or `else` ladder the author broke across lines stays broken (the
 * formatter keeps hand-broken conditions readable); one written on a line is
 * joined or wrapped by the width alone. The output of a formatted file breaks
 * exactly where it broke before, so formatting is idempotent.
 *
 * The doc printer measures each group against the width at most once, so the
 * layout costs time linear in the expression (times the width).
 */

import { builders, printer } from 'prettier/doc';
import type * as A from './ast.ts';
import { NOT_PRECEDENCE, OPERATOR_PRECEDENCE } from './operator-precedence.ts';

export type Doc = builders.Doc;

const { fill, group, indent, line, softline, join } = builders;

const ATOM = 9;

export function precedence(e: A.Expr): number {
  switch (e.$type) {
    case 'IfExpr':
      return 0;
    case 'BinaryExpr':
      return OPERATOR_PRECEDENCE[e.op];
    case 'UnaryExpr':
      return e.op === 'not' ? NOT_PRECEDENCE : 8;
    case 'IsExpr':
      return OPERATOR_PRECEDENCE.is;
    case 'RangeExpr':
      return OPERATOR_PRECEDENCE['..'];
    case 'NumberLit':
      return e.value < 0 ? 8 : ATOM;
    default:
      return ATOM;
  }
}

export interface LayoutOptions {
  /** Keep breaks the author made in `and`/`or` chains and `else` ladders (the formatter); off for one-line text. */
  authorBreaks: boolean;
}

const FLAT: LayoutOptions = { authorBreaks: false };

/** One expression on one line, minimal parentheses. */
export function printExpr(e: A.Expr, minPrecedence = 0): string {
  return printFlat(exprDoc(e, FLAT, minPrecedence));
}

/** A document printed without breaking any group. */
export function printFlat(doc: Doc): string {
  return printer.printDocToString(doc, { printWidth: Number.POSITIVE_INFINITY, tabWidth: 2 }).formatted;
}

/** A document laid out in `width` columns; its lines, without the indentation the caller adds. */
export function layOut(doc: Doc, width: number): string[] {
  return printer.printDocToString(doc, { printWidth: Math.max(1, width), tabWidth: 2 }).formatted.split('\n');
}

export function exprDoc(e: A.Expr, o: LayoutOptions, minPrecedence = 0): Doc {
  const doc = exprBody(e, o);
  return precedence(e) < minPrecedence ? parenthesised(doc) : doc;
}

/** `(a\n  and b)`: a broken chain in parentheses is indented under its opening. */
function parenthesised(doc: Doc): Doc {
  return group(['(', indent(doc), ')']);
}

/** `a and b and c` as its operands (the parser builds chains leaning left). */
function chainOperands(e: A.BinaryExpr): A.Expr[] {
  const operands: A.Expr[] = [];
  let at: A.Expr = e;
  while (at.$type === 'BinaryExpr' && at.op === e.op) {
    operands.push(at.right);
    at = at.left;
  }
  operands.push(at);
  return operands.reverse();
}

/** Left-leaning operators of one precedence (`a + b - c`) as the first operand and the `op operand` pairs after it. */
function arithmeticChain(e: A.BinaryExpr): { first: A.Expr; rest: { op: A.BinaryOp; operand: A.Expr }[] } {
  const p = OPERATOR_PRECEDENCE[e.op];
  const rest: { op: A.BinaryOp; operand: A.Expr }[] = [];
  let at: A.Expr = e;
  while (at.$type === 'BinaryExpr' && OPERATOR_PRECEDENCE[at.op] === p) {
    rest.push({ op: at.op, operand: at.right });
    at = at.left;
  }
  return { first: at, rest: rest.reverse() };
}

function brokeBetween(a: { range: A.Range }, b: { range: A.Range }): boolean {
  return b.range.start.line > a.range.end.line;
}

function authorBroke(o: LayoutOptions, nodes: readonly { range: A.Range }[]): boolean {
  if (!o.authorBreaks) return false;
  for (let i = 1; i < nodes.length; i++) if (brokeBetween(nodes[i - 1]!, nodes[i]!)) return true;
  return false;
}

function exprBody(e: A.Expr, o: LayoutOptions): Doc {
  switch (e.$type) {
    case 'NumberLit':
      return String(e.value);
    case 'BoolLit':
      return e.value ? 'true' : 'false';
    case 'StringLit':
      return quote(e.value);
    case 'NameRef':
      return e.name.name;
    case 'MemberExpr':
      return [exprDoc(e.object, o, ATOM), '.', e.member.name];
    case 'IndexExpr':
      return [exprDoc(e.object, o, ATOM), bracketed('[', [exprDoc(e.index, o)], ']')];
    case 'CallExpr':
      return bracketed(`${e.callee.name}(`, e.args.map((a) => exprDoc(a, o)), ')');
    case 'BinaryExpr': {
      if (e.op === 'and' || e.op === 'or') {
        const operands = chainOperands(e);
        // `a or (b and c)`: parentheses the precedence does not need, but a reader does
        const operand = (x: A.Expr): Doc =>
          e.op === 'or' && x.$type === 'BinaryExpr' && x.op === 'and' ? parenthesised(exprBody(x, o)) : exprDoc(x, o, OPERATOR_PRECEDENCE[e.op] + 1);
        const parts: Doc[] = [operand(operands[0]!)];
        for (const x of operands.slice(1)) parts.push(line, `${e.op} `, operand(x));
        return group(parts, { shouldBreak: authorBroke(o, operands) });
      }
      const p = OPERATOR_PRECEDENCE[e.op];
      if (p === 4) return group([exprDoc(e.left, o, p + 1), indent([line, `${e.op} `, exprDoc(e.right, o, p + 1)])]);
      // `a + b - c …`: as many operands a line as fit, the next lines indented
      const chain = arithmeticChain(e);
      const parts: Doc[] = [exprDoc(chain.first, o, p)];
      for (const r of chain.rest) parts.push(line, [`${r.op} `, exprDoc(r.operand, o, p + 1)]);
      return indent(fill(parts));
    }
    case 'UnaryExpr': {
      if (e.op === 'not') return ['not ', exprDoc(e.operand, o, 3)];
      const operand = exprDoc(e.operand, o, 8);
      return printFlat(operand).startsWith('-') ? ['- ', operand] : ['-', operand];
    }
    case 'IsExpr':
      return [exprDoc(e.value, o, 5), ' is ', e.kind.name];
    case 'IfExpr': {
      const branches: { range: A.Range }[] = [e.then];
      const parts: Doc[] = ['if ', exprDoc(e.condition, o), ' then ', exprDoc(e.then, o)];
      let rest: A.Expr = e.else;
      while (rest.$type === 'IfExpr') {
        branches.push(rest.then);
        parts.push(line, 'else if ', exprDoc(rest.condition, o), ' then ', exprDoc(rest.then, o));
        rest = rest.else;
      }
      branches.push(rest);
      parts.push(line, 'else ', exprDoc(rest, o));
      return group(parts, { shouldBreak: authorBroke(o, branches) });
    }
    case 'ListExpr':
      return bracketed('[', e.items.map((i) => exprDoc(i, o)), ']');
    case 'RangeExpr':
      return [exprDoc(e.from, o, 6), '..', exprDoc(e.to, o, 6)];
    case 'AggregateExpr': {
      // the filter is a group of its own: `all(c in corners where c.free:` stays on the first line
      // when it fits, and only the value below it breaks
      const parts: Doc[] = [`${e.fn}(${e.binding.name} in `, exprDoc(e.collection, o)];
      if (e.where !== undefined) parts.push(group([' where', indent([line, exprDoc(e.where, o)])]));
      if (e.by !== undefined) parts.push(group([' by', indent([line, exprDoc(e.by, o), e.descending ? ' desc' : ''])]));
      if (e.value !== undefined) parts.push(':', indent([line, exprDoc(e.value, o)]));
      parts.push(softline, ')');
      return group(parts);
    }
  }
}

/** `open a, b close` on one line, or one element a line, indented. */
export function bracketed(open: string, elements: Doc[], close: string): Doc {
  if (elements.length === 0) return `${open}${close}`;
  return group([open, indent([softline, join([',', line], elements)]), softline, close]);
}

/**
 * A condition after a keyword in a header (`rule … when`, `require … when`,
 * `end … when`, `prefer … when`): on the header's line when it fits, else on
 * the next line, indented twice (so it stands apart from a body), its own
 * breaks indented once more. `broken`: the author put it on a line of its own.
 */
export function headerCondition(keyword: string, condition: Doc, broken: boolean, after?: Doc): Doc {
  // `after` (an end's `during own turn winners …`) follows the condition, on a line of its own once it breaks
  const tail: Doc = after === undefined ? '' : [line, after];
  return group(indent(indent([line, `${keyword} `, indent(condition), tail])), { shouldBreak: broken });
}

/** A condition that stays on the keyword's line (`if`, `while`, `where` in a header): its breaks indented twice. */
export function inlineCondition(condition: Doc): Doc {
  return indent(indent(condition));
}

/** `head =` and a value: on one line when it fits, else the value on the next line, indented. */
export function assignment(head: Doc, value: Doc): Doc {
  return group([head, indent([line, value])]);
}

export function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
