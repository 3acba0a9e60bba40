/**
 * The abstract syntax tree of a `.rules` file.
 *
 * Plain data: every node has a `$type` discriminant and the `range` of source
 * text it came from. The compiler reads this; the formatter prints it back.
 * The grammar these nodes come from is summarised in docs/language.md.
 */

import type { Range } from '@houserules/schema';

export type { Position, Range } from '@houserules/schema';

export interface NodeBase {
  range: Range;
}

/** A name as the author wrote it, with its own range (for precise diagnostics). */
export interface Identifier extends NodeBase {
  $type: 'Identifier';
  name: string;
}

export interface StringLiteralNode extends NodeBase {
  $type: 'StringLiteral';
  value: string;
}

// ───────────────────────────── module structure ─────────────────────────────

export interface RulesFile extends NodeBase {
  $type: 'RulesFile';
  /** `module diamant` — absent for a file without a header (its name is the file's). */
  module?: ModuleHeader;
  items: TopLevelItem[];
}

/** `module name [extends "path" | extends other.module]` */
export interface ModuleHeader extends NodeBase {
  $type: 'ModuleHeader';
  name: QualifiedName;
  extends?: ModuleRef;
}

export interface QualifiedName extends NodeBase {
  $type: 'QualifiedName';
  parts: Identifier[];
}

/** A module named by a relative file path (`"./base.rules"`) or by module name (`catan.base`). */
export type ModuleRef = StringLiteralNode | QualifiedName;

export type TopLevelItem =
  | ImportDecl
  | ScenarioDecl
  | OptionDecl
  | TokenDecl
  | PoolDecl
  | VarDecl
  | PerPlayerBlock
  | PerSiteBlock
  | CardDecl
  | ZoneDecl
  | PieceDecl
  | BoardDecl
  | EventDecl
  | DeriveDecl
  | ConstDecl
  | FlowDecl
  | RuleDecl
  | ActionDecl
  | ConstraintDecl
  | EndDecl
  | RankingDecl
  | InvariantDecl
  | PolicyDecl
  | VariantDecl
  | OverrideDecl
  | RemoveDecl
  | OptionDefaultDecl
  | TestDecl;

/** `import "./common.rules"` or `import catan.base` — brings the module's declarations into scope. */
export interface ImportDecl extends NodeBase {
  $type: 'ImportDecl';
  module: ModuleRef;
}

/** `scenario "Diamant" { source "…" players 3..8 }` */
export interface ScenarioDecl extends NodeBase {
  $type: 'ScenarioDecl';
  title: StringLiteralNode;
  source?: StringLiteralNode;
  players?: { min: number; max: number; range: Range };
}

// ───────────────────────────── declarations ─────────────────────────────

/**
 * `option leftover_sharing: per_card | pooled = per_card "doc"`
 * `option target: number = 10 "doc"`
 */
export interface OptionDecl extends NodeBase {
  $type: 'OptionDecl';
  name: Identifier;
  type: TypeRef;
  default: Expr;
  doc?: StringLiteralNode;
  cite?: StringLiteralNode;
}

/** Inside a variant or an extending module: `option leftover_sharing = pooled` (a new default). */
export interface OptionDefaultDecl extends NodeBase {
  $type: 'OptionDefaultDecl';
  name: Identifier;
  value: Expr;
}

/** `token ruby, diamond` or a named group `tokens resource = brick, lumber, wool, grain, ore` */
export interface TokenDecl extends NodeBase {
  $type: 'TokenDecl';
  group?: Identifier;
  names: Identifier[];
}

/**
 * `pool reserve { ruby: unlimited, diamond: 40 max 40 }` — at top level a global pool,
 * inside `per player { }` one per player, inside a card declaration one per card.
 * A token written without a count (`pool chest { ruby }`) starts at 0.
 * A group name (`resource: 19`) means each of its tokens.
 */
export interface PoolDecl extends NodeBase {
  $type: 'PoolDecl';
  /** `secret pool …`: only its owner sees it (a global one: nobody) */
  secret?: boolean;
  name: Identifier;
  entries: PoolEntry[];
}

export interface PoolEntry extends NodeBase {
  $type: 'PoolEntry';
  token: Identifier;
  /** absent: 0. */
  initial?: Expr | 'unlimited';
  capacity?: Expr;
}

