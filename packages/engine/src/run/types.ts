import type { Diagnostic, Value } from '@houserules/schema';

export interface GameConfig {
  seed: number;
  players: number;
  options?: Record<string, Value>;
  /** check token conservation and the graph's invariants after every event (slower) */
  checkInvariants?: boolean;
  /** rule firings allowed per flow step (default 100 000) */
  stepBudget?: number;
  /** keep the log (default true); off for fast simulation */
  recordLog?: boolean;
  /** run only game_start's rules; the flow waits for `resume()` (tests arrange the table in between) */
  holdFlow?: boolean;
  /** flow steps allowed between two decisions (default unlimited); tests stop a flow that never waits with it */
  flowStepBudget?: number;
}

export type Move =
  | { kind: 'choice'; ask: string; value: Value }
  | { kind: 'action'; action: string; args: Value[] };

export interface Decision {
  /** unique while pending: `<group>:<seat>` */
  id: string;
  seat: number;
  /** the ask id, or `actions` for an actions flow item */
  ask: string;
  secret: boolean;
  options: Move[];
}

export interface LogEntry {
  seq: number;
  round: number;
  turn: number;
  /** an event name, or `$start`, `$answer`, `$shuffle`, `$reveal`, `$roll`, `$pick`, `$end` */
  event: string;
  data: Record<string, unknown>;
  /** the state hash once an answer has been applied and the game has settled */
  hash?: string;
}

export interface Outcome {
  winners: number[];
  ranking: { seat: number; rank: number; score: Value[] }[];
  /** `flow-ended`, `end-game`, or the id of the end condition that held */
  reason: string;
}

export interface CardView {
  id: number;
  kind: string;
  fields: Record<string, Value>;
  pools?: Record<string, Record<string, number>>;
  /** its per-card vars (the seat knows the card, so its secret ones too) */
  vars?: Record<string, Value>;
}

export interface ZoneView {
  count: number;
  /** top first; absent when the seat may not see the contents (nor knows every card of it) */
  cards?: CardView[];
  /** when `cards` is absent: the cards the seat knows, with their place (1: the top) */
  known?: { position: number; card: CardView }[];
  /** the public per-card vars of the cards the seat does not know, by place (1: the top): the notes on a card you cannot see */
  notes?: { position: number; vars: Record<string, Value> }[];
}

/** a var in a view: its value, a map's values by key, or null for another owner's secret */
export type VarView = Value | Record<string, Value> | null;

export interface PlayerView {
  seat: number;
  round: number;
  turn: number;
  current: number;
  over: boolean;
  outcome: Outcome | null;
  options: Record<string, Value>;
  /** secret vars: only the seat's own (a global secret var is left out) */
  vars: Record<string, VarView | VarView[]>;
  /** secret pools: only the seat's own, null for the others' (a global secret pool is left out) */
  pools: Record<string, Record<string, number> | (Record<string, number> | null)[]>;
  zones: Record<string, ZoneView | ZoneView[]>;
  /** this seat's open decisions */
  decisions: Decision[];
  /** every seat that still has to answer (not what they chose) */
  waitingFor: number[];
  /** seats that committed a secret choice not yet revealed (not what they chose) */
  committed: number[];
  /** the board, when the game has one */
  board?: BoardView;
}

export interface DecisionRecord {
  /** ask index, or -1 for an actions flow item */
  ask: number;
  /** the seat asked (an ask with nobody to ask makes no record) */
  seat: number;
  group: number;
  /**
   * option values; for actions each option is [action, ...args] starting at
   * offsets[i], for i below count (an action decision's lists are the option
   * buffer's own and a choice's are reused, so either may run longer: only the
   * first count options are offered)
   */
  values: number[];
  offsets: number[] | null;
  count: number;
  chosen: number;
  /** the `each` binding of this chooser, or the flow frame of an actions item */
  each: number;
  /**
   * the asking rule's locals, saved for `then` (null when `then` reads none): the
   * number slots lo..hi first, then the list slots lo..hi (Game.saveLocals)
   */
  saved: (number | number[])[] | null;
}

export interface Snapshot {
  readonly kind: 'houserules-engine-snapshot';
  counts: number[];
  vars: number[];
  zoneCards: number[][];
  zoneLen: number[];
  cardZone: number[];
  /** per card, the seats that know it */
  known: number[];
  frames: number[];
  depth: number;
  qEvent: number[];
  qArgs: number[];
  qHead: number;
  qTail: number;
  decisions: DecisionRecord[];
  nextGroup: number;
  actionCounts: number[];
  rng: Uint32Array;
  firings: number[];
  scalars: number[];
  endWinners: number[] | null;
  endReason: string;
  outcome: Outcome | null;
  error: Diagnostic | null;
  diagnostics: Diagnostic[];
  log: LogEntry[] | null;
  locals: number[];
  lists: number[][];
}

/** the board in a view: everything on a board is public. Sites are site values (see `Game.boardGeometry`). */
export interface BoardView {
  /** by hex id: its kind ('none' when it has none) and value (-1: none) */
  hexKinds: string[];
  hexValues: number[];
  /** every piece on the board; owner -1 for a piece nobody owns */
  pieces: { site: number; piece: string; owner: number }[];
  /** pieces left: one number for a global piece, one per seat for a per-player piece */
  supply: Record<string, number | number[]>;
  /** per-site vars: by var name, by site */
  vars: Record<string, Record<number, Value>>;
  /** per-site pools (declared in `per hex|corner|edge { pool … }`): by pool name, by site, by token */
  pools?: Record<string, Record<number, Record<string, number>>>;
}

/** where to draw a board's sites (hex size: centre to corner = 1; pointy-top, y grows downwards) */
export interface BoardGeometryView {
  /** `frame`: a hex of the frame around the layout */
  hexes: { id: number; q: number; r: number; x: number; y: number; frame: boolean }[];
  /** corners, then spots inside hexes (a spot has its name and the hex it is inside) */
  corners: { id: number; x: number; y: number; spot: boolean; name?: string; inside?: number }[];
  /** hex sides, then paths inside hexes (`path`; a path has its name, if declared with one, and the hex it is inside) */
  edges: { id: number; from: number; to: number; x1: number; y1: number; x2: number; y2: number; path: boolean; name?: string; inside?: number }[];
  /** the piece kinds, in declaration order: where each stands, and whether players own them */
  pieces: { name: string; site: 'hex' | 'corner' | 'edge'; perPlayer: boolean }[];
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
}
