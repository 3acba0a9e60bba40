import { EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.ts';
import { checkCommand } from './commands/check.ts';
import { compileCommand } from './commands/compile.ts';
import { diffCommand } from './commands/diff.ts';
import { fmtCommand } from './commands/fmt.ts';
import { lspCommand } from './commands/lsp.ts';
import { replayCommand } from './commands/replay.ts';
import { simulateCommand } from './commands/simulate.ts';
import { testCommand } from './commands/test.ts';
import { CLI_VERSION } from './version.ts';

export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export const COMMANDS: readonly Command[] = [checkCommand, compileCommand, fmtCommand, simulateCommand, replayCommand, testCommand, diffCommand, lspCommand];

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
    'Exit codes: 0 fine, 1 errors in the input (or a failed check), 2 a wrong command line.',
    '',
  ].join('\n');
}

/** Runs the command line `argv` (without node and the script) and returns the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
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
    io.stderr.write(`houserules: unknown command "${first}"\n\n${generalHelp()}`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(command.usage);
    return EXIT_OK;
  }
  return command.run(rest, io);
}
