import type { RuleGraph, TypeDesc, Value, Provenance, Range } from '@houserules/schema';
import type { RunState } from '../run/run-state.ts';
import type { Game } from '../run/game.ts';
import type { LoadedMapKeys } from './map-keys.ts';
import type { CollectFn } from '../compile/collect-codegen.ts';
import type { GameLayout } from './game-layout.ts';
import type { StaticStorage } from '../compile/compile-expr.ts';
import type { StringTable } from './value-codec.ts';
import type { StmtCompiler } from '../compile/compile-stmt.ts';
import type { LoadedBoard } from './loaded-board.ts';
import type { StateResources } from './state-resources.ts';
import type { AdmitFn, EnumerateFn } from '../compile/enumerate-codegen.ts';

/** A compiled expression: reads the game, returns a number (see value-codec.ts). */
export type ExprFn = (g: RunState) => number;
/**
 * A compiled collection: leaves its elements in g.srcArr[0..g.srcLen) (read
 * backwards when g.srcRev, so a zone is seen top first without copying).
 * The caller copies what it needs before evaluating anything else.
 */
export type ListFn = (g: RunState) => void;
export type StmtFn = (g: RunState) => void;

export interface PoolInfo {
  id: string;
  name: string;
  /** a per-site pool (hex, corner, edge) has one instance per site of its kind, in the global block */
  scope: 'global' | 'player' | 'card' | 'hex' | 'corner' | 'edge';
  cardKind: number;
  /** token index per entry */
  tokens: number[];
  /** NaN for unlimited */
  initial: number[];
  capacity: number[];
  /** seen only by its owner (a global one: by nobody) */
  secret: boolean;
}

export interface VarInfo {
  id: string;
  name: string;
  scope: 'global' | 'player' | 'hex' | 'corner' | 'edge' | 'card';
  type: TypeDesc;
  /** evaluated at game creation, with ctx self bound to the player for a per-player var */
  initial: ExprFn;
  /** the encoded initial value when it is a literal (no need to evaluate per game), else null */
  literal: number | null;
  /** how many value slots it takes: a map's key count, else 1 */
  width: number;
  /** a map's keys (map-keys.ts), else null */
  keys: LoadedMapKeys | null;
  /** a map's initial values, one per key (VarNode.initialByKey), else null */
  initials: ExprFn[] | null;
  /** seen only by its owner (a global one: by nobody; a card's: by the seats that know the card) */
  secret: boolean;
  /** a per-card var's card kind (index), else -1 */
  cardKind: number;
}

export interface CardKindInfo {
  id: string;
  name: string;
  /** global field index per field of this kind */
  fields: { name: string; type: TypeDesc; index: number }[];
}

export interface ZoneInfo {
  id: string;
  name: string;
  scope: 'global' | 'player' | 'keyed';
  /** a family's first key and how many zones it holds (1 for any other zone) */
  firstKey: number;
  keyCount: number;
  visibility: 'hidden' | 'public' | 'owner' | 'others';
  /** expanded initial contents, top first: kind index and encoded field values by global field index */
  contents: { kind: number; fields: Int32Array }[];
}

export interface EventInfo {
  id: string;
  name: string;
  params: { name: string; type: TypeDesc }[];
  /** active rules in firing order */
  rules: Int32Array;
  /** their fire functions, in the same order */
  fires: ((g: RunState) => number)[];
  /** per rule, 1 when its firing may write state an end condition checked after every firing reads */
  mayEnd: Uint8Array;
  /** the rules' firings written out for this event (compile/dispatch-codegen.ts); null: run/dispatch.ts's loop (the closure back end) */
  dispatch: DispatchFn | null;
}

/** fires an event's rules, its arguments bound in `evArgs` (machinery of the run: it reads and writes the whole game) */
export type DispatchFn = (g: Game) => void;

/** dispatches event `ev` (its arguments bound in `evArgs`) to its dispatcher */
export type EventDispatchFn = (g: Game, ev: number) => void;

/** advances the flow until it raises an event or waits; false when the flow has run out (run/flow-machine.ts's advanceFlow) */
export type AdvanceFn = (g: Game) => boolean;

