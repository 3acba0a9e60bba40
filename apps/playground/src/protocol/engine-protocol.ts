// The engine worker's protocol: one table of methods that the page's client and the worker both compile against.
import type { Diagnostic, Range, Value } from '@houserules/schema';
import type { TestResult } from '@houserules/conformance';
import type { Divergence, Estimate, NodeChange, PairedBalance, RenameCandidate, SearchProgress, SentenceGroup, Witness } from '@houserules/diff';
import type { SimulationSummary } from '@houserules/simulation';

/** A scenario module or one of its variants, as the gallery lists it. */
export interface CatalogEntry {
  /** `<file>` or `<file>#<variant>` */
  id: string;
  file: string;
  variant: string | null;
  title: string;
  /** the variant's own title, when it has one */
  variantTitle: string | null;
  module: string;
  players: { min: number; max: number } | null;
  /** the files whose `test` blocks run on this scenario */
  tests: string[];
  /** the modules it extends or imports, transitively (its own file excluded) */
  dependencies: string[];
}

export interface Catalog {
  entries: CatalogEntry[];
}

export interface ScenarioOption {
  name: string;
  type: { t: string; values?: string[] };
  default: Value;
  doc: string | null;
}

export interface ScenarioPolicy {
  name: string;
  doc: string | null;
  params: { name: string; type: string; default: Value | null }[];
}

/** Where a graph node comes from, and the sentence it cites. */
export interface SourceLink {
  file: string;
  range: Range;
  cite?: string;
}

export interface RuleInfo extends SourceLink {
  id: string;
  name: string;
  on: string;
  status: string;
}

export interface CheckResult {
  entry: string;
  ok: boolean;
  /** every diagnostic of the base game, its variants and test blocks, once */
  diagnostics: Diagnostic[];
  variants: { name: string; title: string | null }[];
  title: string | null;
  players: { min: number; max: number } | null;
  options: ScenarioOption[];
  policies: ScenarioPolicy[];
  rules: RuleInfo[];
  ms: number;
  /** answered from the build (the engine worker's first answers): `ms` is then the build's time, not this page's */
  built?: true;
}

/** A test block as written: its name and where it is (for the ▶ above it). */
export interface TestBlock {
  name: string;
  range: Range;
}

/** A test block of a file, where it is, and what happened when it last ran (the conformance runner's result). */
export type TestReport = Pick<TestResult, 'id' | 'name' | 'file' | 'variant' | 'status' | 'failure' | 'firings'> & {
  /** the whole test block, for the ▶ and the gutter marks */
  range: Range;
};

export interface CoverageReport {
  scenario: string;
  module: string;
  title: string;
  percent: number;
  threshold: number | null;
  rules: { id: string; name: string; tests: number; own: boolean; cite?: string; link: SourceLink | null }[];
  /** rulebook sentences that no rule cites (and no README row marks as flavour), and those no test cites */
  uncited: string[];
  untested: string[];
  sentences: number;
}

export interface TestRunResult {
  files: { file: string; diagnostics: Diagnostic[] }[];
  tests: TestReport[];
  coverage: CoverageReport[];
  passed: number;
  failed: number;
  ms: number;
}

export interface SimulateParams {
  entry: string;
  variant: string | null;
  players: number;
  games: number;
  seed: number;
  /** per seat (repeated in order when fewer): `random`, `first`, a policy such as `cautious(8)` */
  agents: string[];
  options: Record<string, Value>;
}

export interface SimulateResult {
  summary: SimulationSummary;
  rules: RuleInfo[];
  ms: number;
  gamesPerSecond: number;
  cancelled: boolean;
  /** 95% intervals by measure, as Compare's balance names them (`p1 win rate`, `p1 score`, `rounds`, `turns`, `ends: …`) */
  intervals: Record<string, Estimate>;
  /** each end reason by the end condition's name (`end:ten_points` → `ten_points`) */
  endNames: Record<string, string>;
}

export type SimulateOutcome = { ok: true; result: SimulateResult } | { ok: false; message: string; diagnostics: Diagnostic[] };

export interface SimulateProgress {
  done: number;
  total: number;
}

