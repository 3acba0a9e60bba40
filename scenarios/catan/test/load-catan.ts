// Loads a Catan module (with the modules it extends) from this folder, failing the test on any compile or load error.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, policyAgent, type Agent, type LoadedGraph, type LoadOptions, type PlayResult } from '@houserules/engine';

const dir = fileURLToPath(new URL('..', import.meta.url));

/** `entry` and the files it builds on, in this folder, e.g. loadCatan('seafarers.rules', 'base.rules'). */
export function loadCatan(entry: string, ...bases: string[]): LoadedGraph {
  return loadCatanWith({}, entry, ...bases);
}

/** loadCatan with load options (e.g. `{ codegen: false }`: the closure compiler only) */
export function loadCatanWith(options: LoadOptions, entry: string, ...bases: string[]): LoadedGraph {
  const files = [...bases, entry].map((f) => dir + f);
  const host = createMemoryHost(Object.fromEntries(files.map((f) => [f, readFileSync(f, 'utf8')])));
  const compiled = compile(host, dir + entry);
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadGraph(compiled.value, options);
  expect(loaded.diagnostics).toEqual([]);
  return loaded.value!;
}

/** The scenario's `builder` policy as an agent. */
export function builderAgent(graph: LoadedGraph, seed: number): Agent {
  return policyAgent(graph, 'builder', {}, seed).value!;
}

/** a game that stopped with a run diagnostic (or without an outcome), as one line; null when it ended */
export function runProblem(seed: number, r: PlayResult): string | null {
  return r.diagnostics.length > 0 || !r.outcome ? `seed ${seed}: ${r.diagnostics.map((d) => `${d.code} ${d.message}`).join('; ')}` : null;
}

/** a game that ended other than by 10 points with one winner holding 10 or more, as one line; null when it did */
export function tenPointsProblem(seed: number, r: PlayResult): string | null {
  const outcome = r.outcome!;
  const winner = outcome.ranking.find((x) => x.seat === outcome.winners[0]);
  const won = outcome.reason.includes('ten_points') && outcome.winners.length === 1 && (winner?.score[0] as number) >= 10;
  return won ? null : `seed ${seed}: ended by ${outcome.reason}, winners ${outcome.winners.join(',')}`;
}

/**
 * Builder-policy games with seeds 0 to games - 1, every invariant checked: what
 * went wrong (a run diagnostic, or no single winner with 10 points), the rounds
 * the finished games took, and each finished game to `each` for further checks.
 */
export function playBuilderGames(
  graph: LoadedGraph,
  games: number,
  players: (seed: number) => number,
  options: { recordLog?: boolean; each?: (r: PlayResult) => void } = {},
): { problems: string[]; rounds: number } {
  const problems: string[] = [];
  let rounds = 0;
  for (let i = 0; i < games; i++) {
    const r = playGame(graph, { seed: i, players: players(i), checkInvariants: true, recordLog: options.recordLog ?? false }, (seat) => builderAgent(graph, i * 8 + seat));
    const stopped = runProblem(i, r);
    if (stopped !== null) {
      problems.push(stopped);
      continue;
    }
    rounds += r.game!.round;
    const notWon = tenPointsProblem(i, r);
    if (notWon !== null) problems.push(notWon);
    options.each?.(r);
  }
  return { problems, rounds };
}
