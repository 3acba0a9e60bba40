import type { Diagnostic, Result } from '@houserules/schema';
import type { EndInfo, LoadedGraph } from '../load/loaded-graph.ts';
import { forgetEveryZone, initialKnowledge, settleKnowledge, zoneSeenMasks } from './card-knowledge.ts';
import { nextUint32 } from './prng.ts';
import { STREAM_BOARD, STREAM_WORDS } from './chance-streams.ts';
import { fillBoard } from './board-deal.ts';
import { invalidateAll } from './state-versions.ts';
import { copyPrefix, copySmis, truncate } from './packed-array.ts';
import { MAX_FIRINGS_PER_STEP, MAX_FLOW_STEPS_WITHOUT_DECISION } from './run-budgets.ts';
import { OptionBuffer, type CachedOptions } from './option-cache.ts';
import { boardGeometry, type TrailScratch } from './board-ops.ts';
import type { SiteIndex } from './board-site-index.ts';
import { fromUint32 } from '../board/random-setup.ts';
import type { BoardGeometryView, Decision, DecisionRecord, GameConfig, LogEntry, Move, Outcome, PlayerView, Snapshot } from './types.ts';
import { END_NONE } from './flow-frame.ts';
import { checkConfig } from './game-config.ts';
import { fail } from './run-errors.ts';
import { record } from './game-log.ts';
import { enqueue } from './event-queue.ts';
import { moveTokens } from './token-moves.ts';
import { moveAllCards, moveCard, revealTop, showCards, shuffleZone } from './card-moves.ts';
import { randomBelow, rollDice, stream } from './chance-draws.ts';
import { ENDING_NONE, endGame } from './ending.ts';
import { countLoop, drainEvents, startFiring } from './dispatch.ts';
import { askDecision, describe, firstOpen, openDecision } from './decisions.ts';
import { flowPosition, phaseActive, pushFrame } from './flow-stack.ts';
import { settle } from './decision-cycle.ts';
import { apply } from './apply-move.ts';
import { commit } from './decision-cycle.ts';
import { restore, snapshot, stateHash } from './game-snapshot.ts';
import { knows, mayRead, redactedLog, unresolvedAnswers, view } from './player-view.ts';
import { refreshDecisions, resume, runStatements } from './conformance-hooks.ts';

/*
 * A game, as a small façade: the class holds the state (flat arrays, the flow as a
 * stack of integer frames, the event queue, the decision records) and the public
 * API; what a game does lives in free functions over it, one concept a module:
 *
 *   game-config.ts        the configuration's checks (player count, options)
 *   run-errors.ts         run errors: the game stops, the error names its rule or action
 *   game-log.ts           log entries
 *   event-queue.ts        queuing events
 *   dispatch.ts           dispatching events: firing rules, the step and loop budgets
 *   token-moves.ts        moving tokens between pools
 *   card-moves.ts         moving, shuffling, revealing and showing cards
 *   chance-draws.ts       dice and picks, each from its own chance stream
 *   decisions.ts          asking, the options of a choice, decision records
 *   action-offers.ts      the actions a player may take now (the closure path's enumeration)
 *   apply-move.ts         checking a move against the open decision (naming what refuses it)
 *   flow-stack.ts         the flow's frames: pushing, active phases, the position in words
 *   flow-machine.ts       advancing the flow (rounds, turns, phases, repeats, actions)
 *   decision-cycle.ts     one decision's cycle: commit, settle until the next decision, resolve and `then`
 *   ending.ts             end conditions, `end game`, ranking and the outcome
 *   invariants.ts         conservation of tokens and pieces, declared invariants
 *   game-snapshot.ts      snapshot, restore, state hash
 *   player-view.ts        a seat's view, its redacted log, card knowledge
 *   conformance-hooks.ts  what the conformance runner does to a game
 *
 * The primitives compiled code calls (RunState, run-state.ts) are those modules'
 * functions themselves, written over `this` and set on the prototype (end of
 * this file); the rest of the public API forwards in one call.
 */

