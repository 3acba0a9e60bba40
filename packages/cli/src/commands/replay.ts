import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { integerOption, parseCommandArgs } from '../command-args.ts';
import { displayPath, hasErrors, writeDiagnostics } from '../diagnostic-output.ts';
import type { Command } from '../main.ts';
import { findProjectRoot } from '../node-module-host.ts';
import { rootHelp, rootOption } from '../project-hosts.ts';
import { loadScenario } from '../scenario-loader.ts';
import { readGameLog, replayLoggedGame, type LoggedEvent, type LoggedGame, type ReplayOutcome } from '@houserules/simulation';

const usage = `Usage: houserules replay <log.jsonl> [--game N] [--root DIR]

Plays the games of a \`simulate --log\` file again with the engine's replay:
each game is created from its header line (scenario, variant, options,
players, seed), the logged answers are applied, and every event, chance draw,
answer and state hash must match the log. Prints the game round by round.
A log is untrusted input: the scenario its header names is read only when it
lies inside the project (the one the working directory is in, or --root).

Options:
  --game N      replay only game N (default: every game in the log)
${rootHelp(16)}
  -h, --help    this help

Exit code 1 when a replayed game diverges from its log.
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { game: { type: 'string' }, root: { type: 'string' } });
  if (!parsed.ok) {
    io.stderr.write(`houserules replay: ${parsed.message}\n`);
    return EXIT_USAGE;
  }
  const { args } = parsed;
  const which = integerOption(args, 'game', 0);
  if (!which.ok) {
    io.stderr.write(`houserules replay: ${which.message}\n`);
    return EXIT_USAGE;
  }
  if (args.positionals.length !== 1) {
    io.stderr.write(`houserules replay: name exactly one log file\n\n${usage}`);
    return EXIT_USAGE;
  }
  const givenRoot = rootOption(args, io.cwd);
  if (!givenRoot.ok) {
    io.stderr.write(`houserules replay: ${givenRoot.message}\n`);
    return EXIT_USAGE;
  }
  const root = givenRoot.root ?? findProjectRoot(io.cwd, io.cwd);
  let text: string;
  try {
    text = readFileSync(resolve(io.cwd, args.positionals[0]!), 'utf8');
  } catch {
    io.stderr.write(`houserules replay: cannot read ${args.positionals[0]}\n`);
    return EXIT_USAGE;
  }
  const log = readGameLog(text);
  if (!log.ok) {
    io.stderr.write(`houserules replay: ${args.positionals[0]}: ${log.message}\n`);
    return EXIT_FAILURE;
  }
  const games = which.value === undefined ? log.games : log.games.filter((g) => g.game === which.value);
  if (games.length === 0) {
    io.stderr.write(`houserules replay: ${which.value === undefined ? 'the log holds no game' : `the log holds no game ${which.value}`}\n`);
    return EXIT_USAGE;
  }
  let diverged = 0;
  for (const logged of games) {
    const code = replayOne(logged, io, root);
    if (code === EXIT_USAGE) return code;
    if (code !== EXIT_OK) diverged++;
  }
  if (games.length > 1) io.stdout.write(`\n${games.length - diverged} of ${games.length} games verified\n`);
  return diverged > 0 ? EXIT_FAILURE : EXIT_OK;
}

function replayOne(logged: LoggedGame, io: CliIo, root: string): number {
  const { header } = logged;
  const loaded = loadScenario(io.cwd, header.scenario, header.variant ?? undefined, { root });
  if (!loaded.ok) {
    if (loaded.code !== undefined) {
      // The log named a file outside the project: a bad input file, not a bad command line.
      io.stderr.write(`houserules replay: game ${logged.game}: error[${loaded.code}]: ${loaded.message}\n`);
      return EXIT_FAILURE;
    }
    io.stderr.write(`houserules replay: game ${logged.game}: ${loaded.message}\n`);
    return EXIT_USAGE;
  }
  if (loaded.graph === null || hasErrors(loaded.diagnostics)) {
    writeDiagnostics(io, io.stderr, loaded.diagnostics, loaded.host.readCached);
    return EXIT_FAILURE;
  }
  const outcome = replayLoggedGame(loaded.graph, header, logged.events);
  io.stdout.write(
    `game ${logged.game}: ${displayPath(io.cwd, loaded.file)}  variant ${header.variant ?? '(base)'}  ` +
      `${header.players} players  seed ${header.seed}  agents ${header.agents.join(', ')}\n`,
  );
  printEvents(io, logged.events.slice(0, outcome.matched + (outcome.ok ? 0 : 1)));
  return reportOutcome(io, logged, outcome);
}

function reportOutcome(io: CliIo, logged: LoggedGame, outcome: ReplayOutcome): number {
  if (outcome.ok) {
    io.stdout.write(`  result: ${outcome.result}\n  verified: ${logged.events.length} events match the log\n`);
    return EXIT_OK;
  }
  io.stdout.write(`  DIVERGED at event ${outcome.matched + 1}: ${outcome.reason}\n`);
  return EXIT_FAILURE;
}

function formatData(data: unknown): string {
  if (data === null || data === undefined) return '';
  if (typeof data === 'object' && !Array.isArray(data)) {
    const entries = Object.entries(data as Record<string, unknown>);
    if (entries.length === 0) return '';
    return `(${entries.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')})`;
  }
  return `(${JSON.stringify(data)})`;
}

/** Chance and answers read as sentences; rule events as name(arguments). */
function describeEntry(e: LoggedEvent): string {
  const d = (e.data ?? {}) as Record<string, unknown>;
  switch (e.event) {
    case '$answer': {
      const move = d['move'] as { kind: string; value?: unknown; action?: string; args?: unknown[] } | undefined;
      const what = move?.kind === 'action' ? `does ${move.action}(${(move.args ?? []).map((a) => JSON.stringify(a)).join(', ')})` : `chooses ${String(move?.value)}`;
      return `p${Number(d['seat']) + 1} ${what}`;
    }
    case '$reveal':
      return `${d['hidden'] ? 'draws' : 'reveals'} card #${String(d['card'])} (${String(d['kind'])}) from ${String(d['from'])} to ${String(d['to'])}`;
    case '$shuffle':
      return `shuffles ${String(d['zone'])}`;
    case '$roll':
      return `rolls ${String(d['dice'])}d${String(d['sides'])}: ${String(d['total'])}`;
    case '$end':
      return `game ends (${String(d['reason'])})`;
    case '$start':
      return `start: seed ${String(d['seed'])}, ${String(d['players'])} players`;
    default:
      return `${e.event}${formatData(e.data)}`;
  }
}

function printEvents(io: CliIo, events: LoggedEvent[]): void {
  let round = -1;
  for (const e of events) {
    if (e.round !== round) {
      round = e.round;
      io.stdout.write(round === 0 ? '  setup\n' : `  round ${round}\n`);
    }
    io.stdout.write(`    ${e.turn > 0 ? `turn ${e.turn}  ` : ''}${describeEntry(e)}\n`);
  }
}

export const replayCommand: Command = { name: 'replay', summary: 'replay and verify a game from a simulate --log file', usage, run };
