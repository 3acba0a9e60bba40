// A game played in the page: people answer their seats' decisions, bots answer theirs at once. Every step
// (one answered decision) keeps the snapshot before it, so the page can step back, and choosing another
// option at an earlier step forks a new line of play (the old line stays, to go back to).
// Everything the page is sent is what the chosen viewer may see (docs/playground.md, "Playing honestly"): the
// view, the redacted log, the steps' answers (another seat's secret one is "chooses (secretly)"), and the viewer's
// own options only. Answering again at an earlier step follows the terminal's undo rule (learntSince): not before
// the last step where the seat learnt something hidden from it, else stepping back would be a way to peek.
// A searching bot (`mcts…`) searches in slices (BotJob): between two, the worker answers other requests, the page
// is told who is thinking, and a cancel stops the search with the game as it was before that bot's answer.
import { learntSince, LogWords, playMark, type Learnt } from '@houserules/conformance';
import { createGame, type Agent, type Game, type MctsAgent, type LoadedGraph, type LogEntry, type Move, type PlayerView, type Snapshot } from '@houserules/engine';
import type { Diagnostic, RuleGraph, Value } from '@houserules/schema';
import { makeAgent, parseAgentSpec, type AgentSpec } from '@houserules/simulation';
import type { BoardStyle } from '@houserules/render';
import { boardSvg, seatColours } from './board-pictures.ts';
import { playTable } from './play-table.ts';
import type { PlayDecision, PlayLine, PlayLogEntry, PlayProgress, PlayResult, PlayState, PlayStep, SeatController, SourceLink } from '../protocol/engine-protocol.ts';

/** Steps one line may hold, and lines one session may hold (each step keeps a snapshot). */
export const MAX_LINE_STEPS = 5_000;
export const MAX_LINES = 24;
/** Log entries sent to the page with each state (the most recent ones). */
export const MAX_LOG_SENT = 400;
/** Bot answers in a row before the page gets the game back (a game of bots only plays on in chunks). */
export const MAX_BOT_RUN = 2_000;
/** Playouts a searching bot plays between two looks at the clock, the cancel flag and the worker's messages. */
export const SEARCH_STEP = 4;
/** How often a searching bot tells the page how far it is (ms); a search shorter than this is never announced. */
export const THINKING_REPORT_MS = 100;

/** What the bots' answers run under: the worker's job (give way, cancelled, progress), or nothing to wait for. */
export interface BotJob {
  readonly cancelled: boolean;
  breathe(): Promise<void>;
  progress(p: PlayProgress): void;
}

/** Bots answering with nobody to give way to (tests, a game of quick bots). */
export const UNHURRIED: BotJob = { cancelled: false, breathe: async () => {}, progress: () => {} };

type FiredRule = PlayLogEntry['rules'][number];

interface Step {
  seat: number;
  option: number;
  move: Move;
  byBot: boolean;
  before: Snapshot;
  /** the step's answer in the log: its secret part is shown only to the seats that may read it */
  answer: LogEntry | null;
  /** the rules that fired on the step's log entries, by the entries' seq */
  rules: Map<number, FiredRule[]>;
  /** per seat, what it learnt during this step that was hidden from it before (the undo rule), if anything */
  learnt: (Learnt | undefined)[];
}

interface Line {
  id: number;
  name: string;
  steps: Step[];
  /** the state after the last step (kept when the cursor leaves the line's tip) */
  tip: Snapshot | null;
}

let nextSession = 1;