const DEFAULT_BUDGET = MAX_FIRINGS_PER_STEP;

/** Creates a game; a bad configuration is reported, not thrown. */
export function createGame(lg: LoadedGraph, config: GameConfig): Result<Game | null> {
  const checked = checkConfig(lg, config);
  if (checked.value === null) return { value: null, diagnostics: checked.diagnostics };
  return { value: new Game(lg, config, checked.value), diagnostics: [] };
}

/**
 * One game: all state in flat arrays, the flow as an explicit stack of frames,
 * so snapshot/restore and hashing are plain array copies.
 */
export class Game {
  // The state. Its fields are read and written by the run-time modules listed above
  // (free functions over a game); outside the engine use the methods.
  readonly playerCount: number;
  readonly players: number[];
  readonly cardCount: number;
  readonly fieldWidth: number;
  readonly optionVals: Int32Array;
  // pools
  readonly counts: number[];
  readonly finite: Uint8Array;
  readonly capacity: Float64Array;
  readonly poolBase: Int32Array;
  readonly cardPoolBase: number;
  readonly slotToken: Int32Array;
  readonly tokenTotals: Float64Array;
  // vars
  readonly vars: number[];
  readonly varBase: Int32Array;
  // board (its state is in vars from boardBase on: see loaded-board.ts)
  readonly boardBase: number;
  /** the cards' vars (after the board's block): card c's block starts at cardVarBase + c * storage.cardVarStride */
  readonly cardVarBase: number;
  /** bumped when a piece is placed or removed (and on restore): the longest-trail cache's key */
  pieceVersion = 0;
  trailScratch: TrailScratch | null = null;
  /** the sites holding each per-player piece kind, by player (board-site-index.ts); in step while builtAt is pieceVersion (restart keeps its arrays, out of step) */
  siteIndex: SiteIndex | null = null;
  // cards and zones
  /** each card's kind and field values: the layout's (shared, never written) unless ownCardIdentities gave this game its own */
  cardKind: Int32Array;
  fieldVals: Int32Array;
  readonly cardZone: number[];
  /**
   * per card, the seats that knew it when it was last written (a bit set): what it is
   * known by unless its zone was shuffled since (knownAt, zoneShuffledAt; card-knowledge.ts).
   * Read through `knownBy`, or `known`, which brings every card up to date first
   */
  readonly cardKnowledge: number[];
  /** per card, the shuffle epoch at which cardKnowledge was written */
  readonly knownAt: Int32Array;
  /** per zone instance, the shuffle epoch of its last shuffle (0: none since the knowledge was last settled) */
  readonly zoneShuffledAt: Int32Array;
  /** shuffles since the knowledge was last settled (settleKnowledge sets it back to 0) */
  shuffleEpoch = 0;
  /** per zone instance, the seats that see its cards */
  readonly zoneSeen: number[];
  /** log entries with a secret part → the seats that may read it (redactedLog) */
  readonly logSecrets = new WeakMap<LogEntry, number>();
  /** secret answers that write a `secret var`: hidden from the other seats for good, not only until their group resolves */
  readonly lastingSecrets = new WeakSet<LogEntry>();
  readonly zoneCards: number[][];
  readonly zoneLen: number[];
  readonly zoneInstBase: Int32Array;
  readonly zoneInstDecl: Int32Array;
  readonly zoneInstOwner: Int32Array;
  // evaluation registers
  /** the locals holding numbers, by slot (an array of Smis) */
  locals: number[];
  /** the locals holding lists, by the same slots (a slot that holds a list always does: see Scope.listSlots) */
  lists: number[][];
  current = -1;
  actor = -1;
  self = -1;
  round = 0;
  turn = 0;
  /** rounds begun in the whole game (`round` counts within its `rounds` block, from 1 again in the next one) */
  roundsPlayed = 0;
  srcArr: ArrayLike<number> = [];
  /** per state resource, a version every write bumps: cached results compare sums of them (state-resources.ts) */
  readonly ver: Int32Array;
  /** per count slot and per zone instance: its resource */
  readonly slotResource: Int32Array;
  /** per action × player: the argument lists last offered and the stamp of what they read (option-cache.ts; read by generated collection) */
  readonly optionCache: (CachedOptions | undefined)[] = [];
  /** per memoised derived value, its table, made on first use (derived-memo.ts) */
  readonly memo: (Int32Array | undefined)[] = [];
  /** per derived value i without parameters, memoised: its stamp at 2i and value at 2i + 1 (-1: none yet) */
  readonly memoFlat: Int32Array;
  readonly zoneResource: Int32Array;
  srcLen = 0;
  srcRev = false;
  // flow
  frames: number[];
  depth = 0;
  endScope = END_NONE;
  // events
  qEvent: number[];
  qArgs: number[];
  qHead = 0;
  qTail = 0;
  readonly stride: number;
  /** the arguments of the event being dispatched (rules bind them) */
  readonly evArgs: number[];
  // decisions
  decisions: DecisionRecord[] = [];
  nextGroup = 0;
  /** how often each action was taken this turn (read by generated collection) */
  actionCounts: number[];
  readonly domainBufs: number[][][];
  readonly tmpVals: number[];
  readonly chooserBuf: number[] = [];
  readonly candidateBuf: number[] = [];
  resolving: DecisionRecord[] = [];
  /**
   * the record nextSeat last found (the first open decision, so its seat's first), which
   * openDecision checks first: it stays its seat's first open record until it is answered
   * (then the check fails) or the list is emptied, restored or a group resolved (its records
   * are reused, and a reused one may open behind another of its seat): each of those clears it
   */
  openHint: DecisionRecord | null = null;
  readonly freeRecords: DecisionRecord[] = [];
  /** where an action decision's options are gathered */
  readonly optionBuffer = new OptionBuffer();
  /** the lists of resolved action decisions, for the next ones */
  readonly spareLists: number[][] = [];
  /** the lists of resolved choices (not the asks' own), for the next ones */
  readonly spareChoiceLists: number[][] = [];
  /** whether a decision group may have become ready since the last look */
  readyCheck = false;
  // chance: one generator per purpose, STREAM_WORDS words each (chance-streams.ts)
  readonly rng: Uint32Array;
  readonly chanceKeys: Uint32Array;
  readonly chanceZoneBase: number;
  chanceSeed: number;
  // status
  halt = false;
  over = false;
  endingPhase = ENDING_NONE;
  endWinners: number[] | null = null;
  endReason = '';
  result: Outcome | null = null;
  err: Diagnostic | null = null;
  /** what runs now, so a run error names its place: a rule (index in lg.rules), an action, or an ask's `then` (-1: none) */
  placeRule = -1;
  placeAction = -1;
  placeAsk = -1;
  readonly diagnostics: Diagnostic[] = [];
  firings: number[];
  stepFirings = 0;
  /** list elements loops have walked in this flow step (MAX_LOOP_WORK_PER_STEP) */
  loopWork = 0;
  budget: number;
  /** the last rule firings before the budget runs out (to name the loop); made when first needed */
  recent: number[] | null = null;
  recentPos = 0;
  logEntries: LogEntry[] | null;
  seq = 0;
  checking: boolean;
  readonly endsImmediate: EndInfo[];
  readonly endsOwnTurn: EndInfo[];
  readonly endsTurn: EndInfo[];
  readonly endsRound: EndInfo[];
  /**
   * true when something other than a rule firing classified at load (a flow step,
   * an answered decision, a restore) may have changed what the after-every-firing
   * end conditions read: the next firing re-checks them whatever it wrote
   */
  endsStale = true;
  /** the stamp of what the firing end conditions read when they last all failed; -1: none */
  firingEndStamp = -1;
  /** how many times end conditions were evaluated (tests observe which firings re-check) */
  endChecks = 0;
  // test hooks
  /** faces the next dice show, in order (tests fix rolls); null: all random */
  forcedDice: number[] | null = null;
  /** the total the next roll makes, whatever its dice (tests: `fix dice to E`); -1: none */
  forcedTotal = -1;
  // flow budget
  /** flow steps allowed in one settle, i.e. between two decisions (config.flowStepBudget; MAX_FLOW_STEPS_WITHOUT_DECISION by default) */
  flowBudget = MAX_FLOW_STEPS_WITHOUT_DECISION;
  flowSteps = 0;
  // invariants
  /** what the invariant checks last found holding: the pools' stamp, the pieces' version, each declared invariant's stamp (-1: check) */
  countsHeldAt = -1;
  piecesHeldAt = -1;
  invariantsHeldAt: number[] | null = null;
  tokenSums: Float64Array | null = null;
  /** the ranking keys' values by seat, while the outcome is worked out (made at the first game's end, kept by restart) */
  rankScores: Float64Array | null = null;
  /** the seats in ranking order, while the outcome is worked out (ending.ts' finish; kept by restart) */
  readonly rankOrder: number[] = [];

