import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { parseCommandArgs, stringOption } from '../command-args.ts';
import { CliError, describeFsError, usageLine } from '../cli-errors.ts';
import { displayPath } from '../diagnostic-output.ts';
import type { Command } from '../main.ts';
import { checkedOutputPath, writeOutputFile } from '../output-file.ts';
import { scaffoldFiles, type ScaffoldFile } from '../scaffold.ts';

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
  // Where the folder really is, every symlink resolved: not under /proc or /dev, not a dangling
  // link, not through a link out of the project (its module would not check there).
  const dir = checkedOutputPath(io.cwd, given, null, 'folder');
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    io.stderr.write(usageLine('init', `${given} already exists and is not an empty folder`));
    return EXIT_USAGE;
  }
  const files = scaffoldFiles(basename(resolve(io.cwd, given)), stringOption(args, 'title'), !insideProject(dir));
  if (!files.ok) {
    io.stderr.write(usageLine('init', files.message));
    return EXIT_USAGE;
  }
  // The promise is a scenario that checks: compiled in memory first, so a name the language
  // refuses (a reserved word such as `constructor`) is said here, before anything is written.
  const problem = await scaffoldProblem(files.files);
  if (problem !== undefined) {
    io.stderr.write(usageLine('init', `a scenario named ${files.name} would not check (${problem}): choose another folder name, such as ${files.name}_game`));
    return EXIT_USAGE;
  }
  for (const file of files.files) {
    const path = join(dir, file.path);
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (error) {
      throw new CliError('cli/cannot-write', describeFsError(error, join(given, file.path), 'write'), EXIT_USAGE);
    }
    writeOutputFile(io.cwd, path, file.text, null);
  }
  const shown = displayPath(io.cwd, resolve(io.cwd, given));
  const folder = basename(resolve(io.cwd, given));
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
      'A house rule of it: a folder beside it whose module starts',
      `  module my_house extends "../${folder}/${folder}.rules"`,
      `then compare the two:  houserules diff ${shown} my_house --behaviour`,
      '',
    ].join('\n'),
  );
  return EXIT_OK;
}

/** The first error of the scaffold's modules compiled in memory, or undefined when they check. */
async function scaffoldProblem(files: readonly ScaffoldFile[]): Promise<string | undefined> {
  const { check, createMemoryHost } = await import('@houserules/compiler');
  const host = createMemoryHost(Object.fromEntries(files.filter((f) => f.path.endsWith('.rules')).map((f) => [`/scaffold/${f.path}`, f.text])));
  for (const file of files.filter((f) => f.path.endsWith('.rules'))) {
    const error = check(host, `/scaffold/${file.path}`).diagnostics.find((d) => d.severity === 'error');
    if (error !== undefined) return error.message;
  }
  return undefined;
}

/** Whether a folder above `dir` already marks a project (so the scaffold needs no package.json of its own). */
function insideProject(dir: string): boolean {
  for (let folder = dirname(dir); ; folder = dirname(folder)) {
    if (['pnpm-workspace.yaml', '.git', 'package.json'].some((marker) => existsSync(join(folder, marker)))) return true;
    if (dirname(folder) === folder) return false;
  }
}

export const initCommand: Command = { name: 'init', summary: 'create a new scenario (module, rule, test, README) that checks green', usage, run };
