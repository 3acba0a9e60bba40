import type { Diagnostic, Result, Value } from '@houserules/schema';
import type { LoadedGraph } from '../load/loaded-graph.ts';
import type { Game } from '../run/game.ts';
import { nextUint32, seedPrng } from '../run/prng.ts';
import { runError } from '../run/run-errors.ts';
import { SearchRun, type MctsSettings } from '../search/mcts-search.ts';
import { MAX_PLAYOUT_DECISIONS, MAX_SEARCH_ITERATIONS, MAX_SEARCH_MS } from '../search/search-budgets.ts';
import type { Agent } from './agent.ts';
import { policyAgent } from './policy-agent.ts';

/** what `mcts` plays with when a parameter is not given (docs/agents.md) */
export const MCTS_DEFAULTS = { iterations: 400, ms: 0, c: 0.7, depth: 200, rollout: 'random' } as const;

/** the parameters `mcts(…)` takes, with what each accepts */
export const MCTS_PARAMS: Record<keyof typeof MCTS_DEFAULTS, string> = {
  iterations: `a whole number from 1 to ${MAX_SEARCH_ITERATIONS}`,
  ms: `a whole number of milliseconds from 1 to ${MAX_SEARCH_MS} (the search stops at whichever of iterations and ms comes first)`,
  c: 'a number above 0 and at most 100 (exploration)',
  depth: `a whole number of decisions from 1 to ${MAX_PLAYOUT_DECISIONS}, after which a playout is scored as it stands`,
  rollout: '`random` or the name of one of the scenario’s policies',
};

/** an mcts agent: it can also search in slices (the playground's worker) */
export interface MctsAgent extends Agent {
  readonly settings: MctsSettings;
  /** starts one decision's search without running it: call step() until it returns false, then answer() */
  start(game: Game, seat: number): SearchRun;
  /** the last search's figures */
  readonly lastStats: SearchRun['stats'] | null;
}

/**
 * A generic tree-search agent (docs/agents.md, docs/design/search-agents.md):
 * information-set MCTS with decoupled UCT over any rule graph, searching only
 * games consistent with what its seat knows. Seeded: the same seed, game and
 * parameters give the same choices (unless `ms` bounds the search by time).
 * A parameter it does not take, or a value beyond its budget, is `run/bad-agent-param`.
 */
export function mctsAgent(lg: LoadedGraph, params: Record<string, Value> = {}, seed = 1): Result<MctsAgent | null> {
  const diagnostics: Diagnostic[] = [];
  const bad = (key: string, why: string): void => {
    diagnostics.push(runError('run/bad-agent-param', `mcts: '${key}' ${why}.`));
  };
  const whole = (key: 'iterations' | 'ms' | 'depth', max: number): number => {
    const v = params[key];
    if (v === undefined) return MCTS_DEFAULTS[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max) {
      bad(key, `must be ${MCTS_PARAMS[key]}`);
      return MCTS_DEFAULTS[key];
    }
    return v;
  };
  for (const key of Object.keys(params)) if (!(key in MCTS_DEFAULTS)) bad(key, `is not a parameter of mcts (it takes ${Object.keys(MCTS_DEFAULTS).join(', ')})`);
  const timed = params.ms !== undefined;
  const iterations = params.iterations === undefined && timed ? MAX_SEARCH_ITERATIONS : whole('iterations', MAX_SEARCH_ITERATIONS);
  const ms = whole('ms', MAX_SEARCH_MS);
  const depth = whole('depth', MAX_PLAYOUT_DECISIONS);
  let c: number = MCTS_DEFAULTS.c;
  if (params.c !== undefined) {
    if (typeof params.c !== 'number' || !(params.c > 0) || params.c > 100) bad('c', `must be ${MCTS_PARAMS.c}`);
    else c = params.c;
  }
  let rollout: Agent | null = null;
  const rolloutName = params.rollout ?? MCTS_DEFAULTS.rollout;
  if (typeof rolloutName !== 'string') bad('rollout', `must be ${MCTS_PARAMS.rollout}`);
  else if (rolloutName !== 'random') {
    const policy = policyAgent(lg, rolloutName, {}, seed ^ 0x51ed);
    if (policy.value === null) bad('rollout', `must be ${MCTS_PARAMS.rollout}; the scenario has no policy '${rolloutName}'`);
    rollout = policy.value;
  }
  if (diagnostics.length > 0) return { value: null, diagnostics };

  const settings: MctsSettings = { iterations, ms, c, depth, rollout };
  const rng = new Uint32Array(4);
  seedPrng(rng, seed, 0, 0x3c75);
  let working: Game | null = null;
  let lastStats: SearchRun['stats'] | null = null;
  const start = (game: Game, seat: number): SearchRun => {
    // a working game of another graph or player count cannot be reused
    if (working !== null && (working.lg !== game.lg || working.playerCount !== game.playerCount)) working = null;
    const run = new SearchRun(game, seat, settings, nextUint32(rng, 0), working);
    working = run.working;
    return run;
  };
  const agent: MctsAgent = {
    name: 'mcts',
    settings,
    start,
    get lastStats() {
      return lastStats;
    },
    choose(game, seat) {
      const count = game.optionCount(seat);
      if (count <= 1) return count - 1;
      const run = start(game, seat);
      while (run.step(64));
      const pick = run.answer();
      lastStats = run.stats;
      return pick;
    },
  };
  return { value: agent, diagnostics: [] };
}
