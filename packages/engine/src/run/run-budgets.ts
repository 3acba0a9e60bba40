/**
 * The engine's run-time budgets. A rule graph is untrusted input, and a game
 * can loop, grow or last without end even when every declared size is within
 * the graph budgets (@houserules/schema, graph-budgets.ts). Each budget stops
 * the game with a `run/…` diagnostic that names the rules or the flow item
 * involved. Documented, with the measured use of the shipped scenarios, in
 * docs/safety.md ("Budgets"); a test checks that table against these constants.
 */

/** Rule firings in one flow step: more is a loop of rules emitting each other (`run/step-budget`). */
export const MAX_FIRINGS_PER_STEP = 100_000;

/** Flow steps between two decisions (a flow that never asks anything: `rounds forever`; `run/step-budget`). */
export const MAX_FLOW_STEPS_WITHOUT_DECISION = 100_000;

/** Moves of the flow machine that queue no event at all (an empty `repeat`; `run/step-budget`). */
export const MAX_IDLE_FLOW_MOVES = 1_000_000;

/** Elements walked by `for` loops over lists and ranges in one flow step (nested loops over long ranges; `run/size-budget`). */
export const MAX_LOOP_WORK_PER_STEP = 10_000_000;

/** Decisions in one game played by agents (`run/move-limit`); the longest shipped scenario takes ~2,500 with random agents, the longest seen 6,070. */
export const MAX_GAME_DECISIONS = 200_000;