/** `var relics_collected: number = 0` (global or, in `per player`, per player). */
export interface VarDecl extends NodeBase {
  $type: 'VarDecl';
  /** `secret var …`: only its owner sees it (a global one: nobody) */
  secret?: boolean;
  name: Identifier;
  type: TypeRef;
  initial: Expr;
}

/** `per player { pool …  var …  zone …  derive … }` */
export interface PerPlayerBlock extends NodeBase {
  $type: 'PerPlayerBlock';
  items: (PoolDecl | VarDecl | ZoneDecl | DeriveDecl)[];
}

/** `per corner { var port: none | any3 = none }`, `per hex { pool stock { diamond } }` — one value (or pool) per site of the board. */
export interface PerSiteBlock extends NodeBase {
  $type: 'PerSiteBlock';
  site: 'hex' | 'corner' | 'edge';
  items: (VarDecl | PoolDecl)[];
}

/** `card treasure { value: number, pool gems { ruby } }` ; `card relic` */
export interface CardDecl extends NodeBase {
  $type: 'CardDecl';
  name: Identifier;
  fields: CardField[];
  pools: PoolDecl[];
  /** per-card vars: one value per card, set by rules (`set c.hinted = true`) */
  vars: VarDecl[];
}

export interface CardField extends NodeBase {
  $type: 'CardField';
  name: Identifier;
  type: TypeRef;
}

/**
 * `zone expedition: hidden { treasure(1), 3 of trap(spiders), 5 of relic }`
 * `zone path: public` ; in `per player`: `zone hand: owner`.
 */
export interface ZoneDecl extends NodeBase {
  $type: 'ZoneDecl';
  name: Identifier;
  /** `others`: every seat but the zone's owner (a per-player zone) */
  visibility: 'hidden' | 'public' | 'owner' | 'others';
  contents: CardSpec[];
  /** `zone row[1..5]`: a family of zones, one per key (`row[3]`) */
  keys?: KeyRange;
}

/** keys from `from` to `to`: a map's (`map 2..12 of number`), a family of zones' (`zone row[1..5]`) */
export interface KeyRange {
  $type: 'KeyRange';
  from: number;
  to: number;
  range: Range;
}

/** `3 of trap(spiders)` / `treasure(value: 7)` / `relic` */
export interface CardSpec extends NodeBase {
  $type: 'CardSpec';
  count?: number;
  kind: Identifier;
  args: Argument[];
}

/** A call argument, positional (`7`) or named (`value: 7`). */
export interface Argument extends NodeBase {
  $type: 'Argument';
  name?: Identifier;
  value: Expr;
}

/** `piece settlement on corner, 5 per player` ; `piece robber on hex, 1` */
export interface PieceDecl extends NodeBase {
  $type: 'PieceDecl';
  name: Identifier;
  site: 'corner' | 'edge' | 'hex';
  supply: Expr;
  perPlayer: boolean;
}

/**
 * `board island: hex radius 2 { kinds shuffled [...]  values shuffled [...] except desert  region coast = [...] }`
 * Boards are declared here and run by the board primitives of a later issue.
 */
export interface BoardDecl extends NodeBase {
  $type: 'BoardDecl';
  name: Identifier;
  layout: { $type: 'HexRadius'; radius: number; range: Range } | { $type: 'HexMap'; hexes: HexEntry[]; range: Range };
  items: BoardItem[];
}

export interface HexEntry extends NodeBase {
  $type: 'HexEntry';
  q: number;
  r: number;
  kind?: Identifier;
  value?: number;
}

export interface BoardItem extends NodeBase {
  $type: 'BoardItem';
  /**
   * `kinds`, `values`, `region <name>`, `frame <width> <kind>` (name: the frame's hex kind),
   * `spots (q, r) a, b` and `paths (q, r) p: corner 0 to a, …` (extra nodes and edges inside a hex)
   */
  key: 'kinds' | 'values' | 'region' | 'frame' | 'spots' | 'paths';
  name?: Identifier;
  /** `frame` only: rings of hexes around the layout */
  width?: number;
  shuffled: boolean;
  values: CardSpec[] | Expr[];
  except?: Identifier[];
  /** `spots` and `paths` only: the hex they are inside */
  hex?: { q: number; r: number; range: Range };
  /** `spots` only: the spots' names */
  spots?: Identifier[];
  /** `paths` only */
  paths?: BoardPath[];
  /** `spots` and `paths` only: `when OPTION == VALUE`, the option value the item is on the board for */
  when?: Expr;
}