  constructor(readonly lg: LoadedGraph, public config: GameConfig, optionVals: Int32Array) {
    const n = config.players;
    this.playerCount = n;
    this.optionVals = optionVals;
    this.budget = config.stepBudget ?? DEFAULT_BUDGET;
    this.checking = config.checkInvariants ?? false;
    this.logEntries = config.recordLog === false ? null : [];
    const layout = lg.layout(n);
    this.locals = layout.zeros.locals.slice();
    this.lists = layout.zeros.lists.slice();

    this.players = layout.players;
    this.cardCount = layout.cardCount;
    this.fieldWidth = lg.fieldCount;
    this.zoneInstBase = layout.zoneInstBase;
    this.zoneInstDecl = layout.zoneInstDecl;
    this.zoneInstOwner = layout.zoneInstOwner;
    this.cardKind = layout.cardKind;
    this.fieldVals = layout.fieldVals;
    this.cardZone = layout.cardZone.slice();
    this.zoneSeen = zoneSeenMasks(lg, this.zoneInstDecl, this.zoneInstOwner, n);
    this.cardKnowledge = initialKnowledge(this.cardZone, this.zoneSeen);
    this.knownAt = new Int32Array(this.cardZone.length);
    this.zoneShuffledAt = new Int32Array(this.zoneSeen.length);
    const zoneCards: number[][] = [];
    for (let i = 0; i < layout.zoneCards.length; i++) zoneCards.push(layout.zoneCards[i]!.slice());
    this.zoneCards = zoneCards;
    this.zoneLen = layout.zoneLen.slice();
    this.poolBase = layout.poolBase;
    this.cardPoolBase = layout.cardPoolBase;
    this.slotToken = layout.slotToken;
    this.finite = layout.finite;
    this.capacity = layout.capacity;
    this.counts = layout.counts.slice();
    this.tokenTotals = layout.tokenTotals;
    this.varBase = layout.varBase;
    this.vars = layout.zeros.vars.slice();
    this.boardBase = layout.boardBase;
    this.cardVarBase = layout.cardVarBase;
    this.ver = new Int32Array(lg.resources.count);
    this.memoFlat = layout.memoFlat.slice();
    this.slotResource = layout.slotResource;
    this.zoneResource = layout.zoneResource;
    this.endsImmediate = layout.endsImmediate;
    this.endsOwnTurn = layout.endsOwnTurn;
    this.endsTurn = layout.endsTurn;
    this.endsRound = layout.endsRound;

    this.tmpVals = layout.zeros.tmpVals.slice();
    this.stride = lg.maxEventArgs;
    this.qEvent = [];
    this.qArgs = [];
    this.evArgs = layout.zeros.evArgs.slice();
    this.frames = [];
    this.actionCounts = layout.zeros.actionCounts.slice();
    this.domainBufs = [];
    this.firings = layout.zeros.firings.slice();

    this.chanceKeys = layout.chanceKeys;
    this.chanceZoneBase = layout.chanceZoneBase;
    this.chanceSeed = config.seed;
    this.rng = new Uint32Array(STREAM_WORDS * layout.chanceKeys.length);
    this.begin();
  }

