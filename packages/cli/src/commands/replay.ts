import { printable } from '@houserules/schema';
import { resolve } from 'node:path';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { integerOption, parseCommandArgs } from '../command-args.ts';
import { displayPath, hasErrors, writeDiagnostics } from '../diagnostic-output.ts';
import type { Command } from '../main.ts';
import { findProjectRoot } from '../node-module-host.ts';
import { rootHelp, rootOption } from '../project-hosts.ts';
import { errorLine, usageLine } from '../cli-errors.ts';
import { readLoggedGames } from '../log-file.ts';
import { loadScenario, type LoadedScenario } from '../scenario-loader.ts';
import { renderDiagnostic } from '../code-frame.ts';
import { fromProject } from '../project-paths.ts';
import { replayLoggedGame, type GameLogHeader, type LoggedEvent, type LoggedGame, type ReplayOutcome } from '@houserules/simulation';
import { createGame, loadGraph } from '@houserules/engine';
import type { RuleGraph } from '@houserules/schema';
import { GameWords } from '../game-words.ts';

const usage = `Usage: houserules replay <log.jsonl> [--game N] [--root DIR]

Plays the games of a \`simulate --log\` file again with the engine's replay:
each game is created from its header line (scenario, variant, options,
players, seed), the logged answers are applied, and every event, chance draw,
answer and state hash must match the log. Prints the game round by round.
A log is untrusted input: the scenario its header names (relative to the
project root, as simulate writes it) is read only when it lies inside the
project (the one the working directory is in, or --root).

Options:
  --game N      replay only game N (default: every game in the log)
${rootHelp(16)}
  -h, --help    this help

Exit code 1 when a replayed game diverges from its log, or stops before its end
(a run error such as a step budget, which the output names).
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { game: { type: 'string' }, root: { type: 'string' } });
  if (!parsed.ok) {
    io.stderr.write(usageLine('replay', parsed.message));
    return EXIT_USAGE;
  }
  const { args } = parsed;
  const which = integerOption(args, 'game', 0);
  if (!which.ok) {
    io.stderr.write(usageLine('replay', which.message));
    return EXIT_USAGE;
  }
  if (args.positionals.length !== 1) {
    io.stderr.write(`${usageLine('replay', `name exactly one log file`)}\n${usage}`);
    return EXIT_USAGE;
  }
  const givenRoot = rootOption(args, io.cwd);
  if (!givenRoot.ok) {
    io.stderr.write(usageLine('replay', givenRoot.message));
    return EXIT_USAGE;
  }
  const root = givenRoot.root ?? findProjectRoot(io.cwd, io.cwd);
  const given = args.positionals[0]!;
  // Read line by line and replay game by game: a log of any size needs the memory of one game.
  const scenarios = new Map<string, LoadedScenario>();
  let replayed = 0;
  let failed = 0;
  let stopped = false;
  await readLoggedGames(resolve(io.cwd, given), given, (logged) => {
    if (which.value !== undefined && logged.game !== which.value) return true;
    replayed++;
    const code = replayOne(logged, io, root, scenarios);
    if (code !== EXIT_OK) failed++;
    stopped = code === EXIT_USAGE;
    return !stopped;
  });
  if (stopped) return EXIT_USAGE;
  if (replayed === 0) {
    io.stderr.write(usageLine('replay', which.value === undefined ? 'the log holds no game' : `the log holds no game ${which.value}`));
    return EXIT_USAGE;
  }
  if (replayed > 1) io.stdout.write(`\n${replayed - failed} of ${replayed} games verified${failed > 0 ? `; ${failed} diverged or stopped before their end` : ''}\n`);
  return failed > 0 ? EXIT_FAILURE : EXIT_OK;
}

function replayOne(logged: LoggedGame, io: CliIo, root: string, scenarios: Map<string, LoadedScenario>): number {
  const { header } = logged;
  const key = `${header.scenario}\u0000${header.variant ?? ''}`;
  // A log names its scenario relative to the project (older logs: absolutely); either way it is read only inside the root.
  const loaded = scenarios.get(key) ?? loadScenario(io.cwd, fromProject(root, header.scenario), header.variant ?? undefined, { root });
  scenarios.set(key, loaded);
  if (!loaded.ok) {
    // The log names its scenario: a scenario it cannot have is a bad input file, not a bad command line.
    io.stderr.write(errorLine('replay', loaded.code, `game ${logged.game}: ${loaded.message}`));
    return EXIT_FAILURE;
  }
  if (loaded.graph === null || hasErrors(loaded.diagnostics)) {
    writeDiagnostics(io, io.stderr, loaded.diagnostics, loaded.host.readCached);
    return EXIT_FAILURE;
  }
  const outcome = replayLoggedGame(loaded.graph, header, logged.events);
  const source = loaded.host.readCached;
  const words = gameWords(loaded.graph, header);
  io.stdout.write(
    `game ${logged.game}: ${printable(displayPath(io.cwd, loaded.file))}  variant ${printable(header.variant ?? '(base)')}  ` +
      `${header.players} players  seed ${header.seed}  ${header.agents.map((a, seat) => `p${seat + 1} ${printable(a)}`).join(', ')}\n`,
  );
  printEvents(io, logged.events.slice(0, outcome.matched + (outcome.ok ? 0 : 1)), words);
  return reportOutcome(io, logged, outcome, source);
}

function reportOutcome(io: CliIo, logged: LoggedGame, outcome: ReplayOutcome, source: (file: string) => string | undefined): number {
  if (outcome.ok && outcome.stopped !== undefined) {
    // The replay agrees with the log, but the game never ended: that is not a verified game.
    io.stdout.write(`  result: ${outcome.result}\n  verified: ${logged.events.length} events match the log\n`);
    io.stdout.write(`  STOPPED before its end: ${printable(outcome.stopped.code)}: ${printable(outcome.stopped.message)}\n`);
    // Where it stopped: the rule, action or ask that was running, with its code frame.
    if (outcome.stopped.file !== undefined) {
      const frame = renderDiagnostic({ severity: 'error', ...outcome.stopped }, { displayPath: (f) => displayPath(io.cwd, f), source, color: io.color ?? false });
      io.stdout.write(frame.split('\n').map((line) => `    ${line}`).join('\n') + '\n');
    }
    return EXIT_FAILURE;
  }
  if (outcome.ok) {
    io.stdout.write(`  result: ${outcome.result}\n  verified: ${logged.events.length} events match the log\n`);
    return EXIT_OK;
  }
  io.stdout.write(`  DIVERGED at event ${outcome.matched + 1}: ${outcome.reason.split('\n').map(printable).join('\n')}\n`);
  return EXIT_FAILURE;
}

/** The game's events round by round, in the words `play` uses (one formatter: GameWords). */
function printEvents(io: CliIo, events: LoggedEvent[], words: GameWords | null): void {
  let round = -1;
  for (const e of events) {
    if (e.round !== round) {
      round = e.round;
      io.stdout.write(round === 0 ? '  setup\n' : `  round ${round}\n`);
    }
    const entry = { event: e.event, data: (e.data ?? {}) as Record<string, unknown> };
    const text = words !== null ? words.entry(entry) : printable(`${e.event} ${JSON.stringify(e.data ?? {})}`);
    io.stdout.write(`    ${e.turn > 0 ? `turn ${e.turn}  ` : ''}${text}\n`);
  }
}

/** The words of a logged game: a fresh game of its setup names its cards and sites; null when the engine cannot make one. */
function gameWords(graph: RuleGraph, header: GameLogHeader): GameWords | null {
  const lg = loadGraph(graph, { options: header.options });
  if (lg.value === null) return null;
  const game = createGame(lg.value, { seed: header.seed, players: header.players, options: header.options, recordLog: false });
  return game.value === null ? null : new GameWords(lg.value, game.value);
}

export const replayCommand: Command = { name: 'replay', summary: 'replay and verify a game from a simulate --log file', usage, run };
