import { MAX_PLAYERS, type Value } from '@houserules/schema';
import type { LogEntry } from '@houserules/engine';
import type { GameLogHeader } from './game-runner.ts';

/**
 * The format of the game logs this build writes. 1 (a header without
 * `logFormat`): logs written before card moves and picked values were logged;
 * 2: `$move` and `$moveAll` lines, and a `$pick` names what it picked. Replay
 * reads both (replay-game.ts).
 */
export const GAME_LOG_FORMAT = 2;

/** The log entries a format-1 log lacks: a replay of one leaves them out of what it compares. */
export const ENTRIES_SINCE_FORMAT_2: ReadonlySet<string> = new Set(['$move', '$moveAll']);

/** An entry as a format-1 log wrote it (null: it wrote none): what a replay of such a log compares. */
export function asFormat1(e: LogEntry): LogEntry | null {
  if (ENTRIES_SINCE_FORMAT_2.has(e.event)) return null;
  if (e.event !== '$pick') return e;
  const { picked: _picked, of: _of, ...data } = e.data;
  return { ...e, data };
}

/** One event line of a `simulate --log` file. */
export interface LoggedEvent {
  round: number;
  turn: number;
  event: string;
  data: unknown;
  /** the state hash the engine logs after an answer */
  hash?: string;
}

export interface LoggedGame {
  game: number;
  header: GameLogHeader;
  events: LoggedEvent[];
  /** the run error that stopped the game when it was logged (its code, message and place), if any */
  runError?: LoggedRunError;
}

/** A logged game's run error, as read back (only its text fields; a log is untrusted). */
export interface LoggedRunError {
  code: string;
  message: string;
  place?: string;
}

/**
 * One game as the lines of a log file: its header, every log entry (an
 * answer with the state hash after it, so a replay checks the state too),
 * and, when a run error stopped it, that error after the last event. What
 * `simulate --log` and `play --log` write and `GameLogReader` reads.
 */
export function gameLogText(game: number, header: GameLogHeader, log: readonly LogEntry[], runError?: { code: string; message: string }): string {
  let text = JSON.stringify({ game, header: { ...header, logFormat: GAME_LOG_FORMAT } }) + '\n';
  for (const e of log) {
    const line: Record<string, unknown> = { game, round: e.round, turn: e.turn, event: e.event, data: e.data };
    if (e.hash !== undefined) line['hash'] = e.hash;
    text += JSON.stringify(line) + '\n';
  }
  if (runError !== undefined) text += JSON.stringify({ game, runError }) + '\n';
  return text;
}

export type LogReadResult = { ok: true; games: LoggedGame[] } | { ok: false; message: string };


/**
 * Reads a JSON-lines log line by line, as `simulate --log` writes it: per game
 * a header line, then that game's event lines. A log is untrusted input: every
 * line is checked for the shape replay needs (a header's scenario, variant,
 * options, players, seed and agents; an event's round, turn and name), and a
 * line that is not is a message naming the line, never an exception. Games are
 * handed out as they complete, so a log of any length is read in the memory of
 * one game.
 */
export class GameLogReader {
  private current: LoggedGame | null = null;
  private readonly seen = new Set<number>();

  /** One line (1-based `lineNo`); a finished game when this line starts the next one. */
  line(text: string, lineNo: number): { ok: true; finished: LoggedGame | null } | { ok: false; message: string } {
    if (text.trim() === '') return { ok: true, finished: null };
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch {
      return { ok: false, message: `line ${lineNo} is not JSON` };
    }
    if (!isRecord(entry) || !isCount(entry['game'])) return { ok: false, message: `line ${lineNo} has no game number` };
    const game = entry['game'];
    if ('header' in entry) {
      const header = readHeader(entry['header']);
      if (typeof header === 'string') return { ok: false, message: `line ${lineNo}: the header of game ${game} ${header}` };
      if (this.seen.has(game)) return { ok: false, message: `line ${lineNo}: a second header for game ${game}` };
      this.seen.add(game);
      const finished = this.current;
      this.current = { game, header, events: [] };
      return { ok: true, finished };
    }
    if (this.current === null || this.current.game !== game) {
      return { ok: false, message: `line ${lineNo}: an event of game ${game} ${this.seen.has(game) ? 'after another game began' : 'before its header'}` };
    }
    if ('runError' in entry) {
      const e = entry['runError'];
      if (!isRecord(e) || typeof e['code'] !== 'string' || typeof e['message'] !== 'string') return { ok: false, message: `line ${lineNo}: the run error of game ${game} has no code or message` };
      this.current.runError = { code: e['code'], message: e['message'], ...(typeof e['place'] === 'string' ? { place: e['place'] } : {}) };
      return { ok: true, finished: null };
    }
    const event = readEvent(entry);
    if (typeof event === 'string') return { ok: false, message: `line ${lineNo}: ${event}` };
    this.current.events.push(event);
    return { ok: true, finished: null };
  }