export class PlaySession {
  readonly id = nextSession++;
  private readonly lines: Line[] = [];
  private line: Line;
  private cursor = 0;
  private readonly startRules: Map<number, FiredRule[]>;
  private readonly bots: (AgentSpec | null)[];
  /** a game read from a complete log: nothing in it is hidden from whoever opened it, so the undo rule is off */
  private fromLog = false;
  private viewer: number;
  private readonly askLabels: Map<string, string>;
  private readonly words: LogWords;
  private readonly ruleLinks: Map<string, { name: string; link: SourceLink | null }>;
  private readonly ruleEvents: string[];
  private readonly unlimited: string[];
  private nextLine = 1;
  private botRunLimited = false;
  /** the bot whose search the last request cancelled, while the game waits for it */
  private stopped: { seat: number; agent: string } | null = null;
  /** requests that move the game run one at a time: a search gives way between slices, and must find the game as it left it */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly graph: RuleGraph,
    private readonly lg: LoadedGraph,
    private readonly game: Game,
    private readonly seats: SeatController[],
    bots: (AgentSpec | null)[],
    private readonly style: BoardStyle,
  ) {
    this.bots = bots;
    this.askLabels = askLabels(graph);
    this.words = new LogWords(lg, game);
    const tokenName = new Map(graph.tokens.map((t) => [t.id, t.name]));
    this.unlimited = graph.pools.flatMap((p) => p.entries.filter((e) => e.initial === 'unlimited').map((e) => `${p.name}.${tokenName.get(e.token) ?? e.token}`));
    const eventOf = new Map(graph.rules.map((r) => [r.id, r.event]));
    this.ruleEvents = lg.rules.map((r) => eventOf.get(r.id) ?? '');
    this.ruleLinks = new Map(graph.rules.map((r) => [r.id, { name: r.name, link: { file: r.provenance.file, range: r.provenance.range, ...(r.provenance.cite !== undefined ? { cite: r.provenance.cite } : {}) } }]));
    const firstPerson = seats.findIndex((s) => s === null);
    this.viewer = firstPerson;
    this.line = { id: this.nextLine++, name: 'line 1', steps: [], tip: null };
    this.lines.push(this.line);
    this.startRules = this.firedRules(0, new Array<number>(lg.rules.length).fill(0));
  }

  static start(graph: RuleGraph, lg: LoadedGraph, config: { seed: number; players: number; options: Record<string, Value> }, seats: SeatController[], style: BoardStyle = {}): { session: PlaySession | null; diagnostics: Diagnostic[] } {
    const bots: (AgentSpec | null)[] = [];
    for (let seat = 0; seat < config.players; seat++) {
      const text = seats[seat] ?? null;
      if (text === null) {
        bots.push(null);
        continue;
      }
      const spec = parseAgentSpec(text, graph);
      if (!spec.ok) return { session: null, diagnostics: [{ code: 'play/unknown-agent', severity: 'error', message: `seat p${seat + 1}: ${spec.message}` }] };
      bots.push(spec.value);
    }
    const created = createGame(lg, { seed: config.seed, players: config.players, options: config.options, recordLog: true });
    if (!created.value) return { session: null, diagnostics: created.diagnostics };
    const normalized = bots.map((b, seat) => (b === null ? null : (seats[seat] ?? null)));
    // The bots' first answers are the caller's to ask for (play()), under its job.
    return { session: new PlaySession(graph, lg, created.value, normalized, bots, style), diagnostics: [] };
  }

  /** The bots answer until a person must (or the job is cancelled): the game's start, or going on after a stop. */
  play(job: BotJob = UNHURRIED): Promise<PlayResult> {
    return this.exclusive(async () => {
      await this.runBots(job);
      return { ok: true, state: this.state() };
    });
  }

  /** A person answers: option `option` of `seat`'s open decision. At an earlier step this forks a new line. */
  move(seat: number, option: number, job: BotJob = UNHURRIED): Promise<PlayResult> {
    return this.exclusive(async () => {
      if (this.seats[seat] !== null && this.seats[seat] !== undefined) return refused('play/not-your-seat', `p${seat + 1} is played by a bot.`);
      if (this.game.optionCount(seat) <= option || option < 0) return refused('play/no-such-option', `p${seat + 1} has no option ${option + 1} now.`);
      const ahead = this.line.steps[this.cursor];
      if (ahead && ahead.seat === seat && ahead.option === option) {
        // The same answer as the line already holds: walk forward along it.
        return this.moveTo(this.line.id, this.cursor + 1, job);
      }
      if (ahead) {
        const locked = this.lockedAt(seat);
        if (locked !== null) return refused('play/nothing-to-undo', locked);
        this.fork();
      }
      if (!this.step(seat, option, false)) return refused('play/line-full', `A line holds at most ${MAX_LINE_STEPS} steps.`);
      await this.runBots(job);
      return { ok: true, state: this.state() };
    });
  }

  /** Moves to step `cursor` of a line (0: the start); the steps after it stay on the line. */
  goto(lineId: number, cursor: number, job: BotJob = UNHURRIED): Promise<PlayResult> {
    return this.exclusive(() => this.moveTo(lineId, cursor, job));
  }

  /**
   * Gives a bot's seat another agent (a stronger or quicker search, a policy), then the bots answer from the tip as
   * usual. A bot stays a bot: a person's seat keeps the undo rule's marks from its first step, a bot's has none.
   */
  setAgent(seat: number, text: string, job: BotJob = UNHURRIED): Promise<PlayResult> {
    return this.exclusive(async () => {
      if (this.seats[seat] === null || this.seats[seat] === undefined) return refused('play/not-your-seat', `p${seat + 1} is played by a person.`);
      const spec = parseAgentSpec(text, this.graph);
      if (!spec.ok) return refused('play/unknown-agent', `seat p${seat + 1}: ${spec.message}`);
      this.bots[seat] = spec.value;
      this.seats[seat] = text;
      if (this.cursor === this.line.steps.length) await this.runBots(job);
      return { ok: true, state: this.state() };
    });
  }

  /** Runs `f` once the requests before it are done (whatever they returned or threw). */
  private exclusive<T>(f: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      this.stopped = null;
      return f();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async moveTo(lineId: number, cursor: number, job: BotJob): Promise<PlayResult> {
    const line = this.lines.find((l) => l.id === lineId);
    if (!line) return refused('play/no-such-line', `There is no line ${lineId}.`);
    const target = Math.max(0, Math.min(line.steps.length, Math.floor(cursor)));
    this.leaveTip();
    this.line = line;
    if (target < line.steps.length) this.game.restore(line.steps[target]!.before);
    else if (line.tip) this.game.restore(line.tip);
    else if (line.steps.length > 0) {
      // No tip kept: the state after the last step is its snapshot plus its answer.
      const last = line.steps[line.steps.length - 1]!;
      this.game.restore(last.before);
      this.game.applyOption(last.seat, last.option);
    }
    this.cursor = target;
    // At the tip with a bot to move (a game of bots only, stopped after a chunk; a search cancelled), play on.
    if (this.cursor === line.steps.length) await this.runBots(job);
    return { ok: true, state: this.state() };
  }

  /** Only looks: answered at once, even while a bot of this session searches. */
  viewAs(viewer: number): PlayResult {
    this.viewer = viewer >= 0 && viewer < this.seats.length ? viewer : -1;
    return { ok: true, state: this.state() };
  }

  /** Replays logged answers as this session's first line (every seat a person, so the line can be forked). */
  replayAnswers(answers: { seat: number; move: Move; hash?: string }[]): Diagnostic[] {
    this.fromLog = true;
    for (const [i, a] of answers.entries()) {
      if (this.game.isOver) return [{ code: 'play/replay-diverged', severity: 'error', message: `The game was over before logged answer ${i + 1}.` }];
      const options = this.game.legalActions(a.seat);
      const index = options.findIndex((m) => sameMove(m, a.move));
      if (index < 0) return [{ code: 'play/replay-diverged', severity: 'error', message: `Logged answer ${i + 1} (p${a.seat + 1}) is not a legal option here.` }];
      if (!this.step(a.seat, index, false)) return [{ code: 'play/line-full', severity: 'error', message: `A line holds at most ${MAX_LINE_STEPS} steps.` }];
      if (a.hash !== undefined && this.game.stateHash() !== a.hash) {
        return [{ code: 'play/replay-diverged', severity: 'error', message: `After logged answer ${i + 1} the state differs from the log's.` }];
      }
    }
    return [];
  }

  state(): PlayState {
    const g = this.game;
    const words = this.words;
    const viewer = this.viewer;
    const view = g.view(viewer);
    const pending: PlayDecision[] = [];
    // Only the viewer's own decisions: another seat's options may name what the viewer may not see.
    if (viewer >= 0 && this.seats[viewer] === null && g.waitingSeats().includes(viewer)) {
      const open = g.pending().find((d) => d.seat === viewer);
      const ahead = this.line.steps[this.cursor];
      const taken = ahead && ahead.seat === viewer ? ahead.option : null;
      if (open) {
        pending.push({
          seat: viewer,
          ask: open.ask,
          label: this.askLabels.get(open.ask) ?? (open.ask === 'actions' ? 'take an action' : 'decide'),
          secret: open.secret,
          options: g.legalActions(viewer).map((m, index) => {
            const site = words.optionSite(m);
            const around = site === undefined ? '' : words.siteSurroundings(site, view.board);
            return { index, label: words.move(m), ...(around !== '' ? { around } : {}), sites: words.optionSites(m) };
          }),
          taken,
          locked: taken === null ? null : this.lockedAt(viewer),
        });
      }
    }
    const outcome = g.outcome;
    const { table, shared } = playTable(words, view, this.seats.length, new Set(this.unlimited));
    const points = viewer >= 0 ? pointsOf(g, viewer) : null;
    return {
      session: this.id,
      lineId: this.line.id,
      lines: this.lines.map((l): PlayLine => ({ id: l.id, name: l.name, steps: l.steps.length })),
      steps: this.line.steps.map((s, index): PlayStep => ({ index, seat: s.seat, label: this.stepLabel(s), byBot: s.byBot })),
      cursor: this.cursor,
      seats: [...this.seats],
      viewer,
      view,
      geometry: g.boardGeometry(),
      unlimited: this.unlimited,
      ...((svg) => (svg ? { boardSvg: svg } : {}))(boardSvg(g, this.style, viewer)),
      seatColours: seatColours(this.style, this.seats.length),
      table,
      shared,
      ...(points !== null ? { points } : {}),
      pending,
      waitingFor: g.waitingSeats(),
      log: this.seenLog(view),
      over: g.isOver,
      outcome: outcome ? { winners: outcome.winners, reason: words.endReason(outcome.reason), ranking: outcome.ranking } : null,
      error: g.error,
      stateHash: g.stateHash(),
      ...(this.stopped !== null ? { stopped: this.stopped } : {}),
    };
  }

  /** A step's answer as the viewer may know it: another seat's secret answer is `p2 chooses (secretly)`. */
  private stepLabel(s: Step): string {
    if (s.answer === null) return `${this.words.seat(s.seat)} ${this.words.move(s.move)}`;
    return this.words.entry(this.mayRead(s.answer) ? s.answer : { event: '$answer', data: { seat: s.seat } });
  }

  /** Whether the viewer may read a log entry's secret part now (a spectator reads none until it is revealed). */
  private mayRead(e: LogEntry): boolean {
    return this.game.mayRead(e, this.viewer);
  }

  /** The log up to the cursor as the viewer saw it (the engine's redacted log), its latest entries, with the rules that fired. */
  private seenLog(view: PlayerView): PlayLogEntry[] {
    const log = this.game.redactedLog(view.seat);
    const recent = log.slice(Math.max(0, log.length - MAX_LOG_SENT));
    const rules = new Map(this.startRules);
    for (const s of this.line.steps.slice(0, this.cursor)) for (const [seq, fired] of s.rules) rules.set(seq, fired);
    return recent.map((e) => ({ seq: e.seq, round: e.round, turn: e.turn, event: e.event, text: this.words.line(e), rules: rules.get(e.seq) ?? [] }));
  }

  /**
   * Why `seat` may not answer differently at the cursor (the undo rule), or null: it learnt something hidden from
   * it at a later step of any line (a line forked from this one may deal the same cards, so every line counts).
   */
  private lockedAt(seat: number): string | null {
    if (this.fromLog) return null;
    for (const line of this.lines) {
      for (let k = this.cursor; k < line.steps.length; k++) {
        const learnt = line.steps[k]!.learnt[seat];
        if (learnt) return `${this.words.seat(seat)} cannot answer again here: at step ${k + 1} ${learnt.what} (round ${learnt.round}), which ${this.words.seat(seat)} could not know here.`;
      }
    }
    return null;
  }

  /**
   * Bots answer until a person must, the game is over, a chunk of answers has been played, or the job is cancelled
   * during a search (the game then stays before that bot's answer, `stopped` says whose).
   */
  private async runBots(job: BotJob): Promise<void> {
    const g = this.game;
    let run = 0;
    this.botRunLimited = false;
    while (!g.isOver) {
      const seat = g.waitingSeats().find((s) => this.bots[s] !== null);
      if (seat === undefined) return;
      if (run++ >= MAX_BOT_RUN) {
        this.botRunLimited = true;
        return;
      }
      const agent = this.agentFor(seat);
      let pick: number | Move;
      if (this.bots[seat]!.name === 'mcts' && g.optionCount(seat) > 1) {
        const searched = await this.search(agent as MctsAgent, seat, job);
        if (searched === null) {
          this.stopped = { seat, agent: this.seats[seat]! };
          return;
        }
        pick = searched;
      } else pick = agent.choose(g, seat);
      const index = typeof pick === 'number' ? pick : g.legalActions(seat).findIndex((m) => sameMove(m, pick));
      if (index < 0 || !this.step(seat, index, true)) return;
    }
  }

  /**
   * One bot's search, in slices of SEARCH_STEP playouts: between them the worker may answer other requests (this
   * session's wait in its queue), the page is told how far it is every THINKING_REPORT_MS (with the game as it stands
   * the first time), and a cancel ends it.
   * Its option, or null when cancelled (the game untouched: a search plays on a working game of its own).
   */
  private async search(agent: MctsAgent, seat: number, job: BotJob): Promise<number | null> {
    const run = agent.start(this.game, seat);
    const { iterations: budget, ms } = agent.settings;
    let last = performance.now();
    let told = false;
    while (run.step(SEARCH_STEP)) {
      await job.breathe();
      if (job.cancelled) return null;
      const now = performance.now();
      if (now - last >= THINKING_REPORT_MS) {
        last = now;
        // the game as it stands (the answers before this bot's, the person's too) goes with the search's first word
        job.progress({ seat, agent: this.seats[seat]!, iterations: run.stats.iterations, budget, ms, ...(!told ? { state: this.state() } : {}) });
        told = true;
      }
    }
    return job.cancelled ? null : run.answer();
  }

  /** A bot's agent is seeded from the state and its seat: the same state gives the same answer on any line. */
  private agentFor(seat: number): Agent {
    const seed = (Number.parseInt(this.game.stateHash().slice(0, 8), 16) ^ Math.imul(seat + 1, 0x9e3779b1)) >>> 0;
    return makeAgent(this.lg, this.graph, this.bots[seat]!, seed);
  }

  private step(seat: number, option: number, byBot: boolean): boolean {
    if (this.line.steps.length >= MAX_LINE_STEPS) return false;
    const g = this.game;
    const move = g.legalActions(seat)[option]!;
    const before = g.snapshot();
    const firings = Array.from(g.ruleFiringCounts);
    const logStart = g.log.length;
    // What each seat knew before the step, for the undo rule (only a person's answer can be given again).
    const mark = this.fromLog || !this.seats.includes(null) ? null : playMark(g);
    if (!g.applyOption(seat, option)) return false;
    const answer = g.log.slice(logStart).find((e) => e.event === '$answer') ?? null;
    const learnt = mark === null ? [] : this.seats.map((_, s) => learntSince(g, s, mark) ?? undefined);
    this.line.steps.push({ seat, option, move, byBot, before, answer, rules: this.firedRules(logStart, firings), learnt });
    this.line.tip = null;
    this.cursor = this.line.steps.length;
    return true;
  }

  /** The old line keeps its steps; the new one shares those before the cursor. */
  private fork(): void {
    if (this.lines.length >= MAX_LINES) this.lines.splice(this.lines.findIndex((l) => l !== this.line), 1);
    this.leaveTip();
    const line: Line = { id: this.nextLine++, name: `line ${this.nextLine - 1} (from step ${this.cursor})`, steps: this.line.steps.slice(0, this.cursor), tip: null };
    this.lines.push(line);
    this.line = line;
  }

  private leaveTip(): void {
    if (this.cursor === this.line.steps.length && this.line.tip === null && this.line.steps.length > 0) this.line.tip = this.game.snapshot();
  }

  /** The rules that fired during a step, on the events of its log entries from `from` on, by the entries' seq. */
  private firedRules(from: number, firingsBefore: number[]): Map<number, FiredRule[]> {
    const g = this.game;
    const counts = g.ruleFiringCounts;
    const fired: { id: string; event: string }[] = [];
    this.lg.rules.forEach((r, i) => {
      if ((counts[i] ?? 0) > (firingsBefore[i] ?? 0)) fired.push({ id: r.id, event: this.ruleEvents[i]! });
    });
    const out = new Map<number, FiredRule[]>();
    const log: LogEntry[] = g.log;
    for (let k = from; k < log.length; k++) {
      const e = log[k]!;
      const eventId = `event:${e.event}`;
      let rules = fired.filter((r) => r.event === eventId).map((r) => ({ id: r.id, ...(this.ruleLinks.get(r.id) ?? { name: r.id, link: null }) }));
      if (e.event === '$answer') {
        // the rule that asked (its name is no secret, even when the answer is)
        const move = e.data['move'] as Move | undefined;
        const asker = move?.kind === 'choice' ? move.ask.replace(/\/ask\d+$/, '') : null;
        const link = asker ? this.ruleLinks.get(asker) : undefined;
        rules = asker && link ? [{ id: asker, ...link }] : [];
      }
      if (rules.length > 0) out.set(e.seq, rules);
    }
    return out;
  }

  get limitedBots(): boolean {
    return this.botRunLimited;
  }
}

