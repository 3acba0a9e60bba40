import { nearNames } from '@houserules/compiler';
import { learntSince, playMark, type PlayMark } from '@houserules/conformance';
import type { Agent, Game, LoadedGraph, Move, Snapshot } from '@houserules/engine';
import type { RuleGraph } from '@houserules/schema';
import { makeAgent, type AgentSpec } from '@houserules/simulation';
import { MAX_PLAY_DECISIONS, MAX_PLAY_INPUT_LINE, MAX_PLAY_OPTIONS_SHOWN, MAX_PLAY_UNDO } from '../cli-budgets.ts';
import { GameWords } from '../game-words.ts';
import type { InputLine } from './input-lines.ts';
import { boardText, changedState, joinState, stateLines, stateText, type StateLines } from './state-text.ts';

/** What `play` accepts besides an option; `:name` is always the command, even when an option has that name. */
export const PLAY_COMMANDS = ['help', 'show', 'board', 'log', 'why', 'undo', 'quit'] as const;
type PlayCommand = (typeof PLAY_COMMANDS)[number];

const HELP = `Type the number of an option, or its name (a unique beginning is enough:
"build_r" when only build_road options start so). Commands:
  show    the state again          board   every hex of the board
  log     the last events          why     the rules that ask this, and the sentences they cite
  undo    back to your previous decision
  help    this text                quit    stop here (the game so far is saved with --log)
A command written :undo, :quit… is the command even when an option has that name.
`;

const BOLD = '\u001b[1m';
const RED = '\u001b[31m';
const RESET = '\u001b[0m';

/** Log entries `log` shows. */
const RECENT_EVENTS = 20;

export interface TerminalGameSetup {
  graph: RuleGraph;
  lg: LoadedGraph;
  game: Game;
  title: string;
  /** per seat: the bot's agent, or null for a person at this terminal */
  bots: (AgentSpec | null)[];
  /** the terminal's width, for laying out options in columns */
  width: number;
  /** bold headings and prompts, red error codes (a terminal that wants colour) */
  color: boolean;
  /** write each line read after its prompt (the input is a pipe or a script, which the terminal does not echo) */
  echo: boolean;
  /** `--json`: one JSON object a line for each prompt and event (docs/cli.md), for a script to drive the game */
  json?: boolean;
  write: (text: string) => void;
}

/** One line of `play --json`: what happened or what is asked, `{"type":"decision",…}`. */
export type PlayMessage = { type: string } & Record<string, unknown>;

/** How a game at the terminal stopped. */
export type PlayEnd = 'over' | 'quit' | 'stopped';

interface UndoPoint {
  before: Snapshot;
  decisions: number;
  /** the seat that answered, and what it knew then (undo stops where it learnt something since) */
  seat: number;
  mark: PlayMark;
}

/**
 * One game at the terminal: bots answer their seats at once, the people at
 * the terminal answer theirs line by line. Each person's answer keeps the
 * snapshot before it, so `undo` goes back to that decision; a bot's answer
 * depends only on the state and its seat (its agent is seeded from the state
 * hash), so after an undo the same answers give the same game.
 */
export class TerminalGame {
  readonly words: GameWords;
  private readonly undo: UndoPoint[] = [];
  private decisions = 0;
  private shownLog = 0;
  /** the log positions of others' secret answers shown as `p2 chooses (secretly)`, to show once their group resolves */
  private hiddenAnswers: number[] = [];
  private ended: PlayEnd | null = null;
  /** the seat whose decision is open and shown, or -1 */
  private asking = -1;
  private options: Move[] = [];
  private labels: string[] = [];
  /** the state last shown, and for which seat, round and turn */
  private shown: { key: string; lines: StateLines } | null = null;
  private readonly isPerson: boolean[];

  constructor(private readonly setup: TerminalGameSetup) {
    this.words = new GameWords(setup.lg, setup.game);
    this.isPerson = setup.bots.map((b) => b === null);
  }

  private get json(): boolean {
    return this.setup.json === true;
  }

  /** One JSON object on a line of its own (`--json`). */
  private emit(message: PlayMessage): void {
    this.setup.write(`${JSON.stringify(message)}\n`);
  }

  get end(): PlayEnd | null {
    return this.ended;
  }

  get game(): Game {
    return this.setup.game;
  }

