import type { Diagnostic, Provenance, Result, Value } from '@houserules/schema';
import { allSeats, initialKnowledge, redactEntry, zoneSeenMasks } from './card-knowledge.ts';
import {
  type AskInfo,
  type ConstraintInfo,
  type EndInfo,
  type FlowInfo,
  type ListFn,
  type LoadedGraph,
} from '../load/loaded-graph.ts';
import { nextBelow, nextUint32, seedPrng, shuffleInPlace } from './prng.ts';
import { STREAM_BOARD, STREAM_WORDS } from './chance-streams.ts';
import { fillBoard } from './board-deal.ts';
import { FLOW_CONTEXT } from './state-versions.ts';
import { describeFlowPosition } from './flow-position.ts';
import { askWords, seatWord } from './author-words.ts';
import { MAX_FIRINGS_PER_STEP, MAX_FLOW_STEPS_WITHOUT_DECISION, MAX_IDLE_FLOW_MOVES, MAX_LOOP_WORK_PER_STEP } from './run-budgets.ts';
import { memoStamp } from './memo-tables.ts';
import { appendCachedOptions, OptionBuffer, storeOptions, type CachedOptions } from './option-cache.ts';
import { boardGeometry, boardView, pieceConservation, type TrailScratch } from './board-ops.ts';
import { fromUint32 } from '../board/random-setup.ts';
import type { BoardGeometryView, Decision, DecisionRecord, GameConfig, LogEntry, Move, Outcome, PlayerView, Snapshot, ZoneView, CardView, VarView } from './types.ts';
import { filledArray } from './packed-array.ts';
import {
  END_NONE,
  END_PHASE,
  END_ROUND,
  END_TURN,
  FLOW_ACTIONS,
  FLOW_IF,
  FLOW_PHASE,
  FLOW_REPEAT,
  FLOW_ROUNDS,
  FLOW_SEQ,
  FLOW_STEP,
  FLOW_TURNS,
  FRAME_BRANCH,
  FRAME_COUNT,
  FRAME_NODE,
  FRAME_PC,
  FRAME_SEAT,
  FRAME_STAGE,
  FRAME_WIDTH,
  MAX_PHASE_BITS,
} from './flow-frame.ts';

const DEFAULT_BUDGET = MAX_FIRINGS_PER_STEP;
const RECENT = 64;
/** flow moves allowed without any event being queued (an empty `repeat` would spin forever) */
const FLOW_GUARD = MAX_IDLE_FLOW_MOVES;

const NUMBER_TYPE = { t: 'number' } as const;

const ENDING_NONE = 0;
const ENDING_REQUESTED = 1;
const ENDING_DRAINING = 2;

function error(code: string, message: string, hint?: string): Diagnostic {
  return hint === undefined ? { code, severity: 'error', message } : { code, severity: 'error', message, hint };
}

/** Creates a game; a bad configuration is reported, not thrown. */
export function createGame(lg: LoadedGraph, config: GameConfig): Result<Game | null> {
  const diagnostics: Diagnostic[] = [];
  const { min, max } = lg.graph.scenario.players;
  if (!Number.isInteger(config.players) || config.players < 1 || config.players < min || config.players > max) {
    diagnostics.push(error('run/bad-player-count', `This scenario is for ${min} to ${max} players, not ${config.players}.`));
  }
  const optionVals = new Int32Array(lg.options.length);
  lg.options.forEach((o, i) => (optionVals[i] = o.default));
  for (const [key, v] of Object.entries(config.options ?? {})) {
    const i = lg.options.findIndex((o) => o.name === key || o.id === key);
    if (i < 0) {
      diagnostics.push(error('run/unknown-option', `There is no option '${key}'.`));
      continue;
    }
    const enc = lg.encodeOption(i, v);
    if (enc === undefined) diagnostics.push(error('run/bad-option-value', `Option '${key}' cannot be ${JSON.stringify(v)}.`));
    else optionVals[i] = enc;
  }
  for (const b of lg.boardOptions) {
    if (optionVals[b.index] === b.value) continue;
    const o = lg.options[b.index]!;
    diagnostics.push(error('run/board-option', `Option '${o.name}' shapes the board, which was built for another value of it.`,
      `load the graph with the option: loadGraph(graph, { options: { ${o.name}: … } })`));
  }
  if (diagnostics.length > 0) return { value: null, diagnostics };
  const game = new Game(lg, config, optionVals);
  return { value: game, diagnostics: [] };
}

/**
 * One game: all state in flat arrays, the flow as an explicit stack of frames,
 * so snapshot/restore and hashing are plain array copies.
 */
export class Game {
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
  private readonly slotToken: Int32Array;
  private readonly tokenTotals: Float64Array;
  // vars
  readonly vars: number[];
  readonly varBase: Int32Array;
  // board (its state is in vars from boardBase on: see loaded-board.ts)
  readonly boardBase: number;
  /** bumped when a piece is placed or removed (and on restore): the longest-trail cache's key */
  pieceVersion = 0;
  trailScratch: TrailScratch | null = null;
  // cards and zones
  readonly cardKind: Int32Array;
  readonly fieldVals: Int32Array;
  readonly cardZone: number[];
  /** per card, the seats that know it (a bit set; card-knowledge.ts) */
  readonly known: number[];
  /** per zone instance, the seats that see its cards */
  private readonly zoneSeen: number[];
  /** log entries with a secret part → the seats that may read it (redactedLog) */
  private readonly logSecrets = new WeakMap<LogEntry, number>();
  readonly zoneCards: number[][];
  readonly zoneLen: number[];
  readonly zoneInstBase: Int32Array;
  private readonly zoneInstDecl: Int32Array;
  private readonly zoneInstOwner: Int32Array;
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
  srcArr: ArrayLike<number> = [];
  /** per state resource, a version every write bumps: cached results compare sums of them (state-resources.ts) */
  readonly ver: Int32Array;
  /** per count slot and per zone instance: its resource */
  private readonly slotResource: Int32Array;
  /** per action × player: the argument lists last offered and the stamp of what they read (option-cache.ts; read by generated collection) */
  readonly optionCache: (CachedOptions | undefined)[] = [];
  /** per memoised derived value, its table, made on first use (derived-memo.ts) */
  readonly memo: (Int32Array | undefined)[] = [];
  /** per derived value i without parameters, memoised: its stamp at 2i and value at 2i + 1 (-1: none yet) */
  readonly memoFlat: Int32Array;
  private readonly zoneResource: Int32Array;
  srcLen = 0;
  srcRev = false;
  // flow
  private frames: number[];
  private depth = 0;
  endScope = END_NONE;
  // events
  private qEvent: number[];
  private qArgs: number[];
  private qHead = 0;
  private qTail = 0;
  private readonly stride: number;
  /** the arguments of the event being dispatched (rules bind them) */
  readonly evArgs: number[];
  // decisions
  private decisions: DecisionRecord[] = [];
  private nextGroup = 0;
  /** how often each action was taken this turn (read by generated collection) */
  actionCounts: number[];
  private readonly domainBufs: number[][][];
  private readonly tmpVals: number[];
  private readonly chooserBuf: number[] = [];
  private readonly candidateBuf: number[] = [];
  private resolving: DecisionRecord[] = [];
  private readonly freeRecords: DecisionRecord[] = [];
  /** where an action decision's options are gathered */
  private readonly optionBuffer = new OptionBuffer();
  /** the lists of resolved action decisions, for the next ones */
  private readonly spareLists: number[][] = [];
  /** the lists of resolved choices (not the asks' own), for the next ones */
  private readonly spareChoiceLists: number[][] = [];
  /** whether a decision group may have become ready since the last look */
  private readyCheck = false;
  // chance: one generator per purpose, STREAM_WORDS words each (chance-streams.ts)
  private readonly rng: Uint32Array;
  private readonly chanceKeys: Uint32Array;
  private readonly chanceZoneBase: number;
  private readonly chanceSeed: number;
  // status
  halt = false;
  private over = false;
  private endingPhase = ENDING_NONE;
  private endWinners: number[] | null = null;
  private endReason = '';
  private result: Outcome | null = null;
  private err: Diagnostic | null = null;
  /** what runs now, so a run error names its place: a rule (index in lg.rules), an action, or an ask's `then` (-1: none) */
  private placeRule = -1;
  private placeAction = -1;
  private placeAsk = -1;
  readonly diagnostics: Diagnostic[] = [];
  private firings: number[];
  private stepFirings = 0;
  /** list elements loops have walked in this flow step (MAX_LOOP_WORK_PER_STEP) */
  loopWork = 0;
  private readonly budget: number;
  /** the last rule firings before the budget runs out (to name the loop); made when first needed */
  private recent: number[] | null = null;
  private recentPos = 0;
  private logEntries: LogEntry[] | null;
  private seq = 0;
  private readonly checking: boolean;
  private readonly endsImmediate: EndInfo[];
  private readonly endsOwnTurn: EndInfo[];
  private readonly endsTurn: EndInfo[];
  private readonly endsRound: EndInfo[];
  /**
   * true when something other than a rule firing classified at load (a flow step,
   * an answered decision, a restore) may have changed what the after-every-firing
   * end conditions read: the next firing re-checks them whatever it wrote
   */
  private endsStale = true;
  /** the stamp of what the firing end conditions read when they last all failed; -1: none */
  private firingEndStamp = -1;
  /** how many times end conditions were evaluated (tests observe which firings re-check) */
  endChecks = 0;