/** Who answers a seat's decisions: a person (null) or a bot (`random`, `first`, `mcts(iterations=800)`, a policy). */
export type SeatController = string | null;

/**
 * A bot searching (`mcts…`), told while it searches: its seat and agent, the playouts done of its budget (and its
 * time budget, if any), and the game as it stands (the bots that answered before it in this run included).
 */
export interface PlayProgress {
  seat: number;
  agent: string;
  iterations: number;
  budget: number;
  /** the search's time limit (ms), 0 for none */
  ms: number;
  /** the game now, sent when it changed since the request began (another bot answered first) */
  state?: PlayState;
}

export interface PlayStartParams {
  entry: string;
  variant: string | null;
  players: number;
  seed: number;
  options: Record<string, Value>;
  seats: SeatController[];
}

export interface PlayOption {
  index: number;
  /** the option by the name a test writes: `exit`, `place_start_settlement(corner(0, -2, 0))` */
  label: string;
  /** for a corner or an edge, what lies around it as the terminal says it: `pasture 8, forest 10, hills 2` */
  around?: string;
  /** the board's sites the option places or picks (to mark and click them on the board) */
  sites: number[];
}

export interface PlayDecision {
  seat: number;
  ask: string;
  /** the rule or flow step that asks, in the author's words */
  label: string;
  secret: boolean;
  options: PlayOption[];
  /** at an earlier step: the option the line holds here (choosing it walks forward; another forks a new line) */
  taken: number | null;
  /** why another option may not be chosen here (the undo rule: the seat learnt something hidden since), or null */
  locked: string | null;
}

export interface PlayLogEntry {
  seq: number;
  round: number;
  turn: number;
  event: string;
  text: string;
  /** the rules that fired on this event in its step, linked to their source */
  rules: { id: string; name: string; link: SourceLink | null }[];
}

export interface PlayStep {
  /** the step's index on its line */
  index: number;
  seat: number;
  /** the answer as the viewer may know it: `p2 chooses exit`, or `p2 chooses (secretly)` */
  label: string;
  byBot: boolean;
}

export interface PlayLine {
  id: number;
  name: string;
  steps: number;
}

/** The players as the viewer sees them, in the author's words: a column per seat (the viewer's first), a row per value. */
export interface PlayTable {
  seats: number[];
  rows: { name: string; kind: 'var' | 'pool' | 'zone' | 'supply'; cells: string[] }[];
}

/** A shared var or pool as the viewer sees it: `bank: brick 19, lumber 19`. */
export interface PlayShared {
  name: string;
  text: string;
}

export interface PlayState {
  session: number;
  lineId: number;
  lines: PlayLine[];
  /** steps taken on this line, the cursor (how many are applied), and whether steps lie ahead (after a step back) */
  steps: PlayStep[];
  cursor: number;
  seats: SeatController[];
  /** the seat whose eyes everything below is seen with (-1: a spectator) */
  viewer: number;
  /** the game as the viewer sees it (`game.view(viewer)`) */
  view: unknown;
  geometry: unknown;
  /** `pool.token` of every unlimited pool entry (its count is what it has paid out, so it is shown as ∞) */
  unlimited: string[];
  /** the board as SVG, when the game has one (drawn in the worker) */
  boardSvg?: string;
  /** each seat's colour, as the board draws it */
  seatColours: string[];
  /** the players' table and the shared values, in the author's words, scratch vars left out */
  table: PlayTable;
  shared: PlayShared[];
  /** the viewer's points now (the ranking's first key), when the scenario ranks and a seat is viewing */
  points?: number;
  /** the viewer's open decisions (a person's seat): only the viewer's own options are shown */
  pending: PlayDecision[];
  /** seats still to answer (bots answer at once, so these are people) */
  waitingFor: number[];
  /** the event log as the viewer saw it (`game.redactedLog(viewer)`), the most recent entries */
  log: PlayLogEntry[];
  over: boolean;
  outcome: { winners: number[]; reason: string; ranking: { seat: number; rank: number; score: Value[] }[] } | null;
  error: Diagnostic | null;
  stateHash: string;
  /** a bot whose search was cancelled before it answered: the game waits for it (go on, or give it another agent) */
  stopped?: { seat: number; agent: string };
}

