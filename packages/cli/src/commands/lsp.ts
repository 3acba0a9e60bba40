import { dirname } from 'node:path';
import { createConnection } from 'vscode-languageserver/node';
import type { ModuleHost } from '@houserules/compiler';
import { startServer } from '@houserules/language-service/lsp';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { flag, parseCommandArgs } from '../command-args.ts';
import type { Command } from '../main.ts';
import { ProjectHosts, rootHelp, rootOption } from '../project-hosts.ts';
import { findRulesFiles } from '../rules-files.ts';

const usage = `Usage: houserules lsp [--stdio] [--root DIR]

Serves the Language Server Protocol on standard input and output, for any
editor: diagnostics as you type, completion, hover, go to definition, find
references, rename, outline, folding, semantic tokens, signature help,
formatting, highlights, code lenses (run a test; how many tests fire a rule)
and quick fixes. Files the open documents load are read through the same
module host as \`houserules check\`. See docs/editor.md.

Options:
  --stdio               talk over standard input and output (the default and only transport)
  --clientProcessId N   accepted (editors pass it); the server exits when the client says so
${rootHelp(22)}
  -h, --help            this help
`;

/** The most `.rules` files a test run looks through for a module's tests. */
const MAX_TEST_FILES = 2000;

/**
 * The module host of `check`, confined to each file's project root (or
 * `--root`), an imported file read under its importer's project: one per
 * project, whose file caches are dropped when the editor says files changed
 * on disk.
 */
function refreshableHost(root: string | undefined, cwd: string): { host: ModuleHost; refresh(): void } {
  let host = new ProjectHosts(root, cwd).moduleHost();
  return {
    host: {
      readFile: (path) => host.readFile(path),
      refuse: (path) => host.refuse(path),
      resolvePath: (from, ref) => host.resolvePath(from, ref),
      findModule: (name, from) => host.findModule(name, from),
    },
    refresh: () => {
      host = new ProjectHosts(root, cwd).moduleHost();
    },
  };
}

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
  const { host, refresh } = refreshableHost(root.root, io.cwd);
  const connection = createConnection(process.stdin, process.stdout);
  // a module's tests live beside it or below (scenarios/catan/tests/…): the `.rules` files under its folder
  const testFilesFor = (path: string): string[] => {
    const found = findRulesFiles(io.cwd, [dirname(path)]);
    return found.ok ? found.files.slice(0, MAX_TEST_FILES) : [];
  };
  startServer(connection, { host, hostFilesWritable: true, onFilesChanged: refresh, testFilesFor });
  return new Promise<number>((resolve) => {
    connection.onExit(() => resolve(EXIT_OK));
    connection.listen();
  });
}

export const lspCommand: Command = { name: 'lsp', summary: 'the language server (LSP over stdio) for editors', usage, run };
