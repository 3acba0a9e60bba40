/**
 * The search agents' budgets (docs/design/search-agents.md). A search's time and
 * memory are bounded by these, whatever an agent's parameters ask for: a
 * parameter beyond them is refused (`run/bad-agent-param`); the tree stops
 * growing at MAX_SEARCH_NODES and a playout stops at MAX_PLAYOUT_DECISIONS.
 * Listed in docs/safety.md ("Budgets"), which a test checks against these constants.
 */

/** Iterations (playouts) one decision's search may be given (`mcts(iterations=…)`; `run/bad-agent-param`). */
export const MAX_SEARCH_ITERATIONS = 1_000_000;

/** Milliseconds one decision's search may be given (`mcts(ms=…)`; `run/bad-agent-param`). */
export const MAX_SEARCH_MS = 60_000;

/** Tree nodes one decision's search keeps (memory): past it, iterations play out from the tree's edge without growing it. */
export const MAX_SEARCH_NODES = 200_000;

/** Decisions in one playout, and the largest `depth` an agent may ask for (`run/bad-agent-param`). */
export const MAX_PLAYOUT_DECISIONS = 10_000;