  /**
   * Sets a new game going on this one's arrays: the same graph and player count,
   * `config`'s seed, options and settings; false (nothing changed) for another
   * player count or a configuration createGame would refuse. The game then plays
   * exactly as a game created with `config` would (the same log, byte for byte),
   * with none of the allocation: simulation loops reuse one game (playGame's
   * `reuse`). Only the caches stay, and every version is bumped, so none of them
   * is trusted again.
   */
  restart(config: GameConfig): boolean {
    if (config.players !== this.playerCount) return false;
    // the same options (the same object: a simulation's every game) need no second check
    if (config.options !== this.config.options) {
      const checked = checkConfig(this.lg, config);
      if (checked.value === null) return false;
      this.optionVals.set(checked.value);
    }
    this.config = config;
    this.budget = config.stepBudget ?? DEFAULT_BUDGET;
    this.checking = config.checkInvariants ?? false;
    this.logEntries = config.recordLog === false ? null : [];
    const layout = this.lg.layout(this.playerCount);
    const zeros = layout.zeros;
    copySmis(this.locals, zeros.locals);
    resetLists(this.lists, zeros.lists);
    copySmis(this.cardZone, layout.cardZone);
    // every card is back where it starts, known by the seats that see its zone: as after a shuffle of every zone
    forgetEveryZone(this);
    // a zone's cards, the frames and the queue keep their arrays' length (their live parts are zoneLen, depth, qHead..qTail):
    // shortening them would drop their backing stores, to be grown again during the game
    for (let i = 0; i < layout.zoneCards.length; i++) copyPrefix(this.zoneCards[i]!, layout.zoneCards[i]!);
    copySmis(this.zoneLen, layout.zoneLen);
    copySmis(this.counts, layout.counts);
    copySmis(this.vars, zeros.vars);
    this.memoFlat.set(layout.memoFlat);
    copySmis(this.tmpVals, zeros.tmpVals);
    copySmis(this.evArgs, zeros.evArgs);
    copySmis(this.actionCounts, zeros.actionCounts);
    copySmis(this.firings, zeros.firings);
    this.rng.fill(0);
    this.chanceSeed = config.seed;
    this.pieceVersion = 0;
    this.trailScratch = null;
    if (this.siteIndex !== null) this.siteIndex.builtAt = -1;
    this.current = this.actor = this.self = -1;
    this.round = this.turn = this.roundsPlayed = 0;
    this.srcArr = [];
    this.srcLen = 0;
    this.srcRev = false;
    this.depth = 0;
    this.endScope = END_NONE;
    this.qHead = this.qTail = 0;
    truncate(this.decisions);
    truncate(this.resolving);
    this.openHint = null;
    this.nextGroup = 0;
    this.readyCheck = false;
    this.halt = this.over = false;
    this.endingPhase = ENDING_NONE;
    this.endWinners = null;
    this.endReason = '';
    this.result = null;
    this.err = null;
    this.placeRule = this.placeAction = this.placeAsk = -1;
    truncate(this.diagnostics);
    this.stepFirings = this.loopWork = 0;
    this.recent = null;
    this.recentPos = 0;
    this.seq = 0;
    this.endsStale = true;
    this.firingEndStamp = -1;
    this.endChecks = 0;
    this.forcedDice = null;
    this.forcedTotal = -1;
    this.flowBudget = MAX_FLOW_STEPS_WITHOUT_DECISION;
    this.flowSteps = 0;
    this.countsHeldAt = this.piecesHeldAt = -1;
    this.invariantsHeldAt = null;
    this.tokenSums = null;
    this.begin();
    return true;
  }

