import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { limitPerFile } from '@houserules/compiler';
import { printable } from '@houserules/schema';
import { format, MAX_SOURCE_BYTES } from '@houserules/syntax';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { flag, parseCommandArgs } from '../command-args.ts';
import { displayPath, writeDiagnostics } from '../diagnostic-output.ts';
import { describeFsError, errorLine, usageLine } from '../cli-errors.ts';
import type { Command } from '../main.ts';
import { findRulesFiles } from '../rules-files.ts';

const usage = `Usage: houserules fmt [--check] <paths…>

Formats .rules files in place with the canonical formatter. A directory is
searched for *.rules files. A file that does not parse is left untouched and
its diagnostics are printed.

Options:
  --check     change nothing; list the files that are not formatted and exit 1 if any
  -h, --help  this help
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { check: { type: 'boolean' } });
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
    io.stderr.write(usageLine('fmt', found.message));
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
    const result = format(text, file);
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
        writeFileSync(file, result.value);
        rewritten++;
      } catch (error) {
        io.stderr.write(errorLine('fmt', 'cli/cannot-write', describeFsError(error, shown, 'write')));
        failed++;
      }
    }
  }
  if (checkOnly && unformatted > 0) io.stderr.write(`${unformatted} file(s) not formatted; run houserules fmt to fix\n`);
  if (!checkOnly) io.stderr.write(`formatted ${rewritten} of ${found.files.length} file(s)\n`);
  return failed > 0 || (checkOnly && unformatted > 0) ? EXIT_FAILURE : EXIT_OK;
}

/** A file's text, or undefined after saying why it cannot be formatted (unreadable, beyond the size budget). */
function readSource(file: string, shown: string, io: CliIo): string | undefined {
  try {
    const size = statSync(file).size;
    if (size > MAX_SOURCE_BYTES) {
      io.stderr.write(errorLine('fmt', 'limit/source-size', `${shown} holds ${size} bytes, more than the ${MAX_SOURCE_BYTES} a .rules file may hold`));
      return undefined;
    }
    return readFileSync(file, 'utf8');
  } catch (error) {
    io.stderr.write(errorLine('fmt', 'cli/cannot-read', describeFsError(error, shown, 'read')));
    return undefined;
  }
}

export const fmtCommand: Command = { name: 'fmt', summary: 'format .rules files (or --check them)', usage, run };