  /** The first state: the bots play up to the first person's decision, which is shown. */
  start(): void {
    const people = this.people();
    const g = this.game;
    if (this.json) this.emit({ type: 'start', title: this.words.text(this.setup.title), players: g.playerCount, you: people.map((s) => this.words.seat(s)) });
    else this.setup.write(`${this.words.text(this.setup.title)}: ${people.length > 0 ? `you play ${people.map((s) => this.words.seat(s)).join(', ')}` : 'bots only'}; ${g.playerCount} players. Type help for the commands.\n`);
    this.advance();
  }

  /** One line typed at the terminal. */
  take(line: InputLine): void {
    if (this.ended !== null) return;
    if (this.setup.echo && !this.json) this.setup.write('tooLong' in line ? '(a long line)\n' : `${this.words.text(line.text)}\n`);
    if ('tooLong' in line) return this.refuse('play/no-such-option', `a line is at most ${MAX_PLAY_INPUT_LINE} characters`);
    const text = line.text.trim();
    if (text === '') return this.prompt();
    if (text.startsWith(':')) {
      const command = PLAY_COMMANDS.find((c) => c === text.slice(1).toLowerCase());
      if (command === undefined) return this.refuse('play/no-such-option', `no command ${this.words.text(text)}${this.suggest(text.slice(1), [...PLAY_COMMANDS])}`);
      return this.command(command);
    }
    const chosen = this.match(text);
    if (chosen !== undefined) return chosen;
  }

  /** The game stops here (the input ended, or Ctrl-C). */
  quit(): void {
    if (this.ended === null) {
      this.ended = 'quit';
      if (this.json) this.emit({ type: 'end', how: 'quit', round: this.game.round });
      else this.setup.write(`\nstopped in round ${this.game.round}; the game is not over.\n`);
    }
  }

  private people(): number[] {
    return this.setup.bots.flatMap((b, seat) => (b === null ? [seat] : []));
  }

  /** Bots answer until a person must, then that person's decision is shown; or the game ends. */
  private advance(): void {
    const g = this.game;
    for (;;) {
      if (g.isOver || g.error !== null) break;
      const waiting = g.waitingSeats();
      const bot = waiting.find((s) => this.setup.bots[s] !== null);
      if (bot === undefined) break;
      if (this.decisions >= MAX_PLAY_DECISIONS) {
        this.ended = 'stopped';
        this.printNewEvents(this.people()[0] ?? 0);
        this.error('run/move-limit', `the game stopped after ${MAX_PLAY_DECISIONS} decisions`);
        return;
      }
      const pick = this.agentFor(bot).choose(g, bot);
      const index = typeof pick === 'number' ? pick : g.legalActions(bot).findIndex((m) => sameMove(m, pick));
      if (index < 0 || !g.applyOption(bot, index)) {
        this.ended = 'stopped';
        this.error('play/no-such-option', `the bot of ${this.words.seat(bot)} found no option to answer`);
        return;
      }
      this.decisions++;
    }
    this.words.refresh();
    const next = g.waitingSeats()[0] ?? -1;
    this.printNewEvents(next >= 0 ? next : (this.people()[0] ?? 0));
    if (g.error !== null) {
      this.ended = 'stopped';
      this.error(this.words.text(g.error.code), this.words.text(g.error.message));
      return;
    }
    if (g.isOver) {
      this.ended = 'over';
      if (this.json) this.emit(this.resultMessage());
      else this.setup.write(this.resultText());
      return;
    }
    if (next < 0) {
      this.ended = 'stopped';
      this.error('run/no-pending-decision', 'the game waits for nobody and is not over');
      return;
    }
    // Several people at one terminal: say when it passes to another, whose view follows.
    if (this.people().length > 1 && next !== this.asking && !this.json) this.setup.write(`\n>>> ${this.words.seat(next)}, it is your decision (the others look away) <<<\n`);
    // The whole state when the seat, turn or round changed; else only what changed since it was shown.
    const now = stateLines(this.words, g.view(next), this.setup.title, this.isPerson);
    const key = `${next}/${g.round}/${g.turn}`;
    const changed = this.shown !== null && this.shown.key === key ? changedState(this.shown.lines, now) : joinState(now);
    if (changed !== null) this.writeState(next, changed, this.shown === null || this.shown.key !== key);
    this.shown = { key, lines: now };
    this.asking = next;
    this.showDecision();
  }

