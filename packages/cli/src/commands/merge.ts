import { resolve } from 'node:path';
import { stringifyJson } from '@houserules/schema';
import { mergePartialFiles, readPartialFile, summarizePartial, type PartialFile } from '@houserules/simulation';
import { MAX_PARTIAL_FILE } from '../cli-budgets.ts';
import { CliError, usageLine } from '../cli-errors.ts';
import { inputError, readInputFile } from '../input-file.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { flag, parseCommandArgs } from '../command-args.ts';
import type { Command } from '../main.ts';
import { formatSummary } from '../simulate/format-summary.ts';

const usage = `Usage: houserules merge <partial.json>… [--json]

Combines the partial summaries that \`simulate --shard i/n\` wrote, one per
shard, into the summary of the whole run: exactly the one a single
\`houserules simulate\` of all the games prints (the games are the same, each
seeded from the run seed and its index, and partials hold integers only).
Every shard 1…n of one run must be there once. A partial is untrusted input:
each is checked (format version, fields, counts that add up) before merging.

Options:
  --json        print the summary as JSON ({ summary, shards })
  -h, --help    this help

Exit code 1 when a partial is not one \`simulate\` wrote (cli/malformed-partial),
when the partials are not the shards of one run (cli/partials-disagree), or when
a game of the run stopped on a run error (as \`simulate\`).
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { json: { type: 'boolean' } });
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
  const files: PartialFile[] = [];
  for (const given of args.positionals) {
    const read = readPartialFile(parseJson(readPartialText(io.cwd, given), given));
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
    throw new CliError('cli/malformed-partial', `${given}: it is not JSON (a partial \`simulate --shard\` wrote, cut short or edited?)`, EXIT_FAILURE);
  }
}

export const mergeCommand: Command = { name: 'merge', summary: 'combine the partial summaries of `simulate --shard` runs into one summary', usage, run };
