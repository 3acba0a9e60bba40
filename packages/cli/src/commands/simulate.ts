import { printable, stringifyJson } from '@houserules/schema';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { flag, integerOption, listOption, parseCommandArgs, stringOption } from '../command-args.ts';
import { displayPath, hasErrors, writeDiagnostics } from '../diagnostic-output.ts';
import { errorLine, usageLine } from '../cli-errors.ts';
import type { Command } from '../main.ts';
import { OutputFile } from '../output-file.ts';
import { rootHelp, rootOption } from '../project-hosts.ts';
import { fromProject, graphWithProjectPaths, projectRelative } from '../project-paths.ts';
import { loadScenarioCached } from '../cached-scenario.ts';
import {
  createGameRunner,
  emptyPartial,
  formatAgentSpec,
  mergePartial,
  MAX_RUN_GAMES,
  parseAgentSpec,
  searchesForATime,
  parseShard,
  partialFile,
  shardSlice,
  parseOptionAssignments,
  playChunk,
  splitAgentList,
  summarizePartial,
  type AgentSpec,
  type ChunkResult,
  type PartialRun,
  type ShardSlice,
  type SimulationSpec,
} from '@houserules/simulation';
import { graphFingerprint } from '../simulate/graph-fingerprint.ts';
import { formatSummary } from '../simulate/format-summary.ts';
import { ChunkSizer } from '../simulate/chunk-sizer.ts';
import { createProgressBar } from '../simulate/progress-bar.ts';
import { formatRunErrors } from '../simulate/run-errors.ts';
import { findWorkerScript, runGamesInWorkers, workersForCores, type RunResult } from '../simulate/worker-pool.ts';
import { formatRuleProfile, startRuleProfile } from '../simulate/rule-profile.ts';
import { nowMs } from '../clock.ts';

const usage = `Usage: houserules simulate <scenario> [options]

Plays many games of a scenario (a .rules file, or a directory x/ holding
x/x.rules) with agents and prints a summary: win rate, score mean and standard
deviation per seat, game length, how often each rule fired, end reasons.

Options:
  --variant V        play variant V
  --option k=v       set a scenario option (repeatable)
  --players N        number of players (default: 4, kept within the scenario's range)
  --games N          number of games (default 100)
  --seed S           run seed (default 1); game i is seeded from (S, i) only
  --agents a,b,…     random, first, a scenario policy such as cautious(8), or the
                     search agent mcts(iterations=400, c=0.7, depth=…, rollout=random|POLICY,
                     ms=…) (docs/agents.md); fewer agents than players are repeated in
                     order (default random)
  --workers N        spread games over N threads, this one and N−1 workers (at
                     most one per core); same seed ⇒ same summary
  --shard i/n        play only shard i of n: a fixed slice of the games (game k
                     is seeded from (S, k) whichever machine plays it), written
                     as a partial summary for \`houserules merge\`
  --partial-out FILE where the partial goes (default with --shard:
                     partial-<i>-of-<n>.json); without --shard, the whole run's
                     partial, written beside the summary
  --check-invariants check token and piece conservation and the scenario's
                     invariants after every event (slower); a broken one
                     stops that game and counts as a failure
  --profile          also show where the time goes, by rule, derived value and
                     action (a CPU profile in the scenario's own names; one thread)
  --json             print the summary as JSON ({ summary, timing, profile? })
  --log FILE         write every game as JSON lines: a header line per game
                     ({game, header}) then its events ({game, round, turn, event, data})
${rootHelp(21)}
  -h, --help         this help

Win rates count a win shared by k players as 1/k (the table also lists shared wins).
\`houserules merge partial-*.json\` prints the summary of all the shards, exactly
the one a single \`simulate\` of all the games prints.
`;

type Built =
  | {
      ok: true;
      spec: SimulationSpec;
      root: string;
      argv: string[];
      readSource: (file: string) => string | undefined;
      games: number;
      workers: number;
      json: boolean;
      profile: boolean;
      logFile: string | undefined;
      /** the slice of the games this run plays (the whole run without --shard) */
      shard: ShardSlice;
      sharded: boolean;
      partialOut: string | undefined;
    }
  | { ok: false; code: number };