/** `trail: corner 0 to station`: a path inside a hex from a corner or spot to another */
export interface BoardPath extends NodeBase {
  $type: 'BoardPath';
  name: Identifier;
  from: PathEnd;
  to: PathEnd;
}

/** `corner 2` (a corner index of the hex, 0..5) or a spot's name */
export type PathEnd = { corner: number; range: Range } | { spot: Identifier; range: Range };

/** `event explored(card: card)` */
export interface EventDecl extends NodeBase {
  $type: 'EventDecl';
  name: Identifier;
  params: Param[];
}

export interface Param extends NodeBase {
  $type: 'Param';
  name: Identifier;
  type?: TypeRef;
  /** `x in <collection>` — the domain of an action parameter. */
  domain?: Expr;
  default?: Expr;
}

/**
 * `derive in_cave_count: number = count(p in players where p.in_cave)`
 * `derive score(p: player): number = …` ; in `per player`, `self` is the player.
 */
export interface DeriveDecl extends NodeBase {
  $type: 'DeriveDecl';
  name: Identifier;
  params: Param[];
  type?: TypeRef;
  value: Expr;
  cite?: StringLiteralNode;
}

/** `const colours = [red, yellow, green]` — a named constant: a list, a range or a value, fixed at compile time. */
export interface ConstDecl extends NodeBase {
  $type: 'ConstDecl';
  name: Identifier;
  value: Expr;
}

// ───────────────────────────── types ─────────────────────────────

export type TypeRef = NamedType | EnumType | ListType | MapType;

/** `number`, `bool`, `player`, `card`, `hex`, `corner`, `edge`, a card kind, a token group. */
export interface NamedType extends NodeBase {
  $type: 'NamedType';
  name: Identifier;
}

/** `continue | exit` */
export interface EnumType extends NodeBase {
  $type: 'EnumType';
  members: Identifier[];
}

/** `map 2..12 of number` (keys a number range), `map bronze | silver of number` (an enum, or one name: a token group) */
export interface MapType extends NodeBase {
  $type: 'MapType';
  keys: KeyRange | { $type: 'KeyNames'; names: Identifier[]; range: Range };
  value: TypeRef;
}

/** `list of player` */
export interface ListType extends NodeBase {
  $type: 'ListType';
  element: TypeRef;
}

// ───────────────────────────── flow ─────────────────────────────

export interface FlowDecl extends NodeBase {
  $type: 'FlowDecl';
  items: FlowItem[];
}

export type FlowItem = StepFlow | RoundsFlow | TurnsFlow | PhaseFlow | RepeatFlow | ActionsFlow | IfFlow;

/** `step advance` — emits the event `advance`. */
export interface StepFlow extends NodeBase {
  $type: 'StepFlow';
  name: Identifier;
}

/** `rounds 5 { … }` / `rounds forever { … }` — emits round_start / round_end. */
export interface RoundsFlow extends NodeBase {
  $type: 'RoundsFlow';
  count: Expr | 'forever';
  body: FlowItem[];
}

/** `turns [in seat|snake|reverse order] [from P] { … }` — one turn per player, starting at P (the first seat by default); `current` is that player. */
export interface TurnsFlow extends NodeBase {
  $type: 'TurnsFlow';
  order: 'seat' | 'snake' | 'reverse';
  from?: Expr;
  body: FlowItem[];
}

/** `phase main { … }` — actions declared `during main` are offered inside it. */
export interface PhaseFlow extends NodeBase {
  $type: 'PhaseFlow';
  name: Identifier;
  body: FlowItem[];
}

/** `repeat [while <cond>] { … }` — left by `end round/turn/phase` or when the condition is false. */
export interface RepeatFlow extends NodeBase {
  $type: 'RepeatFlow';
  while?: Expr;
  body: FlowItem[];
}

/** `actions by current [until end_turn]` — the player picks among legal actions until the named one. */
export interface ActionsFlow extends NodeBase {
  $type: 'ActionsFlow';
  by: Expr;
  until?: Identifier;
}

/** `if <cond> { … } [else { … }]` */
export interface IfFlow extends NodeBase {
  $type: 'IfFlow';
  condition: Expr;
  then: FlowItem[];
  else: FlowItem[];
}

// ───────────────────────────── rules, actions, constraints ─────────────────────────────

