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

/** Characters of one name or value from a scenario or a log that `play` and `replay` print (longer ones end in `…`). */
export const MAX_SHOWN_TEXT = 120;

/** Characters of one rulebook sentence `play`'s `why` prints (a rule's `cite`). */
export const MAX_SHOWN_SENTENCE = 600;

/** Characters of one line typed to `play` (a longer line is refused, not read). */
export const MAX_PLAY_INPUT_LINE = 1000;

/** Decisions `play` can step back over with `undo` (each keeps a snapshot of the game; older ones are let go). */
export const MAX_PLAY_UNDO = 1000;

/** Decisions, by people and bots, in one game of `play` before it stops. */
export const MAX_PLAY_DECISIONS = 200_000;

/** Options `play` lists for one decision (the rest are counted; any of them can still be typed by name). */
export const MAX_PLAY_OPTIONS_SHOWN = 300;

/** Bytes of one `style.json` that `render --style` reads. */
export const MAX_STYLE_FILE = 100_000;

/** Styles one `style.json` may lay itself over through `extends`. */
export const MAX_STYLE_EXTENDS = 4;

/** Bytes of one compile cache entry (a rule graph with what its compilation read; Catan's is ~1 MB): a bigger one is neither written nor read. */
export const MAX_COMPILE_CACHE_ENTRY = 32 * 1024 * 1024;

/** Games `diff` plays: per difference for the `--behaviour` search, per side for `--balance` (`--games`). */
export const MAX_DIFF_GAMES = 1_000_000;

/** Decisions of one game `diff --behaviour` plays in lockstep (`--depth`): as many as the engine lets one game played by agents take. */
export const MAX_DIFF_DEPTH = 200_000;

/** CPU seconds `diff` may be given for the search and for shrinking its witnesses (`--budget-seconds`, `--shrink-seconds`). */
export const MAX_DIFF_SECONDS = 3_600;

/**
 * Nodes `graph -o x.svg` lays out: the graph's own nodes and, for each edge, the ranks it crosses
 * (Graphviz's invisible nodes, `layout-size.ts`). Beyond it the layout takes minutes and memory the
 * WebAssembly Graphviz does not have: refused, DOT (`-o x.dot`) is still written.
 */
export const MAX_LAYOUT_NODES = 25_000;

/** Nodes (counted as above) Graphviz lays out with its full effort; a bigger graph gets fewer ordering and placing passes, a rougher picture in seconds. */
export const MAX_FULL_LAYOUT_NODES = 3_000;

/** Differences `diff --balance` plays alone against the first side, to say how often each matters (the rest are named, not played). */
export const MAX_DIFF_MATTERS_EACH = 8;