  /** the start of a game (a new one or a restarted one): initial values, the board's deal, then the flow until the first decision */
  private begin(): void {
    const lg = this.lg;
    const config = this.config;
    const n = this.playerCount;
    for (let vi = 0; vi < lg.vars.length; vi++) {
      const v = lg.vars[vi]!;
      if (v.literal !== null) continue;
      const site = lg.board?.siteVars.get(vi);
      if (site) {
        const value = v.initial(this);
        for (let k = 0; k < site.count; k++) this.vars[this.boardBase + site.offset + k] = value;
      } else if (v.scope === 'card') {
        // (the compiler gives a card var a constant; a graph from elsewhere may not)
        const value = v.initial(this);
        const st = lg.storage;
        for (let c = 0; c < this.cardCount; c++) this.vars[this.cardVarBase + c * st.cardVarStride + st.varOffset[vi]!] = value;
      } else if (v.scope === 'global') this.initVar(v, this.varSlot(vi, 0));
      else
        for (let p = 0; p < n; p++) {
          this.self = p;
          this.initVar(v, this.varSlot(vi, p));
        }
      this.self = -1;
    }
    // the board's kinds and values come from the board's stream, before any rule
    if (lg.board) {
      const o = stream(this, STREAM_BOARD);
      fillBoard(lg.board, lg.strings, this.vars, this.boardBase, fromUint32(() => nextUint32(this.rng, o)));
    }
    // initial values were written without versions: nothing computed so far may be reused
    invalidateAll(this);
    if (this.logEntries) record(this, '$start', { seed: config.seed, players: n, options: config.options ?? {} });
    pushFrame(this, lg.flowRoot);
    if (lg.builtin.gameStart >= 0) this.enqueue(lg.builtin.gameStart, this.evArgs, 0);
    if (config.flowStepBudget !== undefined) this.flowBudget = config.flowStepBudget;
    if (config.holdFlow === true) drainEvents(this);
    else settle(this);
  }