  constructor(readonly lg: LoadedGraph, readonly config: GameConfig, optionVals: Int32Array) {
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
    this.known = initialKnowledge(this.cardZone, this.zoneSeen);
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
    this.ver = new Int32Array(lg.resources.count);
    this.memoFlat = layout.memoFlat.slice();
    this.slotResource = layout.slotResource;
    this.zoneResource = layout.zoneResource;
    for (let vi = 0; vi < lg.vars.length; vi++) {
      const v = lg.vars[vi]!;
      if (v.literal !== null) continue;
      const site = lg.board?.siteVars.get(vi);
      if (site) {
        const value = v.initial(this);
        for (let k = 0; k < site.count; k++) this.vars[this.boardBase + site.offset + k] = value;
      } else if (v.scope === 'global') this.initVar(v, this.varSlot(vi, 0));
      else
        for (let p = 0; p < n; p++) {
          this.self = p;
          this.initVar(v, this.varSlot(vi, p));
        }
      this.self = -1;
    }
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
    // the board's kinds and values come from the board's stream, before any rule
    if (lg.board) {
      const o = this.stream(STREAM_BOARD);
      fillBoard(lg.board, lg.strings, this.vars, this.boardBase, fromUint32(() => nextUint32(this.rng, o)));
    }
    // initial values were written without versions: nothing computed so far may be reused
    this.invalidateAll();
    if (this.logEntries) this.record('$start', { seed: config.seed, players: n, options: config.options ?? {} });
    this.pushFrame(lg.flowRoot);
    if (lg.builtin.gameStart >= 0) this.enqueue(lg.builtin.gameStart, this.evArgs, 0);
    if (config.flowStepBudget !== undefined) this.flowBudget = config.flowStepBudget;
    if (config.holdFlow === true) this.drainEvents();
    else this.settle();
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
    return this.decisions.filter((d) => d.seat >= 0 && d.chosen < 0).map((d) => this.describe(d));
  }

  /** the seats that have an open decision, in decision order, each once */
  waitingSeats(): number[] {
    const out: number[] = [];
    for (const d of this.decisions) if (d.seat >= 0 && d.chosen < 0 && !out.includes(d.seat)) out.push(d.seat);
    return out;
  }

  /** the first seat with an open decision, or -1 (no allocation) */
  nextSeat(): number {
    for (let i = 0; i < this.decisions.length; i++) {
      const d = this.decisions[i]!;
      if (d.seat >= 0 && d.chosen < 0) return d.seat;
    }
    return -1;
  }

  legalActions(seat: number): Move[] {
    const d = this.openDecision(seat);
    return d ? this.describe(d).options : [];
  }

  /** how many options the seat's open decision has (0: nothing to decide) */
  optionCount(seat: number): number {
    return this.openDecision(seat)?.count ?? 0;
  }

  /** the encoded value of option i of a choice (for policies), or the action index of an action option */
  optionValue(seat: number, i: number): number {
    const d = this.openDecision(seat);
    if (!d) return Number.NaN;
    return d.offsets === null ? d.values[i]! : d.values[d.offsets[i]!]!;
  }

  /** the encoded argument k of action option i */
  optionArg(seat: number, i: number, k: number): number {
    const d = this.openDecision(seat);
    if (!d || d.offsets === null) return Number.NaN;
    return d.values[d.offsets[i]! + 1 + k]!;
  }

  /** the ask index of the seat's open decision; -1 for an actions item, -2 when nothing is open */
  openAsk(seat: number): number {
    return this.openDecision(seat)?.ask ?? -2;
  }

  apply(seat: number, move: Move): Result<boolean> {
    if (this.over) return { value: false, diagnostics: [error('run/game-over', 'The game is over.')] };
    const d = this.openDecision(seat);
    if (!d) return { value: false, diagnostics: [error('run/no-pending-decision', `${seatWord(seat)} has nothing to decide now.`)] };
    const refused = (message: string, hint?: string, by?: ConstraintInfo): Result<boolean> => {
      const d = error('run/illegal-move', message, hint);
      // The refusing constraint travels as a related location: its id (tests assert it) and where it is written.
      if (by) d.related = [{ message: by.id, file: by.provenance.file, range: by.provenance.range }];
      return { value: false, diagnostics: [d] };
    };
    if (move.kind === 'choice') {
      if (d.ask < 0) return refused(`${seatWord(seat)} must take an action, not make a choice.`);
      const ask = this.lg.asks[d.ask]!;
      if (move.ask !== undefined && move.ask !== ask.id && move.ask !== '') return refused(`${seatWord(seat)} is asked ${askWords(this.lg, d.ask)}, not another.`);
      const v = this.encodeMove(move.value);
      let idx = -1;
      for (let i = 0; i < d.count && v !== undefined; i++) {
        if (d.values[i] === v) {
          idx = i;
          break;
        }
      }
      if (idx < 0) {
        const c = v === undefined ? null : this.refusingConstraint(ask.constraints, [seat, v], 2, seat);
        if (c) return refused(`Constraint '${c.name}' refuses ${JSON.stringify(move.value)}: ${c.reason}`, c.reason, c);
        return refused(`${JSON.stringify(move.value)} is not an option of ${askWords(this.lg, d.ask)}.`);
      }
      this.commit(d, idx);
      return { value: true, diagnostics: [] };
    }
    if (d.ask >= 0) return refused(`${seatWord(seat)} must answer ${askWords(this.lg, d.ask)}, not take an action.`);
    const ai = this.lg.actions.findIndex((a) => a.id === move.action || a.name === move.action);
    const args = move.args.map((a) => this.encodeMove(a));
    const idx = ai < 0 || args.includes(undefined) ? -1 : this.findActionOption(d, ai, args as number[]);
    if (idx < 0) {
      const action = this.lg.actions[ai];
      if (action && !args.includes(undefined)) {
        const c = this.refusingConstraint(action.constraints, args as number[], args.length, seat);
        if (c) return refused(`Constraint '${c.name}' refuses ${move.action}: ${c.reason}`, c.reason, c);
      }
      return refused(`Action ${move.action.replace(/^action:/, '')}(${move.args.join(', ')}) is not available to ${seatWord(seat)} now.`);
    }
    this.commit(d, idx);
    return { value: true, diagnostics: [] };
  }

  /** answers the seat's open decision with option i (the fast path agents use) */
  applyOption(seat: number, i: number): boolean {
    if (this.over) return false;
    const d = this.openDecision(seat);
    if (!d || i < 0 || i >= d.count) return false;
    this.commit(d, i);
    return true;
  }

  view(seat: number): PlayerView {
    const lg = this.lg;
    const str = lg.strings;
    const n = this.playerCount;
    const options: Record<string, Value> = {};
    lg.options.forEach((o, i) => (options[o.name] = str.decode(this.optionVals[i]!, o.type)));
    const vars: PlayerView['vars'] = {};
    const varView = (v: LoadedGraph['vars'][number], slot: number): VarView => {
      if (v.keys === null) return str.decode(this.vars[slot]!, v.type);
      const out: Record<string, Value> = {};
      v.keys.values.forEach((key, k) => (out[String(key)] = str.decode(this.vars[slot + k]!, v.type)));
      return out;
    };
    lg.vars.forEach((v, i) => {
      if (v.scope !== 'global' && v.scope !== 'player') return;
      // a secret var: its owner's value only (a global one: nobody's)
      if (v.scope === 'global') {
        if (!v.secret) vars[v.name] = varView(v, this.varSlot(i, 0));
      } else vars[v.name] = this.players.map((p) => (v.secret && p !== seat ? null : varView(v, this.varSlot(i, p))));
    });
    const poolView = (pi: number, owner: number): Record<string, number> => {
      const p = lg.pools[pi]!;
      const out: Record<string, number> = {};
      p.tokens.forEach((t, e) => (out[lg.tokens[t]!.name] = this.counts[this.poolBase[pi]! + owner * lg.storage.poolStride[pi]! + e]!));
      return out;
    };
    const pools: PlayerView['pools'] = {};
    lg.pools.forEach((p, pi) => {
      if (p.scope === 'global') {
        if (!p.secret) pools[p.name] = poolView(pi, 0);
      } else if (p.scope === 'player') pools[p.name] = this.players.map((o) => (p.secret && o !== seat ? null : poolView(pi, o)));
    });
    const cardView = (c: number): CardView => {
      const kind = lg.cardKinds[this.cardKind[c]!]!;
      const fields: Record<string, Value> = {};
      for (const f of kind.fields) fields[f.name] = str.decode(this.fieldVals[c * this.fieldWidth + f.index]!, f.type);
      const view: CardView = { id: c, kind: kind.name, fields };
      lg.pools.forEach((p, pi) => {
        if (p.scope === 'card' && (p.cardKind < 0 || p.cardKind === this.cardKind[c])) (view.pools ??= {})[p.name] = poolView(pi, c);
      });
      return view;
    };
    const bit = 1 << seat;
    const zoneView = (inst: number, visible: boolean): ZoneView => {
      const len = this.zoneLen[inst]!;
      const arr = this.zoneCards[inst]!;
      // a zone the seat may not see is seen when it knows every card of it; else the cards it knows
      let knownCount = 0;
      if (!visible) for (let k = 0; k < len; k++) if ((this.known[arr[k]!]! & bit) !== 0) knownCount++;
      if (!visible && (knownCount < len || len === 0)) {
        if (knownCount === 0) return { count: len };
        const known: { position: number; card: CardView }[] = [];
        for (let k = len - 1; k >= 0; k--) if ((this.known[arr[k]!]! & bit) !== 0) known.push({ position: len - k, card: cardView(arr[k]!) });
        return { count: len, known };
      }
      const cards: CardView[] = [];
      for (let k = len - 1; k >= 0; k--) cards.push(cardView(arr[k]!));
      return { count: len, cards };
    };
    const zones: PlayerView['zones'] = {};
    lg.zones.forEach((z, zi) => {
      const base = this.zoneInstBase[zi]!;
      if (z.scope === 'global') zones[z.name] = zoneView(base, z.visibility === 'public');
      else
        zones[z.name] = this.players.map((o) =>
          zoneView(base + o, z.visibility === 'public' || (z.visibility === 'owner' && o === seat)),
        );
    });
    const committed: number[] = [];
    const waitingFor: number[] = [];
    for (const d of this.decisions) {
      if (d.seat < 0) continue;
      if (d.chosen >= 0) committed.push(d.seat);
      else if (!waitingFor.includes(d.seat)) waitingFor.push(d.seat);
    }
    void n;
    return {
      seat,
      round: this.round,
      turn: this.turn,
      current: this.current,
      over: this.over,
      outcome: this.result,
      options,
      vars,
      pools,
      zones,
      decisions: this.decisions.filter((d) => d.seat === seat && d.chosen < 0).map((d) => this.describe(d)),
      waitingFor,
      committed,
      ...(lg.board ? { board: boardView(this, lg.board) } : {}),
    };
  }