/**
 * ```
 * rule share_treasure on explored(c) when c is treasure [before|after other] {
 *   cite "…"
 *   statements
 * }
 * ```
 */
export interface RuleDecl extends NodeBase {
  $type: 'RuleDecl';
  name: Identifier;
  event: Identifier;
  /** Names bound to the event's parameters, in order. */
  bindings: Identifier[];
  when?: Expr;
  order?: { relation: 'before' | 'after'; target: Identifier; range: Range };
  cite?: StringLiteralNode;
  body: Statement[];
}

/** `action build_road(e in edges) by current during main [limit 1 per turn] { cite … statements }` */
export interface ActionDecl extends NodeBase {
  $type: 'ActionDecl';
  name: Identifier;
  params: Param[];
  by?: Expr;
  during?: Identifier;
  limitPerTurn?: number;
  cite?: StringLiteralNode;
  body: Statement[];
}

/**
 * `forbid distance_rule on build_settlement(c) when <cond> reason "…" [cite "…"]`
 * `require connected on build_road(e) when <cond> reason "…"` (illegal when the condition is false)
 * The target may also be a choice: `on choose plan`.
 */
export interface ConstraintDecl extends NodeBase {
  $type: 'ConstraintDecl';
  kind: 'forbid' | 'require';
  name: Identifier;
  action: Identifier;
  bindings: Identifier[];
  condition: Expr;
  reason: StringLiteralNode;
  cite?: StringLiteralNode;
}

/**
 * `end fourteen_points when current.vp >= 14 during own turn [winners [current]] [cite "…"]`
 */
export interface EndDecl extends NodeBase {
  $type: 'EndDecl';
  name: Identifier;
  condition: Expr;
  timing: 'immediately' | 'own_turn' | 'end_of_turn' | 'end_of_round';
  winners?: Expr;
  cite?: StringLiteralNode;
}

/** `ranking p by p.score desc then p.chest.diamond desc ties shared [cite "…"]` */
export interface RankingDecl extends NodeBase {
  $type: 'RankingDecl';
  binding: Identifier;
  keys: { value: Expr; direction: 'asc' | 'desc'; range: Range }[];
  ties: 'shared' | 'seat';
  cite?: StringLiteralNode;
}

/** `invariant name: <cond> [reason "…"]` */
export interface InvariantDecl extends NodeBase {
  $type: 'InvariantDecl';
  name: Identifier;
  condition: Expr;
  reason?: StringLiteralNode;
}

/**
 * ```
 * policy cautious(threshold: number = 10) "doc" {
 *   prefer exit when self.carried.ruby >= threshold
 *   prefer continue
 * }
 * ```
 * A preference names a choice value or an action (with optional argument patterns).
 */
export interface PolicyDecl extends NodeBase {
  $type: 'PolicyDecl';
  name: Identifier;
  params: Param[];
  doc?: StringLiteralNode;
  preferences: Preference[];
}

export interface Preference extends NodeBase {
  $type: 'Preference';
  target: Identifier;
  args: Expr[];
  when?: Expr;
}

/**
 * `variant incan_gold "Incan Gold printing" { option … ; override rule … ; remove rule … ; rule … }`
 */
export interface VariantDecl extends NodeBase {
  $type: 'VariantDecl';
  name: Identifier;
  title?: StringLiteralNode;
  items: TopLevelItem[];
}

/** `override rule x …` / `override action …` / `override end …` etc.: replaces the named base node. */
export interface OverrideDecl extends NodeBase {
  $type: 'OverrideDecl';
  /** a board is replaced whole: layout, kinds, values, frame and regions */
  target: RuleDecl | ActionDecl | ConstraintDecl | EndDecl | DeriveDecl | RankingDecl | PolicyDecl | BoardDecl
    /** declarations are replaced whole too, keeping their scope (a per-player zone stays per player) */
    | ZoneDecl | CardDecl | VarDecl | PoolDecl | PieceDecl | EventDecl | OptionDecl | ConstDecl;
}

/** `remove rule x` / `remove constraint x` / `remove end x` / `remove action x` */
export interface RemoveDecl extends NodeBase {
  $type: 'RemoveDecl';
  kind: 'rule' | 'constraint' | 'end' | 'action' | 'invariant' | 'policy';
  name: Identifier;
}

// ───────────────────────────── statements ─────────────────────────────

