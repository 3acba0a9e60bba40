import { EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.ts';
import { CliError, errorLine, EXIT_INTERNAL, internalErrorText } from './cli-errors.ts';
import { guardOutput } from './terminal-guard.ts';
import { nearNames } from '@houserules/compiler/suggest-name';
import { CLI_VERSION } from './version.ts';

export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

/**
 * The commands, in the order help lists them. Each command's module is
 * imported only when it runs (or its help is asked for): the bundle splits
 * them into chunks, so `simulate` never loads the language server, Graphviz or
 * the diff. The summary is the one the command's own module gives (a test
 * checks they agree); it is here so the general help loads no command.
 */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'init', summary: 'create a new scenario (module, rule, test, README) that checks green', load: async () => (await import('./commands/init.ts')).initCommand },
  { name: 'check', summary: 'compile scenarios with every variant and report diagnostics', load: async () => (await import('./commands/check.ts')).checkCommand },
  { name: 'compile', summary: 'compile a scenario to its rule graph JSON', load: async () => (await import('./commands/compile.ts')).compileCommand },
  { name: 'fmt', summary: 'format .rules files (or --check them)', load: async () => (await import('./commands/fmt.ts')).fmtCommand },
  { name: 'simulate', summary: 'play many games with agents and summarise them', load: async () => (await import('./commands/simulate.ts')).simulateCommand },
  { name: 'merge', summary: 'combine the partials of `simulate --shard` or `diff --balance --shard` runs into the whole run\'s report', load: async () => (await import('./commands/merge.ts')).mergeCommand },
  { name: 'play', summary: 'play a game in the terminal against bots', load: async () => (await import('./commands/play.ts')).playCommand },
  { name: 'replay', summary: 'replay and verify a game from a simulate --log file', load: async () => (await import('./commands/replay.ts')).replayCommand },
  { name: 'test', summary: "run the scenarios' test blocks; rule coverage", load: async () => (await import('./commands/test.ts')).testCommand },
  { name: 'diff', summary: 'compare two printings: rules, a shrunk witness game, balance', load: async () => (await import('./commands/diff.ts')).diffCommand },
  { name: 'render', summary: 'draw a game’s board (or its zones and cards) as an SVG picture', load: async () => (await import('./commands/render.ts')).renderCommand },
  { name: 'graph', summary: 'draw the rule graph (events, rules, what they read and write) as SVG or DOT', load: async () => (await import('./commands/graph.ts')).graphCommand },
  { name: 'lsp', summary: 'the language server (LSP over stdio) for editors', load: async () => (await import('./commands/lsp.ts')).lspCommand },
];

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
    io.stdout.write(named ? (await named.load()).usage : generalHelp());
    return EXIT_OK;
  }
  if (first === '--version' || first === '-v' || first === 'version') {
    io.stdout.write(`${CLI_VERSION}\n`);
    return EXIT_OK;
  }
  const entry = COMMANDS.find((c) => c.name === first);
  if (!entry) {
    const near = nearNames(first, COMMANDS.map((c) => c.name));
    const hint = near.length > 0 ? ` (did you mean ${near.map((n) => `houserules ${n}`).join(' or ')}?)` : '';
    io.stderr.write(`${errorLine(undefined, 'cli/usage', `unknown command "${first}"${hint}`)}\n${generalHelp()}`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(command.usage);
    return EXIT_OK;
  }
  return command.run(rest, io);
}
