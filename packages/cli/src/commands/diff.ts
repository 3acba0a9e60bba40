import { existsSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { RULE_GRAPH_VERSION, validateRuleGraph, type Diagnostic, type DiagnosticCode, type RuleGraph, type Value } from '@houserules/schema';
import { loadGraph, type Game, type LoadedGraph } from '@houserules/engine';
import {
  checkWitness,
  differenceTargets,
  foundDifferences,
  formatDiffReport,
  isolateDifference,
  isWitnessFile,
  balancePartialFile,
  encodeGames,
  pairedBalance,
  printable,
  searchWitness,
  structuralDiff,
  targetLabel,
  witnessTest,
  type BalanceMerge,
  type BalancePlay,
  type BalanceRun,
  type DiffReport,
  type MattersAlone,
  type WitnessTarget,
} from '@houserules/diff';
import {
  createGameRunner,
  formatAgentSpec,
  parseAgentSpec,
  parseOptionAssignments,
  parseShard,
  playChunk,
  shardSlice,
  splitAgentList,
  type AgentSpec,
  type GameOutcome,
  type SimulationSpec,
} from '@houserules/simulation';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { flag, integerOption, listOption, parseCommandArgs, stringOption, type ParsedCommandArgs } from '../command-args.ts';
import { displayPath, hasErrors, writeDiagnostics } from '../diagnostic-output.ts';
import type { Command } from '../main.ts';
import { findProjectRoot, type NodeModuleHost } from '../node-module-host.ts';
import { ProjectHosts, rootHelp, rootOption } from '../project-hosts.ts';
import { loadScenario } from '../scenario-loader.ts';
import { findWorkerScript, runGamesInWorkers, workersForCores } from '../simulate/worker-pool.ts';
import { MAX_DIFF_DEPTH, MAX_DIFF_GAMES, MAX_DIFF_MATTERS_EACH, MAX_DIFF_SECONDS, MAX_PARTIAL_FILE } from '../cli-budgets.ts';
import { CliError, errorLine } from '../cli-errors.ts';
import { checkedOutputPath, writeOutputFile } from '../output-file.ts';
import { graphFingerprint } from '../simulate/graph-fingerprint.ts';
import { isWithin } from '../project-paths.ts';
import { witnessBoards } from '../witness-board.ts';

const usage = `Usage: houserules diff <a> [<b>] [options]

Compares two printings of a game: a scenario and one of its variants, two
variants, or two scenarios (.rules files, directories x/ holding x/x.rules, or
compiled rule graphs .json). Prints what differs in the rules, matched by name
(added, removed, changed with a diff of the source and both citations, changed
only through what they read, renamed?), and on request a game in which the two
behave differently, shrunk and written as a test, and their balance side by side.

  houserules diff scenarios/diamant --variant incan_gold            base game vs a variant
  houserules diff scenarios/diamant --against-variant incan_gold    the same
  houserules diff a.rules b.rules                                   two scenarios
  houserules diff scenarios/diamond-mines --option-b short_payout=mine_paid_first   two readings

Options:
  --variant V           one scenario: compare its base game with variant V;
                        two scenarios: use variant V of the first
  --against-variant W   use variant W of the second (or, with one scenario, of the same)
  --option k=v          set an option on both sides, where declared (repeatable)
  --option-a k=v        set an option on the first side only (repeatable); with --option-b,
                        two readings of one scenario's option, without a module
  --option-b k=v        set an option on the second side only (repeatable)
  --behaviour           search for a game in which the two diverge, shrink it, write it as a test
  --balance             play --games games of each (same seeds, agents) and compare win rates,
                        scores, length and end reasons, with 95% intervals and significance marks
  --games N             games for the search (default 200) or for --balance (default 1000)
  --depth K             decisions per searched game (default 400)
  --budget-seconds S    CPU time for the search, shared by the differences (default 10)
  --shrink-seconds S    CPU time for shrinking the witnesses found (default: as --budget-seconds)
  --seed S              first seed (default 1)
  --players N           seats (default: 4, within both scenarios' ranges)
  --agents a,b,…        agents for --balance (random, first, mcts(…), or a policy both declare);
                        with --behaviour, agents that play some searched games besides the
                        first's own policies
  --workers N           play --balance games on N worker threads (same numbers for any N)
  --shard i/n           with --balance: play only shard i of n (a fixed slice of the games, seeded
                        as the whole run seeds them) and write both sides' games as a partial for
                        \`houserules merge\`, which prints the report of all the shards
  --partial-out FILE    where the balance partial goes (default with --shard:
                        balance-partial-<i>-of-<n>.json); without --shard, the whole run's
                        partial, written beside the report
  --witness-out FILE    write the witness test there (a module extending the first scenario, each
                        test run on both sides first), FILE.second.rules (the same tests aimed at
                        the second) and FILE.isolated-N.rules (the first with one difference taken)
  --witness-board FILE  also draw the first witness's game at its end on both sides, as p1 sees
                        it, side by side (an .svg: the board, or the zones, cards and pools)
  --json | --markdown   print the report as JSON, or as Markdown for a forum post or errata page
  --markdown-out FILE   also write the report as Markdown there (the same run)
  --json-out FILE       also write the report as JSON there (the same run)
${rootHelp(24)}
  -h, --help            this help

Exit codes: 0 no difference found, 1 differences found, 2 a wrong command line
or inputs that cannot be compared (errors in a scenario, unrelated scenarios,
graphs of different schema versions). "No divergence in N games up to K
decisions" is what the search saw, not a proof.
`;

type Fail = { ok: false; code: number };

/** A command line or inputs the diff cannot take: one line with its code, exit 2. */
function usageError(io: CliIo, message: string, code: DiagnosticCode = 'cli/usage'): Fail {
  io.stderr.write(errorLine('diff', code, message));
  return { ok: false, code: EXIT_USAGE };
}

interface LoadedSide {
  graph: RuleGraph;
  file: string;
  label: string;
  variant: string | null;
  /** the confined host the side was read through (its sources, for the source diff) */
  host: NodeModuleHost;
}

/**
 * The root both sides are read under when no --root is given: none (each side's own project), unless one side's
 * project holds the other's — a house rule beside a scenario made by `houserules init`, which has a package.json of its
 * own. Then both are read in the wider one, which its side reads anyway, so that a witness aimed at either side
 * compiles in one project. Nothing beyond the projects the command line names is read.
 */
function nestedProjectsRoot(cwd: string, given: readonly string[]): string | undefined {
  if (given.length < 2 || given.some((g) => g.endsWith('.json'))) return undefined;
  const a = findProjectRoot(resolve(cwd, given[0]!), cwd);
  const b = findProjectRoot(resolve(cwd, given[1]!), cwd);
  if (a === b) return undefined;
  if (isWithin(a, b)) return b;
  if (isWithin(b, a)) return a;
  return undefined;
}

/** a scenario (a .rules file or folder) or a compiled graph (.json), with a variant */
function loadSide(io: CliIo, given: string, variant: string | undefined, root: string | undefined): { ok: true; side: LoadedSide } | Fail {
  if (given.endsWith('.json')) {
    if (variant !== undefined) return usageError(io, `${given} is a compiled graph: it has no variants to choose from`);
    const file = resolve(io.cwd, given);
    const host = new ProjectHosts(root, io.cwd).hostFor(file);
    const refusal = host.refuse(file);
    if (refusal) return usageError(io, refusal.message, refusal.code);
    const text = host.readFile(file);
    if (text === undefined) return usageError(io, `cannot read ${given}`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return usageError(io, `${given} is not JSON`);
    }
    const version = (value as { version?: unknown } | null)?.version;
    if (version !== RULE_GRAPH_VERSION) {
      io.stderr.write(`houserules diff: ${printable(given)} is a rule graph of schema version ${printable(String(version))}, this Houserules reads version ${RULE_GRAPH_VERSION}: recompile it [diff/schema-version]\n`);
      return { ok: false, code: EXIT_USAGE };
    }
    const valid = validateRuleGraph(value);
    if (!valid.value) {
      writeDiagnostics(io, io.stderr, valid.diagnostics.slice(0, 20).map((d): Diagnostic => ({ ...d, file })), host.readCached);
      return { ok: false, code: EXIT_USAGE };
    }
    const graph = value as RuleGraph;
    if (!loads(io, graph, file, host)) return { ok: false, code: EXIT_USAGE };
    return { ok: true, side: { graph, file, label: graph.scenario.title || graph.scenario.name, variant: graph.scenario.variant, host } };
  }
  const loaded = loadScenario(io.cwd, given, variant, root === undefined ? {} : { root });
  if (!loaded.ok) return usageError(io, loaded.message);
  if (loaded.graph === null || hasErrors(loaded.diagnostics)) {
    writeDiagnostics(io, io.stderr, loaded.diagnostics, loaded.host.readCached);
    io.stderr.write(`houserules diff: ${printable(given)} has errors: fix them before comparing\n`);
    return { ok: false, code: EXIT_USAGE };
  }
  const graph = loaded.graph;
  if (!loads(io, graph, loaded.file, loaded.host)) return { ok: false, code: EXIT_USAGE };
  const title = graph.scenario.title || graph.scenario.name;
  return { ok: true, side: { graph, file: loaded.file, label: variant ? `${title} (${variant})` : title, variant: variant ?? null, host: loaded.host } };
}

/**
 * Whether the engine loads a side's graph (its budgets, references and code
 * generation, beyond the schema): a compiled graph that does not is printed
 * as its diagnostics, exit 2, before any search or balance plays it.
 */
function loads(io: CliIo, graph: RuleGraph, file: string, host: NodeModuleHost): boolean {
  const loaded = loadGraph(graph);
  if (loaded.value !== null) return true;
  writeDiagnostics(io, io.stderr, loaded.diagnostics.slice(0, 20).map((d): Diagnostic => ({ ...d, file: d.file ?? file })), host.readCached);
  io.stderr.write(errorLine('diff', 'cli/usage', `${displayPath(io.cwd, file)} does not load: fix it (or compile it again) before comparing`));
  return false;
}

/**
 * --option k=v for both sides (set where declared; unknown on both is a
 * mistake), --option-a k=v for the first only and --option-b k=v for the
 * second only (each must declare it): two readings of one option compared
 * without a module
 */
function sideOptions(io: CliIo, args: ParsedCommandArgs, a: RuleGraph, b: RuleGraph): { ok: true; a: Record<string, Value>; b: Record<string, Value> } | Fail {
  const out = { a: {} as Record<string, Value>, b: {} as Record<string, Value> };
  const declared = (g: RuleGraph): string => g.options.map((o) => o.name).join(', ') || '(none)';
  for (const raw of listOption(args, 'option')) {
    const name = raw.split('=')[0]!.trim();
    const inA = a.options.some((o) => o.name === name);
    const inB = b.options.some((o) => o.name === name);
    if (!inA && !inB) {
      const known = [...new Set([...a.options, ...b.options].map((o) => o.name))];
      return usageError(io, `unknown option "${name}"; the scenarios declare: ${known.join(', ') || '(none)'}`);
    }
    for (const [key, g] of [['a', a], ['b', b]] as const) {
      if (!g.options.some((o) => o.name === name)) continue;
      const parsed = parseOptionAssignments([raw], g);
      if (!parsed.ok) return usageError(io, parsed.message);
      Object.assign(out[key], parsed.value);
    }
  }
  for (const [flagName, key, g] of [['option-a', 'a', a], ['option-b', 'b', b]] as const) {
    for (const raw of listOption(args, flagName)) {
      const parsed = parseOptionAssignments([raw], g);
      if (!parsed.ok) return usageError(io, `--${flagName}: ${parsed.message.replace(/this scenario declares: .*$/, `the ${key === 'a' ? 'first' : 'second'} side declares: ${declared(g)}`)}`);
      Object.assign(out[key], parsed.value);
    }
  }
  return { ok: true, ...out };
}

function playerCount(io: CliIo, args: ParsedCommandArgs, a: RuleGraph, b: RuleGraph): { ok: true; value: number } | Fail {
  const given = integerOption(args, 'players', 1);
  if (!given.ok) return usageError(io, given.message);
  const min = Math.max(a.scenario.players.min, b.scenario.players.min);
  const max = Math.min(a.scenario.players.max, b.scenario.players.max);
  if (min > max) return usageError(io, `no player count suits both (${a.scenario.players.min}–${a.scenario.players.max} and ${b.scenario.players.min}–${b.scenario.players.max})`, 'diff/no-common-player-count');
  const n = given.value ?? Math.max(min, Math.min(4, max));
  if (n < min || n > max) return usageError(io, `both scenarios can be played with ${min}–${max} players, not ${n}`);
  return { ok: true, value: n };
}

/** plays games from … to − 1 of one side and keeps each game's outcome (the paired balance compares game i with game i) */
async function playBalance(spec: SimulationSpec, from: number, to: number, workers: number): Promise<GameOutcome[] | string> {
  const runner = createGameRunner(spec);
  if (!runner.ok) return runner.message;
  const script = workers > 1 && to - from > 1 ? findWorkerScript() : undefined;
  if (script) return (await runGamesInWorkers(script, { ...spec, outcomes: true }, { from, to }, workers, runner.ruleIds.length, () => undefined)).outcomes ?? [];
  const outcomes: GameOutcome[] = [];
  for (let at = from; at < to; at += 256) outcomes.push(...(playChunk(runner, spec.players, at, Math.min(to, at + 256), true).outcomes ?? []));
  return outcomes;
}

/**
 * A balance run's command line as a partial carries it: the scenarios as given,
 * then each flag that chooses the sides or the games as one word --flag=value
 * (games, seed and players as resolved), in a fixed order, so the same run
 * given two ways has one identity
 */
function balanceRunArgs(args: ParsedCommandArgs, games: number, seed: number, players: number): string[] {
  const out = [...args.positionals];
  for (const name of ['variant', 'against-variant', 'agents', 'root'] as const) {
    const v = stringOption(args, name);
    if (v !== undefined) out.push(`--${name}=${v}`);
  }
  for (const name of ['option', 'option-a', 'option-b'] as const) for (const v of listOption(args, name)) out.push(`--${name}=${v}`);
  out.push(`--players=${players}`, `--seed=${seed}`, `--games=${games}`);
  return out;
}

/** A word as a POSIX shell reads it back (quoted when it holds anything but safe characters). */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./=,:@+-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** the commands that play game `game` of one side again and print it: the same simulate with just enough games and a log, then its replay */
function replayCommand(io: CliIo, spec: SimulationSpec, game: number): string {
  const words = [displayPath(io.cwd, spec.scenarioFile)];
  if (spec.variant !== null) words.push('--variant', spec.variant);
  for (const [k, v] of Object.entries(spec.options)) words.push('--option', `${k}=${String(v)}`);
  words.push('--players', String(spec.players), '--seed', String(spec.seed), '--agents', spec.agents.map(formatAgentSpec).join(','));
  return `houserules simulate ${words.map(shellWord).join(' ')} --games ${game + 1} --log game.jsonl && houserules replay game.jsonl --game ${game}`;
}

/** the budgets count this process's CPU time: what the search did, not how busy the machine was */
const cpuMilliseconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** a module name from a file name: letters, digits and _ only */
const moduleName = (file: string): string => `${(file.split(/[\\/]/).pop() ?? 'witness').replace(/\.rules$/, '').replace(/[^A-Za-z0-9_]/g, '_').replace(/^[^A-Za-z]/, 'w')}`;

/** The shards' games of one `diff --balance` run, merged by `houserules merge`, played instead of playing them again. */
export type MergedBalance = Extract<BalanceMerge, { ok: true }>;

async function run(argv: string[], io: CliIo): Promise<number> {
  return runDiff(argv, io, null);
}

/**
 * The diff. With `merged` (from `houserules merge`), `argv` is the run's command
 * line a balance partial carries, and the balance's games are the shards'
 * instead of games played here: the rest (loading, the structural diff, the
 * differences played alone, the report) is this one path, so a merge prints
 * what a single run of all the games prints.
 */
export async function runDiff(argv: string[], io: CliIo, merged: MergedBalance | null): Promise<number> {
  const parsed = parseCommandArgs(argv, {
    variant: { type: 'string' },
    'against-variant': { type: 'string' },
    option: { type: 'string', multiple: true },
    'option-a': { type: 'string', multiple: true },
    'option-b': { type: 'string', multiple: true },
    behaviour: { type: 'boolean' },
    behavior: { type: 'boolean' },
    balance: { type: 'boolean' },
    games: { type: 'string' },
    depth: { type: 'string' },
    'budget-seconds': { type: 'string' },
    'shrink-seconds': { type: 'string' },
    seed: { type: 'string' },
    players: { type: 'string' },
    agents: { type: 'string' },
    workers: { type: 'string' },
    shard: { type: 'string' },
    'partial-out': { type: 'string' },
    json: { type: 'boolean' },
    markdown: { type: 'boolean' },
    'witness-out': { type: 'string' },
    'witness-board': { type: 'string' },
    'markdown-out': { type: 'string' },
    'json-out': { type: 'string' },
    root: { type: 'string' },
  });
  if (!parsed.ok) return usageError(io, parsed.message).code;
  const { args } = parsed;
  const paths = args.positionals;
  if (paths.length < 1 || paths.length > 2) return usageError(io, `name one or two scenarios\n\n${usage}`).code;
  if (flag(args, 'json') && flag(args, 'markdown')) return usageError(io, '--json and --markdown: choose one').code;
  const numbers = { games: integerOption(args, 'games', 1), depth: integerOption(args, 'depth', 1), budget: integerOption(args, 'budget-seconds', 1), shrink: integerOption(args, 'shrink-seconds', 1), seed: integerOption(args, 'seed', 0), workers: integerOption(args, 'workers', 1) };
  for (const r of Object.values(numbers)) if (!r.ok) return usageError(io, r.message).code;
  // Every count within its budget (docs/safety.md); --workers is capped at the cores below, as simulate's.
  const limits: [string, (typeof numbers)[keyof typeof numbers], number][] = [
    ['games', numbers.games, MAX_DIFF_GAMES],
    ['depth', numbers.depth, MAX_DIFF_DEPTH],
    ['budget-seconds', numbers.budget, MAX_DIFF_SECONDS],
    ['shrink-seconds', numbers.shrink, MAX_DIFF_SECONDS],
    ['seed', numbers.seed, 0xffffffff],
  ];
  for (const [name, r, most] of limits) if (r.ok && r.value !== undefined && r.value > most) return usageError(io, `--${name} is at most ${most}, not ${r.value}`).code;
  const num = (r: (typeof numbers)[keyof typeof numbers]): number | undefined => (r.ok ? r.value : undefined);

  const behaviour = flag(args, 'behaviour') || flag(args, 'behavior');
  const balance = flag(args, 'balance');
  // a flag that only a search or the balance reads does nothing without it: said at once, not ignored
  const modeOf: [string, boolean, string][] = [
    ['witness-out', behaviour, '--behaviour'],
    ['witness-board', behaviour, '--behaviour'],
    ['depth', behaviour, '--behaviour'],
    ['budget-seconds', behaviour, '--behaviour'],
    ['shrink-seconds', behaviour, '--behaviour'],
    ['agents', behaviour || balance, '--behaviour or --balance'],
    ['workers', balance, '--balance'],
    ['shard', balance, '--balance'],
    ['partial-out', balance, '--balance'],
    ['games', behaviour || balance, '--behaviour or --balance'],
    ['seed', behaviour || balance, '--behaviour or --balance'],
    ['players', behaviour || balance, '--behaviour or --balance'],
    ['option', behaviour || balance, '--behaviour or --balance'],
  ];
  for (const [name, on, needs] of modeOf) if (!on && args.values[name] !== undefined) return usageError(io, `--${name} is for ${needs}: without it nothing reads it`).code;
  // a shard of the balance: the games of slice i of n, written as a partial for `houserules merge`
  const shardText = stringOption(args, 'shard');
  if (shardText !== undefined && behaviour) return usageError(io, '--shard splits the --balance games: run --behaviour on its own (its search is not split into shards)').code;
  const shardIndex = shardText === undefined ? { ok: true as const, index: 1, count: 1 } : parseShard(shardText);
  if (!shardIndex.ok) return usageError(io, shardIndex.message).code;
  // a shard prints a line saying what it played, not a report: a report form asked for would be left unwritten
  const reportForm = ['markdown', 'markdown-out', 'json-out'].find((name) => args.values[name] !== undefined);
  if (shardText !== undefined && reportForm !== undefined) return usageError(io, `--${reportForm} with --shard: a shard writes its games, not a report; \`houserules merge\` of all the shards prints it (with --json or --markdown)`).code;
  const partialGiven = stringOption(args, 'partial-out') ?? (shardText === undefined ? undefined : `balance-partial-${shardIndex.index}-of-${shardIndex.count}.json`);

  let variantA = stringOption(args, 'variant');
  let variantB = stringOption(args, 'against-variant');
  if (paths.length === 1) {
    if (variantB === undefined && variantA === undefined && listOption(args, 'option-a').length + listOption(args, 'option-b').length === 0)
      return usageError(io, 'one scenario: name the variant to compare it with (--variant V or --against-variant W), two readings of its options (--option-a k=v, --option-b k=v), or give a second scenario').code;
    // one scenario and --variant only: its base game against that variant
    if (variantB === undefined && listOption(args, 'option-a').length + listOption(args, 'option-b').length === 0) [variantA, variantB] = [undefined, variantA];
    else if (variantB === undefined) variantB = variantA;
  }
  const root = rootOption(args, io.cwd);
  if (!root.ok) return usageError(io, root.message).code;
  const sidesRoot = root.root ?? nestedProjectsRoot(io.cwd, paths);
  const la = loadSide(io, paths[0]!, variantA, sidesRoot);
  if (!la.ok) return la.code;
  const lb = loadSide(io, paths[1] ?? paths[0]!, variantB, sidesRoot);
  if (!lb.ok) return lb.code;
  const A = la.side;
  const B = lb.side;

  let structural = structuralDiff(A.graph, B.graph, { readA: A.host.readCached, readB: B.host.readCached });
  // two scenarios with nothing in common: one short message, not a diff of everything
  if (structural.diagnostics.some((d) => d.code === 'diff/unrelated-scenarios')) {
    io.stderr.write(errorLine('diff', 'diff/unrelated-scenarios', `${printable(A.label)} (${printable(displayPath(io.cwd, A.file))}) and ${printable(B.label)} (${printable(displayPath(io.cwd, B.file))}) share no declaration by name: they are not two printings of one game, so there is nothing to compare`));
    return EXIT_USAGE;
  }

  // every flag is checked before anything is played, whichever mode reads it
  const options = sideOptions(io, args, A.graph, B.graph);
  if (!options.ok) return options.code;
  // options set for one side only, or differently: two readings, compared as a changed default
  if (Object.keys(options.a).length + Object.keys(options.b).length > 0) structural = structuralDiff(A.graph, B.graph, { readA: A.host.readCached, readB: B.host.readCached, optionsA: options.a, optionsB: options.b });
  const players = playerCount(io, args, A.graph, B.graph);
  if (!players.ok) return players.code;
  const agents: AgentSpec[][] = [[], []];
  for (const text of splitAgentList(stringOption(args, 'agents') ?? 'random')) {
    for (const [i, g] of [A.graph, B.graph].entries()) {
      const agent = parseAgentSpec(text, g);
      if (!agent.ok) return usageError(io, `${i === 0 ? A.label : B.label}: ${agent.message}`).code;
      agents[i]!.push(agent.value);
    }
  }
  if (agents[0]!.length === 0) return usageError(io, '--agents names no agent').code;
  if (agents[0]!.length > players.value) return usageError(io, `${agents[0]!.length} agents for ${players.value} players`).code;
  const witnessOut = stringOption(args, 'witness-out');
  const files = witnessOut !== undefined ? witnessFiles(io, witnessOut, A) : null;
  if (files && !files.ok) return files.code;
  const witnessTarget = files?.ok ? files.path : resolve(dirname(A.file), `${moduleName(A.file)}_witness.rules`);
  // the witness's boards: an .svg in an existing folder of the project, checked before the search
  const boardGiven = stringOption(args, 'witness-board');
  let boardPath: string | null = null;
  if (boardGiven !== undefined) {
    if (!/\.svg$/i.test(boardGiven)) return usageError(io, `--witness-board ${printable(boardGiven)}: the boards are drawn as an .svg picture`).code;
    boardPath = checkedOutputPath(io.cwd, boardGiven, A.host.projectRoot);
    if (!existsSync(dirname(boardPath)) || !statSync(dirname(boardPath)).isDirectory()) return usageError(io, `--witness-board ${printable(boardGiven)}: the folder ${printable(displayPath(io.cwd, dirname(boardPath)))} does not exist (make it first)`, 'cli/cannot-write').code;
  }
  // the report in the other forms, from the same run (a long search is not run again for each): checked before it starts
  const reportOuts: { path: string; given: string; form: 'markdown' | 'json' }[] = [];
  for (const form of ['markdown', 'json'] as const) {
    const given = stringOption(args, `${form}-out`);
    if (given === undefined) continue;
    const path = checkedOutputPath(io.cwd, given, A.host.projectRoot);
    if (!existsSync(dirname(path)) || !statSync(dirname(path)).isDirectory()) return usageError(io, `--${form}-out ${printable(given)}: the folder ${printable(displayPath(io.cwd, dirname(path)))} does not exist (make it first)`, 'cli/cannot-write').code;
    reportOuts.push({ path, given, form });
  }
  if (partialGiven !== undefined) {
    const path = checkedOutputPath(io.cwd, partialGiven, A.host.projectRoot);
    if (!existsSync(dirname(path)) || !statSync(dirname(path)).isDirectory()) return usageError(io, `--partial-out ${printable(partialGiven)}: the folder ${printable(displayPath(io.cwd, dirname(path)))} does not exist (make it first)`, 'cli/cannot-write').code;
  }

  // a side's own readings (--option-a, --option-b) name it: "Diamant (leftover_sharing = pooled)"
  const reading = (flagName: 'option-a' | 'option-b', label: string): string => {
    const set = listOption(args, flagName).map((x) => x.replace(/\s*=\s*/, ' = ').trim());
    return set.length === 0 ? label : `${label} (${set.join(', ')})`;
  };
  A.label = reading('option-a', A.label);
  B.label = reading('option-b', B.label);
  // two files of one title (a house rule that keeps its base's scenario block): named by their files too
  if (A.label === B.label && A.file !== B.file) {
    A.label = `${A.label} (${displayPath(io.cwd, A.file)})`;
    B.label = `${B.label} (${displayPath(io.cwd, B.file)})`;
  }
  const report: DiffReport = { a: { label: A.label, file: A.file, options: options.a }, b: { label: B.label, file: B.file, options: options.b }, structural, behaviour: null, balance: null };
  if (behaviour) {
    const target = witnessTarget;
    const ref = (file: string): string => {
      const r = relative(dirname(target), file).split(sep).join('/');
      return r.startsWith('.') ? r : `./${r}`;
    };
    const targetA: WitnessTarget = { extends: ref(A.file), variant: A.variant, options: options.a };
    const targetB: WitnessTarget = { extends: ref(B.file), variant: B.variant, options: options.b };
    // a compiled graph has no module a test can extend: its witnesses cannot be run, so none is reported as a test
    const testable = !A.file.endsWith('.json') && !B.file.endsWith('.json');
    const search = searchWitness(
      { graph: A.graph, options: options.a },
      { graph: B.graph, options: options.b },
      {
        players: players.value,
        games: num(numbers.games) ?? 200,
        depth: num(numbers.depth),
        budgetSeconds: num(numbers.budget),
        shrinkSeconds: num(numbers.shrink),
        seed: num(numbers.seed),
        steerBy: structural,
        // the search plays some games by the first's policies and by these agents (random and first are its own)
        agents: agents[0]!,
        now: cpuMilliseconds,
        isolate: testable ? { host: A.host, fileA: A.file, readB: B.host.readCached } : undefined,
        // every witness is run as a test on both sides (a module beside the witness file, through the first side's confined host) before it is reported
        verify: testable ? { host: A.host, path: target, a: targetA, b: targetB } : undefined,
      },
    );
    let witnessText: string | null = null;
    let check = null;
    let boardWritten: string | null = null;
    const written: string[] = [];
    if (search.witness && testable) {
      const witnesses = search.differences.flatMap((d) => (d.witness && !d.sameAs ? [{ label: d.label, witness: d.witness, isolated: d.isolation === 'isolated' ? d.isolatedDeclarations : null, direction: d.direction ?? null }] : []));
      const names = files?.ok ? companionNames(files.path, witnesses.filter((w) => w.isolated).length) : null;
      const shown = (f: string): string => displayPath(io.cwd, f);
      const texts = witnessTest(witnesses, targetA, targetB, { a: A.label, b: B.label, module: moduleName(target), ...(names ? { files: { first: shown(target), second: shown(names.second), isolated: names.isolated.map(shown), ...(sidesRoot !== undefined ? { root: shown(sidesRoot) } : {}) } } : {}) });
      witnessText = texts.text;
      // the first witness's games at their end, for --witness-board
      const first = witnesses[0] ? texts.text.match(/\ntest "((?:[^"\\]|\\.)*)"/)?.[1] : undefined;
      const ends: Partial<Record<'a' | 'b', { game: Game; lg: LoadedGraph }>> = {};
      check = checkWitness(A.host, target, texts, (test, side, game, lg) => {
        if (ends[side] === undefined && (first === undefined || test === first.replace(/\\(.)/g, '$1'))) ends[side] = { game, lg };
      });
      if (boardPath !== null && ends.a && ends.b) {
        writeOutputFile(io.cwd, boardGiven!, witnessBoards({ label: A.label, graph: A.graph, host: A.host, ...ends.a }, { label: B.label, graph: B.graph, host: B.host, ...ends.b }), A.host.projectRoot);
        boardWritten = boardPath;
      }
      if (files?.ok && names) {
        writeOutputFile(io.cwd, files.path, texts.text, A.host.projectRoot);
        written.push(files.path);
        if (texts.againstB.includes('\ntest ')) {
          writeOutputFile(io.cwd, names.second, texts.againstB, A.host.projectRoot);
          written.push(names.second);
        }
        texts.isolated.forEach((x, i) => {
          writeOutputFile(io.cwd, names.isolated[i]!, x.text, A.host.projectRoot);
          written.push(names.isolated[i]!);
        });
      }
    }
    // never left stale: what an earlier run wrote there and this one did not is removed
    const removed = files?.ok ? removeStale(files.path, written) : [];
    if (boardWritten !== null) written.push(boardWritten);
    else if (boardPath !== null) io.stderr.write(`houserules diff: no witness game to draw: ${printable(displayPath(io.cwd, boardPath))} not written\n`);
    report.behaviour = { ...search, witnessTest: witnessText, check, files: { written: written.map((f) => displayPath(io.cwd, f)), removed: removed.map((f) => displayPath(io.cwd, f)) } };
  }
  if (balance) {
    const games = num(numbers.games) ?? 1000;
    const seed = num(numbers.seed) ?? 1;
    const spec = (side: LoadedSide, opts: Record<string, Value>, ag: AgentSpec[]): SimulationSpec => ({ graph: side.graph, scenarioFile: side.file, variant: side.variant, players: players.value, options: opts, agents: ag, seed, log: false });
    const workers = merged ? 1 : workersForCores(num(numbers.workers), 'diff', io.stderr);
    const specs = { a: spec(A, options.a, agents[0]!), b: spec(B, options.b, agents[1]!) };
    // what fixes the games: equal in every shard of one run, and checked again by the merge against the scenarios as they are now
    const balanceRun: BalanceRun = { args: balanceRunArgs(args, games, seed, players.value), graphs: { a: graphFingerprint(A.graph), b: graphFingerprint(B.graph) }, players: players.value, seed, games };
    if (merged) {
      // a partial made by hand can say one thing in its fields and another in its command line: the command line plays
      const { players: p, seed: s, games: g } = merged.run;
      if (p !== balanceRun.players || s !== balanceRun.seed || g !== balanceRun.games) throw new CliError('cli/malformed-partial', `the partials' run (${g} games, ${p} players, seed ${s}) is not the one their command line gives (${games} games, ${balanceRun.players} players, seed ${seed})`, EXIT_FAILURE);
      const now = JSON.stringify(balanceRun.graphs);
      if (now !== JSON.stringify(merged.run.graphs)) {
        const which = balanceRun.graphs.a !== merged.run.graphs.a ? A.label : B.label;
        throw new CliError('cli/partials-disagree', `${printable(which)} is not the scenario the shards played: it has changed since (or it is another one with that name here); run the shards again`, EXIT_FAILURE);
      }
    }
    const slice = shardSlice(games, shardIndex.index, shardIndex.count);
    const played: BalancePlay[] = [];
    const asked = new Set<string>();
    // one side's games: the shard's slice played here, or all of them merged from the shards
    const play = async (key: string, s: SimulationSpec): Promise<GameOutcome[] | string> => {
      if (merged) {
        asked.add(key);
        const got = merged.plays.get(key);
        if (got === undefined) throw new CliError('cli/partials-disagree', `the partials have no games of ${printable(key)}, which this diff plays: made by another version of houserules or of a scenario?`, EXIT_FAILURE);
        return got;
      }
      const outcomes = await playBalance(s, slice.from, slice.to, workers);
      played.push(typeof outcomes === 'string' ? { key, problem: outcomes } : { key, games: encodeGames(outcomes) });
      return outcomes;
    };
    const sa = await play('a', specs.a);
    const sb = await play('b', specs.b);
    if (typeof sa === 'string' || typeof sb === 'string') return usageError(io, typeof sa === 'string' ? sa : (sb as string)).code;
    report.balance = { ...pairedBalance(sa, sb, { replay: (side, game) => replayCommand(io, specs[side], game) }), agents: agents[0]!.map(formatAgentSpec) };
    // how often each difference matters alone: the first with only it taken from the second, on the same seeds (two
    // differences or more; the first MAX_DIFF_MATTERS_EACH played, the others named)
    const each: MattersAlone[] = [];
    const targets = A.file.endsWith('.rules') && B.file.endsWith('.rules') && A.graph.scenario.variant === null ? differenceTargets(structural, A.graph, B.graph).filter((t) => !t.noEffect) : [];
    if (targets.length > 1) {
      for (const [i, t] of targets.entries()) {
        const label = targetLabel(t);
        if (i >= MAX_DIFF_MATTERS_EACH) {
          each.push({ label, problem: `only the first ${MAX_DIFF_MATTERS_EACH} differences are played alone` });
          continue;
        }
        const alone = isolateDifference(t, A.graph, B.graph, { host: A.host, fileA: A.file, readB: B.host.readCached });
        if ('problem' in alone) {
          each.push({ label, problem: alone.problem });
          continue;
        }
        const outcomes = await play(`alone ${i + 1}: ${label}`, { ...specs.a, graph: alone.graph });
        if (typeof outcomes === 'string') {
          each.push({ label, problem: outcomes });
          continue;
        }
        const paired = pairedBalance(sa, outcomes);
        each.push({ label, paired: paired.paired, matters: paired.matters, errors: paired.errors.b });
      }
    }
    if (each.length > 0) report.balance.each = each;
    // games of a side this diff does not play: the shards compared other sides than the scenarios here give
    const unasked = merged ? [...merged.plays.keys()].find((k) => !asked.has(k)) : undefined;
    if (unasked !== undefined) throw new CliError('cli/partials-disagree', `the partials have games of ${printable(unasked)}, which this diff does not play: made by another version of houserules or of a scenario?`, EXIT_FAILURE);
    if (partialGiven !== undefined) {
      const text = JSON.stringify(balancePartialFile(balanceRun, slice, played)) + '\n';
      if (Buffer.byteLength(text) > MAX_PARTIAL_FILE) return usageError(io, `the partial of ${slice.to - slice.from} games is more than ${MAX_PARTIAL_FILE} bytes, more than \`houserules merge\` reads: split the run into more shards`).code;
      writeOutputFile(io.cwd, partialGiven, text, A.host.projectRoot);
    }
    if (shardText !== undefined) {
      // a shard's own numbers are a slice, not the study: `merge` prints the report of all the shards
      const stopped = sa.concat(sb).filter((o) => o.failure).length;
      const what = { shard: slice, partial: partialGiven!, games: slice.to - slice.from, failures: stopped };
      if (flag(args, 'json')) io.stdout.write(JSON.stringify(what, null, 2) + '\n');
      else io.stdout.write(`shard ${slice.index}/${slice.count}: ${slice.to === slice.from ? 'no games' : `games ${slice.from}–${slice.to - 1} of ${games}`} of each side${stopped > 0 ? ` (${stopped} game${stopped === 1 ? '' : 's'} of a side stopped on a run error)` : ''}, partial written to ${printable(partialGiven!)}\n`);
      return stopped > 0 ? EXIT_FAILURE : EXIT_OK;
    }
  }

  const json = (): string => JSON.stringify(report, (k, v: unknown) => (typeof v === 'string' ? printable(v) : v), 2) + '\n';
  const markdown = (): string => formatDiffReport(report, { markdown: true, displayPath: (f) => displayPath(io.cwd, f) });
  for (const o of reportOuts) writeOutputFile(io.cwd, o.given, o.form === 'json' ? json() : markdown(), A.host.projectRoot);
  if (flag(args, 'json')) io.stdout.write(json());
  else if (flag(args, 'markdown')) io.stdout.write(markdown());
  else io.stdout.write(formatDiffReport(report, { displayPath: (f) => displayPath(io.cwd, f) }));
  return foundDifferences(report) ? 1 : EXIT_OK;
}