  // ───────────────────────── public API ─────────────────────────

  get log(): LogEntry[] {
    return this.logEntries ?? [];
  }

  get outcome(): Outcome | null {
    return this.result;
  }

  get isOver(): boolean {
    return this.over;
  }

  /** the run error that stopped the game, if any */
  get error(): Diagnostic | null {
    return this.err;
  }

  get ruleFirings(): Record<string, number> {
    const out: Record<string, number> = {};
    this.lg.rules.forEach((r, i) => (out[r.id] = this.firings[i]!));
    return out;
  }

  /** firings by rule index (same order as loaded.rules); no allocation */
  get ruleFiringCounts(): readonly number[] {
    return this.firings;
  }

  pending(): Decision[] {
    return this.decisions.filter((d) => d.seat >= 0 && d.chosen < 0).map((d) => describe(this, d));
  }

  /** the seats that have an open decision, in decision order, each once */
  waitingSeats(): number[] {
    const out: number[] = [];
    for (const d of this.decisions) if (d.seat >= 0 && d.chosen < 0 && !out.includes(d.seat)) out.push(d.seat);
    return out;
  }

  /** the first seat with an open decision, or -1 (no allocation) */
  nextSeat(): number {
    const i = firstOpen(this.decisions, 0);
    if (i < 0) return -1;
    const d = this.decisions[i]!;
    this.openHint = d;
    return d.seat;
  }

  legalActions(seat: number): Move[] {
    const d = openDecision(this, seat);
    return d ? describe(this, d).options : [];
  }

  /** how many options the seat's open decision has (0: nothing to decide) */
  optionCount(seat: number): number {
    return openDecision(this, seat)?.count ?? 0;
  }