  private showDecision(): void {
    const g = this.game;
    const seat = this.asking;
    const open = g.pending().find((d) => d.seat === seat)!;
    this.options = g.legalActions(seat);
    this.labels = this.options.map((m) => this.words.move(m));
    if (this.json) {
      this.emit({ type: 'decision', seat: this.words.seat(seat), asks: this.words.decision(open), ...this.optionsMessage(this.options.map((_, i) => i)) });
      return this.prompt();
    }
    this.setup.write(`\n${this.paint(BOLD, `${this.words.seat(seat)}, ${this.words.decision(open)}`)} — ${this.options.length} option${this.options.length === 1 ? '' : 's'}:\n`);
    this.setup.write(this.optionList(this.options.map((_, i) => i)));
    this.prompt();
  }

  private prompt(): void {
    if (this.ended !== null || this.asking < 0) return;
    if (this.json) this.emit({ type: 'prompt', seat: this.words.seat(this.asking) });
    else this.setup.write(this.paint(BOLD, `${this.words.seat(this.asking)}> `));
  }

  private paint(code: string, text: string): string {
    return this.setup.color ? `${code}${text}${RESET}` : text;
  }

  /** With a site to choose, the hexes and marks around it: `fields 4, pasture 8; harbour generic`. */
  private around(index: number): string {
    const site = this.words.optionSite(this.options[index]!);
    return site === undefined ? '' : this.words.siteSurroundings(site);
  }

  /** The options as `--json` gives them: number (what to type), name, what lies around a site; at most MAX_PLAY_OPTIONS_SHOWN. */
  private optionsMessage(indexes: number[]): { options: Record<string, unknown>[]; more?: number } {
    const options = indexes.slice(0, MAX_PLAY_OPTIONS_SHOWN).map((i) => {
      const around = this.around(i);
      return { n: i + 1, name: this.labels[i], ...(around !== '' ? { around } : {}) };
    });
    return indexes.length > MAX_PLAY_OPTIONS_SHOWN ? { options, more: indexes.length - MAX_PLAY_OPTIONS_SHOWN } : { options };
  }

  /** Numbered options in columns; with a site to choose, the hexes around it. */
  private optionList(indexes: number[]): string {
    const cells = indexes.slice(0, MAX_PLAY_OPTIONS_SHOWN).map((i) => {
      const around = this.around(i);
      // options that are numbers are numbered `#1`, `#2`…, so a typed number is never mistaken for a position
      const n = this.numericOptions() ? `#${i + 1}` : String(i + 1);
      return `${n.padStart(3)} ${this.labels[i]}${around !== '' ? ` [${around}]` : ''}`;
    });
    const width = Math.max(...cells.map((c) => c.length)) + 2;
    const columns = Math.max(1, Math.floor(this.setup.width / width));
    const rows: string[] = [];
    for (let k = 0; k < cells.length; k += columns) rows.push(cells.slice(k, k + columns).map((c, j) => (j < columns - 1 ? c.padEnd(width) : c)).join('').trimEnd());
    if (indexes.length > MAX_PLAY_OPTIONS_SHOWN) rows.push(`    … and ${indexes.length - MAX_PLAY_OPTIONS_SHOWN} more (type the beginning of a name to list them)`);
    return rows.join('\n') + '\n';
  }

  /** whether every option is a number (a bid, an amount): then a typed number is an option's value, `#N` its position */
  private numericOptions(): boolean {
    return this.labels.length > 0 && this.labels.every((l) => /^-?\d+$/.test(l));
  }