export type PlayResult = { ok: true; state: PlayState } | { ok: false; diagnostics: Diagnostic[] };

export interface GraphNode {
  id: string;
  kind: 'event' | 'rule' | 'state' | 'action';
  label: string;
  link: SourceLink | null;
  status?: string;
  /** the node's centre and size in the laid-out drawing */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GraphEdge {
  from: string;
  to: string;
  kind: string;
  /** the polyline dagre routed */
  points: { x: number; y: number }[];
}

export interface GraphDrawing {
  nodes: GraphNode[];
  edges: GraphEdge[];
  width: number;
  height: number;
}

export interface CompareParams {
  /** gallery entry ids (`<file>` or `<file>#<variant>`) */
  a: string;
  b: string;
  /** the witness search's budget, and again its shrinking's */
  budgetSeconds: number;
  /** the witness search's first seed */
  seed: number;
  /** games of each side for the balance table (0: none) */
  balanceGames: number;
}

export interface ComparedSide {
  id: string;
  title: string;
  variant: string | null;
}

/** Both sides after set-up (move null) or after one move of the witness, as a spectator sees them. */
export interface WitnessFrame {
  move: string | null;
  a: { view: unknown; board: string | null };
  b: { view: unknown; board: string | null };
  /** the sites of the options one side offers and the other does not, after this move (marked on both boards) */
  optionSites: number[];
}

/** A witness as the page shows it: seed, players and moves by name, and where the two sides first differ. */
export type WitnessSummary = Pick<Witness, 'seed' | 'players' | 'moves' | 'found' | 'ms' | 'arrange' | 'options' | 'verified'> & { divergence: Divergence };

/**
 * What the page sends back of a witness to replay it: an arranged one names its arrangement (`found.arrangement`)
 * and the search's first seed (the arrangements are built from it); its divergence, to check the replay parts there.
 */
export type ReplayedWitness = Pick<WitnessSummary, 'seed' | 'players' | 'moves' | 'options'> & { arrangement?: string; searchSeed?: number; divergence?: { step: number; detail: string } };

/** One difference the search sought a game for, with its witness (or why it has none). */
export interface ComparedDifference {
  /** `kind name`, as the structural diff names it */
  label: string;
  witness: WitnessSummary | null;
  /**
   * null: the witness is a game of the two printings in lockstep (the boards replay it); otherwise it is a game
   * of the first printing against the first with only this difference taken from the second (`isolated`), or why
   * that could not be done
   */
  isolation: string | null;
  /** the declarations an isolated witness takes from the second printing */
  isolatedDeclarations: string | null;
  /** the same game is the witness of an earlier difference */
  sameAs: string | null;
  /** why it has no witness: no effect on play, or the budget */
  summary: string;
}

/** A lockstep witness played again: a frame per decision on both sides. */
export interface WitnessReplay {
  frames: WitnessFrame[];
  /** where each side's board draws its sites (`BoardGeometryView`; null without a board): the page marks the sites that differ */
  geometry: { a: unknown; b: unknown };
  /** the replay parted where the witness did (the same step, in the same words): false, the boards do not show it */
  reproduced: boolean;
}

export type CompareResult =
  | { ok: false; diagnostics: Diagnostic[] }
  | {
      ok: true;
      a: ComparedSide;
      b: ComparedSide;
      /** `sentences`: the changes grouped by the rulebook sentences they cite (`groupBySentence`), in the changes' order */
      structure: { shared: number; unchanged: number; changes: NodeChange[]; renamed: RenameCandidate[]; diagnostics: Diagnostic[]; sentences: SentenceGroup[] };
      /** the first witness found, replayed in `frames` */
      witness: WitnessSummary | null;
      /** every difference sought, in the structural diff's order, each with its own witness or why it has none */
      differences: ComparedDifference[];
      search: { games: number; depth: number; /** its first seed */ seed: number; summary: string; diagnostics: Diagnostic[] };
      frames: WitnessFrame[];
      geometry: WitnessReplay['geometry'];
      reproduced: boolean;
      /** each seat's colour on the first side's board */
      seatColours: string[];
      /** every witness as a module with one test block each, where it would live, passing on the first side */
      witnessTest: { path: string; text: string } | null;
      /** the paired balance of random games (`pairedBalance`, as `diff --balance`); null: none played */
      balance: PairedBalance | null;
      balanceGames: number;
      balancePlayers: number | null;
    };

/** method → params, result, and (for long requests) progress */
export interface EngineMethods {
  /** the author's files (edits of repo files and new ones), laid over the repo's, which the worker bundles itself */
  'files/author': { params: { files: Record<string, string> }; result: null };
  'files/change': { params: { path: string; text: string | null }; result: null };
  catalog: { params: Record<string, never>; result: Catalog };
  check: { params: { entry: string }; result: CheckResult };
  /** `state`: also the state rules and actions read and write (a busier drawing) */
  'graph/drawing': { params: { entry: string; variant: string | null; state: boolean }; result: GraphDrawing | null };
  'tests/list': { params: { file: string }; result: TestBlock[] };
  /** `only`: run just these tests (by file and name); otherwise every test of the files */
  'tests/run': { params: { files: string[]; only?: { file: string; name: string }[] }; result: TestRunResult; progress: { done: number } };
  'simulate/run': { params: SimulateParams; result: SimulateOutcome; progress: SimulateProgress };
  /** these three let the bots answer after the move, searching in slices (progress: who thinks; cancel stops the search) */
  'game/start': { params: PlayStartParams; result: PlayResult; progress: PlayProgress };
  'game/move': { params: { session: number; seat: number; option: number }; result: PlayResult; progress: PlayProgress };
  'game/goto': { params: { session: number; lineId: number; cursor: number }; result: PlayResult; progress: PlayProgress };
  /** gives a bot's seat another agent (a bot stays a bot), then lets the bots answer from the tip */
  'game/seat': { params: { session: number; seat: number; agent: string }; result: PlayResult; progress: PlayProgress };
  'game/view-as': { params: { session: number; viewer: number }; result: PlayResult };
  'compare/run': { params: CompareParams; result: CompareResult; progress: CompareProgress };
  /** one of a comparison's lockstep witnesses played again on both sides (the page asks when another is picked) */
  'compare/replay': { params: { a: string; b: string; witness: ReplayedWitness }; result: WitnessReplay | null };
  'game/open-log': { params: { entry: string; variant: string | null; text: string; game?: number }; result: PlayResult };
}

export type EngineMethod = keyof EngineMethods;

/** The name of an engine worker started for one comparison at a time (it skips the warm-up check). */
export const COMPARISON_WORKER = 'compare';

/** The scenario the page opens on when nothing else is asked for (the engine worker's answers for it are built in). */
export const DEFAULT_ENTRY = 'scenarios/diamant/diamant.rules';

/**
 * A comparison's progress: its phase, and during the witness search what the search tells of itself (its step, the
 * games searched, the differences that can show in play and those witnessed so far) and the seconds it has searched
 * of its budget (then of the shrinking's).
 */
export interface CompareProgress {
  phase: 'structure' | 'witness' | 'balance';
  /** the witness search's step: `search` the two sides in step, `isolate` a difference taken alone, `shrink` the games found, `done` */
  step?: SearchProgress['phase'];
  /** games searched so far */
  games?: number;
  /** differences that can show in play, and those with a game found so far (before shrinking) */
  differences?: number;
  witnessed?: number;
  /** seconds searched, of the search's budget and (as much again) the shrinking's */
  seconds?: number;
  budgetSeconds?: number;
}
export type ParamsOf<M extends EngineMethod> = EngineMethods[M]['params'];
export type ResultOf<M extends EngineMethod> = EngineMethods[M]['result'];
export type ProgressOf<M extends EngineMethod> = EngineMethods[M] extends { progress: infer P } ? P : never;

export type PageToWorker =
  | { kind: 'request'; id: number; method: EngineMethod; params: unknown }
  | { kind: 'cancel'; id: number };

export type WorkerToPage =
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; message: string }
  | { kind: 'progress'; id: number; progress: unknown }
  | { kind: 'event'; event: { type: 'csp-violation'; directive: string; blocked: string } };
