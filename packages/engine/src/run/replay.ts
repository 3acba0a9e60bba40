import type { Result } from '@houserules/schema';
import { createGame, type Game } from './game.ts';
import type { LoadedGraph } from '../load/loaded-graph.ts';
import type { GameConfig, LogEntry, Move } from './types.ts';
import { runError } from './run-errors.ts';

function sameEntry(a: LogEntry, b: LogEntry): boolean {
  if (a.event !== b.event || a.round !== b.round || a.turn !== b.turn) return false;
  if (b.hash !== undefined && a.hash !== b.hash) return false;
  return JSON.stringify(a.data) === JSON.stringify(b.data);
}

/**
 * Replays the answers of a log and checks that the game produces the same
 * entries (events, chance, answers) and the same state hashes. `asLogged`: a
 * log written before some entries or fields were logged is compared with the
 * produced entries as its format would have written them (null: not written).
 */
export function replayLog(lg: LoadedGraph, config: GameConfig, log: readonly LogEntry[], asLogged?: (e: LogEntry) => LogEntry | null): Result<Game | null> {
  const created = createGame(lg, { ...config, recordLog: true });
  const game = created.value;
  if (!game) return created;
  const diverged = (seq: number, why: string): Result<Game | null> => ({
    value: game,
    diagnostics: [runError('run/replay-diverged', `The replay diverged at seq ${seq}: ${why}.`)],
  });
  /** produced entries compared so far, and the log's entries they matched */
  let checked = 0;
  let matched = 0;
  const compare = (): Result<Game | null> | null => {
    const produced = game.log;
    for (; checked < produced.length; checked++) {
      const actual = asLogged === undefined ? produced[checked]! : asLogged(produced[checked]!);
      if (actual === null) continue;
      const expected = log[matched];
      if (!expected) return diverged(actual.seq, `the game went on with '${actual.event}' where the log ends`);
      if (!sameEntry(actual, expected)) return diverged(actual.seq, `expected '${expected.event}', got '${actual.event}'`);
      matched++;
    }
    return null;
  };
  for (const entry of log) {
    if (entry.event !== '$answer') continue;
    const early = compare();
    if (early) return early;
    const { seat, move } = entry.data as { seat: number; move: Move };
    const applied = game.apply(seat, move);
    if (!applied.value) return diverged(entry.seq, applied.diagnostics[0]?.message ?? 'the answer was refused');
    const after = compare();
    if (after) return after;
  }
  const last = compare();
  if (last) return last;
  if (matched !== log.length) return diverged(game.log.length, 'the log goes on after the replayed game stopped');
  return { value: game, diagnostics: [] };
}