/** the witness file's companions: the same tests aimed at the second side, and one module per isolated difference */
function companionNames(path: string, isolated: number): { second: string; isolated: string[] } {
  const stem = path.replace(/\.rules$/, '');
  return { second: `${stem}.second.rules`, isolated: Array.from({ length: isolated }, (_, i) => `${stem}.isolated-${i + 1}.rules`) };
}

/**
 * --witness-out checked before the search: inside the project once resolved,
 * in a folder that exists, and either new or a file an earlier run of the diff
 * wrote (a file it did not write is not replaced)
 */
function witnessFiles(io: CliIo, given: string, A: LoadedSide): { ok: true; path: string } | Fail {
  // Where it lands, every symlink resolved (a dangling one, a FIFO, a link out of the project are refused there) …
  const landing = checkedOutputPath(io.cwd, given, A.host.projectRoot);
  // … must be inside the first scenario's project: the witness extends it and is checked there.
  if (!isWithin(landing, A.host.projectRoot)) {
    const diagnostic: Diagnostic = {
      code: 'resolve/outside-project',
      severity: 'error',
      message: `--witness-out ${printable(given)} is outside the project (${printable(A.host.projectRoot)}): the witness test extends the first scenario and is checked there, so it must be written inside the project`,
      hint: 'write it next to the scenario or its tests, or name a wider project folder with --root',
    };
    writeDiagnostics(io, io.stderr, [diagnostic], A.host.readCached);
    return { ok: false, code: EXIT_USAGE };
  }
  if (!given.endsWith('.rules')) return usageError(io, `--witness-out ${printable(given)}: a witness is a module of tests, a .rules file`);
  const folder = dirname(landing);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return usageError(io, `--witness-out ${printable(given)}: the folder ${printable(displayPath(io.cwd, folder))} does not exist (make it first)`, 'cli/cannot-write');
  for (const f of [landing, ...companionsOnDisk(landing)]) {
    if (existsSync(f) && !isWitnessFile(readFileSync(f, 'utf8'))) return usageError(io, `--witness-out: ${printable(displayPath(io.cwd, f))} exists and was not written by houserules diff: name another file, or move it away`, 'cli/cannot-write');
  }
  return { ok: true, path: landing };
}

/** companions an earlier run may have left beside the witness file */
function companionsOnDisk(path: string): string[] {
  const folder = dirname(path);
  const stem = basename(path).replace(/\.rules$/, '');
  const escaped = stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}\\.(second|isolated-\\d+)\\.rules$`);
  return readdirSync(folder).filter((f) => pattern.test(f)).map((f) => join(folder, f));
}

/** removes the witness file and companions an earlier run wrote that this run did not write again */
function removeStale(path: string, written: string[]): string[] {
  const out: string[] = [];
  for (const f of [path, ...companionsOnDisk(path)]) {
    if (written.includes(f) || !existsSync(f) || !isWitnessFile(readFileSync(f, 'utf8'))) continue;
    unlinkSync(f);
    out.push(f);
  }
  return out;
}

export const diffCommand: Command = { name: 'diff', summary: 'compare two printings: rules, a shrunk witness game, balance', usage, run };