  /** The last game, once every line is in. */
  finish(): LoggedGame | null {
    const last = this.current;
    this.current = null;
    return last;
  }
}

/** Reads a whole JSON-lines log (see GameLogReader). */
export function readGameLog(text: string): LogReadResult {
  const reader = new GameLogReader();
  const games: LoggedGame[] = [];
  let lineNo = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const read = reader.line(text.slice(start, end), ++lineNo);
    if (!read.ok) return read;
    if (read.finished) games.push(read.finished);
    start = end + 1;
  }
  const last = reader.finish();
  if (last) games.push(last);
  return { ok: true, games: games.sort((a, b) => a.game - b.game) };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/** The header, or what is wrong with it. */
function readHeader(h: unknown): GameLogHeader | string {
  if (!isRecord(h)) return 'is not an object';
  const { scenario, variant, options, players, seed, agents, agentSeeds, logFormat } = h;
  if (typeof scenario !== 'string' || scenario === '') return 'names no scenario';
  if (logFormat !== undefined && !(isCount(logFormat) && logFormat >= 1 && logFormat <= GAME_LOG_FORMAT)) {
    return `has log format ${JSON.stringify(logFormat)}; this houserules reads formats 1 to ${GAME_LOG_FORMAT}`;
  }
  if (variant !== null && variant !== undefined && typeof variant !== 'string') return 'has a variant that is not a name';
  if (options !== undefined && !isRecord(options)) return 'has options that are not an object';
  const optionValues: Record<string, Value> = {};
  for (const [k, v] of Object.entries(options ?? {})) {
    if (typeof v !== 'string' && typeof v !== 'boolean' && !(typeof v === 'number' && Number.isSafeInteger(v))) return `has option ${JSON.stringify(k)} with a value that is not a number, a bool or a name`;
    Object.defineProperty(optionValues, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  if (!isCount(players) || players < 1 || players > MAX_PLAYERS) return `has no player count from 1 to ${MAX_PLAYERS}`;
  if (!isCount(seed) || seed > 0xffffffff) return 'has no seed (a whole number of 32 bits)';
  if (!Array.isArray(agents) || agents.length !== players || !agents.every((a) => typeof a === 'string')) return 'has no agent name for each player';
  if (!Array.isArray(agentSeeds) || agentSeeds.length !== players || !agentSeeds.every((s) => isCount(s) && s <= 0xffffffff)) return 'has no agent seed for each player';
  return { scenario, variant: variant ?? null, options: optionValues, players, seed, agents: agents as string[], agentSeeds: agentSeeds as number[], logFormat: (logFormat as number | undefined) ?? 1 };
}

/** An event line, or what is wrong with it. */
function readEvent(e: Record<string, unknown>): LoggedEvent | string {
  const { round, turn, event, data, hash } = e;
  if (typeof event !== 'string' || event === '') return 'has no event name';
  if (round !== undefined && !isCount(round)) return 'has a round that is not a whole number';
  if (turn !== undefined && !isCount(turn)) return 'has a turn that is not a whole number';
  if (data !== undefined && data !== null && !isRecord(data)) return 'has data that is not an object';
  if (hash !== undefined && typeof hash !== 'string') return 'has a state hash that is not a string';
  const out: LoggedEvent = { round: round ?? 0, turn: turn ?? 0, event, data: data ?? null };
  if (typeof hash === 'string') out.hash = hash;
  return out;
}
