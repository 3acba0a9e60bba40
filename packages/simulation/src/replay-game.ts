import { loadGraph, replayLog, type LogEntry } from '@houserules/engine';
import type { Diagnostic, Range, RuleGraph } from '@houserules/schema';
import { asFormat1, GAME_LOG_FORMAT, type LoggedEvent } from './game-log-file.ts';
import type { GameLogHeader } from './game-runner.ts';

export type ReplayOutcome =
  /** `stopped`: the game matched its log but did not reach its end (a run error, such as a step budget, stopped it) */
  | { ok: true; matched: number; result: string; stopped?: { code: string; message: string; file?: string; range?: Range; related?: Diagnostic['related'] } }
  | { ok: false; matched: number; reason: string };

/**
 * Replays a logged game with the engine's replay: the logged answers are
 * applied to a game created from the header, and every produced entry (events,
 * chance, answers, state hashes) must equal the logged one.
 */
export function replayLoggedGame(graph: RuleGraph, header: GameLogHeader, logged: LoggedEvent[], load: { codegen?: boolean } = {}): ReplayOutcome {
  // the options the game was played with shape its board too
  const loaded = loadGraph(graph, { ...load, options: header.options });
  if (loaded.value === null) return { ok: false, matched: 0, reason: `the engine refused the graph (${loaded.diagnostics[0]?.code ?? '?'})` };
  const entries: LogEntry[] = logged.map((e, seq) => ({
    seq,
    round: e.round,
    turn: e.turn,
    event: e.event,
    data: (e.data ?? {}) as Record<string, unknown>,
    ...(e.hash !== undefined ? { hash: e.hash } : {}),
  }));
  // a log of an older format lacks some entries and fields this build writes: compare only what it could hold
  const asLogged = (header.logFormat ?? GAME_LOG_FORMAT) < 2 ? asFormat1 : undefined;
  const replayed = replayLog(loaded.value, { seed: header.seed, players: header.players, options: header.options }, entries, asLogged);
  const all = replayed.value?.log ?? [];
  const produced = asLogged ? all.flatMap((e) => asLogged(e) ?? []) : all;
  let matched = 0;
  while (
    matched < Math.min(produced.length, entries.length) &&
    JSON.stringify(stripSeq(produced[matched]!)) === JSON.stringify(stripSeq(entries[matched]!))
  ) {
    matched++;
  }
  const problem = replayed.diagnostics.find((d) => d.severity === 'error');
  if (problem || replayed.value === null) {
    let reason = problem ? `${problem.code}: ${problem.message}` : 'the engine could not create the game';
    const want = entries[matched];
    const got = produced[matched];
    if (want || got) reason += `\n    log:    ${describe(want)}\n    replay: ${describe(got)}`;
    return { ok: false, matched, reason };
  }
  const outcome = replayed.value.outcome;
  const result = outcome
    ? `${outcome.reason.replace(/^end:/, '')}; winners ${outcome.winners.map((s) => `p${s + 1}`).join(', ')}; ` +
      outcome.ranking.map((r) => `p${r.seat + 1} ${r.score.join('/')}`).join(', ')
    : 'unfinished';
  if (outcome) return { ok: true, matched, result };
  // Matched, but unfinished: say why (a step budget names the looping rules or flow item).
  const stop = replayed.value.diagnostics.find((d) => d.severity === 'error');
  return { ok: true, matched, result, stopped: stop ? { code: stop.code, message: stop.message, ...(stop.file !== undefined && stop.range !== undefined ? { file: stop.file, range: stop.range } : {}), ...(stop.related ? { related: stop.related } : {}) } : { code: 'run/move-limit', message: 'the log ends before the game does' } };
}

function describe(e: LogEntry | undefined): string {
  if (!e) return '(nothing)';
  return `${e.event} ${JSON.stringify(e.data)} (round ${e.round}, turn ${e.turn}${e.hash !== undefined ? `, state ${e.hash}` : ''})`;
}

function stripSeq(e: LogEntry): unknown {
  return { round: e.round, turn: e.turn, event: e.event, data: e.data, hash: e.hash };
}