  /** the encoded value of option i of a choice (for policies), or the action index of an action option */
  optionValue(seat: number, i: number): number {
    const d = openDecision(this, seat);
    if (!d) return Number.NaN;
    return d.offsets === null ? d.values[i]! : d.values[d.offsets[i]!]!;
  }

  /** the encoded argument k of action option i */
  optionArg(seat: number, i: number, k: number): number {
    const d = openDecision(this, seat);
    if (!d || d.offsets === null) return Number.NaN;
    return d.values[d.offsets[i]! + 1 + k]!;
  }

  /** the ask index of the seat's open decision; -1 for an actions item, -2 when nothing is open */
  openAsk(seat: number): number {
    return openDecision(this, seat)?.ask ?? -2;
  }

  apply(seat: number, move: Move): Result<boolean> {
    return apply(this, seat, move);
  }

  /** answers the seat's open decision with option i (the fast path agents use) */
  applyOption(seat: number, i: number): boolean {
    // written out here, not forwarded: the agents' loop calls it per decision
    if (this.over) return false;
    const d = openDecision(this, seat);
    if (!d || i < 0 || i >= d.count) return false;
    commit(this, d, i);
    return true;
  }

  view(seat: number): PlayerView {
    return view(this, seat);
  }

  /** where to draw the board's hexes, corners and edges, by site value; null without a board */
  boardGeometry(): BoardGeometryView | null {
    return this.lg.board ? boardGeometry(this.lg.board) : null;
  }

  snapshot(): Snapshot {
    return snapshot(this);
  }

  restore(s: Snapshot): void {
    restore(this, s);
  }

  /** FNV-1a over the state words (two lanes for 64 bits) as 16 hex digits */
  stateHash(): string {
    return stateHash(this);
  }

  /**
   * Gives this game its own copies of the cards' kinds and field values, which a
   * search then writes: a determinization deals the cards its seat does not know
   * anew (search/determinize.ts). A played game never needs it.
   */
  ownCardIdentities(): void {
    if (this.cardKind === this.lg.layout(this.playerCount).cardKind) {
      this.cardKind = this.cardKind.slice();
      this.fieldVals = this.fieldVals.slice();
    }
  }

  /**
   * per card, the seats that know it (a bit set), every card brought up to date with the
   * shuffles since: writing into it is writing what a card is known by
   */
  get known(): number[] {
    if (this.shuffleEpoch !== 0) settleKnowledge(this);
    return this.cardKnowledge;
  }

  /** whether seat `seat` knows card `c` */
  knows(seat: number, c: number): boolean {
    return knows(this, seat, c);
  }

  /** the log as seat `seat` saw it (docs/language.md, "Who knows what"); replays use `log` */
  redactedLog(seat: number): LogEntry[] {
    return redactedLog(this, seat);
  }

  /** the log entries of the answers committed to decisions still open: secret ones are revealed when their group resolves */
  unresolvedAnswers(): Set<LogEntry> {
    return unresolvedAnswers(this);
  }

  /** whether seat `seat` (-1: a spectator) may now read the secret part of log entry `e` (an entry with none: yes) */
  mayRead(e: LogEntry, seat: number): boolean {
    return mayRead(this, e, seat);
  }

  /** where the flow is, in the author's words (`rounds forever → step go`) */
  flowPosition(): string {
    return flowPosition(this);
  }

  /** whether a phase is active (on the flow stack now) */
  phaseActive(phase: number): boolean {
    return phaseActive(this, phase);
  }

