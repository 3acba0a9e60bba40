/**
 * The rule graph: what the compiler produces and the engine runs.
 *
 * This file is the contract between compiler and engine. The JSON Schema in
 * `rule-graph.schema.json` describes the same shapes; a test checks that the two
 * agree (see test/types-match-schema.test.ts). Change both together and bump
 * RULE_GRAPH_VERSION when a change is not backwards compatible.
 *
 * Ids are stable and derived from names: `rule:share_treasure`, `event:explored`,
 * `pool:reserve`, `var:in_cave`, `zone:path`, `option:leftover_sharing`,
 * `token:ruby`, `card:treasure`, `action:build_road`, `constraint:distance_rule`,
 * `end:fourteen_points`, `derived:score`, `policy:cautious`, `invariant:x`,
 * `piece:road`, `board:island`, `group:resource`. A rule that a variant replaced
 * or removed stays in the graph, inactive, as `rule:<name>@<module>`.
 * Fields that refer to another node hold its id (a card kind is `card:<name>`
 * wherever a `kind`/`cardKind` names one); the schema checks each id's prefix.
 */

export const RULE_GRAPH_VERSION = 1;
export const RULE_GRAPH_SCHEMA_ID = 'https://houserules.dev/schema/rule-graph/v1.json';

// ───────────────────────────── shared vocabulary ─────────────────────────────