  /** where to draw the board's hexes, corners and edges, by site value; null without a board */
  boardGeometry(): BoardGeometryView | null {
    return this.lg.board ? boardGeometry(this.lg.board) : null;
  }

  snapshot(): Snapshot {
    return {
      kind: 'houserules-engine-snapshot',
      counts: this.counts.slice(),
      vars: this.vars.slice(),
      zoneCards: this.zoneCards.map((a) => a.slice()),
      zoneLen: this.zoneLen.slice(),
      cardZone: this.cardZone.slice(),
      known: this.known.slice(),
      frames: this.frames.slice(),
      depth: this.depth,
      qEvent: this.qEvent.slice(),
      qArgs: this.qArgs.slice(),
      qHead: this.qHead,
      qTail: this.qTail,
      decisions: this.decisions.map((d) => copyRecord(this.lg, d)),
      nextGroup: this.nextGroup,
      actionCounts: this.actionCounts.slice(),
      rng: this.rng.slice(),
      firings: this.firings.slice(),
      scalars: [this.current, this.actor, this.self, this.round, this.turn, this.endScope, this.endingPhase, this.over ? 1 : 0, this.seq, this.stepFirings],
      endWinners: this.endWinners?.slice() ?? null,
      endReason: this.endReason,
      outcome: this.result,
      error: this.err,
      diagnostics: this.diagnostics.slice(),
      log: this.logEntries?.slice() ?? null,
      locals: this.locals.slice(),
      lists: this.lists.map((v) => v.slice()),
    };
  }

  restore(s: Snapshot): void {
    copyInto(this.counts, s.counts);
    copyInto(this.vars, s.vars);
    s.zoneCards.forEach((a, i) => copyInto(this.zoneCards[i]!, a));
    copyInto(this.zoneLen, s.zoneLen);
    copyInto(this.cardZone, s.cardZone);
    copyInto(this.known, s.known);
    this.frames = s.frames.slice();
    this.depth = s.depth;
    this.qEvent = s.qEvent.slice();
    this.qArgs = s.qArgs.slice();
    this.qHead = s.qHead;
    this.qTail = s.qTail;
    this.decisions = s.decisions.map((d) => copyRecord(this.lg, d));
    this.nextGroup = s.nextGroup;
    this.actionCounts = s.actionCounts.slice();
    this.rng.set(s.rng);
    this.firings = s.firings.slice();
    const [current, actor, self, round, turn, endScope, endingPhase, over, seq, stepFirings] = s.scalars;
    this.current = current!;
    this.actor = actor!;
    this.self = self!;
    this.round = round!;
    this.turn = turn!;
    this.endScope = endScope!;
    this.endingPhase = endingPhase!;
    this.over = over === 1;
    this.endsStale = true;
    this.seq = seq!;
    this.stepFirings = stepFirings!;
    this.endWinners = s.endWinners?.slice() ?? null;
    this.endReason = s.endReason;
    this.result = s.outcome;
    this.err = s.error;
    this.diagnostics.length = 0;
    this.diagnostics.push(...s.diagnostics);
    this.logEntries = s.log ? s.log.slice() : this.logEntries === null ? null : [];
    this.locals = s.locals.slice();
    this.lists = s.lists.map((v) => v.slice());
    this.halt = false;
    this.invalidateAll();
    this.pieceVersion++;
    this.readyCheck = true;
  }

  /** FNV-1a over the state words (two lanes for 64 bits) as 16 hex digits */
  stateHash(): string {
    let h1 = 0x811c9dc5 | 0;
    let h2 = 0x01000193 ^ 0x5bd1e995;
    const mix = (x: number): void => {
      const lo = x | 0;
      const hi = Math.floor(x / 4294967296) | 0;
      h1 = Math.imul(h1 ^ lo, 16777619);
      h1 = Math.imul(h1 ^ hi, 16777619);
      h2 = Math.imul(h2 ^ lo, 0x01000193);
      h2 = Math.imul((h2 ^ hi) + 0x9e3779b9, 0x01000193);
    };
    const mixAll = (a: ArrayLike<number>, len = a.length): void => {
      for (let i = 0; i < len; i++) mix(a[i]!);
      mix(len);
    };
    mixAll(this.counts);
    mixAll(this.vars);
    for (let z = 0; z < this.zoneCards.length; z++) mixAll(this.zoneCards[z]!, this.zoneLen[z]!);
    mixAll(this.frames, this.depth * FRAME_WIDTH);
    for (let q = this.qHead; q < this.qTail; q++) {
      mix(this.qEvent[q]!);
      for (let k = 0; k < this.stride; k++) mix(this.qArgs[q * this.stride + k]!);
    }
    for (const d of this.decisions) {
      mix(d.ask);
      mix(d.seat);
      mix(d.group);
      mix(d.chosen);
      mixAll(d.values, filledLength(this.lg, d));
    }
    mixAll(this.rng);
    mixAll(this.known);
    mixAll(this.actionCounts);
    mix(this.current);
    mix(this.round);
    mix(this.turn);
    mix(this.endScope);
    mix(this.endingPhase);
    mix(this.over ? 1 : 0);
    return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
  }

  // ───────────────────── operations used by compiled code ─────────────────────

  /** a var's initial value(s) at its slot: one per key for a map */
  private initVar(v: LoadedGraph['vars'][number], slot: number): void {
    if (v.initials !== null) for (let k = 0; k < v.width; k++) this.vars[slot + k] = v.initials[k]!(this);
    else {
      const value = v.initial(this);
      for (let k = 0; k < v.width; k++) this.vars[slot + k] = value;
    }
  }

  /** the slot of var `vi` (of player `p` for a per-player var) */
  varSlot(vi: number, p: number): number {
    const st = this.lg.storage;
    return this.lg.vars[vi]!.scope === 'global' ? st.varOffset[vi]! : st.varOffset[vi]! + p * st.varStride;
  }

  /** counts a rule firing against the step budget; false (and the game stops) when the budget is spent */
  startFiring(ri: number): boolean {
    if (this.stepFirings >= this.budget) {
      this.stepBudgetExceeded();
      return false;
    }
    this.stepFirings++;
    this.firings[ri]!++;
    // only the firings just before the budget runs out name the loop: record those alone
    if (this.stepFirings > this.budget - RECENT) (this.recent ??= filledArray(RECENT, 0))[this.recentPos++ & (RECENT - 1)] = ri;
    return true;
  }

  /**
   * counts a loop over `n` elements against MAX_LOOP_WORK_PER_STEP; false (and
   * the game stops, naming `where`) when nested loops would walk more than that
   */
  countLoop(n: number, where: string): boolean {
    this.loopWork += n;
    if (this.loopWork <= MAX_LOOP_WORK_PER_STEP) return true;
    this.fail('run/size-budget', `In ${where}: loops walked more than ${MAX_LOOP_WORK_PER_STEP} elements in one flow step.`, where);
    return false;
  }

  /** reports a run error; the game stops. Returns -1 so slot computations can bail out. */
  fail(code: string, message: string, hint?: string): number {
    if (this.err === null) {
      this.err = error(code, message, hint);
      this.placeError(this.err);
      this.diagnostics.push(this.err);
    }
    this.halt = true;
    return -1;
  }

  /**
   * A run error without a place of its own gets the rule, action or ask running
   * when it happened: its source range (so a code frame shows it) and a related
   * line naming it as the author wrote it (`in rule \`share_treasure\``).
   */
  private placeError(err: Diagnostic): void {
    if (err.range !== undefined) return;
    const g = this.lg.graph;
    let node: { name: string; provenance: Provenance } | undefined;
    let what = 'rule';
    if (this.placeAction >= 0) {
      const id = this.lg.actions[this.placeAction]?.id;
      node = g.actions.find((a) => a.id === id);
      what = 'action';
    } else {
      const ruleId = this.placeRule >= 0 ? this.lg.rules[this.placeRule]?.id : this.placeAsk >= 0 ? this.lg.asks[this.placeAsk]?.id.replace(/\/[^/]*$/, '') : undefined;
      node = ruleId === undefined ? undefined : g.rules.find((r) => r.id === ruleId);
    }
    if (node === undefined) return;
    err.file = node.provenance.file;
    err.range = node.provenance.range;
    err.related = [...(err.related ?? []), { message: `in ${what} \`${node.name}\`` }];
  }

  /** every cached result is stale (a restore, the end of set-up) */
  invalidateAll(): void {
    const ver = this.ver;
    for (let r = 0; r < ver.length; r++) ver[r]!++;
  }