/**
 * A seat's points now: the first key of the scenario's ranking (`ranking p by p.vp desc`), read as the engine reads
 * it at the end of a game. Only the viewer's own: the key may read what only its seat knows (victory cards in hand).
 */
function pointsOf(g: Game, seat: number): number | null {
  const ranking = g.lg.ranking;
  const key = ranking?.keys[0];
  if (!ranking || !key || g.error !== null) return null;
  const local = g.locals[ranking.slot];
  const self = g.self;
  g.locals[ranking.slot] = seat;
  g.self = seat;
  try {
    const v = g.lg.strings.decode(key.value(g), { t: 'number' });
    return typeof v === 'number' ? v : null;
  } catch {
    return null;
  } finally {
    g.locals[ranking.slot] = local!;
    g.self = self;
  }
}

function refused(code: string, message: string): PlayResult {
  return { ok: false, diagnostics: [{ code, severity: 'error', message }] };
}

function sameMove(a: Move, b: Move): boolean {
  if (a.kind === 'choice' && b.kind === 'choice') return a.ask === b.ask && a.value === b.value;
  if (a.kind === 'action' && b.kind === 'action') return a.action === b.action && a.args.length === b.args.length && a.args.every((v, i) => v === b.args[i]);
  return false;
}

/** `rule:decide/ask1` → "decide: choose plan" — the rule's name and what it asks for, in the author's words. */
function askLabels(graph: RuleGraph): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (node: unknown, owner: string): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, owner);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o['s'] === 'ask' && typeof o['id'] === 'string') {
      const choice = o['choice'] as { var?: string; bind?: string };
      const what = choice.var !== undefined ? choice.var.replace(/^var:/, '') : (choice.bind ?? 'one');
      out.set(o['id'], `${owner}: choose ${what}${o['secret'] ? ' (secretly)' : ''}`);
    }
    for (const v of Object.values(o)) if (v && typeof v === 'object') visit(v, owner);
  };
  for (const r of graph.rules) visit(r.body, r.name);
  for (const a of graph.actions) visit(a.body, a.name);
  return out;
}
