import { limitPerFile } from '@houserules/compiler';
import { printable } from '@houserules/schema';
import { DEFAULT_FORMAT_WIDTH, format, MAX_SOURCE_BYTES } from '@houserules/syntax';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { flag, integerOption, parseCommandArgs } from '../command-args.ts';
import { displayPath, writeDiagnostics } from '../diagnostic-output.ts';
import { CliError, errorLine, usageLine } from '../cli-errors.ts';
import { readInputFile } from '../input-file.ts';
import { findProjectRoot } from '../node-module-host.ts';
import { writeOutputFile } from '../output-file.ts';
import type { Command } from '../main.ts';
import { formatRulesBlocks } from '../markdown-rules.ts';
import { findRulesFiles } from '../rules-files.ts';

const usage = `Usage: houserules fmt [--check] [--width N] <paths…>

Formats .rules files in place with the canonical formatter. A directory is
searched for *.rules files. A file that does not parse is left untouched and
its diagnostics are printed. A markdown file named (not found in a directory)
has its \`\`\`rules blocks formatted; a block that does not parse stays as it is.
Long expressions wrap at the width; conditions and if … else if ladders the
author broke across lines stay broken.

Options:
  --check      change nothing; list the files that are not formatted and exit 1 if any
  --width N    the line width long expressions wrap at (default ${DEFAULT_FORMAT_WIDTH}, at least 20)
  -h, --help   this help
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { check: { type: 'boolean' }, width: { type: 'string' } });
  if (!parsed.ok) {
    io.stderr.write(usageLine('fmt', parsed.message));
    return EXIT_USAGE;
  }
  const { args } = parsed;
  if (args.positionals.length === 0) {
    io.stderr.write(`${usageLine('fmt', `name at least one file or directory`)}\n${usage}`);
    return EXIT_USAGE;
  }
  const found = findRulesFiles(io.cwd, args.positionals);
  if (!found.ok) {
    io.stderr.write(errorLine('fmt', found.code, found.message));
    return EXIT_USAGE;
  }
  const width = integerOption(args, 'width', 20);
  if (!width.ok) {
    io.stderr.write(usageLine('fmt', width.message));
    return EXIT_USAGE;
  }
  const checkOnly = flag(args, 'check');
  let unformatted = 0;
  let failed = 0;
  let rewritten = 0;
  for (const file of found.files) {
    const shown = displayPath(io.cwd, file);
    const text = readSource(file, shown, io);
    if (text === undefined) {
      failed++;
      continue;
    }
    const options = { width: width.value ?? DEFAULT_FORMAT_WIDTH };
    const result = file.endsWith('.md')
      ? { value: formatRulesBlocks(text, (block) => format(block, file, options).value), diagnostics: [] }
      : format(text, file, options);
    if (result.value === null) {
      failed++;
      writeDiagnostics(io, io.stderr, limitPerFile(result.diagnostics), (f) => (f === file ? text : undefined));
      continue;
    }
    if (result.value === text) continue;
    unformatted++;
    if (checkOnly) {
      io.stdout.write(`${printable(shown)}\n`);
    } else {
      try {
        // Written back only where it was read, never through a symlink out of its project.
        writeOutputFile(io.cwd, file, result.value, findProjectRoot(file, io.cwd));
        rewritten++;
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        io.stderr.write(errorLine('fmt', error.code, error.message));
        failed++;
      }
    }
  }
  if (checkOnly && unformatted > 0) io.stderr.write(`${unformatted} file(s) not formatted; run houserules fmt to fix\n`);
  if (!checkOnly) io.stderr.write(`formatted ${rewritten} of ${found.files.length} file(s)\n`);
  return failed > 0 || (checkOnly && unformatted > 0) ? EXIT_FAILURE : EXIT_OK;
}

/** A file's text, or undefined after saying why it cannot be formatted (unreadable, not a regular file, beyond the size budget). */
function readSource(file: string, shown: string, io: CliIo): string | undefined {
  const read = readInputFile(file, shown, MAX_SOURCE_BYTES);
  if (read.ok) return read.text;
  const code = read.reason === 'too-big' ? 'limit/source-size' : read.reason === 'not-a-regular-file' ? 'cli/not-a-regular-file' : 'cli/cannot-read';
  io.stderr.write(errorLine('fmt', code, read.message));
  return undefined;
}

export const fmtCommand: Command = { name: 'fmt', summary: 'format .rules files (or --check them)', usage, run };
