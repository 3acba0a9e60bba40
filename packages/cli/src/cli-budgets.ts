/**
 * The command line's own budgets (the language's, the compiler's and the
 * engine's are in their packages; all are documented in docs/safety.md).
 * `--workers` is capped at the machine's cores, which is no constant.
 */

/** Characters in one line of a game log: `simulate --log` writes far shorter lines (a header is the longest). */
export const MAX_LOG_LINE = 16 * 1024 * 1024;

/** Characters of a source line a code frame shows: a window around the span, so a 1 MB line is not printed per diagnostic. */
export const MAX_FRAME_LINE = 160;

/** Bytes of one partial summary `merge` reads (`simulate --shard` writes kilobytes: counts per rule, per seat and per value). */
export const MAX_PARTIAL_FILE = 64 * 1024 * 1024;