  // ──────── what compiled code calls (RunState) ────────
  // The primitives are the modules' functions themselves, set on the prototype
  // below (written over `this`), so a call from compiled code is one call.
  /** counts a rule firing against the step budget; false (and the game stops) when the budget is spent */
  declare startFiring: OmitThisParameter<typeof startFiring>;
  /** counts a loop over `n` elements against the loop budget; false (and the game stops, naming `where`) past it */
  declare countLoop: OmitThisParameter<typeof countLoop>;
  /** reports a run error; the game stops. Returns -1 so slot computations can bail out. */
  declare fail: OmitThisParameter<typeof fail>;
  /** moves n tokens from count slot a to slot b (the pools are named in failures; the token is the slots') */
  declare moveTokens: OmitThisParameter<typeof moveTokens>;
  declare moveCard: OmitThisParameter<typeof moveCard>;
  declare moveAllCards: OmitThisParameter<typeof moveAllCards>;
  declare shuffleZone: OmitThisParameter<typeof shuffleZone>;
  declare revealTop: OmitThisParameter<typeof revealTop>;
  /** `show X to P`: the seats of `to` come to know the cards (arrays read in their given order) */
  declare showCards: OmitThisParameter<typeof showCards>;
  declare rollDice: OmitThisParameter<typeof rollDice>;
  declare randomBelow: OmitThisParameter<typeof randomBelow>;
  declare enqueue: OmitThisParameter<typeof enqueue>;
  declare endGame: OmitThisParameter<typeof endGame>;
  declare askDecision: OmitThisParameter<typeof askDecision>;

  /** the slot of var `vi` (of player `p` for a per-player var) */
  varSlot(vi: number, p: number): number {
    const st = this.lg.storage;
    return this.lg.vars[vi]!.scope === 'global' ? st.varOffset[vi]! : st.varOffset[vi]! + p * st.varStride;
  }

  /** every cached result is stale (a restore, the end of set-up) */
  invalidateAll(): void {
    invalidateAll(this);
  }

  // ──────────── test hooks (the conformance runner; unused in play) ────────────

  /** the next dice rolled show these faces, in order, before the generator takes over again */
  forceDice(faces: readonly number[]): void {
    this.forcedDice = faces.slice();
  }

  /** the next roll totals `total` (the faces are not drawn), before the generator takes over again */
  forceRollTotal(total: number): void {
    this.forcedTotal = total;
  }

  /** runs compiled statements on the state now (actor unbound), then the events they queued; false when they failed */
  runStatements(body: (g: Game) => void): boolean {
    return runStatements(this, body);
  }

  /** re-enumerates the options of every open decision from the state now (after a test's statements) */
  refreshDecisions(): void {
    refreshDecisions(this);
  }

  /** runs the game until it waits for a decision or is over (starts the flow of a game created with `holdFlow`) */
  resume(): void {
    resume(this);
  }

  /** a var's initial value(s) at its slot: one per key for a map */
  private initVar(v: LoadedGraph['vars'][number], slot: number): void {
    if (v.initials !== null) for (let k = 0; k < v.width; k++) this.vars[slot + k] = v.initials[k]!(this);
    else {
      const value = v.initial(this);
      for (let k = 0; k < v.width; k++) this.vars[slot + k] = value;
    }
  }
}

/**
 * restart's copy of the list locals: copyInto's loop, but writing only the slots a game
 * changed (most still hold the list they started with), each write to an array of
 * objects being a write barrier's work; a loop of its own, so that its accesses see
 * one kind of array
 */
function resetLists(lists: number[][], start: readonly number[][]): void {
  if (lists.length !== start.length) lists.length = start.length;
  for (let i = 0; i < start.length; i++) if (lists[i] !== start[i]) lists[i] = start[i]!;
}

// the primitives compiled code calls, as methods: the functions themselves, no forwarding layer
Game.prototype.startFiring = startFiring;
Game.prototype.countLoop = countLoop;
Game.prototype.fail = fail;
Game.prototype.moveTokens = moveTokens;
Game.prototype.moveCard = moveCard;
Game.prototype.moveAllCards = moveAllCards;
Game.prototype.shuffleZone = shuffleZone;
Game.prototype.revealTop = revealTop;
Game.prototype.showCards = showCards;
Game.prototype.rollDice = rollDice;
Game.prototype.randomBelow = randomBelow;
Game.prototype.enqueue = enqueue;
Game.prototype.endGame = endGame;
Game.prototype.askDecision = askDecision;