export interface RuleInfo {
  id: string;
  name: string;
  event: number;
  argSlots: Int32Array;
  /** binds the arguments, tests when, starts the firing, runs the body: 0 not fired, 1 fired, 2 refused by the step budget */
  fire: (g: RunState) => number;
}

export interface ConstraintInfo {
  id: string;
  name: string;
  forbid: boolean;
  /** slots the checked move's values are bound to: for an action its arguments, for a choice [chooser, value] */
  slots: Int32Array;
  condition: ExprFn;
  /**
   * how many leading bindings the condition reads (1 + the highest one named, 0 for
   * none): enumeration checks it as soon as that many values are bound
   */
  reads: number;
  reason: string;
  /** where the constraint is written: a refusal points there */
  provenance: Provenance;
}

export interface ActionInfo {
  id: string;
  name: string;
  params: { name: string; type: TypeDesc; slot: number; domain: ListFn }[];
  by: ExprFn | null;
  during: number;
  limitPerTurn: number;
  body: StmtFn;
  /** whether the body may write state an end condition checked after every answer reads */
  mayEnd: boolean;
  constraints: ConstraintInfo[];
  /** the constraints by how many leading arguments they read (index 0..params.length), in declaration order */
  constraintsByReads: ConstraintInfo[][];
  /**
   * what the argument lists offered read — the parameters' domains and the
   * constraints that read an argument — as state resources: the lists are cached
   * per player until one of these is written; null: not cached (no parameters,
   * caching off, or a read that cannot be classified). See option-cache.ts.
   */
  optionReads: Int32Array | null;
  /** the enumeration of argument lists as generated code (enumerate-codegen.ts); null: Game.enumerateParams */
  enumerate: EnumerateFn | null;
  /** `by` and the constraints that read no argument as generated code; null: checked one by one */
  admits: AdmitFn | null;
  scopeLo: number;
  scopeHi: number;
}

export interface AskInfo {
  id: string;
  /** single: the chooser; each: the collection of choosers */
  single: ExprFn | null;
  eachSlot: number;
  eachOver: ListFn | null;
  eachWhere: ExprFn | null;
  /** choice of a collection element */
  bindSlot: number;
  over: ListFn | null;
  where: ExprFn | null;
  /** choice of a per-player enum var */
  varIndex: number;
  values: number[];
  secret: boolean;
  then: StmtFn;
  /** runs at once, in place of the ask, when nobody has a legal option; null: nothing runs */
  otherwise: StmtFn | null;
  /** whether `then` may read a local of the enclosing scope (if not, nothing is saved at ask time) */
  thenReadsLocals: boolean;
  constraints: ConstraintInfo[];
  /** the locals of the enclosing rule, saved at ask time and restored for `then` */
  scopeLo: number;
  scopeHi: number;
}

export interface EndInfo {
  id: string;
  name: string;
  condition: ExprFn;
  timing: 'immediately' | 'own_turn' | 'end_of_turn' | 'end_of_round';
  winners: ListFn | null;
}

export interface InvariantInfo {
  id: string;
  name: string;
  condition: ExprFn;
  reason: string;
  /** the resources the condition reads (state-resources.ts), so a game checks it again only once one was written; null: every time */
  reads: Int32Array | null;
  /** where it is declared: a broken invariant's diagnostic points there */
  file: string;
  range: Range;
}

export interface PolicyInfo {
  id: string;
  name: string;
  params: { name: string; slot: number; default: number; type: TypeDesc }[];
  /**
   * kind action: `target` is the action index and `args` its arguments.
   * kind value: the preference applies to the ask of var `targetVar` (or the ask `targetAsk`) and
   * `args[0]` is the preferred value; with no args, `target` is the value itself (a bare member name).
   */
  preferences: { kind: 'value' | 'action'; target: number; targetVar: number; targetAsk: string; args: ExprFn[]; when: ExprFn | null }[];
}

