import { createGame, firstLegalAgent, loadCompiledGraph, mctsAgent, playGame, policyAgent, randomAgent, type Agent, type Game, type LoadedGraph, type ReseedableAgent } from '@houserules/engine';
import type { RuleGraph, Value } from '@houserules/schema';
import { formatAgentSpec, type AgentSpec } from './agent-spec.ts';
import type { GameRecord } from './game-record.ts';
import { agentSeed, gameSeed } from './game-seeds.ts';
import { gameLogText } from './game-log-file.ts';

/** Everything needed to play any game of a run; plain data, sent as-is to workers. */
export interface SimulationSpec {
  /**
   * a graph the compiler made (in this process, or from the CLI's sealed compile
   * cache), or one already validated against the schema (`validateRuleGraph`,
   * as `diff` does for a compiled graph it is given): the runner loads it with
   * `loadCompiledGraph`, without the schema validator
   */
  graph: RuleGraph;
  scenarioFile: string;
  variant: string | null;
  players: number;
  options: Record<string, Value>;
  agents: AgentSpec[];
  seed: number;
  log: boolean;
  /** check token and piece conservation and the scenario's invariants after every event (slower) */
  checkInvariants?: boolean;
  /** false: the engine's closures only, never generated code (a page under a strict CSP); default true */
  codegen?: boolean;
  /** keep each game's outcome in the chunks played (`diff --balance` pairs the games of two printings); default false */
  outcomes?: boolean;
}

/** The first line of each game in a log: what replay needs to play it again. */
export interface GameLogHeader {
  scenario: string;
  variant: string | null;
  options: Record<string, Value>;
  players: number;
  /** the game's own seed (derived from the run seed and the game index) */
  seed: number;
  agents: string[];
  agentSeeds: number[];
  /** the log's format (game-log-file.ts, GAME_LOG_FORMAT): set when it is written, 1 when a log read back has none */
  logFormat?: number;
}

export type GameRunner =
  | { ok: true; loaded: LoadedGraph; /** the rules a record's firings are counted for, in order */ ruleIds: string[]; play(index: number): GameRecord }
  | { ok: false; message: string };

export function makeAgent(loaded: LoadedGraph, graph: RuleGraph, spec: AgentSpec, seed: number): Agent {
  if (spec.name === 'random') return randomAgent(seed);
  if (spec.name === 'first') return firstLegalAgent();
  if (spec.name === 'mcts') {
    // parameters were checked against the budgets and the graph's policies when the agent list was parsed
    const mcts = mctsAgent(loaded, spec.params ?? {}, seed);
    if (mcts.value === null) throw new Error(`mcts: ${mcts.diagnostics[0]?.message ?? 'refused'}`);
    return mcts.value;
  }
  const policy = graph.policies.find((p) => p.name === spec.name && p.status === 'active')!;
  const params: Record<string, Value> = {};
  spec.args.forEach((value, i) => {
    params[policy.params[i]!.name] = value;
  });
  // Policies were checked against the graph when the agent list was parsed.
  const agent = policyAgent(loaded, spec.name, params, seed);
  if (agent.value === null) throw new Error(`policy ${spec.name}: ${agent.diagnostics[0]?.message ?? 'refused'}`);
  return agent.value;
}

/**
 * Loads the graph once and plays game `index` on demand. A game depends only
 * on the spec and its index, which is what makes worker runs identical to a
 * single-threaded one.
 */