  /** moves n tokens from count slot a to slot b (the pools are named in failures; the token is the slots') */
  moveTokens(a: number, b: number, n: number, fromName: string, toName: string): void {
    if (n === 0) return;
    if (n < 0 || !Number.isInteger(n)) {
      this.fail('run/negative-amount', `Cannot move ${n} ${this.slotTokenName(a)} from ${fromName} to ${toName}.`);
      return;
    }
    const counts = this.counts;
    if (this.finite[a] === 1 && counts[a]! < n) {
      this.fail('run/insufficient-tokens', `Cannot move ${n} ${this.slotTokenName(a)} from ${fromName}: it holds ${counts[a]}.`);
      return;
    }
    if (counts[b]! + n > this.capacity[b]!) {
      this.fail('run/capacity-exceeded', `Moving ${n} ${this.slotTokenName(a)} to ${toName} exceeds its capacity of ${this.capacity[b]}.`);
      return;
    }
    counts[a] = counts[a]! - n;
    counts[b] = counts[b]! + n;
    const ver = this.ver;
    ver[this.slotResource[a]!]!++;
    ver[this.slotResource[b]!]!++;
  }

  private slotTokenName(slot: number): string {
    const t = this.slotToken[slot]!;
    return this.lg.tokens[t]?.name ?? String(t);
  }

  moveCard(c: number, z: number, top: boolean): void {
    this.ver[this.zoneResource[this.cardZone[c]!]!]!++;
    this.ver[this.zoneResource[z]!]!++;
    this.detach(c);
    const arr = this.zoneCards[z]!;
    const len = this.zoneLen[z]!;
    if (top) arr[len] = c;
    else {
      if (arr.length <= len) arr.push(0);
      arr.copyWithin(1, 0, len);
      arr[0] = c;
    }
    this.zoneLen[z] = len + 1;
    this.cardZone[c] = z;
    this.known[c] = this.known[c]! | this.zoneSeen[z]!;
  }

  private detach(c: number): void {
    const from = this.cardZone[c]!;
    const arr = this.zoneCards[from]!;
    const len = this.zoneLen[from]!;
    let i = len - 1;
    while (i >= 0 && arr[i] !== c) i--;
    if (i < 0) return;
    arr.copyWithin(i, i + 1, len);
    this.zoneLen[from] = len - 1;
  }

  moveAllCards(a: number, b: number): void {
    if (a === b) return;
    this.ver[this.zoneResource[a]!]!++;
    this.ver[this.zoneResource[b]!]!++;
    const from = this.zoneCards[a]!;
    const to = this.zoneCards[b]!;
    const n = this.zoneLen[a]!;
    let len = this.zoneLen[b]!;
    const seen = this.zoneSeen[b]!;
    for (let k = 0; k < n; k++) {
      const c = from[k]!;
      to[len++] = c;
      this.cardZone[c] = b;
      this.known[c] = this.known[c]! | seen;
    }
    this.zoneLen[a] = 0;
    this.zoneLen[b] = len;
  }

  /** the offset of a chance stream's words, seeded on its first draw from the game seed and its purpose */
  private stream(s: number): number {
    const o = s * STREAM_WORDS;
    if (this.rng[o + 4] === 0) {
      seedPrng(this.rng, this.chanceSeed, o, this.chanceKeys[s]!);
      this.rng[o + 4] = 1;
    }
    return o;
  }

  shuffleZone(z: number): void {
    this.ver[this.zoneResource[z]!]!++;
    shuffleInPlace(this.rng, this.stream(this.chanceZoneBase + z), this.zoneCards[z]!, this.zoneLen[z]!);
    // a shuffle forgets which card is where, for every seat that does not see the zone
    const cards = this.zoneCards[z]!;
    const seen = this.zoneSeen[z]!;
    for (let k = 0, len = this.zoneLen[z]!; k < len; k++) this.known[cards[k]!] = seen;
    if (this.logEntries) this.record('$shuffle', { zone: this.zoneName(z) });
  }

  revealTop(a: number, b: number, hidden: boolean): number {
    const len = this.zoneLen[a]!;
    if (len === 0) return -1;
    this.ver[this.zoneResource[a]!]!++;
    this.ver[this.zoneResource[b]!]!++;
    const c = this.zoneCards[a]![len - 1]!;
    this.zoneLen[a] = len - 1;
    const to = this.zoneCards[b]!;
    to[this.zoneLen[b]!++] = c;
    this.cardZone[c] = b;
    this.known[c] = hidden ? this.known[c]! | this.zoneSeen[b]! : allSeats(this.playerCount);
    if (this.logEntries) {
      const kind = this.lg.cardKinds[this.cardKind[c]!]!;
      const entry = this.record('$reveal', { card: c, kind: kind.name, from: this.zoneName(a), to: this.zoneName(b), hidden });
      if (hidden) this.logSecrets.set(entry, this.known[c]!);
    }
    return c;
  }

  /** `show X to P`: the seats of `to` come to know the cards (arrays read in their given order) */
  showCards(cards: ArrayLike<number>, cardCount: number, seats: ArrayLike<number>, seatCount: number): void {
    let mask = 0;
    for (let k = 0; k < seatCount; k++) {
      const s = seats[k]!;
      if (s >= 0 && s < this.playerCount) mask |= 1 << s;
    }
    const shown: number[] = [];
    for (let k = 0; k < cardCount; k++) {
      const c = cards[k]!;
      if (c < 0 || c >= this.cardCount) continue;
      this.known[c] = this.known[c]! | mask;
      shown.push(c);
    }
    if (this.logEntries) {
      const to: number[] = [];
      for (let s = 0; s < this.playerCount; s++) if ((mask & (1 << s)) !== 0) to.push(s);
      this.logSecrets.set(this.record('$show', { cards: shown, to }), mask);
    }
  }

  /** whether seat `seat` knows card `c` */
  knows(seat: number, c: number): boolean {
    return c >= 0 && c < this.cardCount && (this.known[c]! & (1 << seat)) !== 0;
  }

  /** the log as seat `seat` saw it (docs/language.md, "Who knows what"); replays use `log` */
  redactedLog(seat: number): LogEntry[] {
    return (this.logEntries ?? []).map((e) => redactEntry(e, seat, this.logSecrets.get(e)));
  }

  rollDice(stream: number, dice: number, sides: number): number {
    let total = 0;
    const forced = this.forcedDice;
    const o = this.stream(stream);
    for (let k = 0; k < dice; k++) total += forced !== null && forced.length > 0 ? forced.shift()! : 1 + nextBelow(this.rng, o, sides);
    if (this.logEntries) this.record('$roll', { dice, sides, total });
    if (this.lg.builtin.diceRolled >= 0) {
      this.tmpVals[0] = total;
      this.enqueue(this.lg.builtin.diceRolled, this.tmpVals, 1);
    }
    return total;
  }

  randomBelow(stream: number, n: number, why: string): number {
    const i = nextBelow(this.rng, this.stream(stream), n);
    if (this.logEntries) this.record('$' + why, { n, index: i });
    return i;
  }

  enqueue(ev: number, args: ArrayLike<number>, n: number): void {
    if (this.qHead > 0 && this.qTail === this.qEvent.length) {
      // slide the live part down instead of growing
      const live = this.qTail - this.qHead;
      for (let i = 0; i < live; i++) this.qEvent[i] = this.qEvent[this.qHead + i]!;
      for (let i = 0; i < live * this.stride; i++) this.qArgs[i] = this.qArgs[this.qHead * this.stride + i]!;
      this.qTail = live;
      this.qHead = 0;
    }
    const t = this.qTail++;
    this.qEvent[t] = ev;
    const base = t * this.stride;
    for (let k = 0; k < this.stride; k++) this.qArgs[base + k] = k < n ? args[k]! : 0;
  }

  endGame(winners: ListFn | null, reason: string): void {
    if (this.endingPhase !== ENDING_NONE) return;
    this.endWinners = null;
    if (winners) {
      winners(this);
      const arr = this.srcArr, len = this.srcLen, rev = this.srcRev;
      const out: number[] = [];
      for (let k = 0; k < len; k++) out.push(rev ? arr[len - 1 - k]! : arr[k]!);
      this.endWinners = out;
    }
    this.endReason = reason;
    this.endingPhase = ENDING_REQUESTED;
    this.halt = true;
  }

  askDecision(index: number): void {
    const ask = this.lg.asks[index]!;
    const group = this.nextGroup++;
    const saved = ask.thenReadsLocals && ask.scopeHi > ask.scopeLo ? this.saveLocals(ask.scopeLo, ask.scopeHi) : null;
    const before = this.decisions.length;
    const eachBefore = ask.eachSlot >= 0 ? this.locals[ask.eachSlot]! : 0;
    const bindBefore = ask.bindSlot >= 0 ? this.locals[ask.bindSlot]! : 0;
    if (ask.single) {
      const seat = ask.single(this);
      if (seat < 0 || seat >= this.playerCount) {
        this.fail('run/no-such-player', `${askWords(this.lg, index)} asks ${seat === -1 ? 'nobody (`none`)' : `player ${seat + 1}`}, who does not exist.`);
        return;
      }
      this.addChoice(index, seat, -1, group, saved);
    } else {
      ask.eachOver!(this);
      const arr = this.srcArr, len = this.srcLen, rev = this.srcRev;
      const choosers = this.chooserBuf;
      for (let k = 0; k < len; k++) choosers[k] = rev ? arr[len - 1 - k]! : arr[k]!;
      for (let k = 0; k < len; k++) {
        const p = choosers[k]!;
        this.locals[ask.eachSlot] = p;
        if (ask.eachWhere !== null && ask.eachWhere(this) === 0) continue;
        this.addChoice(index, p, p, group, saved);
      }
    }
    if (this.decisions.length === before && ask.otherwise !== null) {
      // nobody to ask: `then` does not run; `otherwise` runs now, in place of the ask, with the
      // chooser's and the choice's names as they were before the ask looked for options
      if (ask.eachSlot >= 0) this.locals[ask.eachSlot] = eachBefore;
      if (ask.bindSlot >= 0) this.locals[ask.bindSlot] = bindBefore;
      ask.otherwise(this);
    }
  }

  // ──────────── test hooks (the conformance runner; unused in play) ────────────

  /** faces the next dice show, in order (tests fix rolls); null: all random */
  private forcedDice: number[] | null = null;

