/**
 * The compiler's own budgets: what a scenario's modules may make big that is
 * not a size in the rule graph (those are in @houserules/schema's
 * graph-budgets.ts, shared with the engine's loader). Each is documented in
 * docs/language.md, "Safety"; a test checks the table there.
 */

/** Modules in one chain of `import`/`extends` (the shipped scenarios use at most 3). */
export const MAX_IMPORT_CHAIN = 100;
