import { EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.ts';
import { checkCommand } from './commands/check.ts';
import { compileCommand } from './commands/compile.ts';
import { diffCommand } from './commands/diff.ts';
import { fmtCommand } from './commands/fmt.ts';
import { graphCommand } from './commands/graph.ts';
import { renderCommand } from './commands/render.ts';
import { playCommand } from './commands/play.ts';
import { initCommand } from './commands/init.ts';
import { lspCommand } from './commands/lsp.ts';
import { mergeCommand } from './commands/merge.ts';
import { replayCommand } from './commands/replay.ts';
import { simulateCommand } from './commands/simulate.ts';
import { testCommand } from './commands/test.ts';
import { CliError, errorLine, EXIT_INTERNAL, internalErrorText } from './cli-errors.ts';
import { guardOutput } from './terminal-guard.ts';
import { nearNames } from '@houserules/compiler';
import { CLI_VERSION } from './version.ts';

export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export const COMMANDS: readonly Command[] = [initCommand, checkCommand, compileCommand, fmtCommand, simulateCommand, mergeCommand, playCommand, replayCommand, testCommand, diffCommand, renderCommand, graphCommand, lspCommand];

function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `houserules ${CLI_VERSION} — compile, check, format and simulate .rules scenarios`,
    '',
    'Usage: houserules <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `houserules <command> --help` for a command’s options.',
    'Exit codes: 0 fine, 1 errors in the input (or a failed check), 2 a wrong command line,',
    '70 an internal error (a bug: please report it; --debug shows where it happened).',
    '',
  ].join('\n');
}

/**
 * Runs the command line `argv` (without node and the script) and returns the
 * exit code. Never throws: a user's or an input's mistake is one line with a
 * code and exit 1 or 2; anything else is a bug, reported in one line with
 * exit 70 (the stack only with `--debug`).
 */
export async function main(argv: string[], given: CliIo): Promise<number> {
  // Nothing a scenario, a log or a file name holds reaches the terminal raw.
  const color = given.color ?? false;
  const io: CliIo = { ...given, stdout: guardOutput(given.stdout, color), stderr: guardOutput(given.stderr, color) };
  const debug = argv.includes('--debug');
  const args = argv.filter((a) => a !== '--debug');
  try {
    return await dispatch(args, io);
  } catch (error) {
    const command = COMMANDS.find((c) => c.name === args[0])?.name;
    if (error instanceof CliError) {
      io.stderr.write(errorLine(command, error.code, error.message));
      return error.exit;
    }
    io.stderr.write(internalErrorText(command, error, debug));
    return EXIT_INTERNAL;
  }
}

async function dispatch(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const named = first === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    io.stdout.write(named ? named.usage : generalHelp());
    return EXIT_OK;
  }
  if (first === '--version' || first === '-v' || first === 'version') {
    io.stdout.write(`${CLI_VERSION}\n`);
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (!command) {
    const near = nearNames(first, COMMANDS.map((c) => c.name));
    const hint = near.length > 0 ? ` (did you mean ${near.map((n) => `houserules ${n}`).join(' or ')}?)` : '';
    io.stderr.write(`${errorLine(undefined, 'cli/usage', `unknown command "${first}"${hint}`)}\n${generalHelp()}`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(command.usage);
    return EXIT_OK;
  }
  return command.run(rest, io);
}
