/**
 * The budgets of a rule graph: how big anything a scenario declares may be.
 * Scenario files and graphs are untrusted, and every size below turns into
 * memory or time when a game is created, so each is bounded. The compiler
 * checks them at compile time (with the author's ranges) and the engine's
 * loader checks them again on any graph it is given (a hand-edited one).
 *
 * Each is far above what the shipped scenarios use (measured: see
 * docs/safety.md, "Budgets", which documents every one in one table; a test
 * checks that table against these constants).
 */

/** The language's numbers: integers from -2^29 to 2^29 - 1 (the engine keeps every value a small integer). */
export const MIN_NUMBER = -(2 ** 29);
export const MAX_NUMBER = 2 ** 29 - 1;

/** Players of a scenario (shipped: at most 8, Diamant). */
export const MAX_PLAYERS = 64;

/** Zones of one family (`zone row[1..5]`: 5) (shipped: none). */
export const MAX_ZONE_KEYS = 1_000;

/** Card instances of a game: every zone's contents, a per-player zone counted once per player (shipped: 35). */
export const MAX_CARDS = 10_000;

/** Hexes of a board, its frame included (shipped: 37 before the frame, ~61 with it). */
export const MAX_BOARD_HEXES = 5_000;

/** A board's `radius` (shipped: 2). */
export const MAX_BOARD_RADIUS = 40;

/** Rings of a board's frame (shipped: 1). */
export const MAX_FRAME_WIDTH = 10;

/** |q| and |r| of a hex on a map (shipped: 3). */
export const MAX_BOARD_COORDINATE = 1_000;

/** Spots and paths inside the hexes of a board (a town in every hex of a large board fits). */
export const MAX_BOARD_INTERNALS = 50_000;

/** A pool entry's initial count or capacity, a piece's supply, a board's list of kinds or values (shipped: at most 24). */
export const MAX_POOL_COUNT = 1_000_000;

/** Dice in one roll, and sides of a die (shipped: 2d6). */
export const MAX_DICE = 100;
export const MAX_DICE_SIDES = 1_000;

/** Elements of a range (`for i in a..b`, `sum(i in a..b …)`): checked at compile time when the bounds are constants, at run time always (shipped: 6). */
export const MAX_RANGE_LENGTH = 100_000;

/** Nesting of a graph's JSON (expressions, statements, flow): a compiled graph nests about twice as deep as its source (shipped: 15). */
export const MAX_GRAPH_DEPTH = 1_000;

/** Entries in any one list of a graph (rules, events, vars, derived values, card specs…) (shipped: at most 468, Seafarers' edges). */
export const MAX_GRAPH_LIST = 100_000;
