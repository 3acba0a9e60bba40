import type { GameLogHeader } from './game-runner.ts';

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
}

export type LogReadResult = { ok: true; games: LoggedGame[] } | { ok: false; message: string };

/** Reads a JSON-lines log: per game a header line, then its event lines. */
export function readGameLog(text: string): LogReadResult {
  const games = new Map<number, LoggedGame>();
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      return { ok: false, message: `line ${i + 1} is not JSON` };
    }
    if (typeof entry !== 'object' || entry === null || typeof (entry as { game?: unknown }).game !== 'number') {
      return { ok: false, message: `line ${i + 1} has no game number` };
    }
    const e = entry as { game: number; header?: GameLogHeader; round?: number; turn?: number; event?: string; data?: unknown; hash?: string };
    if (e.header !== undefined) {
      if (games.has(e.game)) return { ok: false, message: `line ${i + 1}: a second header for game ${e.game}` };
      games.set(e.game, { game: e.game, header: e.header, events: [] });
      continue;
    }
    const game = games.get(e.game);
    if (!game) return { ok: false, message: `line ${i + 1}: an event of game ${e.game} before its header` };
    if (typeof e.event !== 'string') return { ok: false, message: `line ${i + 1} has no event name` };
    const event: LoggedEvent = { round: e.round ?? 0, turn: e.turn ?? 0, event: e.event, data: e.data ?? null };
    if (typeof e.hash === 'string') event.hash = e.hash;
    game.events.push(event);
  }
  return { ok: true, games: [...games.values()].sort((a, b) => a.game - b.game) };
}
