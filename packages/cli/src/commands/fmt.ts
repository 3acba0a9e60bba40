import { readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_FORMAT_WIDTH, format } from '@houserules/syntax';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { flag, integerOption, parseCommandArgs } from '../command-args.ts';
import { displayPath, writeDiagnostics } from '../diagnostic-output.ts';
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
    io.stderr.write(`houserules fmt: ${parsed.message}\n`);
    return EXIT_USAGE;
  }
  const { args } = parsed;
  if (args.positionals.length === 0) {
    io.stderr.write(`houserules fmt: name at least one file or directory\n\n${usage}`);
    return EXIT_USAGE;
  }
  const found = findRulesFiles(io.cwd, args.positionals);
  if (!found.ok) {
    io.stderr.write(`houserules fmt: ${found.message}\n`);
    return EXIT_USAGE;
  }
  const width = integerOption(args, 'width', 20);
  if (!width.ok) {
    io.stderr.write(`houserules fmt: ${width.message}\n`);
    return EXIT_USAGE;
  }
  const checkOnly = flag(args, 'check');
  let unformatted = 0;
  let failed = 0;
  let rewritten = 0;
  for (const file of found.files) {
    const text = readFileSync(file, 'utf8');
    const options = { width: width.value ?? DEFAULT_FORMAT_WIDTH };
    const result = file.endsWith('.md')
      ? { value: formatRulesBlocks(text, (block) => format(block, file, options).value), diagnostics: [] }
      : format(text, file, options);
    if (result.value === null) {
      failed++;
      writeDiagnostics(io, io.stderr, result.diagnostics, (f) => (f === file ? text : undefined));
      continue;
    }
    if (result.value === text) continue;
    unformatted++;
    if (checkOnly) {
      io.stdout.write(`${displayPath(io.cwd, file)}\n`);
    } else {
      writeFileSync(file, result.value);
      rewritten++;
    }
  }
  if (checkOnly && unformatted > 0) io.stderr.write(`${unformatted} file(s) not formatted; run houserules fmt to fix\n`);
  if (!checkOnly) io.stderr.write(`formatted ${rewritten} of ${found.files.length} file(s)\n`);
  return failed > 0 || (checkOnly && unformatted > 0) ? EXIT_FAILURE : EXIT_OK;
}

export const fmtCommand: Command = { name: 'fmt', summary: 'format .rules files (or --check them)', usage, run };
