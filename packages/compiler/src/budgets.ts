/**
 * The compiler's own budgets: what a scenario's modules may make big that is
 * not a size in the rule graph (those are in @houserules/schema's
 * graph-budgets.ts, shared with the engine's loader). Each is documented in
 * docs/safety.md, "Budgets"; a test checks the table there.
 */

/** Modules in one chain of `import`/`extends` (the shipped scenarios use at most 3). */
export const MAX_IMPORT_CHAIN = 100;

/**
 * Diagnostics reported for one file; beyond it, one `limit/diagnostics` says
 * how many more there were (a file of random bytes has one per line).
 */
export const MAX_DIAGNOSTICS_PER_FILE = 200;

/**
 * Errors one lowering reports before it stops (`limit/diagnostics`): every
 * error costs work in proportion to the scenario (a suggestion among all
 * names), so an unbounded number would make compiling quadratic.
 */
export const MAX_ERRORS_PER_COMPILATION = 500;

/**
 * Names looked at for one "did you mean" suggestion: far above the names in
 * scope of any real scenario (Catan's are ~500), and a bound on the work per
 * error, so thousands of unknown names among thousands of names stay linear.
 */
export const MAX_SUGGESTION_CANDIDATES = 2_000;
