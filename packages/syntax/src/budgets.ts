/**
 * The syntax layer's budgets: how big and how deep a `.rules` file may be.
 * Scenario files are untrusted, so every size the parser and formatter work on
 * is bounded. Documented in docs/safety.md, "Budgets"; a test checks the
 * table there against these constants.
 */

/** Bytes in one `.rules` file (the largest shipped file, catan/base.rules, is ~31 KB). */
export const MAX_SOURCE_BYTES = 2 * 1024 * 1024;

/**
 * Nesting of any kind in one declaration: brackets, blocks, and operators or
 * `else if` chained without brackets. Far beyond any real rule (the shipped
 * scenarios nest at most ~12 deep), well within the JavaScript stack.
 */
export const MAX_NESTING = 200;