  /** the next dice rolled show these faces, in order, before the generator takes over again */
  forceDice(faces: readonly number[]): void {
    this.forcedDice = faces.slice();
  }

  /** runs compiled statements on the state now (actor unbound), then the events they queued; false when they failed */
  runStatements(body: (g: Game) => void): boolean {
    if (this.over) return false;
    this.actor = -1;
    body(this);
    this.endsStale = true;
    if (this.err) {
      this.stop();
      return false;
    }
    this.halt = false;
    this.drainEvents();
    if (this.err !== null) return false;
    this.refreshDecisions();
    return true;
  }

  /**
   * Re-enumerates the options of every open decision from the state now. Options are
   * enumerated when a decision opens; a change made from outside play (a test's
   * statements) may make other options legal or illegal. An option list may end up
   * empty: then no move is legal for that seat.
   */
  refreshDecisions(): void {
    const saved = this.locals.slice();
    const savedLists = this.lists.slice();
    for (const d of this.decisions) {
      if (d.chosen >= 0 || d.seat < 0) continue;
      if (d.ask < 0) {
        const buf = this.optionBuffer;
        buf.reset();
        this.collectActions(d.seat, buf);
        d.values = buf.takeValues();
        d.offsets = buf.takeOffsets();
        d.count = d.offsets.length;
        continue;
      }
      // the ask's list may read the asking rule's locals: put them back first
      this.restoreSaved(d, this.lg.asks[d.ask]!.scopeLo);
      const ask = this.lg.asks[d.ask]!;
      if (offersEveryValue(ask)) continue;
      // a fresh list: the one the record holds may be the ask's own, which is never written
      const values: number[] = [];
      d.values = values;
      d.count = this.choiceValues(d.ask, d.seat, d.each, values);
    }
    for (let k = 0; k < saved.length; k++) this.locals[k] = saved[k]!;
    for (let k = 0; k < savedLists.length; k++) this.lists[k] = savedLists[k]!;
  }

  /** runs the game until it waits for a decision or is over (starts the flow of a game created with `holdFlow`) */
  resume(): void {
    if (this.over) return;
    this.stepFirings = 0;
    this.loopWork = 0;
    this.settle();
  }

  /** flow steps allowed in one settle, i.e. between two decisions (config.flowStepBudget; MAX_FLOW_STEPS_WITHOUT_DECISION by default) */
  private flowBudget = MAX_FLOW_STEPS_WITHOUT_DECISION;
  private flowSteps = 0;

  private flowBudgetExceeded(): void {
    const at = this.flowPosition();
    this.fail('run/step-budget', `More than ${this.flowBudget} flow steps without a decision: the flow never waits (at ${at}).`, at);
    this.stop();
  }

  /** where the flow is, in the author's words (`rounds forever → step go`) */
  flowPosition(): string {
    const nodes: number[] = [];
    for (let d = 0; d < this.depth; d++) nodes.push(this.frames[d * FRAME_WIDTH + FRAME_NODE]!);
    return describeFlowPosition(this.lg, nodes);
  }

  /** dispatches queued events without advancing the flow */
  private drainEvents(): void {
    while (!this.over && this.endingPhase === ENDING_NONE && this.qHead < this.qTail) this.dispatchNext();
  }

  // ───────────────────────── internals ─────────────────────────

  private addChoice(index: number, seat: number, each: number, group: number, saved: DecisionRecord['saved']): void {
    const ask = this.lg.asks[index]!;
    let values = ask.values;
    let count = values.length;
    // unless every value is an option (then the record shares the ask's read-only list), the options go to a list of a resolved choice
    if (!offersEveryValue(ask)) {
      values = this.spareChoiceLists.pop() ?? [];
      count = this.choiceValues(index, seat, each, values);
    }
    if (count === 0) {
      if (values !== ask.values) this.spareChoiceLists.push(values);
      // an ask with an `otherwise` block expects to find no option at times
      if (ask.otherwise === null) this.diagnostics.push({ code: 'run/no-options', severity: 'warning', message: `${askWords(this.lg, index)} offers ${seatWord(seat)} no option; the question is skipped.` });
      return;
    }
    this.pushRecord(index, seat, group, values, null, count, -1, each, saved);
  }

  /**
   * Writes the values a chooser may pick now to the front of `values` (which may be
   * longer: what lies past the count is left over from an earlier use) and returns how many.
   */
  private choiceValues(index: number, seat: number, each: number, values: number[]): number {
    const ask = this.lg.asks[index]!;
    let n = 0;
    const vals = this.tmpVals;
    const prevActor = this.actor;
    if (ask.over === null) {
      for (const v of ask.values) {
        vals[0] = seat;
        vals[1] = v;
        if (this.refusingConstraint(ask.constraints, vals, 2, seat) === null) values[n++] = v;
      }
    } else {
      if (ask.eachSlot >= 0) this.locals[ask.eachSlot] = each;
      ask.over(this);
      const arr = this.srcArr, len = this.srcLen, rev = this.srcRev;
      // filters and constraints do not ask: one scratch list serves every call
      const candidates = this.candidateBuf;
      for (let k = 0; k < len; k++) candidates[k] = rev ? arr[len - 1 - k]! : arr[k]!;
      for (let k = 0; k < len; k++) {
        const v = candidates[k]!;
        this.locals[ask.bindSlot] = v;
        if (ask.where !== null && ask.where(this) === 0) continue;
        vals[0] = seat;
        vals[1] = v;
        if (this.refusingConstraint(ask.constraints, vals, 2, seat) === null) values[n++] = v;
      }
    }
    this.actor = prevActor;
    return n;
  }

  private refusingConstraint(list: ConstraintInfo[], vals: ArrayLike<number>, n: number, actor: number): ConstraintInfo | null {
    if (list.length === 0) return null;
    const prevActor = this.actor;
    this.actor = actor;
    for (const c of list) {
      for (let k = 0; k < c.slots.length && k < n; k++) this.locals[c.slots[k]!] = vals[k]!;
      const holds = c.condition(this) !== 0;
      if (c.forbid ? holds : !holds) {
        this.actor = prevActor;
        return c;
      }
    }
    this.actor = prevActor;
    return null;
  }

  private openDecision(seat: number): DecisionRecord | undefined {
    for (let i = 0; i < this.decisions.length; i++) {
      const d = this.decisions[i]!;
      if (d.seat === seat && d.chosen < 0) return d;
    }
    return undefined;
  }

  private encodeMove(v: Value): number | undefined {
    if (typeof v === 'number') return v;
    if (typeof v === 'boolean') return v ? 1 : 0;
    return this.lg.strings.lookup(v);
  }

  private findActionOption(d: DecisionRecord, ai: number, args: number[]): number {
    const offsets = d.offsets!;
    for (let i = 0; i < d.count; i++) {
      const o = offsets[i]!;
      if (d.values[o] !== ai) continue;
      let same = true;
      for (let k = 0; k < args.length && same; k++) same = d.values[o + 1 + k] === args[k];
      if (same && this.lg.actions[ai]!.params.length === args.length) return i;
    }
    return -1;
  }

  private describe(d: DecisionRecord): Decision {
    const str = this.lg.strings;
    const options: Move[] = [];
    if (d.ask >= 0) {
      const ask = this.lg.asks[d.ask]!;
      for (let i = 0; i < d.count; i++) options.push({ kind: 'choice', ask: ask.id, value: str.decode(d.values[i]!) });
      return { id: `${d.group}:${d.seat}`, seat: d.seat, ask: ask.id, secret: ask.secret, options };
    }
    for (let i = 0; i < d.count; i++) {
      const o = d.offsets![i]!;
      const action = this.lg.actions[d.values[o]!]!;
      options.push({ kind: 'action', action: action.id, args: action.params.map((p, k) => str.decode(d.values[o + 1 + k]!, p.type)) });
    }
    return { id: `${d.group}:${d.seat}`, seat: d.seat, ask: 'actions', secret: false, options };
  }

  private commit(d: DecisionRecord, idx: number): void {
    d.chosen = idx;
    this.readyCheck = true;
    let entry: LogEntry | null = null;
    if (this.logEntries) {
      const move = this.describeOption(d, idx);
      entry = this.record('$answer', { seat: d.seat, move });
      // a secret answer, or one that writes a secret var, is the answering seat's alone
      const ask = d.ask >= 0 ? this.lg.asks[d.ask]! : null;
      if (ask && (ask.secret || (ask.varIndex >= 0 && this.lg.vars[ask.varIndex]!.secret))) this.logSecrets.set(entry, 1 << d.seat);
    }
    this.stepFirings = 0;
    this.loopWork = 0;
    // a simultaneous decision still waiting for others: nothing can move yet
    if (!(this.qHead === this.qTail && this.endingPhase === ENDING_NONE && this.groupStillOpen(d.group))) this.settle();
    if (entry) entry.hash = this.stateHash();
  }

  private groupStillOpen(group: number): boolean {
    const ds = this.decisions;
    for (let i = 0; i < ds.length; i++) {
      const d = ds[i]!;
      if (d.group === group && d.chosen < 0) return true;
    }
    return false;
  }

  private describeOption(d: DecisionRecord, idx: number): Move {
    const str = this.lg.strings;
    if (d.ask >= 0) return { kind: 'choice', ask: this.lg.asks[d.ask]!.id, value: str.decode(d.values[idx]!) };
    const o = d.offsets![idx]!;
    const action = this.lg.actions[d.values[o]!]!;
    return { kind: 'action', action: action.id, args: action.params.map((p, k) => str.decode(d.values[o + 1 + k]!, p.type)) };
  }

  private record(event: string, data: Record<string, unknown>): LogEntry {
    const entry: LogEntry = { seq: this.seq++, round: this.round, turn: this.turn, event, data };
    this.logEntries!.push(entry);
    return entry;
  }

