import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { parseCommandArgs, stringOption } from '../command-args.ts';
import { CliError, describeFsError, usageLine } from '../cli-errors.ts';
import { displayPath } from '../diagnostic-output.ts';
import type { Command } from '../main.ts';
import { writeOutputFile } from '../output-file.ts';
import { scaffoldFiles } from '../scaffold.ts';

const usage = `Usage: houserules init <dir> [--title "Title"]

Creates a new scenario in <dir> (which must not exist or be empty): the module
<dir>/<dir>.rules with one rule, a test in <dir>/tests/<dir>.rules, the rulebook
text it cites (rulebook.txt), a README and conformance.json. It checks and
tests green as it is:

  houserules check <dir>
  houserules test <dir> --coverage

Options:
  --title T    the scenario's title (default: from the folder's name)
  -h, --help   this help
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { title: { type: 'string' } });
  if (!parsed.ok) {
    io.stderr.write(usageLine('init', parsed.message));
    return EXIT_USAGE;
  }
  const { args } = parsed;
  if (args.positionals.length !== 1) {
    io.stderr.write(`${usageLine('init', 'name exactly one folder to create')}\n${usage}`);
    return EXIT_USAGE;
  }
  const given = args.positionals[0]!;
  const dir = resolve(io.cwd, given);
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0)) {
    io.stderr.write(usageLine('init', `${given} already exists and is not an empty folder`));
    return EXIT_USAGE;
  }
  const files = scaffoldFiles(basename(dir), stringOption(args, 'title'), !insideProject(dir));
  if (!files.ok) {
    io.stderr.write(usageLine('init', files.message));
    return EXIT_USAGE;
  }
  for (const file of files.files) {
    const path = join(dir, file.path);
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (error) {
      throw new CliError('cli/cannot-write', describeFsError(error, join(given, file.path), 'write'), EXIT_USAGE);
    }
    writeOutputFile(io.cwd, path, file.text);
  }
  const shown = displayPath(io.cwd, dir);
  io.stdout.write(
    [
      `Created ${files.name} in ${shown}/:`,
      ...files.files.map((f) => `  ${f.path}`),
      '',
      'Next:',
      `  houserules check ${shown}`,
      `  houserules test ${shown} --coverage`,
      `  houserules simulate ${shown} --games 100`,
      '',
    ].join('\n'),
  );
  return EXIT_OK;
}

/** Whether a folder above `dir` already marks a project (so the scaffold needs no package.json of its own). */
function insideProject(dir: string): boolean {
  for (let folder = dirname(dir); ; folder = dirname(folder)) {
    if (['pnpm-workspace.yaml', '.git', 'package.json'].some((marker) => existsSync(join(folder, marker)))) return true;
    if (dirname(folder) === folder) return false;
  }
}

export const initCommand: Command = { name: 'init', summary: 'create a new scenario (module, rule, test, README) that checks green', usage, run };