/** 0-based offset; 1-based line and column; end exclusive. */
export interface Position {
  offset: number;
  line: number;
  column: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/** The one diagnostic shape used by every phase (parse, resolve, type, schema, run, test). */
export interface Diagnostic {
  /** Stable, namespaced, registered in diagnostic-codes.ts: `parse/unexpected-token`, `resolve/unknown-name`, `run/illegal-move`… */
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** The file (path or module name) the range refers to. */
  file?: string;
  range?: Range;
  hint?: string;
  related?: { message: string; file?: string; range?: Range }[];
}

/** Every phase returns its value together with what it found wrong. */
export interface Result<T> {
  value: T;
  diagnostics: Diagnostic[];
}

/** Where a node came from. */
export interface Provenance {
  module: string;
  file: string;
  range: Range;
  /** The rulebook sentence this node implements. */
  cite?: string;
}

/** A JSON value a state slot can hold. Players and cards are numbers (seat index, card instance id). */
export type Value = number | boolean | string;

// ───────────────────────────── types ─────────────────────────────

export type TypeDesc =
  | { t: 'number' }
  | { t: 'bool' }
  | { t: 'enum'; values: string[] }
  | { t: 'player' }
  /** a card instance; `kind` narrows it when known */
  | { t: 'card'; kind?: string }
  | { t: 'site'; site: 'corner' | 'edge' | 'hex' }
  | { t: 'list'; of: TypeDesc }
  /** a token kind as a value; `group` narrows it to a token group's members */
  | { t: 'token'; group?: string };

/** Every TypeDesc discriminant, for code (and tests) that must cover them all. */
export const TYPE_KINDS = ['number', 'bool', 'enum', 'player', 'card', 'site', 'list', 'token'] as const satisfies readonly TypeDesc['t'][];

// ───────────────────────────── expressions ─────────────────────────────

export type BinaryOperator = 'or' | 'and' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';

/**
 * Expressions are pure. Arithmetic is on integers: `/` is floor division and `%`
 * its remainder (the engine reports run/division-by-zero for a zero divisor).
 */
export type Expr =
  | { k: 'lit'; v: Value }
  /** a player by seat index (tests: `p1` is seat 0) */
  | { k: 'seat'; index: number }
  /** a name bound by a rule's event, `let`, `for`, an aggregate, an action or policy parameter, or `choose` */
  | { k: 'local'; name: string }
  /** a global var, or the per-player var of player `of` */
  /** `key`: for a map var (VarNode.keys), the key read (run/key-out-of-range when it is not one) */
  | { k: 'var'; id: string; of?: Expr; key?: Expr }
  /** how many `token` are in pool `pool` (of player or card `of` when the pool is per player / per card) */
  | { k: 'count'; pool: string; token: string; of?: Expr }
  /** a card's field */
  | { k: 'field'; field: string; of: Expr }
  | { k: 'option'; id: string }
  /** a derived value; for a per-player one, args[0] is the player */
  | { k: 'derived'; id: string; args: Expr[] }
  /** the game context */
  | { k: 'ctx'; name: 'current' | 'actor' | 'self' | 'round' | 'turn' | 'player_count' }
  /** all players in seat order */
  | { k: 'players' }
  /** the cards of a zone, top first (of player `of` for a per-player zone) */
  | { k: 'zone'; id: string; of?: Expr }
  | { k: 'bin'; op: BinaryOperator; l: Expr; r: Expr }
  | { k: 'not'; e: Expr }
  | { k: 'neg'; e: Expr }
  /** card kind test */
  | { k: 'is'; e: Expr; kind: string }
  | { k: 'if'; c: Expr; t: Expr; e: Expr }
  | { k: 'list'; items: Expr[] }
  /** inclusive integer range */
  | { k: 'range'; from: Expr; to: Expr }
  /**
   * count/sum/min/max/any/all/first/list over a collection, binding `bind` to each element.
   * `first` of nothing is the value `-1` (no player / no card); min/max of nothing is 0.
   * `maxBy`/`minBy`: the element whose `value` (the key; the element itself without one) is greatest / least,
   * the first such in the collection's order, -1 when there is none; `sorted`: the elements in order of
   * their key (stable), descending with `desc`.
   */
  | { k: 'agg'; fn: 'count' | 'sum' | 'min' | 'max' | 'any' | 'all' | 'first' | 'list' | 'maxBy' | 'minBy' | 'sorted'; bind: string; over: Expr; where?: Expr; value?: Expr; desc?: boolean }
  /** builtin functions: min(a,b), max(a,b), abs(a), size(list), contains(list, x) */
  /** `position(x, l)`: where x first stands in l, from 1; 0 when absent */
  /** `knows(p, c)`: whether player p knows card c (the language's `known(p, Z)` lists a zone's cards filtered by it) */
  | { k: 'call'; fn: 'min' | 'max' | 'abs' | 'size' | 'contains' | 'position' | 'knows'; args: Expr[] }
  /** the element of a list (zone, range) at a position counted from 1 (run/index-out-of-range outside it) */
  | { k: 'at'; list: Expr; index: Expr }
  // ── tokens as values (docs/design/boards-and-pieces.md) ──
  /** a token kind as a value (runtime: the token's index) */
  | { k: 'token'; id: string }
  /** the tokens of a group, as a collection */
  | { k: 'group'; id: string }
  /** how many of the token `token` evaluates to are in the pool */
  | { k: 'countOf'; pool: string; token: Expr; of?: Expr }
  // ── boards and sites ──
  /** every site of a kind on a board (the only board when `board` is absent), in id order */
  | { k: 'sites'; site: 'hex' | 'corner' | 'edge'; board?: string }
  /** the hexes of a named region */
  | { k: 'region'; name: string; board?: string }
  /** sites related to a site: a hex's corners/edges/neighbours, a corner's hexes/edges/neighbours, an edge's corners/hexes */
  | { k: 'siteRel'; rel: 'corners' | 'edges' | 'hexes' | 'neighbours'; of: Expr }
  /**
   * a hex's kind (a symbol) or value (-1: none); any site's piece (a piece id, or 'none') or owner (-1: none);
   * `inside`: the hex a spot (node) or path (edge) lies inside, -1 for a hex's own corners and sides
   */
  | { k: 'siteAttr'; attr: 'kind' | 'value' | 'piece' | 'owner' | 'inside'; of: Expr }
  /** the spot (site `corner`) or path (site `edge`) of that name inside the hex `of`; -1 when that hex has none */
  | { k: 'siteNamed'; site: 'corner' | 'edge'; name: string; of: Expr }
  /** a site by coordinates: hex(q, r), corner(q, r, i), edge(q, r, i); -1 when the board has none there */
  | { k: 'siteAt'; site: 'hex' | 'corner' | 'edge'; q: Expr; r: Expr; i?: Expr; board?: string }
  /** pieces of this kind player `of` has left in supply (global pieces: `of` absent) */
  | { k: 'supply'; piece: string; of?: Expr }
  /** corners between two corners along edges (-1: not connected) */
  | { k: 'distance'; from: Expr; to: Expr }
  /** the longest walk over p's pieces of these edge kinds repeating no piece; others' node pieces block; kinds meet only at p's node pieces */
  | { k: 'trail'; player: Expr; pieces: string[] }
  /** whether a chain of p's pieces of these edge kinds joins corner `from` to corner `to`; others' node pieces between block it */
  | { k: 'joined'; player: Expr; from: Expr; to: Expr; pieces: string[] }
  /** how many separate networks p's pieces of these edge kinds form (joined at corners; others' node pieces split them) */
  | { k: 'networks'; player: Expr; pieces: string[] };

/** Every Expr discriminant. */
export const EXPR_KINDS = [
  'lit', 'seat', 'local', 'var', 'count', 'field', 'option', 'derived', 'ctx', 'players',
  'zone', 'bin', 'not', 'neg', 'is', 'if', 'list', 'range', 'agg', 'call',
  'token', 'group', 'countOf', 'sites', 'region', 'siteRel', 'siteAttr', 'siteNamed', 'siteAt', 'supply', 'distance', 'trail', 'joined', 'networks', 'at',
] as const satisfies readonly Expr['k'][];

export interface PoolRef {
  pool: string;
  /** the owning player or card, for a per-player or per-card pool */
  of?: Expr;
}

export interface ZoneRef {
  zone: string;
  of?: Expr;
}

// ───────────────────────────── statements ─────────────────────────────

export type Stmt =
  /** moves tokens; `amount: null` means all. Moving more than the source holds is run/insufficient-tokens. */
  | { s: 'move'; token: string; amount: Expr | null; from: PoolRef; to: PoolRef }
  | { s: 'moveCard'; card: Expr; to: ZoneRef; position: 'top' | 'bottom' }
  | { s: 'moveCards'; from: ZoneRef; to: ZoneRef }
  /** `key`: for a map var, the key written */
  | { s: 'set'; var: string; of?: Expr; key?: Expr; value: Expr }
  | { s: 'let'; name: string; value: Expr }
  | { s: 'if'; cond: Expr; then: Stmt[]; else: Stmt[] }
  /** iterates over a snapshot of the collection */
  | { s: 'for'; bind: string; over: Expr; where?: Expr; body: Stmt[] }
  | { s: 'emit'; event: string; args: Expr[] }
  | { s: 'shuffle'; zone: ZoneRef }
  /** takes the top card of `from` onto the top of `to`, binds it; nothing when `from` is empty (binds -1) */
  | { s: 'reveal'; from: ZoneRef; to: ZoneRef; bind: string; hidden: boolean }
  /** binds the total and emits event:dice_rolled(total) */
  | { s: 'roll'; dice: number; sides: number; bind: string }
  /** binds a uniformly random element (-1 when none) */
  /** `weight`: each element's weight (evaluated with `bind` bound); elements of weight <= 0 are never picked */
  | { s: 'pick'; bind: string; over: Expr; where?: Expr; weight?: Expr }
  /** moves tokens whose kind is a value (`move 1 t from bank to p.hand`) */
  | { s: 'moveOf'; token: Expr; amount: Expr | null; from: PoolRef; to: PoolRef }
  | AskStmt
  | { s: 'end'; scope: 'game' | 'round' | 'turn' | 'phase'; winners?: Expr }
  /** takes a piece from the supply (the owner's, for a per-player piece) and puts it on a site; a global piece already on the board moves */
  | { s: 'place'; piece: string; owner?: Expr; at: Expr }
  /** returns the piece on a site to its owner's supply */
  | { s: 'removePiece'; at: Expr }
  /** tests only: put cards of these specs (found in the zone) on top, first listed on top */
  | { s: 'stack'; zone: ZoneRef; cards: CardSpec[] }
  /** the players of `to` (a player or a list) come to know each card of `cards` (a card or a list: a zone) */
  | { s: 'show'; cards: Expr; to: Expr }
  /** tests only: a hex's number (`value`, -1 none) or kind, as a test arranges the board (`set hex(0, -2).value = 8`) */
  | { s: 'setHex'; attr: 'value' | 'kind'; hex: Expr; value: Expr };

/** Every Stmt discriminant. */
export const STMT_KINDS = [
  'move', 'moveCard', 'moveCards', 'set', 'let', 'if', 'for', 'emit', 'shuffle',
  'reveal', 'roll', 'pick', 'ask', 'end', 'place', 'stack', 'moveOf', 'removePiece', 'show', 'setHex',
] as const satisfies readonly Stmt['s'][];

/**
 * A decision. The rule that asks goes on; once the event queue is empty the game
 * waits for the answers. For `each`, every chooser commits (secretly, if `secret`),
 * then all answers are applied together and `then` runs once. For `single`, `then`
 * runs with the choice bound. A chooser with no legal option is not asked; when
 * nobody is asked, `then` does not run and `otherwise` (if any) runs at once, in
 * place of the ask.
 */
export interface AskStmt {
  s: 'ask';
  /** stable id: `<rule id>/ask<n>` */
  id: string;
  who: { single: Expr } | { each: string; over: Expr; where?: Expr };
  /** `bind`: choose an element of `over`; `var`: choose a value of a per-player enum var */
  choice: { bind: string; over: Expr; where?: Expr } | { var: string; values: string[] };
  secret: boolean;
  then: Stmt[];
  /** runs at once, in place of the ask, when nobody has a legal option (nothing bound by the ask) */
  otherwise?: Stmt[];
  /** the choice's name as the author gave it (`choose … as pairing`) */
  name?: string;
}

// ───────────────────────────── nodes ─────────────────────────────

export interface NodeCommon {
  id: string;
  name: string;
  provenance: Provenance;
}

export interface OptionNode extends NodeCommon {
  type: TypeDesc;
  default: Value;
  doc?: string;
}

export interface TokenNode extends NodeCommon {
  groups: string[];
}

export interface TokenGroupNode extends NodeCommon {
  members: string[];
}

export interface PoolNode extends NodeCommon {
  /** `hex`, `corner`, `edge`: one pool per site of that kind (`per hex { pool … }`) */
  scope: 'global' | 'player' | 'card' | 'hex' | 'corner' | 'edge';
  /** for scope card: the card kind whose instances each have this pool */
  cardKind?: string;
  entries: { token: string; initial: number | 'unlimited'; capacity?: number }[];
  /** seen only by its owner (a global pool: by nobody) */
  secret?: boolean;
}

/** A map var's keys: a number range (inclusive) or values (enum members, token ids), in key order. */
export type MapKeys = { from: number; to: number } | { values: string[] };

export interface VarNode extends NodeCommon {
  /** per hex/corner/edge: one value per site of the (only) board; per card: one value per card of `cardKind` */
  scope: 'global' | 'player' | 'hex' | 'corner' | 'edge' | 'card';
  /** a per-card var's card kind */
  cardKind?: string;
  type: TypeDesc;
  initial: Expr;
  /** a map: one value of `type` per key (global and player scope only) */
  keys?: MapKeys;
  /** a map's initial values, one per key in key order (else `initial` for every key) */
  initialByKey?: Expr[];
  /** seen only by its owner (a global var: by nobody; a per-card var: by the seats that know the card) */
  secret?: boolean;
}

export interface CardKindNode extends NodeCommon {
  fields: { name: string; type: TypeDesc }[];
  pools: string[];
}

export interface CardSpec {
  kind: string;
  count: number;
  fields: Record<string, Value>;
}

export interface ZoneNode extends NodeCommon {
  /** `keyed`: a family of zones, one per key from `keys.from` to `keys.to` (`zone row[1..5]`), addressed with the key in `of` */
  scope: 'global' | 'player' | 'keyed';
  keys?: { from: number; to: number };
  /** `others`: every seat but the zone's owner (per-player zones) */
  visibility: 'hidden' | 'public' | 'owner' | 'others';
  /** initial contents, top first, before any shuffle */
  contents: CardSpec[];
}

export interface PieceNode extends NodeCommon {
  site: 'corner' | 'edge' | 'hex';
  supply: number;
  perPlayer: boolean;
}

export interface BoardNode extends NodeCommon {
  layout: { kind: 'radius'; radius: number } | { kind: 'map'; hexes: { q: number; r: number; kind?: string; value?: number }[] };
  kinds: { values: string[]; shuffled: boolean } | null;
  /** `except`: hex kinds that take no value; `exceptRegions`: regions of this board whose hexes take none */
  values: { values: number[]; shuffled: boolean; except: string[]; exceptRegions?: string[] } | null;
  /** a ring of hexes of this kind around the layout (sea) */
  frame?: { width: number; kind: string } | null;
  /** every hex kind the board can hold (the enum of `h.kind`), in declaration order */
  hexKinds?: string[];
  regions: { name: string; hexes: { q: number; r: number }[] }[];
  /** extra nodes (spots) and edges (paths) inside hexes; absent when the board declares none */
  internals?: BoardInternals;
}

/** A hex's spots and the paths joining its corners and spots (a town in a hex). */
export interface BoardInternals {
  spots: { q: number; r: number; name: string; when?: BoardCondition }[];
  paths: { q: number; r: number; name: string; from: BoardPathEnd; to: BoardPathEnd; when?: BoardCondition }[];
}

/** A spot or path is on the board only when an option has this value (chosen when the graph is loaded). */
export interface BoardCondition {
  /** the option's id */
  option: string;
  value: Value;
}

/** One end of a path: a corner of its hex (0..5) or one of its spots. */
export type BoardPathEnd = { corner: number } | { spot: string };

export interface EventNode extends NodeCommon {
  params: { name: string; type: TypeDesc }[];
  source: 'builtin' | 'step' | 'declared';
}

export interface DerivedNode extends NodeCommon {
  /** for a per-player derived value the first parameter is `self` */
  perPlayer: boolean;
  params: { name: string; type: TypeDesc }[];
  type: TypeDesc;
  value: Expr;
}

export type FlowNode =
  | { f: 'step'; event: string }
  | { f: 'rounds'; count: Expr | null; body: FlowNode[] }
  /** `from`: the seat the turns start at (evaluated when the block begins); the first seat without it */
  | { f: 'turns'; order: 'seat' | 'snake' | 'reverse'; from?: Expr; body: FlowNode[] }
  | { f: 'phase'; name: string; body: FlowNode[] }
  | { f: 'repeat'; while?: Expr; body: FlowNode[] }
  | { f: 'actions'; by: Expr; until?: string }
  | { f: 'if'; cond: Expr; then: FlowNode[]; else: FlowNode[] };

/** Every FlowNode discriminant. */
export const FLOW_KINDS = ['step', 'rounds', 'turns', 'phase', 'repeat', 'actions', 'if'] as const satisfies readonly FlowNode['f'][];

export interface RuleNode extends NodeCommon {
  status: 'active' | 'overridden' | 'removed';
  event: string;
  bindings: string[];
  when?: Expr;
  body: Stmt[];
  /** position in firing order among the rules of its event (0 first) */
  order: number;
}

export interface ActionNode extends NodeCommon {
  status: 'active' | 'overridden' | 'removed';
  params: { name: string; type: TypeDesc; domain: Expr }[];
  by?: Expr;
  during?: string;
  limitPerTurn?: number;
  body: Stmt[];
}

export interface ConstraintNode extends NodeCommon {
  status: 'active' | 'overridden' | 'removed';
  kind: 'forbid' | 'require';
  /** an action id, or an ask id's var (`var:plan`) for a choice */
  target: string;
  bindings: string[];
  condition: Expr;
  reason: string;
}

export interface EndNode extends NodeCommon {
  status: 'active' | 'overridden' | 'removed';
  condition: Expr;
  timing: 'immediately' | 'own_turn' | 'end_of_turn' | 'end_of_round';
  winners?: Expr;
}

export interface RankingNode {
  bind: string;
  keys: { value: Expr; direction: 'asc' | 'desc' }[];
  ties: 'shared' | 'seat';
  provenance: Provenance;
}

export interface InvariantNode extends NodeCommon {
  status: 'active' | 'overridden' | 'removed';
  condition: Expr;
  reason?: string;
}

export interface PolicyNode extends NodeCommon {
  status: 'active' | 'overridden' | 'removed';
  params: { name: string; type: TypeDesc; default?: Value }[];
  doc?: string;
  preferences: { target: string; kind: 'value' | 'action'; args: Expr[]; when?: Expr }[];
}

export type EdgeKind = 'triggers' | 'emits' | 'reads' | 'writes' | 'overrides' | 'constrains' | 'asks';

export interface Edge {
  from: string;
  to: string;
  kind: EdgeKind;
}

export interface RuleGraph {
  $schema: typeof RULE_GRAPH_SCHEMA_ID;
  version: typeof RULE_GRAPH_VERSION;
  scenario: {
    /** the root module's name */
    name: string;
    title: string;
    source?: string;
    players: { min: number; max: number };
    variant: string | null;
    modules: { name: string; file: string }[];
  };
  options: OptionNode[];
  tokens: TokenNode[];
  groups: TokenGroupNode[];
  pools: PoolNode[];
  vars: VarNode[];
  cardKinds: CardKindNode[];
  zones: ZoneNode[];
  pieces: PieceNode[];
  boards: BoardNode[];
  events: EventNode[];
  derived: DerivedNode[];
  flow: FlowNode[];
  rules: RuleNode[];
  actions: ActionNode[];
  constraints: ConstraintNode[];
  ends: EndNode[];
  ranking: RankingNode | null;
  invariants: InvariantNode[];
  policies: PolicyNode[];
  edges: Edge[];
}

/** The built-in events every graph declares (the compiler adds them; the engine emits them). */
export const BUILTIN_EVENTS: readonly { name: string; params: { name: string; type: TypeDesc }[] }[] = [
  { name: 'game_start', params: [] },
  { name: 'game_end', params: [] },
  { name: 'round_start', params: [{ name: 'round', type: { t: 'number' } }] },
  { name: 'round_end', params: [{ name: 'round', type: { t: 'number' } }] },
  { name: 'turn_start', params: [{ name: 'player', type: { t: 'player' } }] },
  { name: 'turn_end', params: [{ name: 'player', type: { t: 'player' } }] },
  { name: 'dice_rolled', params: [{ name: 'total', type: { t: 'number' } }] },
];