  private zoneName(inst: number): string {
    const z = this.lg.zones[this.zoneInstDecl[inst]!]!;
    const owner = this.zoneInstOwner[inst]!;
    return owner < 0 ? z.name : `${z.name}[${owner}]`;
  }

  /** runs the game until it waits for a decision or is over */
  private settle(): void {
    this.flowSteps = 0;
    while (!this.over) {
      if (this.endingPhase === ENDING_REQUESTED) {
        this.qHead = this.qTail = 0;
        this.decisions.length = 0;
        this.endingPhase = ENDING_DRAINING;
        this.halt = false;
        if (this.lg.builtin.gameEnd >= 0) this.enqueue(this.lg.builtin.gameEnd, this.evArgs, 0);
        continue;
      }
      if (this.qHead < this.qTail) {
        this.dispatchNext();
        continue;
      }
      if (this.endingPhase === ENDING_DRAINING) {
        this.finish();
        return;
      }
      if (this.readyCheck) {
        // only a commitment (or an ask nobody answers) can make a group ready
        if (this.resolveReadyGroup()) continue;
        this.readyCheck = false;
      }
      if (this.decisions.length > 0) return;
      if (++this.flowSteps > this.flowBudget) return this.flowBudgetExceeded();
      if (!this.advanceFlow()) this.endGame(null, 'flow-ended');
    }
  }

  private stop(): void {
    this.over = true;
    this.halt = true;
    this.decisions.length = 0;
  }

  private dispatchNext(): void {
    const lg = this.lg;
    const h = this.qHead++;
    const ev = this.qEvent[h]!;
    const evArgs = this.evArgs;
    for (let k = 0; k < this.stride; k++) evArgs[k] = this.qArgs[h * this.stride + k]!;
    if (this.qHead === this.qTail) this.qHead = this.qTail = 0;
    const info = lg.events[ev]!;
    if (this.logEntries) {
      const data: Record<string, unknown> = {};
      info.params.forEach((p, k) => (data[p.name] = lg.strings.decode(evArgs[k]!, p.type)));
      this.record(info.name, data);
    }
    const draining = this.endingPhase === ENDING_DRAINING;
    const fires = info.fires;
    for (let i = 0; i < fires.length; i++) {
      this.actor = -1;
      this.placeRule = info.rules[i]!;
      const fired = fires[i]!(this);
      if (this.err === null) this.placeRule = -1;
      if (fired === 0) {
        if (this.err) return this.stop();
        continue;
      }
      if (fired === 2) return;
      if (this.err) return this.stop();
      if (this.endingPhase === ENDING_REQUESTED) return;
      this.halt = false;
      if (draining) this.endsStale = true;
      else if (this.endsStale || info.mayEnd[i] === 1) {
        this.checkFiringEnds();
        if (this.endingPhase !== ENDING_NONE) return;
        // own-turn conditions are not checked between turns: they stay stale until they are
        if (this.current >= 0 || this.endsOwnTurn.length === 0) this.endsStale = false;
      }
    }
    if (this.checking) this.checkInvariants();
  }

  private stepBudgetExceeded(): void {
    const names: string[] = [];
    const count = Math.min(RECENT, this.recentPos);
    for (let k = count; k >= 1; k--) {
      const ri = this.recent![(this.recentPos - k) & (RECENT - 1)]!;
      const name = this.lg.rules[ri]?.name ?? 'flow';
      if (!names.includes(name)) names.push(name);
    }
    this.fail('run/step-budget', `More than ${this.budget} rule firings in one flow step; the loop: ${names.join(' → ')}.`, names.join(', '));
    this.stop();
  }

  /**
   * The end conditions checked after firings and answers (immediate, and own-turn
   * ones during a turn) — skipped when nothing they read was written since they
   * last all failed (state-resources.ts).
   */
  private checkFiringEnds(): void {
    const reads = this.lg.firingEndReads;
    const stamp = reads === null ? -1 : memoStamp(this, reads);
    if (stamp >= 0 && stamp === this.firingEndStamp) return;
    if (this.endsImmediate.length > 0) this.checkEnds(this.endsImmediate);
    // between turns the own-turn conditions are not checked: what they read has not been seen failing yet
    const ownTurnChecked = this.current >= 0 || this.endsOwnTurn.length === 0;
    if (this.current >= 0 && this.endsOwnTurn.length > 0 && this.endingPhase === ENDING_NONE) this.checkEnds(this.endsOwnTurn);
    this.firingEndStamp = ownTurnChecked && this.endingPhase === ENDING_NONE && !this.over ? stamp : -1;
  }

  private checkEnds(ends: EndInfo[]): void {
    this.endChecks++;
    for (let i = 0; i < ends.length; i++) {
      const e = ends[i]!;
      const prevSelf = this.self;
      if (e.timing === 'own_turn') this.self = this.current;
      const holds = e.condition(this) !== 0;
      this.self = prevSelf;
      if (this.err) return this.stop();
      if (holds) {
        this.endGame(e.winners, e.id);
        return;
      }
    }
  }

  /** what the invariant checks last found holding: the pools' stamp, the pieces' version, each declared invariant's stamp (-1: check) */
  private countsHeldAt = -1;
  private piecesHeldAt = -1;
  private invariantsHeldAt: number[] | null = null;
  private tokenSums: Float64Array | null = null;

  /**
   * Token and piece conservation and the declared invariants, after an event.
   * Each is checked only when something it reads was written since it last
   * held (the stamps of state-resources.ts; pieces by pieceVersion): the state
   * it looks at is then the same, and so is the answer.
   */
  private checkInvariants(): void {
    const lg = this.lg;
    const countsStamp = memoStamp(this, lg.poolResources);
    if (countsStamp !== this.countsHeldAt) {
      if (!this.tokensConserved()) return this.stop();
      this.countsHeldAt = countsStamp;
    }
    if (lg.board && this.pieceVersion !== this.piecesHeldAt) {
      const broken = pieceConservation(this, lg.board);
      if (broken !== null) {
        this.fail('run/piece-conservation', broken);
        return this.stop();
      }
      this.piecesHeldAt = this.pieceVersion;
    }
    const held = (this.invariantsHeldAt ??= lg.invariants.map(() => -1));
    for (let i = 0; i < lg.invariants.length; i++) {
      const inv = lg.invariants[i]!;
      const stamp = inv.reads === null ? -1 : memoStamp(this, inv.reads);
      if (stamp >= 0 && stamp === held[i]) continue;
      if (inv.condition(this) === 0) {
        this.fail('run/invariant', `Invariant '${inv.name}' does not hold${inv.reason ? `: ${inv.reason}` : '.'}`, inv.reason || undefined);
        if (this.err?.code === 'run/invariant' && this.err.range === undefined) {
          this.err.file = inv.file;
          this.err.range = inv.range;
        }
        return this.stop();
      }
      held[i] = stamp;
    }
  }

  /** no finite pool below zero, and each token's total over all pools as declared; a failure recorded when not */
  private tokensConserved(): boolean {
    const sums = (this.tokenSums ??= new Float64Array(this.tokenTotals.length));
    sums.fill(0);
    for (let s = 0; s < this.counts.length; s++) {
      const v = this.counts[s]!;
      sums[this.slotToken[s]!] = sums[this.slotToken[s]!]! + v;
      if (this.finite[s] === 1 && v < 0) {
        this.fail('run/conservation', `A pool holds a negative count (${v}).`);
        return false;
      }
    }
    for (let t = 0; t < sums.length; t++) {
      if (sums[t] !== this.tokenTotals[t]) {
        this.fail('run/conservation', `Token '${this.lg.tokens[t]!.name}' totals ${sums[t]} over all pools instead of ${this.tokenTotals[t]}.`);
        return false;
      }
    }
    return true;
  }

  private resolveReadyGroup(): boolean {
    const ds = this.decisions;
    const lg = this.lg;
    let i = 0;
    while (i < ds.length) {
      const group = ds[i]!.group;
      let j = i;
      let ready = true;
      while (j < ds.length && ds[j]!.group === group) {
        if (ds[j]!.chosen < 0) ready = false;
        j++;
      }
      if (ready) {
        let records = this.resolving;
        if (i === 0 && j === ds.length) {
          // the group is every open decision (the usual case): swap the lists instead of copying
          this.resolving = ds;
          this.decisions = records;
          records = ds;
        } else {
          while (records.length > 0) records.pop();
          for (let k = i; k < j; k++) records.push(ds[k]!);
          // remove the group in place (pop rather than setting length, which is slower)
          const removed = j - i;
          for (let k = j; k < ds.length; k++) ds[k - removed] = ds[k]!;
          for (let k = 0; k < removed; k++) ds.pop();
        }
        this.resolve(records);
        // nothing else holds resolved records (snapshots copy them), so they are reused, and an action decision's lists too
        while (records.length > 0) {
          const d = records.pop()!;
          if (d.offsets !== null) {
            this.spareLists.push(d.values, d.offsets);
            d.values = NO_VALUES;
            d.offsets = null;
          } else if (d.values !== NO_VALUES && d.values !== lg.asks[d.ask]!.values) {
            this.spareChoiceLists.push(d.values);
            d.values = NO_VALUES;
          }
          this.freeRecords.push(d);
        }
        return true;
      }
      i = j;
    }
    return false;
  }

