// A game played in the page: people answer their seats' decisions, bots answer theirs at once. Every step
// (one answered decision) keeps the snapshot before it, so the page can step back, and choosing another
// option at an earlier step forks a new line of play (the old line stays, to go back to).
import { LogWords } from '@houserules/conformance';
import { createGame, type Agent, type Game, type LoadedGraph, type LogEntry, type Move, type Snapshot } from '@houserules/engine';
import type { Diagnostic, RuleGraph, Value } from '@houserules/schema';
import { makeAgent, parseAgentSpec, type AgentSpec } from '@houserules/simulation';
import type { BoardStyle } from '@houserules/render';
import { boardSvg, seatColours } from './board-pictures.ts';
import type { PlayDecision, PlayLine, PlayLogEntry, PlayResult, PlayState, PlayStep, SeatController, SourceLink } from '../protocol/engine-protocol.ts';

/** Steps one line may hold, and lines one session may hold (each step keeps a snapshot). */
export const MAX_LINE_STEPS = 5_000;
export const MAX_LINES = 24;
/** Log entries sent to the page with each state (the most recent ones). */
export const MAX_LOG_SENT = 400;
/** Bot answers in a row before the page gets the game back (a game of bots only plays on in chunks). */
export const MAX_BOT_RUN = 2_000;