export type Statement =
  | MoveTokensStmt
  | MoveCardStmt
  | MoveCardsStmt
  | SetStmt
  | LetStmt
  | IfStmt
  | ForStmt
  | EmitStmt
  | ShuffleStmt
  | RevealStmt
  | RollStmt
  | PickStmt
  | AskStmt
  | EndStmt
  | PlaceStmt
  | RemovePieceStmt
  | StackStmt
  | ShowStmt;

/** `show X to P` / `let P look at X`: the players P come to know the cards of X */
export interface ShowStmt extends NodeBase {
  $type: 'ShowStmt';
  /** how it was written, for the formatter */
  form: 'show' | 'look';
  cards: Expr;
  to: Expr;
}

/** `move 3 ruby from reserve to p.carried` / `move all ruby from p.carried to p.chest` */
export interface MoveTokensStmt extends NodeBase {
  $type: 'MoveTokensStmt';
  amount: Expr | 'all';
  token: Identifier;
  from: Expr;
  to: Expr;
}

/** `move card c to out_of_game [top|bottom]` */
export interface MoveCardStmt extends NodeBase {
  $type: 'MoveCardStmt';
  card: Expr;
  to: Expr;
  position: 'top' | 'bottom';
}

/** `move cards from path to expedition` */
export interface MoveCardsStmt extends NodeBase {
  $type: 'MoveCardsStmt';
  from: Expr;
  to: Expr;
}

/** `set p.in_cave = false` / `set relics_collected = relics_collected + 1` */
export interface SetStmt extends NodeBase {
  $type: 'SetStmt';
  target: Expr;
  value: Expr;
}

/** `let share = c.value / in_cave_count` */
export interface LetStmt extends NodeBase {
  $type: 'LetStmt';
  name: Identifier;
  value: Expr;
}

export interface IfStmt extends NodeBase {
  $type: 'IfStmt';
  condition: Expr;
  then: Statement[];
  else: Statement[];
}

/** `for p in players where p.in_cave { … }` — iterates over a snapshot of the collection. */
export interface ForStmt extends NodeBase {
  $type: 'ForStmt';
  binding: Identifier;
  collection: Expr;
  where?: Expr;
  body: Statement[];
}

/** `emit explored(c)` */
export interface EmitStmt extends NodeBase {
  $type: 'EmitStmt';
  event: Identifier;
  args: Expr[];
}

/** `shuffle expedition` */
export interface ShuffleStmt extends NodeBase {
  $type: 'ShuffleStmt';
  zone: Expr;
}

/** `reveal top of expedition to path as c` (`draw` is the same but keeps the card hidden to others). */
export interface RevealStmt extends NodeBase {
  $type: 'RevealStmt';
  mode: 'reveal' | 'draw';
  from: Expr;
  to: Expr;
  binding: Identifier;
}

/** `roll 2d6 as r` — binds the total; emits the built-in event dice_rolled(total). */
export interface RollStmt extends NodeBase {
  $type: 'RollStmt';
  dice: number;
  sides: number;
  binding: Identifier;
}

/** `pick random x in <collection> [where <cond>] [weighted by <weight>]` — binds x for the rest of the block. */
export interface PickStmt extends NodeBase {
  $type: 'PickStmt';
  binding: Identifier;
  collection: Expr;
  where?: Expr;
  /** each element's weight, with x bound; elements of weight <= 0 are never picked */
  weight?: Expr;
}

/**
 * Single: `ask current to choose h in hexes [where …] then { … }` (h bound in the block).
 * Simultaneous: `ask each p in players where p.in_cave to choose p.plan [secretly] then { … }`
 *   — every chooser commits, then all choices are set together and the block runs once.
 * The choice domain of `p.plan` is its declared enum type; `choose x in <collection>` otherwise.
 * Named: `ask current to choose h in hexes as move_bandit then { … }` — constraints
 *   may then target the choice: `forbid x on move_bandit(p, h) when … reason "…"`.
 * With no legal option for anyone it would ask, nothing is asked and `then` does not run;
 *   `… then { … } otherwise { … }` runs the otherwise block instead, at once.
 */