  private resolve(records: DecisionRecord[]): void {
    const first = records[0]!;
    const lg = this.lg;
    if (first.ask < 0) {
      const o = first.offsets![first.chosen]!;
      const ai = first.values[o]!;
      const action = lg.actions[ai]!;
      for (let k = 0; k < action.params.length; k++) this.locals[action.params[k]!.slot] = first.values[o + 1 + k]!;
      this.actor = first.seat;
      this.actionCounts[ai]!++;
      const frame = first.each;
      if (frame >= 0 && frame < this.depth && lg.flow[this.frames[frame * FRAME_WIDTH + FRAME_NODE]!]!.until === ai) this.frames[frame * FRAME_WIDTH + FRAME_STAGE] = 1;
      this.placeAction = ai;
      action.body(this);
      if (this.err === null) this.placeAction = -1;
      this.afterThen(action.mayEnd);
      return;
    }
    const ask = lg.asks[first.ask]!;
    const askMayEnd = lg.askMayEnd[first.ask] === 1;
    if (ask.over === null) {
      const base = this.varSlot(ask.varIndex, 0);
      const stride = lg.storage.varStride;
      for (let k = 0; k < records.length; k++) {
        const d = records[k]!;
        this.vars[base + d.seat * stride] = d.values[d.chosen]!;
      }
      this.ver[lg.resources.varBase + ask.varIndex]!++;
      this.restoreSaved(first, ask.scopeLo);
      this.actor = ask.single ? first.seat : -1;
      this.placeAsk = first.ask;
      ask.then(this);
      if (this.err === null) this.placeAsk = -1;
      this.afterThen(askMayEnd);
      return;
    }
    for (const d of records) {
      this.restoreSaved(d, ask.scopeLo);
      if (ask.eachSlot >= 0) this.locals[ask.eachSlot] = d.each;
      this.locals[ask.bindSlot] = d.values[d.chosen]!;
      this.actor = d.seat;
      this.placeAsk = first.ask;
      ask.then(this);
      if (this.err === null) this.placeAsk = -1;
      this.afterThen(askMayEnd);
      if (this.over || this.endingPhase !== ENDING_NONE) return;
    }
  }

  /** adds a pending decision, reusing a record of a resolved one */
  private pushRecord(
    ask: number,
    seat: number,
    group: number,
    values: number[],
    offsets: number[] | null,
    count: number,
    chosen: number,
    each: number,
    saved: DecisionRecord['saved'],
  ): void {
    const d = this.freeRecords.pop();
    if (d === undefined) {
      this.decisions.push({ ask, seat, group, values, offsets, count, chosen, each, saved });
      return;
    }
    d.ask = ask;
    d.seat = seat;
    d.group = group;
    d.values = values;
    d.offsets = offsets;
    d.count = count;
    d.chosen = chosen;
    d.each = each;
    d.saved = saved;
    this.decisions.push(d);
  }

  /** the locals of slots lo..hi, numbers then lists (DecisionRecord.saved; lists are never changed once made, so they are shared) */
  private saveLocals(lo: number, hi: number): (number | number[])[] {
    const saved: (number | number[])[] = this.locals.slice(lo, hi);
    for (let k = lo; k < hi; k++) saved.push(this.lists[k]!);
    return saved;
  }

  private restoreSaved(d: DecisionRecord, lo: number): void {
    const saved = d.saved;
    if (!saved) return;
    const n = saved.length / 2;
    for (let k = 0; k < n; k++) {
      this.locals[lo + k] = saved[k] as number;
      this.lists[lo + k] = saved[n + k] as number[];
    }
  }

  private afterThen(mayEnd: boolean): void {
    this.actor = -1;
    if (this.err) return this.stop();
    if (this.endingPhase !== ENDING_NONE) return;
    this.halt = false;
    if (!mayEnd && !this.endsStale) return;
    this.checkFiringEnds();
    if (this.current >= 0 || this.endsOwnTurn.length === 0) this.endsStale = false;
  }

  private finish(): void {
    const lg = this.lg;
    const n = this.playerCount;
    const r = lg.ranking;
    const nk = r ? r.keys.length : 0;
    const scores = new Float64Array(n * nk);
    if (r) {
      for (let p = 0; p < n; p++) {
        this.locals[r.slot] = p;
        this.self = p;
        for (let k = 0; k < nk; k++) scores[p * nk + k] = r.keys[k]!.value(this);
      }
      this.self = -1;
    }
    // insertion sort by the keys, then by seat: player counts are small
    const order: number[] = [];
    for (let p = 0; p < n; p++) {
      let i = order.length;
      order.push(p);
      while (i > 0 && this.compareScores(scores, nk, p, order[i - 1]!) < 0) {
        order[i] = order[i - 1]!;
        i--;
      }
      order[i] = p;
    }
    const shared = r ? r.shared : true;
    const ranking: Outcome['ranking'] = [];
    const winners: number[] = [];
    for (let i = 0; i < n; i++) {
      const seat = order[i]!;
      const rank = i > 0 && shared && this.compareScores(scores, nk, order[i - 1]!, seat) === 0 ? ranking[i - 1]!.rank : i + 1;
      const score: Value[] = [];
      // ranking keys are numbers (the compiler checks it): decoded as such, a score past 2^29 stays a number
      for (let k = 0; k < nk; k++) score.push(lg.strings.decode(scores[seat * nk + k]!, NUMBER_TYPE));
      ranking.push({ seat, rank, score });
      if (rank === 1) winners.push(seat);
    }
    this.result = { winners: this.endWinners ?? winners, ranking, reason: this.endReason };
    if (this.logEntries) this.record('$end', { reason: this.endReason, winners: this.result.winners });
    this.over = true;
    this.decisions.length = 0;
  }

  /** negative when seat a ranks before seat b on the ranking keys (0: tied) */
  private compareScores(scores: Float64Array, nk: number, a: number, b: number): number {
    const keys = this.lg.ranking?.keys;
    if (!keys) return 0;
    for (let k = 0; k < nk; k++) {
      const x = scores[a * nk + k]!;
      const y = scores[b * nk + k]!;
      if (x !== y) return keys[k]!.desc ? y - x : x - y;
    }
    return 0;
  }

  // ───────────────────────── flow ─────────────────────────

  private pushFrame(node: number): void {
    const t = this.depth * FRAME_WIDTH;
    for (let k = 0; k < FRAME_WIDTH; k++) this.frames[t + k] = 0;
    this.frames[t + FRAME_NODE] = node;
    this.depth++;
    const info = this.lg.flow[node]!;
    if (info.kind === FLOW_IF) this.frames[t + FRAME_BRANCH] = info.cond!(this) !== 0 ? 0 : 1;
  }

  /** enters a child of the top frame; true when it queued an event */
  private enter(child: number): boolean {
    const info = this.lg.flow[child]!;
    if (info.kind === FLOW_STEP) {
      this.stepFirings = 0;
      this.loopWork = 0;
      this.enqueue(info.event, this.evArgs, 0);
      return true;
    }
    this.pushFrame(child);
    return false;
  }

  /** queues a round's or turn's opening or closing event; one no rule hears is only queued to be logged or checked after */
  private builtin(ev: number, arg: number): void {
    if (ev < 0) return;
    if (this.logEntries === null && !this.checking && this.lg.events[ev]!.fires.length === 0) return;
    this.tmpVals[0] = arg;
    this.enqueue(ev, this.tmpVals, 1);
  }

  /** a new round or turn (frame at t) begins: its opening event, then its body (stage 1) */
  private openPeriod(t: number, opening: number, arg: number): void {
    this.ver[FLOW_CONTEXT]!++;
    this.endsStale = true;
    this.frames[t + FRAME_STAGE] = 1;
    this.frames[t + FRAME_PC] = 0;
    this.stepFirings = 0;
    this.loopWork = 0;
    this.builtin(opening, arg);
  }

  /** the next item of a round's or turn's body, or once it is done its closing event (stage 2); true: stop advancing */
  private stepPeriod(t: number, info: FlowInfo, closing: number, arg: number): boolean {
    const frames = this.frames;
    const pc = frames[t + FRAME_PC]!;
    if (pc < info.body.length) {
      frames[t + FRAME_PC] = pc + 1;
      return this.enter(info.body[pc]!);
    }
    frames[t + FRAME_STAGE] = 2;
    this.stepFirings = 0;
    this.loopWork = 0;
    this.builtin(closing, arg);
    return true;
  }

  /** the active phases as a bit set (one pass over the flow); -1 when there are too many phases for one */
  private activePhases(): number {
    if (this.lg.phaseNames.length > MAX_PHASE_BITS) return -1;
    let set = 0;
    for (let d = 0; d < this.depth; d++) {
      const info = this.lg.flow[this.frames[d * FRAME_WIDTH + FRAME_NODE]!]!;
      if (info.kind === FLOW_PHASE) set |= 1 << info.phase;
    }
    return set;
  }

  phaseActive(phase: number): boolean {
    for (let d = 0; d < this.depth; d++) {
      const info = this.lg.flow[this.frames[d * FRAME_WIDTH + FRAME_NODE]!]!;
      if (info.kind === FLOW_PHASE && info.phase === phase) return true;
    }
    return false;
  }

  private unwindEnd(): void {
    const scope = this.endScope;
    this.endScope = END_NONE;
    const kind = scope === END_ROUND ? FLOW_ROUNDS : scope === END_TURN ? FLOW_TURNS : scope === END_PHASE ? FLOW_PHASE : -1;
    for (let d = this.depth - 1; d >= 0; d--) {
      const t = d * FRAME_WIDTH;
      const info = this.lg.flow[this.frames[t + FRAME_NODE]!]!;
      if (info.kind !== kind) continue;
      if (kind !== FLOW_PHASE && this.frames[t + FRAME_STAGE] !== 1) return;
      this.depth = d + 1;
      this.frames[t + FRAME_PC] = info.body.length;
      return;
    }
  }