interface Step {
  seat: number;
  option: number;
  move: Move;
  label: string;
  byBot: boolean;
  before: Snapshot;
  log: PlayLogEntry[];
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
  private readonly startLog: PlayLogEntry[];
  private readonly bots: (AgentSpec | null)[];
  private viewer: number;
  private readonly askLabels: Map<string, string>;
  private readonly ruleLinks: Map<string, { name: string; link: SourceLink | null }>;
  private readonly ruleEvents: string[];
  private readonly unlimited: string[];
  private nextLine = 1;
  private botRunLimited = false;

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
    const tokenName = new Map(graph.tokens.map((t) => [t.id, t.name]));
    this.unlimited = graph.pools.flatMap((p) => p.entries.filter((e) => e.initial === 'unlimited').map((e) => `${p.name}.${tokenName.get(e.token) ?? e.token}`));
    const eventOf = new Map(graph.rules.map((r) => [r.id, r.event]));
    this.ruleEvents = lg.rules.map((r) => eventOf.get(r.id) ?? '');
    this.ruleLinks = new Map(graph.rules.map((r) => [r.id, { name: r.name, link: { file: r.provenance.file, range: r.provenance.range, ...(r.provenance.cite !== undefined ? { cite: r.provenance.cite } : {}) } }]));
    const firstPerson = seats.findIndex((s) => s === null);
    this.viewer = firstPerson;
    this.line = { id: this.nextLine++, name: 'line 1', steps: [], tip: null };
    this.lines.push(this.line);
    this.startLog = this.describe(0, new Array<number>(lg.rules.length).fill(0));
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
    const session = new PlaySession(graph, lg, created.value, normalized, bots, style);
    session.runBots();
    return { session, diagnostics: [] };
  }

  /** A person answers: option `option` of `seat`'s open decision. At an earlier step this forks a new line. */
  move(seat: number, option: number): PlayResult {
    if (this.seats[seat] !== null && this.seats[seat] !== undefined) return refused('play/not-your-seat', `p${seat + 1} is played by a bot.`);
    if (this.game.optionCount(seat) <= option || option < 0) return refused('play/no-such-option', `p${seat + 1} has no option ${option + 1} now.`);
    const ahead = this.line.steps[this.cursor];
    if (ahead && ahead.seat === seat && ahead.option === option) {
      // The same answer as the line already holds: walk forward along it.
      return this.goto(this.line.id, this.cursor + 1);
    }
    if (ahead) this.fork();
    if (!this.step(seat, option, false)) return refused('play/line-full', `A line holds at most ${MAX_LINE_STEPS} steps.`);
    this.runBots();
    return { ok: true, state: this.state() };
  }

  /** Moves to step `cursor` of a line (0: the start); the steps after it stay on the line. */
  goto(lineId: number, cursor: number): PlayResult {
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
    // At the tip with a bot to move (a game of bots only, stopped after a chunk), play on.
    if (this.cursor === line.steps.length) this.runBots();
    return { ok: true, state: this.state() };
  }

  viewAs(viewer: number): PlayResult {
    this.viewer = viewer >= 0 && viewer < this.seats.length ? viewer : -1;
    return { ok: true, state: this.state() };
  }

  /** Replays logged answers as this session's first line (every seat a person, so the line can be forked). */
  replayAnswers(answers: { seat: number; move: Move; hash?: string }[]): Diagnostic[] {
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
    const pending: PlayDecision[] = [];
    for (const seat of g.waitingSeats()) {
      if (this.seats[seat] !== null) continue;
      const open = g.pending().find((d) => d.seat === seat);
      if (!open) continue;
      pending.push({
        seat,
        ask: open.ask,
        label: this.askLabels.get(open.ask) ?? (open.ask === 'actions' ? 'take an action' : 'decide'),
        secret: open.secret,
        options: g.legalActions(seat).map((m, index) => ({ index, label: this.moveLabel(m) })),
      });
    }
    const log = [...this.startLog, ...this.line.steps.slice(0, this.cursor).flatMap((s) => s.log)];
    const outcome = g.outcome;
    return {
      session: this.id,
      lineId: this.line.id,
      lines: this.lines.map((l): PlayLine => ({ id: l.id, name: l.name, steps: l.steps.length })),
      steps: this.line.steps.map((s, index): PlayStep => ({ index, seat: s.seat, label: s.label, byBot: s.byBot })),
      cursor: this.cursor,
      seats: this.seats,
      viewer: this.viewer,
      view: g.view(this.viewer),
      geometry: g.boardGeometry(),
      unlimited: this.unlimited,
      ...((svg) => (svg ? { boardSvg: svg } : {}))(boardSvg(g, this.style, this.viewer)),
      seatColours: seatColours(this.style, this.seats.length),
      pending,
      waitingFor: g.waitingSeats(),
      log: log.slice(Math.max(0, log.length - MAX_LOG_SENT)),
      over: g.isOver,
      outcome: outcome ? { winners: outcome.winners, reason: outcome.reason, ranking: outcome.ranking } : null,
      error: g.error,
      stateHash: g.stateHash(),
    };
  }

  /** Bots answer until a person must, the game is over, or a chunk of answers has been played. */
  private runBots(): void {
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
      const pick = agent.choose(g, seat);
      const index = typeof pick === 'number' ? pick : g.legalActions(seat).findIndex((m) => sameMove(m, pick));
      if (index < 0 || !this.step(seat, index, true)) return;
    }
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
    if (!g.applyOption(seat, option)) return false;
    this.line.steps.push({ seat, option, move, label: `p${seat + 1} ${this.moveLabel(move)}`, byBot, before, log: this.describe(logStart, firings) });
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

  /** The log entries from `from` on, each with the rules that fired on its event during the step. */
  private describe(from: number, firingsBefore: number[]): PlayLogEntry[] {
    const g = this.game;
    const counts = g.ruleFiringCounts;
    const fired: { id: string; event: string }[] = [];
    this.lg.rules.forEach((r, i) => {
      if ((counts[i] ?? 0) > (firingsBefore[i] ?? 0)) fired.push({ id: r.id, event: this.ruleEvents[i]! });
    });
    const out: PlayLogEntry[] = [];
    const log: LogEntry[] = g.log;
    const words = new LogWords(this.lg, g);
    for (let k = from; k < log.length; k++) {
      const e = log[k]!;
      const eventId = `event:${e.event}`;
      let rules = fired.filter((r) => r.event === eventId).map((r) => ({ id: r.id, ...(this.ruleLinks.get(r.id) ?? { name: r.id, link: null }) }));
      if (e.event === '$answer') {
        const move = e.data['move'] as Move | undefined;
        const asker = move?.kind === 'choice' ? move.ask.replace(/\/ask\d+$/, '') : null;
        const link = asker ? this.ruleLinks.get(asker) : undefined;
        rules = asker && link ? [{ id: asker, ...link }] : [];
      }
      out.push({ seq: e.seq, round: e.round, turn: e.turn, event: e.event, text: words.line(e), rules });
    }
    return out;
  }

  /** An option or a step by the shared log words: `exit`, `place_start_settlement(corner(0, -2, 0))`. */
  private moveLabel(m: Move): string {
    return new LogWords(this.lg, this.game).move(m);
  }

  get limitedBots(): boolean {
    return this.botRunLimited;
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