export interface AskStmt extends NodeBase {
  $type: 'AskStmt';
  /** single chooser, or `each <binding> in <collection> [where]` */
  who: { $type: 'AskSingle'; player: Expr; range: Range } | { $type: 'AskEach'; binding: Identifier; collection: Expr; where?: Expr; range: Range };
  /** `choose x in <collection>` binds x; `choose p.plan` writes a per-player var. */
  choice: { $type: 'ChooseBinding'; binding: Identifier; collection: Expr; where?: Expr; range: Range } | { $type: 'ChooseVar'; target: Expr; range: Range };
  /** `as NAME`: the name constraints use to target this choice */
  name?: Identifier;
  secretly: boolean;
  then: Statement[];
  /** `otherwise { … }`: runs in place of the ask when nobody it would ask has a legal option */
  otherwise?: Statement[];
}

/** `end round` / `end turn` / `end phase` / `end game [winners <list>]` */
export interface EndStmt extends NodeBase {
  $type: 'EndStmt';
  scope: 'game' | 'round' | 'turn' | 'phase';
  winners?: Expr;
}

/** `place settlement of actor at c` — moves a piece from the owner's supply to a site. */
export interface PlaceStmt extends NodeBase {
  $type: 'PlaceStmt';
  piece: Identifier;
  owner?: Expr;
  at: Expr;
}

/** `remove piece at c` — returns the piece on a site to its owner's supply. */
export interface RemovePieceStmt extends NodeBase {
  $type: 'RemovePieceStmt';
  at: Expr;
}

/** Tests only: `stack expedition: trap(snakes), treasure(7)` — these cards (taken from the zone) go on top, first listed on top. */
export interface StackStmt extends NodeBase {
  $type: 'StackStmt';
  zone: Expr;
  cards: CardSpec[];
}

// ───────────────────────────── expressions ─────────────────────────────

export type Expr =
  | NumberLit
  | BoolLit
  | StringLit
  | NameRef
  | MemberExpr
  | CallExpr
  | BinaryExpr
  | UnaryExpr
  | IsExpr
  | IfExpr
  | ListExpr
  | RangeExpr
  | AggregateExpr
  | IndexExpr;

/** `p.progress[c]`, `[3, 5, 7][i]`: a map's value at a key, a list's element at a position (from 1) */
export interface IndexExpr extends NodeBase {
  $type: 'IndexExpr';
  object: Expr;
  index: Expr;
}

export interface NumberLit extends NodeBase {
  $type: 'NumberLit';
  value: number;
}

export interface BoolLit extends NodeBase {
  $type: 'BoolLit';
  value: boolean;
}

export interface StringLit extends NodeBase {
  $type: 'StringLit';
  value: string;
}

/** A bare name: a local, var, pool, zone, option, derived value, enum member, or `players`/`current`/`actor`/`self`/`round`/`turn`. */
export interface NameRef extends NodeBase {
  $type: 'NameRef';
  name: Identifier;
}

/** `p.carried.ruby` is Member(Member(p, carried), ruby). */
export interface MemberExpr extends NodeBase {
  $type: 'MemberExpr';
  object: Expr;
  member: Identifier;
}

/** `score(p)`, `min(a, b)` */
export interface CallExpr extends NodeBase {
  $type: 'CallExpr';
  callee: Identifier;
  args: Expr[];
}

export type BinaryOp = 'or' | 'and' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';

export interface BinaryExpr extends NodeBase {
  $type: 'BinaryExpr';
  op: BinaryOp;
  left: Expr;
  right: Expr;
}

export interface UnaryExpr extends NodeBase {
  $type: 'UnaryExpr';
  op: 'not' | '-';
  operand: Expr;
}

/** `c is treasure` */
export interface IsExpr extends NodeBase {
  $type: 'IsExpr';
  value: Expr;
  kind: Identifier;
}

/** `if a then b else c` */
export interface IfExpr extends NodeBase {
  $type: 'IfExpr';
  condition: Expr;
  then: Expr;
  else: Expr;
}

/** `[continue, exit]` */
export interface ListExpr extends NodeBase {
  $type: 'ListExpr';
  items: Expr[];
}

/** `1..6` (inclusive) */
export interface RangeExpr extends NodeBase {
  $type: 'RangeExpr';
  from: Expr;
  to: Expr;
}

/**
 * `count(p in players where p.in_cave)`, `sum(c in path where c is treasure: c.gems.ruby)`,
 * `first(t in path where …)`, `any(…)`, `all(…)`, `min(…: value)`, `max(…: value)`;
 * with `by`, the element itself: `max(c in hand by c.value)`, `sorted(c in row by c.value desc)`.
 */
