import { loadGraph, playGame } from '@houserules/engine';
import type { RuleGraph } from '@houserules/schema';
import type { AgentSpec } from './agent-spec.ts';
import type { LoggedEvent } from './game-log-file.ts';
import { makeAgent, type GameLogHeader } from './game-runner.ts';

export type ReplayOutcome =
  | { ok: true; matched: number; result: string }
  | { ok: false; matched: number; reason: string };

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Plays the logged game again from its header and compares the events one by
 * one; the first difference (or a missing or extra event) is a divergence.
 */
export function replayLoggedGame(graph: RuleGraph, header: GameLogHeader, agents: AgentSpec[], logged: LoggedEvent[]): ReplayOutcome {
  const loaded = loadGraph(graph);
  if (loaded.value === null) return { ok: false, matched: 0, reason: `the engine refused the graph (${loaded.diagnostics[0]?.code ?? '?'})` };
  const players = agents.map((spec, seat) => makeAgent(loaded.value!, graph, spec, header.agentSeeds[seat] ?? 0));
  const played = playGame(loaded.value, { seed: header.seed, players: header.players, options: header.options, recordLog: true }, players);
  const events = played.game.log;
  const n = Math.min(events.length, logged.length);
  for (let i = 0; i < n; i++) {
    const want = logged[i]!;
    const got = events[i]!;
    if (got.event !== want.event || got.round !== want.round || got.turn !== want.turn || !sameJson(got.data, want.data)) {
      return {
        ok: false,
        matched: i,
        reason: `the log says ${want.event} ${JSON.stringify(want.data)} (round ${want.round}, turn ${want.turn}); the replay gives ${got.event} ${JSON.stringify(got.data)} (round ${got.round}, turn ${got.turn})`,
      };
    }
  }
  if (events.length !== logged.length) {
    return { ok: false, matched: n, reason: `the log has ${logged.length} events, the replay ${events.length}` };
  }
  const outcome = played.outcome;
  const result = outcome
    ? `${outcome.reason}; winners ${outcome.winners.map((s) => `p${s + 1}`).join(', ')}; ` +
      outcome.ranking.map((r) => `p${r.seat + 1} ${r.score.join('/')}`).join(', ')
    : 'unfinished';
  return { ok: true, matched: n, result };
}