  /** An option's name (a number typed is the option of that value when there is one), `#N` or a number for its position, a unique beginning of a name, or a command. */
  private match(text: string): void {
    const wanted = normal(text);
    const exact = this.labels.findIndex((l) => normal(l) === wanted);
    if (exact >= 0) return this.answer(exact);
    const position = /^#?(\d+)$/.exec(text);
    if (position) {
      if (this.numericOptions() && !text.startsWith('#')) {
        return this.refuse('play/no-such-option', `there is no option ${this.words.text(text)}: choose one of ${this.labels.join(', ')} (or #1 to #${this.options.length} by position)`);
      }
      const n = Number(position[1]);
      if (n >= 1 && n <= this.options.length) return this.answer(n - 1);
      return this.refuse('play/no-such-option', `there is no option ${this.words.text(text)}: choose ${text.startsWith('#') ? '#' : ''}1 to ${text.startsWith('#') ? '#' : ''}${this.options.length}`);
    }
    const command = PLAY_COMMANDS.find((c) => c === text.toLowerCase());
    if (command !== undefined) return this.command(command);
    const starting = this.labels.flatMap((l, i) => (normal(l).startsWith(wanted) ? [i] : []));
    if (starting.length === 1) return this.answer(starting[0]!);
    if (starting.length > 1) {
      const message = `${starting.length} options begin with ${this.words.text(text)}; type more of the name or its number:`;
      if (this.json) this.emit({ type: 'error', code: 'play/ambiguous-option', message, ...this.optionsMessage(starting) });
      else {
        this.error('play/ambiguous-option', message);
        this.setup.write(this.optionList(starting));
      }
      return this.prompt();
    }
    const names = new Set(this.labels.map((l) => l.replace(/\(.*$/, '')));
    this.refuse('play/no-such-option', `no option or command ${this.words.text(text)}${this.suggest(text.replace(/\(.*$/, ''), [...names, ...PLAY_COMMANDS])}; type help for the commands`);
  }

  private suggest(text: string, candidates: string[]): string {
    const near = nearNames(text.toLowerCase(), candidates);
    return near.length > 0 ? ` (did you mean ${near.map((n) => this.words.text(n)).join(' or ')}?)` : '';
  }

  private answer(index: number): void {
    const g = this.game;
    const seat = this.asking;
    this.undo.push({ before: g.snapshot(), decisions: this.decisions, seat, mark: playMark(g) });
    if (this.undo.length > MAX_PLAY_UNDO) this.undo.shift();
    if (!g.applyOption(seat, index)) {
      this.undo.pop();
      return this.refuse('play/no-such-option', `${this.words.seat(seat)} cannot take option ${index + 1} now`);
    }
    this.decisions++;
    this.advance();
  }

  private command(command: PlayCommand): void {
    const g = this.game;
    switch (command) {
      case 'help':
        if (this.json) this.emit({ type: 'help', lines: HELP.trimEnd().split('\n'), commands: [...PLAY_COMMANDS] });
        else this.setup.write(HELP);
        return this.prompt();
      case 'show':
        this.writeState(this.asking, stateText(this.words, g.view(this.asking), this.setup.title, this.isPerson), true, '');
        return this.showDecision();
      case 'board': {
        const text = boardText(this.words, g.view(this.asking));
        if (this.json) this.emit({ type: 'board', lines: text.trimEnd().split('\n') });
        else this.setup.write(text);
        return this.prompt();
      }
      case 'log': {
        const log = g.redactedLog(this.asking);
        for (const e of log.slice(Math.max(0, log.length - RECENT_EVENTS))) this.writeEvent(e);
        return this.prompt();
      }
      case 'why': {
        const open = g.pending().find((d) => d.seat === this.asking);
        const reasons = open === undefined ? [] : this.words.reasons(open);
        if (this.json) this.emit({ type: 'why', reasons });
        else this.setup.write(reasons.length > 0 ? reasons.map((r) => `  ${r}\n`).join('') : '  (no rule names this decision)\n');
        return this.prompt();
      }
      case 'undo': {
        const point = this.undo.at(-1);
        if (point === undefined) return this.refuse('play/nothing-to-undo', 'there is no decision of yours to take back');
        // Undo stops where the seat learnt what it could not know when it answered (docs/cli.md): else it would peek.
        const learnt = learntSince(g, point.seat, point.mark);
        if (learnt !== null) return this.refuse('play/nothing-to-undo', `${this.words.seat(point.seat)}’s last answer cannot be taken back: since then ${this.words.text(learnt.what)} (round ${learnt.round})`);
        this.undo.pop();
        g.restore(point.before);
        this.decisions = point.decisions;
        this.shownLog = g.log.length;
        this.words.refresh();
        const back = this.words.seat(g.waitingSeats()[0] ?? 0);
        if (this.json) this.emit({ type: 'undo', seat: back, round: g.round });
        else this.setup.write(`back to ${back}’s decision in round ${g.round}\n`);
        this.asking = -1;
        this.shown = null;
        return this.advance();
      }
      case 'quit':
        return this.quit();
    }
  }

  /** A mistake or a stop, as one line with its code (`error[play/no-such-option]: …`). */
  private error(code: string, message: string): void {
    if (this.json) return this.emit({ type: 'error', code, message });
    this.setup.write(`${this.paint(RED, `error[${code}]`)}: ${message}\n`);
  }

  private refuse(code: string, message: string): void {
    this.error(code, message);
    this.prompt();
  }

  /** What happened since the last prompt, as `viewer` may know it (others' secrets and hidden cards redacted). */
  private printNewEvents(viewer: number): void {
    const log = this.game.redactedLog(viewer);
    // secret answers shown before as `(secretly)` whose group has resolved since: all reveal at once, after the
    // answers that resolved it
    const revealed = this.hiddenAnswers.filter((k) => log[k]?.event === '$answer' && log[k]!.data['secret'] !== true);
    this.hiddenAnswers = this.hiddenAnswers.filter((k) => k < log.length && !revealed.includes(k));
    const reveal = (): void => {
      for (const k of revealed.splice(0)) this.writeEvent(log[k]!, ' (revealed)');
    };
    for (let k = this.shownLog; k < log.length; k++) {
      const e = log[k]!;
      if (e.event === '$start') continue;
      if (e.event !== '$answer') reveal();
      if (e.event === '$answer' && e.data['secret'] === true) this.hiddenAnswers.push(k);
      this.writeEvent(e);
    }
    reveal();
    this.shownLog = log.length;
  }

  /** One event as a line, or as `{"type":"event","round":2,"turn":1,"event":"explored","text":"explored(card: treasure(7))"}`. */
  private writeEvent(e: { round: number; turn: number; event: string; data: Record<string, unknown> }, note = ''): void {
    if (this.json) this.emit({ type: 'event', round: e.round, turn: e.turn, event: this.words.text(e.event), text: this.words.entry(e) + note });
    else this.setup.write(`  ${this.eventLine(e)}${note}\n`);
  }

  /** The state as `seat` sees it (`whole`: all of it, else only what changed), as text or `{"type":"state",…,"lines":[…]}`. */
  private writeState(seat: number, text: string, whole: boolean, before = '\n'): void {
    if (this.json) this.emit({ type: 'state', seat: this.words.seat(seat), round: this.game.round, turn: this.game.turn, whole, lines: text.trimEnd().split('\n') });
    else this.setup.write(`${before}${text}`);
  }

  private eventLine(e: { round: number; turn: number; event: string; data: Record<string, unknown> }): string {
    return `r${e.round}${e.turn > 0 ? ` t${e.turn}` : ''}  ${this.words.entry(e)}`;
  }

  /** The end as `--json` gives it: the end condition, the winners, the ranking with each seat's scores. */
  private resultMessage(): PlayMessage {
    const outcome = this.game.outcome!;
    const ranking = [...outcome.ranking].sort((a, b) => a.rank - b.rank).map((r) => ({ rank: r.rank, seat: this.words.seat(r.seat), you: this.setup.bots[r.seat] === null, score: r.score.map((v) => this.words.value(v)) }));
    return { type: 'end', how: 'over', reason: this.words.endReason(outcome.reason), winners: outcome.winners.map((s) => this.words.seat(s)), ranking };
  }

  private resultText(): string {
    const outcome = this.game.outcome!;
    const lines = [`\ngame over (${this.words.endReason(outcome.reason)}): ${outcome.winners.map((s) => this.words.seat(s)).join(', ') || 'nobody'} win${outcome.winners.length === 1 ? 's' : ''}`];
    for (const r of [...outcome.ranking].sort((a, b) => a.rank - b.rank)) {
      lines.push(`  ${r.rank}. ${this.words.seat(r.seat)}${this.setup.bots[r.seat] === null ? ' (you)' : ''}  ${r.score.map((v) => this.words.value(v)).join(' / ')}`);
    }
    return lines.join('\n') + '\n';
  }

  /** A bot's agent, seeded from the state and its seat: the same state gives the same answer, after an undo too. */
  private agentFor(seat: number): Agent {
    const seed = (Number.parseInt(this.game.stateHash().slice(0, 8), 16) ^ Math.imul(seat + 1, 0x9e3779b1)) >>> 0;
    return makeAgent(this.setup.lg, this.setup.graph, this.setup.bots[seat]!, seed);
  }
}

/** Names compared without case and spaces: `Build_Road(edge(0,0,1))` is `build_road(edge(0, 0, 1))`. */
function normal(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

function sameMove(a: Move, b: Move): boolean {
  if (a.kind === 'choice' && b.kind === 'choice') return a.ask === b.ask && a.value === b.value;
  if (a.kind === 'action' && b.kind === 'action') return a.action === b.action && a.args.length === b.args.length && a.args.every((v, i) => v === b.args[i]);
  return false;
}