export interface AggregateExpr extends NodeBase {
  $type: 'AggregateExpr';
  fn: 'count' | 'sum' | 'min' | 'max' | 'any' | 'all' | 'first' | 'list' | 'sorted';
  binding: Identifier;
  collection: Expr;
  where?: Expr;
  value?: Expr;
  /** `by KEY [asc|desc]`: the order of `min`, `max` and `sorted` */
  by?: Expr;
  descending?: boolean;
}

// ───────────────────────────── tests ─────────────────────────────

/**
 * ```
 * test "a lone leaver takes the relic" {
 *   cite "If only one player exits, they take all Relic cards in the cave."
 *   players 3   seed 7   variant incan_gold   option leftover_sharing = pooled
 *   arrange { stack expedition: relic, treasure(5) }
 *   advance
 *   p1 chooses exit   p2 chooses continue   p3 chooses continue
 *   expect p1.relic_value == 5
 *   expect event explored
 *   expect not event plans_revealed
 *   expect illegal p1 chooses exit because <constraint>
 *   play until round == 3 with random, cautious(8)
 *   expect game over winners [p1]
 * }
 * ```
 */
export interface TestDecl extends NodeBase {
  $type: 'TestDecl';
  name: StringLiteralNode;
  cite?: StringLiteralNode;
  items: TestItem[];
}

export type TestItem =
  | { $type: 'TestPlayers'; count: number; range: Range }
  | { $type: 'TestSeed'; seed: number; range: Range }
  | { $type: 'TestVariant'; name: Identifier; range: Range }
  | { $type: 'TestOption'; name: Identifier; value: Expr; range: Range }
  /** `option x in [a, b]` / `option x in all`: the test runs once per reading (values null: every value of the option's type) */
  | { $type: 'TestOptionReadings'; name: Identifier; values: Expr | null; range: Range }
  | { $type: 'TestArrange'; body: Statement[]; range: Range }
  | { $type: 'TestAdvance'; range: Range }
  /** `fix dice 3, 4`: the next dice rolled show these faces, in order; `fix dice to E`: the next roll totals E */
  | { $type: 'TestFixDice'; faces: number[]; total?: Expr; range: Range }
  | { $type: 'TestChoose'; seat: Identifier; value: Expr; range: Range }
  | { $type: 'TestDo'; seat: Identifier; action: Identifier; args: Expr[]; range: Range }
  | { $type: 'TestPlay'; until?: Expr; agents: AgentRef[]; range: Range }
  | TestExpectation;

/**
 * An `expect …` item. `when`: it holds only where the condition does (`expect game over when
 * short_payout == pooled`: one reading of an option), and is skipped elsewhere.
 */
export type TestExpectation = (
  | { $type: 'TestExpect'; condition: Expr; range: Range }
  /** `times`: exactly that many; `thisRound`: counted over the current round instead of since the previous move; `before`: and a first one before the first of this event */
  | { $type: 'TestExpectEvent'; negated: boolean; event: Identifier; args?: Expr[]; times?: number; thisRound?: boolean; before?: { event: Identifier; args?: Expr[] }; range: Range }
  | { $type: 'TestExpectIllegal'; seat: Identifier; move: { $type: 'TestChoose'; value: Expr } | { $type: 'TestDo'; action: Identifier; args: Expr[] }; because?: Identifier; range: Range }
  /** `expect legal p1 chooses x` / `… does a(args)`: the move is among the seat's options now (nothing is played) */
  | { $type: 'TestExpectLegal'; seat: Identifier; move: { $type: 'TestChoose'; value: Expr } | { $type: 'TestDo'; action: Identifier; args: Expr[] }; range: Range }
  /** `by`: the end condition that ended it */
  | { $type: 'TestExpectGameOver'; negated?: boolean; by?: Identifier; winners?: Expr; range: Range }
  /** `expect [not] p1 asked [name] [options list]`: the seat has an open decision (that choice; exactly those options) */
  | { $type: 'TestExpectAsked'; negated: boolean; seat: Identifier; ask?: Identifier; options?: Expr; range: Range }
  /** `expect [not] p2 sees p1.hand`: the seat's view shows what the zone holds (or the card) */
  | { $type: 'TestExpectSees'; negated: boolean; seat: Identifier; target: Expr; range: Range }
) & { when?: Expr };

/** `random`, `first`, `cautious(8)` */
export interface AgentRef extends NodeBase {
  $type: 'AgentRef';
  name: Identifier;
  args: Expr[];
}