export function createGameRunner(spec: SimulationSpec): GameRunner {
  // options that shape the board are fixed when the graph is loaded
  const loadedResult = loadCompiledGraph(spec.graph, { codegen: spec.codegen ?? true, options: spec.options });
  if (loadedResult.value === null) {
    const first = loadedResult.diagnostics[0];
    return { ok: false, message: `the engine refused the graph: ${first ? `${first.code}: ${first.message}` : 'unknown reason'}` };
  }
  const loaded = loadedResult.value;
  // Catch bad options (and anything else createGame refuses) before the first game.
  const probe = createGame(loaded, { seed: 0, players: spec.players, options: spec.options });
  if (probe.value === null) {
    const first = probe.diagnostics[0];
    return { ok: false, message: first ? `${first.code}: ${first.message}` : 'the engine could not create a game' };
  }
  const agentNames = spec.agents.map(formatAgentSpec);
  // one game's arrays serve every game of the run (Game.restart plays exactly as a new game)
  let reuse: Game | null = null;
  // One agent per seat for the whole run where that is the same as a new one per game: a random
  // agent seeded again, the first-legal agent (it keeps nothing). A policy agent is made per game.
  const seatAgents: Agent[] = [];
  const reseedable: (ReseedableAgent | null)[] = [];
  for (let seat = 0; seat < spec.players; seat++) {
    const agentSpec = spec.agents[seat % spec.agents.length]!;
    const reseeded = agentSpec.name === 'random' ? randomAgent(0) : null;
    reseedable.push(reseeded);
    // (a policy seat's placeholder: its agent is made with the game's seed before each game)
    seatAgents.push(reseeded ?? firstLegalAgent());
  }

  const play = (index: number): GameRecord => {
    const seed = gameSeed(spec.seed, index);
    for (let seat = 0; seat < spec.players; seat++) {
      const s = agentSeed(seed, seat);
      const agentSpec = spec.agents[seat % spec.agents.length]!;
      const reseeded = reseedable[seat]!;
      if (reseeded !== null) reseeded.reseed(s);
      else if (agentSpec.name !== 'first') seatAgents[seat] = makeAgent(loaded, spec.graph, agentSpec, s);
    }
    const result = playGame(loaded, { seed, players: spec.players, options: spec.options, recordLog: spec.log, checkInvariants: spec.checkInvariants ?? false }, seatAgents, { reuse });
    const game = result.game!;
    reuse = game;
    const outcome = result.outcome;
    const failure = result.diagnostics.length === 0 ? undefined : result.diagnostics.find((d) => d.severity === 'error');
    const scores: number[] = [];
    for (let seat = 0; seat < spec.players; seat++) scores.push(0);
    if (outcome) {
      for (const r of outcome.ranking) {
        const first = r.score[0];
        scores[r.seat] = typeof first === 'number' ? first : 0;
      }
    }
    const firings = game.ruleFiringCounts.slice();
    const record: GameRecord = {
      index,
      seed,
      scores,
      winners: outcome ? (outcome.winners.length < 2 ? outcome.winners.slice() : [...outcome.winners].sort((a, b) => a - b)) : [],
      rounds: game.roundsPlayed,
      turns: game.turn,
      decisions: result.steps,
      reason: outcome?.reason ?? (failure ? 'run error' : 'unfinished'),
      firings,
    };
    if (failure) {
      record.failure = { game: index, seed, code: failure.code, message: failure.message };
      if (failure.hint !== undefined) record.failure.hint = failure.hint;
      if (failure.file !== undefined && failure.range !== undefined) Object.assign(record.failure, { file: failure.file, range: failure.range });
      const place = failure.related?.find((r) => r.message.startsWith('in '));
      if (place !== undefined) record.failure.place = place.message;
    }
    if (spec.log) {
      const header: GameLogHeader = {
        scenario: spec.scenarioFile,
        variant: spec.variant,
        options: spec.options,
        players: spec.players,
        seed,
        agents: Array.from({ length: spec.players }, (_, seat) => agentNames[seat % agentNames.length]!),
        agentSeeds: Array.from({ length: spec.players }, (_, seat) => agentSeed(seed, seat)),
      };
      // A game a run error stopped says so, and where, after its last event (replay shows it).
      record.log = gameLogText(index, header, game.log, record.failure);
    }
    return record;
  };
  return { ok: true, loaded, ruleIds: loaded.rules.map((r) => r.id), play };
}