export interface FlowInfo {
  kind: number;
  body: Int32Array;
  elseBody: Int32Array;
  event: number;
  count: ExprFn | null;
  cond: ExprFn | null;
  order: 'seat' | 'snake' | 'reverse';
  /** turns: the seat they start at (null: the first) */
  from: ExprFn | null;
  phase: number;
  by: ExprFn | null;
  until: number;
}

export interface OptionInfo {
  id: string;
  name: string;
  type: TypeDesc;
  default: number;
}

export interface LoadedGraph {
  readonly graph: RuleGraph;
  readonly strings: StringTable;
  /** the compiler that built this graph's closures, kept so test probes compile against the same tables (test-hooks.ts) */
  readonly compiler: StmtCompiler;
  readonly tokens: { id: string; name: string }[];
  readonly pools: PoolInfo[];
  readonly vars: VarInfo[];
  readonly cardKinds: CardKindInfo[];
  readonly fieldCount: number;
  readonly zones: ZoneInfo[];
  readonly events: EventInfo[];
  /** every event's generated dispatcher by event index (compile/dispatch-codegen.ts); null: each event's own (the closure back end: run/dispatch.ts's loop) */
  readonly dispatchEvent: EventDispatchFn | null;
  readonly rules: RuleInfo[];
  readonly actions: ActionInfo[];
  /** Game.collectActions' loop as generated code (collect-codegen.ts); null: the loop */
  readonly collect: CollectFn | null;
  /** the state layout for n players, built on first use and kept (game-layout.ts): a new game copies it */
  readonly layout: (n: number) => GameLayout;
  /** whether rules, actions and expressions run as generated code (false: closures only, on purpose) */
  readonly codegen: boolean;
  /** with generation on, the graph nodes that still run as closures, each `label: reason`; empty for every shipped scenario */
  readonly codegenFallbacks: readonly string[];
  /** inside generated code, the node kinds still run by a closure of the closure compiler (`stmt ask`: 3), by design or not yet written out */
  readonly closureNodes: Readonly<Record<string, number>>;
  readonly asks: AskInfo[];
  /** per ask, 1 when an answer may write state an end condition checked after every answer reads */
  readonly askMayEnd: Uint8Array;
  readonly ends: EndInfo[];
  readonly invariants: InvariantInfo[];
  readonly policies: PolicyInfo[];
  readonly options: OptionInfo[];
  readonly ranking: { slot: number; keys: { value: ExprFn; desc: boolean }[]; shared: boolean } | null;
  readonly flow: FlowInfo[];
  readonly flowRoot: number;
  /** the flow machine written out for this graph (compile/flow-codegen.ts); null: run/flow-machine.ts's advanceFlow (the closure back end) */
  readonly advance: AdvanceFn | null;
  readonly flowDepth: number;
  readonly phaseNames: string[];
  readonly localCount: number;
  readonly storage: StaticStorage;
  /**
   * what the end conditions checked after firings and answers (immediate and
   * own-turn) read, as resources; null when not classified or caching is off
   */
  readonly firingEndReads: Int32Array | null;
  /** the resources of every pool: token conservation is checked again only once one was written */
  readonly poolResources: Int32Array;
  /** the state's resources, each with a version per game (state-resources.ts) */
  readonly resources: StateResources;
  /** the board (built once), or null when the graph has none */
  readonly board: LoadedBoard | null;
  /** the options the board was built for (its spots and paths depend on them): index, encoded value; a game must have these values */
  readonly boardOptions: { index: number; value: number }[];
  /** the purposes of the graph's rolls and picks, by stream from FIRST_SITE_STREAM on (chance-streams.ts) */
  readonly chanceSites: readonly string[];
  /** how many longest-trail expressions the graph has (each caches per game and player) */
  readonly trailCount: number;
  readonly maxEventArgs: number;
  readonly maxActionParams: number;
  readonly builtin: {
    gameStart: number;
    gameEnd: number;
    roundStart: number;
    roundEnd: number;
    turnStart: number;
    turnEnd: number;
    diceRolled: number;
  };
  /** encodes an option value given by a caller; undefined when it does not fit the option's type */
  encodeOption(index: number, v: Value): number | undefined;
}
