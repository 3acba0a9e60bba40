import type { Command } from '../main.ts';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { flag, parseCommandArgs } from '../command-args.ts';
import { runLanguageServer } from '../lsp/stdio-server.ts';
import { rootOption } from '../project-hosts.ts';

const usage = `Usage: houserules lsp [--stdio] [--root DIR]

Serves the Language Server Protocol on standard input and output, for any
editor: diagnostics as you type, completion, hover, go to definition, find
references, rename, outline, folding, semantic tokens, signature help,
formatting, highlights, code lenses (run a test; how many tests fire a rule)
and quick fixes. Files the open documents load are read through the same
module host as \`houserules check\`, only inside the workspace: --root, else
the folders the editor names. See docs/editor.md.

Options:
  --stdio               talk over standard input and output (the default and only transport)
  --clientProcessId N   accepted (editors pass it); the server ends when the editor's process does
  --root DIR            the workspace: the folder files may be read from (default: the
                        editor's workspace folders; with none, no file is read from disk)
  -h, --help            this help

With --debug, an internal failure is logged (to stderr) with its stack.
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { stdio: { type: 'boolean' }, clientProcessId: { type: 'string' }, root: { type: 'string' } });
  if (!parsed.ok) {
    io.stderr.write(`houserules lsp: ${parsed.message}\n`);
    return EXIT_USAGE;
  }
  if (flag(parsed.args, 'help')) {
    io.stdout.write(usage);
    return EXIT_OK;
  }
  const root = rootOption(parsed.args, io.cwd);
  if (!root.ok) {
    io.stderr.write(`houserules lsp: ${root.message}\n`);
    return EXIT_USAGE;
  }
  // main takes --debug off the command line before the command sees it; the server is the process's own, so ask the process
  const debug = process.argv.includes('--debug');
  return runLanguageServer({ input: process.stdin, output: process.stdout, io, root: root.root, debug });
}

export const lspCommand: Command = { name: 'lsp', summary: 'the language server (LSP over stdio) for editors', usage, run };
