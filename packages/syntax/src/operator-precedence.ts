import type { BinaryOp } from './ast.ts';

/**
 * Binding power of each infix operator (docs/grammar.md: or < and < not <
 * comparison < range < + - < * / %). The parser climbs by it and the
 * formatter parenthesises by it, so the two cannot disagree.
 */
export const OPERATOR_PRECEDENCE: Readonly<Record<BinaryOp | 'is' | '..', number>> = {
  or: 1,
  and: 2,
  '==': 4,
  '!=': 4,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  is: 4,
  '..': 5,
  '+': 6,
  '-': 6,
  '*': 7,
  '/': 7,
  '%': 7,
};

/** `not x` applies to a whole comparison: `not a == b` is `not (a == b)`. */
export const NOT_PRECEDENCE = 3;
export const NOT_OPERAND_PRECEDENCE = 4;