  /** advances the flow until it queues an event or waits; false when the flow has run out */
  private advanceFlow(): boolean {
    const lg = this.lg;
    const frames = this.frames;
    let guard = 0;
    for (;;) {
      if (++guard > FLOW_GUARD) {
        const at = this.flowPosition();
        this.fail('run/step-budget', `The flow went round ${FLOW_GUARD} times without anything happening (at ${at}).`, at);
        this.stop();
        return true;
      }
      if (this.endScope !== END_NONE) this.unwindEnd();
      if (this.depth === 0) return false;
      const t = (this.depth - 1) * FRAME_WIDTH;
      const info = lg.flow[frames[t + FRAME_NODE]!]!;
      switch (info.kind) {
        case FLOW_SEQ:
        case FLOW_PHASE:
        case FLOW_IF: {
          const body = info.kind === FLOW_IF && frames[t + FRAME_BRANCH] === 1 ? info.elseBody : info.body;
          const pc = frames[t + FRAME_PC]!;
          if (pc < body.length) {
            frames[t + FRAME_PC] = pc + 1;
            if (this.enter(body[pc]!)) return true;
          } else this.depth--;
          continue;
        }
        case FLOW_ROUNDS: {
          const stage = frames[t + FRAME_STAGE]!;
          if (stage === 0) {
            const count = info.count === null ? Number.POSITIVE_INFINITY : info.count(this);
            if (frames[t + FRAME_COUNT]! >= count) {
              this.depth--;
              continue;
            }
            const round = ++frames[t + FRAME_COUNT]!;
            this.round = round;
            this.openPeriod(t, lg.builtin.roundStart, round);
            return true;
          }
          if (stage === 1) {
            if (this.stepPeriod(t, info, lg.builtin.roundEnd, frames[t + FRAME_COUNT]!)) return true;
            continue;
          }
          frames[t + FRAME_STAGE] = 0;
          this.checkEnds(this.endsRound);
          if (this.endingPhase !== ENDING_NONE || this.over) return true;
          continue;
        }
        case FLOW_TURNS: {
          const stage = frames[t + FRAME_STAGE]!;
          const n = this.playerCount;
          if (stage === 0) {
            const total = info.order === 'snake' ? 2 * n : n;
            const k = frames[t + FRAME_COUNT]!;
            if (k >= total) {
              this.depth--;
              this.current = -1;
              this.ver[FLOW_CONTEXT]!++;
              this.endsStale = true;
              continue;
            }
            const seat = info.order === 'reverse' ? n - 1 - k : info.order === 'snake' && k >= n ? 2 * n - 1 - k : k;
            frames[t + FRAME_SEAT] = seat;
            this.current = seat;
            this.turn++;
            const counts = this.actionCounts;
            for (let i = 0; i < counts.length; i++) counts[i] = 0;
            this.openPeriod(t, lg.builtin.turnStart, seat);
            return true;
          }
          if (stage === 1) {
            if (this.stepPeriod(t, info, lg.builtin.turnEnd, frames[t + FRAME_SEAT]!)) return true;
            continue;
          }
          frames[t + FRAME_STAGE] = 0;
          frames[t + FRAME_COUNT]!++;
          this.checkEnds(this.endsTurn);
          if (this.endingPhase !== ENDING_NONE || this.over) return true;
          continue;
        }
        case FLOW_REPEAT: {
          if (frames[t + FRAME_STAGE] === 0) {
            if (info.cond !== null && info.cond(this) === 0) {
              this.depth--;
              continue;
            }
            frames[t + FRAME_STAGE] = 1;
            frames[t + FRAME_PC] = 0;
          }
          const pc = frames[t + FRAME_PC]!;
          if (pc < info.body.length) {
            frames[t + FRAME_PC] = pc + 1;
            if (this.enter(info.body[pc]!)) return true;
          } else frames[t + FRAME_STAGE] = 0;
          continue;
        }
        case FLOW_ACTIONS: {
          if (frames[t + FRAME_STAGE] !== 0) {
            this.depth--;
            continue;
          }
          const player = info.by!(this);
          if (this.err) {
            this.stop();
            return true;
          }
          if (this.offerActions(player, this.depth - 1)) return true;
          this.depth--;
          continue;
        }
        default:
          this.depth--;
      }
    }
  }

  /** enumerates the actions a player may take now into a pending decision; false when there are none */
  private offerActions(player: number, frame: number): boolean {
    if (player < 0 || player >= this.playerCount) return false;
    const buf = this.optionBuffer;
    buf.reset();
    this.collectActions(player, buf);
    if (buf.no === 0) return false;
    // the lists of a resolved action decision are reused (nothing else holds them)
    const count = buf.no;
    const values = buf.handOverValues(this.spareLists.pop());
    const offsets = buf.handOverOffsets(this.spareLists.pop());
    this.pushRecord(-1, player, this.nextGroup++, values, offsets, count, -1, frame, null);
    return true;
  }

  /** every action and argument list the player may take now, as [action, ...args] at each offset */
  private collectActions(player: number, buf: OptionBuffer): void {
    const lg = this.lg;
    const phases = this.activePhases();
    if (lg.collect !== null) {
      lg.collect(this, player, phases, buf);
      return;
    }
    const prevActor = this.actor;
    for (let ai = 0; ai < lg.actions.length; ai++) {
      const a = lg.actions[ai]!;
      if (a.during >= 0 && (phases < 0 ? !this.phaseActive(a.during) : (phases & (1 << a.during)) === 0)) continue;
      if (a.limitPerTurn > 0 && this.actionCounts[ai]! >= a.limitPerTurn) continue;
      this.actor = player;
      // who may act and the checks that read no argument run every time; the argument lists come from the cache while what they read is unchanged
      if (a.admits !== null) {
        if (!a.admits(this)) continue;
      } else {
        if (a.by !== null && a.by(this) !== player) continue;
        const first = a.constraintsByReads[0]!;
        if (first.length > 0 && this.refusingConstraint(first, this.tmpVals, 0, player) !== null) continue;
      }
      const reads = a.optionReads;
      if (reads === null) {
        if (a.params.length === 0) buf.start(ai);
        else if (a.enumerate !== null) a.enumerate(this, buf);
        else this.enumerateParams(ai, 0, buf, true);
        continue;
      }
      const stamp = memoStamp(this, reads);
      const key = ai * this.playerCount + player;
      const cached = this.optionCache[key];
      if (cached !== undefined && cached.stamp === stamp) {
        appendCachedOptions(cached, a.params.length + 1, buf);
        continue;
      }
      const v0 = buf.nv;
      if (a.enumerate !== null) a.enumerate(this, buf);
      else this.enumerateParams(ai, 0, buf, true);
      if (!this.halt) this.optionCache[key] = storeOptions(cached, stamp, buf, v0);
    }
    this.actor = prevActor;
  }

  /**
   * Binds parameter k onward. Before binding parameter k it checks the constraints
   * that read only the first k arguments, so a constraint that refuses a prefix
   * prunes every completion of it (the set offered is the same as checking each
   * complete argument list against every constraint).
   */
  private enumerateParams(ai: number, k: number, buf: OptionBuffer, checked = false): void {
    const a = this.lg.actions[ai]!;
    const params = a.params;
    const checks = a.constraintsByReads[k]!;
    if (checks.length > 0 && !checked) {
      const vals = this.tmpVals;
      for (let j = 0; j < k; j++) vals[j] = this.locals[params[j]!.slot] as number;
      if (this.refusingConstraint(checks, vals, k, this.actor) !== null) return;
    }
    if (k === params.length) {
      buf.start(ai);
      // constraints only read the locals: the arguments are still where enumeration bound them
      for (let j = 0; j < k; j++) buf.arg(this.locals[params[j]!.slot] as number);
      return;
    }
    const p = a.params[k]!;
    p.domain(this);
    const arr = this.srcArr, len = this.srcLen, rev = this.srcRev;
    if (len === 0) return;
    const bufs = (this.domainBufs[ai] ??= []);
    const domain = (bufs[k] ??= []);
    for (let j = 0; j < len; j++) domain[j] = rev ? arr[len - 1 - j]! : arr[j]!;
    if (k + 1 < params.length) {
      for (let j = 0; j < len; j++) {
        this.locals[p.slot] = domain[j]!;
        this.enumerateParams(ai, k + 1, buf);
      }
      return;
    }
    // the last parameter: check and record each complete argument list here, one call less per value
    const last = a.constraintsByReads[k + 1]!;
    const vals = this.tmpVals;
    for (let j = 0; j < k; j++) vals[j] = this.locals[params[j]!.slot] as number;
    for (let j = 0; j < len; j++) {
      const v = domain[j]!;
      this.locals[p.slot] = v;
      if (last.length > 0) {
        vals[k] = v;
        if (this.refusingConstraint(last, vals, k + 1, this.actor) !== null) continue;
      }
      buf.start(ai);
      for (let i = 0; i < k; i++) buf.arg(vals[i]!);
      buf.arg(v);
    }
  }
}

const NO_VALUES: number[] = [];

/** whether every value of the ask is an option for every chooser: its records then share the ask's own (read-only) list */
function offersEveryValue(ask: AskInfo): boolean {
  return ask.over === null && ask.constraints.length === 0;
}

function copyInto(dst: number[], src: readonly number[]): void {
  dst.length = src.length;
  for (let i = 0; i < src.length; i++) dst[i] = src[i]!;
}

/**
 * How much of a decision's values are its options': an action decision's lists
 * are handed over from the option buffer and a choice's are reused (addChoice), so
 * either may be longer.
 */
function filledLength(lg: LoadedGraph, d: DecisionRecord): number {
  if (d.offsets === null) return d.count;
  if (d.count === 0) return 0;
  const last = d.offsets[d.count - 1]!;
  return last + 1 + lg.actions[d.values[last]!]!.params.length;
}

function copyRecord(lg: LoadedGraph, d: DecisionRecord): DecisionRecord {
  return { ...d, values: d.values.slice(0, filledLength(lg, d)), offsets: d.offsets?.slice(0, d.count) ?? null, saved: d.saved?.map((v) => (Array.isArray(v) ? v.slice() : v)) ?? null };
}
