/** @houserules/syntax: `.rules` text → AST (and back). */
export * from './ast.ts';
export { parse } from './parse.ts';
export { MAX_SOURCE_BYTES, MAX_NESTING } from './budgets.ts';
export { tokenize, type SourceToken, type SourceTokenKind } from './tokenize.ts';
export { format, printAst, printExpr } from './formatter.ts';
export { MISSING_NAME } from './cst-to-ast.ts';
export type { Diagnostic, Result } from '@houserules/schema';
export { expectedAt, wordBefore, type Expectation } from './content-assist.ts';
export { HARD_KEYWORDS, SOFT_KEYWORDS, ITEM_KEYWORDS } from './tokens.ts';