function usageError(io: CliIo, message: string, help?: string): { ok: false; code: number } {
  io.stderr.write(usageLine('simulate', message) + (help === undefined ? '' : `\n${help}`));
  return { ok: false, code: EXIT_USAGE };
}

async function buildRun(argv: string[], io: CliIo): Promise<Built> {
  const parsed = parseCommandArgs(argv, {
    variant: { type: 'string' },
    option: { type: 'string', multiple: true },
    players: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
    agents: { type: 'string' },
    workers: { type: 'string' },
    json: { type: 'boolean' },
    'check-invariants': { type: 'boolean' },
    profile: { type: 'boolean' },
    log: { type: 'string' },
    shard: { type: 'string' },
    'partial-out': { type: 'string' },
    root: { type: 'string' },
  });
  if (!parsed.ok) return usageError(io, parsed.message);
  const { args } = parsed;
  if (args.positionals.length !== 1) return usageError(io, 'name exactly one scenario', usage);
  const games = integerOption(args, 'games', 1);
  const seed = integerOption(args, 'seed', 0);
  const workers = integerOption(args, 'workers', 1);
  const players = integerOption(args, 'players', 1);
  for (const r of [games, seed, workers, players]) if (!r.ok) return usageError(io, r.message);
  if (!games.ok || !seed.ok || !workers.ok || !players.ok) return { ok: false, code: EXIT_USAGE };
  if ((seed.value ?? 0) > 0xffffffff) return usageError(io, '--seed must fit in 32 bits');
  if (flag(args, 'profile') && (workers.value ?? 1) > 1) return usageError(io, '--profile samples one thread: leave out --workers');
  const shardText = stringOption(args, 'shard');
  const shard = shardText === undefined ? { ok: true as const, index: 1, count: 1 } : parseShard(shardText);
  if (!shard.ok) return usageError(io, shard.message);
  const partialOut = stringOption(args, 'partial-out') ?? (shardText === undefined ? undefined : `partial-${shard.index}-of-${shard.count}.json`);
  if (partialOut !== undefined && (games.value ?? 100) > MAX_RUN_GAMES) return usageError(io, `a run written as partials has at most ${MAX_RUN_GAMES} games`);

  const variant = stringOption(args, 'variant');
  const root = rootOption(args, io.cwd);
  if (!root.ok) return usageError(io, root.message);
  // Through the project's compile cache: a scenario compiled before by this build is not parsed again.
  const { loaded } = await loadScenarioCached(io.cwd, args.positionals[0]!, variant, root.root === undefined ? {} : { root: root.root });
  if (!loaded.ok) {
    io.stderr.write(errorLine('simulate', loaded.code, loaded.message));
    return { ok: false, code: EXIT_USAGE };
  }
  if (loaded.graph === null || hasErrors(loaded.diagnostics)) {
    writeDiagnostics(io, io.stderr, loaded.diagnostics, loaded.host.readCached);
    return { ok: false, code: EXIT_FAILURE };
  }
  const graph = loaded.graph;
  const range = graph.scenario.players;
  const playerCount = players.value ?? Math.min(range.max, Math.max(range.min, 4));
  if (playerCount < range.min || playerCount > range.max) {
    return usageError(io, `${graph.scenario.title || graph.scenario.name} is for ${range.min}–${range.max} players, not ${playerCount}`);
  }
  const options = parseOptionAssignments(listOption(args, 'option'), graph);
  if (!options.ok) return usageError(io, options.message);
  const agents: AgentSpec[] = [];
  for (const text of splitAgentList(stringOption(args, 'agents') ?? 'random')) {
    const agent = parseAgentSpec(text, graph);
    if (!agent.ok) return usageError(io, agent.message);
    agents.push(agent.value);
  }
  if (agents.length === 0) return usageError(io, '--agents names no agent');
  if (agents.length > playerCount) return usageError(io, `${agents.length} agents for ${playerCount} players`);
  // a search bounded by time plays as far as the machine's speed lets it: the seed no longer fixes the games
  if (searchesForATime(agents)) io.stderr.write('houserules simulate: note: mcts(ms=…) searches for a time, so games depend on the machine’s speed as well as the seed; give iterations= for a reproducible run\n');
  const logFile = stringOption(args, 'log');
  const spec: SimulationSpec = {
    // Files named relative to the project: a run error in the log still points at its rule after the folder moves.
    graph: graphWithProjectPaths(graph, loaded.host.projectRoot),
    // The log names the scenario relative to the project, so it replays after the folder moves.
    scenarioFile: projectRelative(loaded.host.projectRoot, loaded.file),
    variant: variant ?? null,
    players: playerCount,
    options: options.value,
    agents,
    seed: seed.value ?? 1,
    log: logFile !== undefined,
    checkInvariants: flag(args, 'check-invariants'),
  };
  const workerCount = workersForCores(workers.value, 'simulate', io.stderr);
  const gameCount = games.value ?? 100;
  return {
    ok: true,
    spec,
    root: loaded.host.projectRoot,
    argv,
    readSource: loaded.host.readCached,
    games: gameCount,
    workers: workerCount,
    json: flag(args, 'json'),
    profile: flag(args, 'profile'),
    logFile,
    shard: shardSlice(gameCount, shard.index, shard.count),
    sharded: shardText !== undefined,
    partialOut,
  };
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const built = await buildRun(argv, io);
  if (!built.ok) return built.code;
  const { spec, workers, shard } = built;
  const games = shard.to - shard.from;
  const runner = createGameRunner(spec);
  if (!runner.ok) {
    io.stderr.write(usageLine('simulate', runner.message));
    return EXIT_USAGE;
  }
  // Opened before the first game, so a bad path fails at once; written game by game.
  const logFile = built.logFile === undefined ? null : OutputFile.open(io.cwd, built.logFile, built.root);
  const partialOut = built.partialOut === undefined ? null : OutputFile.open(io.cwd, built.partialOut, built.root);
  const onLog = (text: string): void => logFile?.write(text);
  const progress = createProgressBar(io.stderr, games);
  const profiler = built.profile ? await startRuleProfile() : null;
  const started = nowMs();
  const cpuBefore = process.cpuUsage();
  let result: RunResult;
  if (workers > 1 && games > 1) {
    const script = findWorkerScript();
    if (!script) {
      io.stderr.write('houserules simulate: --workers needs the bundled worker (run `pnpm --filter @houserules/cli build`)\n');
      return EXIT_USAGE;
    }
    // This thread is one of the `workers` (its runner is loaded): workers − 1 worker threads beside it.
    const playHere = (from: number, to: number): ChunkResult => playChunk(runner, spec.players, from, to);
    result = await runGamesInWorkers(script, spec, shard, workers, runner.ruleIds.length, (done) => progress.update(done), onLog, playHere);
  } else {
    // The same chunks and merge as the workers, so both paths give the same numbers.
    result = { partial: emptyPartial(spec.players, runner.ruleIds.length) };
    // Chunks sized by the clock, so the bar moves a few times a second. With a log, a
    // chunk is one game: its text is written before the next game is played.
    const sizer = new ChunkSizer();
    for (let from = shard.from; from < shard.to; ) {
      const size = spec.log ? 1 : sizer.next();
      const chunkStarted = nowMs();
      const chunk = playChunk(runner, spec.players, from, Math.min(shard.to, from + size));
      sizer.record(chunk.to - from, nowMs() - chunkStarted);
      mergePartial(result.partial, chunk.partial);
      if (chunk.log !== undefined) onLog(chunk.log);
      progress.update(chunk.to - shard.from);
      from = chunk.to;
    }
  }
  logFile?.close();
  const ms = nowMs() - started;
  // Process-wide CPU time (all threads): cpu/wall says how many cores the run really got.
  const cpu = process.cpuUsage(cpuBefore);
  const profile = profiler === null ? null : await profiler.stop();
  progress.finish();

  const run: PartialRun = {
    scenario: displayPath(io.cwd, fromProject(built.root, spec.scenarioFile)),
    graph: graphFingerprint(spec.graph),
    variant: spec.variant,
    players: spec.players,
    seed: spec.seed,
    agents: spec.agents.map(formatAgentSpec),
    options: spec.options,
    ruleIds: runner.ruleIds,
    checkInvariants: spec.checkInvariants ?? false,
    games: built.games,
  };
  if (partialOut !== null) {
    partialOut.write(stringifyJson(partialFile(run, shard, result.partial)) + '\n');
    partialOut.close();
  }
  const timing = {
    ms: Math.round(ms * 10) / 10,
    cpuMs: Math.round((cpu.user + cpu.system) / 100) / 10,
    gamesPerSecond: Math.round((games / Math.max(ms, 0.001)) * 1000),
    workers,
  };
  const failed = result.partial.failures > 0;
  if (built.sharded) {
    // A shard's own numbers are a slice, not the study: `merge` prints the summary of all shards.
    const what = { shard, partial: built.partialOut!, games, failures: result.partial.failures };
    if (built.json) io.stdout.write(stringifyJson(profile === null ? { ...what, timing } : { ...what, timing, profile }, 2) + '\n');
    else {
      if (profile !== null) io.stdout.write(formatRuleProfile(profile));
      const range = games === 0 ? 'no games' : `games ${shard.from}–${shard.to - 1} of ${built.games}`;
      io.stdout.write(`shard ${shard.index}/${shard.count}: ${range}${failed ? ` (${result.partial.failures} stopped on a run error)` : ''}, partial written to ${printable(built.partialOut!)}\n`);
      io.stdout.write(`${games} games in ${(ms / 1000).toFixed(2)} s (${timing.gamesPerSecond} games/s, ${workers} worker${workers === 1 ? '' : 's'}${profile === null ? '' : ', profiled'})\n`);
    }
    return failed ? EXIT_FAILURE : EXIT_OK;
  }
  const summary = summarizePartial(result.partial, run);
  if (built.json) {
    io.stdout.write(stringifyJson(profile === null ? { summary, timing } : { summary, timing, profile }, 2) + '\n');
  } else {
    io.stdout.write(formatSummary(summary));
    // The first stopped games in full: the place (rule, action, ask) with its code frame, and how to replay each.
    io.stdout.write(
      formatRunErrors(summary.failures.first, summary.failures.games, {
        displayPath: (file) => displayPath(io.cwd, fromProject(built.root, file)),
        source: (file) => built.readSource(fromProject(built.root, file)),
        color: io.color ?? false,
        replayCommand: (game) => replayCommandFor(built.argv, game, built.logFile),
      }),
    );
    if (profile !== null) io.stdout.write(formatRuleProfile(profile));
    io.stdout.write(`\n${games} games in ${(ms / 1000).toFixed(2)} s (${timing.gamesPerSecond} games/s, ${workers} worker${workers === 1 ? '' : 's'}${profile === null ? '' : ', profiled'})\n`);
  }
  return summary.failures.games > 0 ? EXIT_FAILURE : EXIT_OK;
}

/**
 * The command that plays game `game` of this run again and prints it: with a
 * log, `replay` of that log; without, the same simulate with just enough games
 * and a log of them (game i depends only on the seed and i), then its replay.
 */
function replayCommandFor(argv: readonly string[], game: number, logFile: string | undefined): string {
  if (logFile !== undefined) return `houserules replay ${shellWord(logFile)} --game ${game}`;
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--games' || a === '--workers' || a === '--log') {
      i++;
      continue;
    }
    if (/^--(games|workers|log)=/.test(a) || a === '--json' || a === '--profile') continue;
    kept.push(a);
  }
  return `houserules simulate ${kept.map(shellWord).join(' ')} --games ${game + 1} --log game.jsonl && houserules replay game.jsonl --game ${game}`;
}

/** A word as a POSIX shell reads it back (quoted when it holds anything but safe characters). */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./=,:@+-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

export const simulateCommand: Command = { name: 'simulate', summary: 'play many games with agents and summarise them', usage, run };
