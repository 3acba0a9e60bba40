import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { isBalancePartial, mergeBalancePartials, readBalancePartial, type BalancePartialFile } from '@houserules/diff';
import { printable, stringifyJson } from '@houserules/schema';
import { mergePartialFiles, readPartialFile, summarizePartial, type PartialFile } from '@houserules/simulation';
import { MAX_PARTIAL_FILE } from '../cli-budgets.ts';
import { CliError, usageLine } from '../cli-errors.ts';
import { inputError, readInputFile } from '../input-file.ts';
import { isWithin } from '../project-paths.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { flag, parseCommandArgs } from '../command-args.ts';
import type { Command } from '../main.ts';
import { runDiff } from './diff.ts';
import { formatSummary } from '../simulate/format-summary.ts';

const usage = `Usage: houserules merge <partial.json>… [--json | --markdown]

Combines the partials that \`simulate --shard i/n\` or \`diff --balance --shard i/n\`
wrote, one per shard, into the result of the whole run.

Simulation partials: prints the summary of the whole run, exactly the one a
single \`houserules simulate\` of all the games prints (the games are the same,
each seeded from the run seed and its index, and partials hold integers only).

Balance partials: prints the diff report of the whole run, exactly the one a
single \`houserules diff … --balance\` of all the games prints (same text, same
--json, same exit code). A balance partial keeps each side's games, and names
the scenarios as the shards were given them: run the merge in the folder the
shards ran in (elsewhere: exit 2), with the same scenario text (the compiled
graphs are checked).

Every shard 1…n of one run must be there once. A partial is untrusted input:
each is checked (format version, fields, games or counts that add up) before
merging.

Options:
  --json        print the summary as JSON ({ summary, shards }), or the diff report as JSON
  --markdown    balance partials: print the diff report as Markdown
  -h, --help    this help

Exit code 1 when a partial is not one \`simulate\` or \`diff\` wrote
(cli/malformed-partial), when the partials are not the shards of one run
(cli/partials-disagree), or when a game of the run stopped on a run error (as
\`simulate\`); for balance partials, otherwise the exit code of \`diff\`
(1 when it finds a difference, 2 when its scenarios are not here).
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { json: { type: 'boolean' }, markdown: { type: 'boolean' } });
  if (!parsed.ok) {
    io.stderr.write(usageLine('merge', parsed.message));
    return EXIT_USAGE;
  }
  const { args } = parsed;
  if (flag(args, 'help')) {
    io.stdout.write(usage);
    return EXIT_OK;
  }
  if (args.positionals.length === 0) {
    io.stderr.write(`${usageLine('merge', 'name the partial files to merge')}\n${usage}`);
    return EXIT_USAGE;
  }
  if (flag(args, 'json') && flag(args, 'markdown')) {
    io.stderr.write(usageLine('merge', '--json and --markdown: choose one'));
    return EXIT_USAGE;
  }
  const values = args.positionals.map((given) => parseJson(readPartialText(io.cwd, given), given));
  const balance = values.map(isBalancePartial);
  if (balance.some((b) => b !== balance[0])) {
    const other = balance.findIndex((b) => b !== balance[0]);
    throw new CliError('cli/partials-disagree', `${args.positionals[other]!} is a ${balance[other] ? 'balance' : 'simulation'} partial, ${args.positionals[0]!} a ${balance[0] ? 'balance' : 'simulation'} one: they are not shards of one run`, EXIT_FAILURE);
  }
  if (balance[0]) return mergeBalance(args.positionals, values, flag(args, 'json') ? '--json' : flag(args, 'markdown') ? '--markdown' : null, io);
  if (flag(args, 'markdown')) {
    io.stderr.write(usageLine('merge', '--markdown is for balance partials (`diff --balance --shard`): a simulation summary prints as text or --json'));
    return EXIT_USAGE;
  }
  const files: PartialFile[] = [];
  for (const [k, given] of args.positionals.entries()) {
    const read = readPartialFile(values[k]);
    if (!read.ok) throw new CliError('cli/malformed-partial', `${given}: ${read.message}`, EXIT_FAILURE);
    files.push(read.file);
  }
  const merged = mergePartialFiles(files);
  if (!merged.ok) throw new CliError('cli/partials-disagree', merged.message, EXIT_FAILURE);
  const summary = summarizePartial(merged.partial, merged.run);
  if (flag(args, 'json')) io.stdout.write(stringifyJson({ summary, shards: merged.shards }, 2) + '\n');
  else {
    io.stdout.write(formatSummary(summary));
    io.stdout.write(`\n${merged.run.games} games merged from ${merged.shards} shard${merged.shards === 1 ? '' : 's'}\n`);
  }
  return summary.failures.games > 0 ? EXIT_FAILURE : EXIT_OK;
}

/**
 * The partials of one \`diff --balance --shard\` run: checked, merged, then the
 * diff run again on the run's own command line with the shards' games in place
 * of games played here, so it prints what one run of all the games prints.
 */
async function mergeBalance(given: readonly string[], values: readonly unknown[], form: '--json' | '--markdown' | null, io: CliIo): Promise<number> {
  const files: BalancePartialFile[] = [];
  for (const [k, value] of values.entries()) {
    const read = readBalancePartial(value);
    if (!read.ok) throw new CliError('cli/malformed-partial', `${given[k]!}: ${read.message}`, EXIT_FAILURE);
    files.push(read.file);
  }
  const merged = mergeBalancePartials(files);
  if (!merged.ok) throw new CliError('cli/partials-disagree', merged.message, EXIT_FAILURE);
  // the scenarios as the shards were given them: relative to the folder they ran in, which must be this one; a
  // partial is untrusted, so what it names is read only inside this folder (its real path: no `..`, no absolute
  // path, no symlink out), checked before anything is opened
  const here = realPathOf(io.cwd) ?? resolve(io.cwd);
  for (const word of merged.run.args) {
    if (word.startsWith('-')) continue;
    const path = resolve(io.cwd, word);
    const real = existsSync(path) ? realPathOf(path) : undefined;
    if (!isWithin(path, resolve(io.cwd)) || (real !== undefined && !isWithin(real, here))) {
      throw new CliError('cli/malformed-partial', `the partials name the scenario ${printable(word)}, outside this folder: a merge reads only scenarios inside the folder it runs in`, EXIT_FAILURE);
    }
    if (real !== undefined) continue;
    throw new CliError('cli/usage', `the partials name the scenario ${printable(word)} as the shards were given it, and it is not here: run the merge in the folder the shards ran in`, EXIT_USAGE);
  }
  io.stderr.write(`houserules merge: ${merged.run.games} games of each side merged from ${merged.shards} shard${merged.shards === 1 ? '' : 's'}\n`);
  return runDiff([...merged.run.args, '--balance', ...(form === null ? [] : [form])], io, merged);
}

/** A partial's text: a regular file of at most MAX_PARTIAL_FILE bytes (a partial is kilobytes). */
function readPartialText(cwd: string, given: string): string {
  const read = readInputFile(resolve(cwd, given), given, MAX_PARTIAL_FILE);
  if (!read.ok) throw inputError(read, (message) => new CliError('cli/malformed-partial', `${message} (a partial is kilobytes)`, EXIT_FAILURE));
  return read.text;
}

function parseJson(text: string, given: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CliError('cli/malformed-partial', `${given}: it is not JSON (a partial \`simulate --shard\` or \`diff --balance --shard\` wrote, cut short or edited?)`, EXIT_FAILURE);
  }
}

export const mergeCommand: Command = { name: 'merge', summary: 'combine the partials of `simulate --shard` or `diff --balance --shard` runs into the whole run\'s report', usage, run };

/** a path's real path (symlinks resolved), undefined when it cannot be read */
function realPathOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
