import { stringifyJson } from '@houserules/schema';
import { EXIT_FAILURE, EXIT_OK, type CliIo } from '../cli-io.ts';
import { flag, stringOption } from '../command-args.ts';
import { diagnosticsForJson, hasErrors, writeDiagnostics } from '../diagnostic-output.ts';
import type { Command } from '../main.ts';
import { rootHelp } from '../project-hosts.ts';
import { writeOutputFile } from '../output-file.ts';
import { openScenarioCommand } from '../scenario-command.ts';
import { graphWithProjectPaths } from '../project-paths.ts';

const usage = `Usage: houserules compile <file> [--variant V] [-o out.json] [--json] [--root DIR]

Compiles a scenario (a .rules file, or a directory x/ holding x/x.rules) to
its rule graph JSON, written to stdout or to the -o file.

Options:
  --variant V      compile with variant V applied
  -o, --out FILE   write the graph to FILE instead of stdout
  --json           print { ok, diagnostics, graph? } instead of text diagnostics
${rootHelp(19)}
  -h, --help       this help
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const opened = openScenarioCommand(argv, io, {
    command: 'compile',
    options: { out: { type: 'string', short: 'o' }, json: { type: 'boolean' } },
    noun: 'scenario file',
    usage,
    read: () => ({ ok: true, value: null }),
    keepErrors: true,
  });
  if (!opened.ok) return opened.exit;
  const { args, loaded } = opened.value;
  const { graph, diagnostics, host } = loaded;
  const out = stringOption(args, 'out');
  // Files named relative to the project: the graph means the same after the folder moves.
  const shown = graph && !hasErrors(diagnostics) ? graphWithProjectPaths(graph, host.projectRoot) : null;
  const graphText = shown !== null ? stringifyJson(shown, 2) + '\n' : null;
  if (graphText !== null && out !== undefined) writeOutputFile(io.cwd, out, graphText, host.projectRoot);

  if (flag(args, 'json')) {
    const payload: Record<string, unknown> = { ok: graphText !== null, diagnostics: diagnosticsForJson(io.cwd, diagnostics) };
    if (shown !== null && out === undefined) payload['graph'] = shown;
    io.stdout.write(stringifyJson(payload, 2) + '\n');
  } else {
    writeDiagnostics(io, io.stderr, diagnostics, host.readCached);
    if (graphText !== null && out === undefined) io.stdout.write(graphText);
  }
  return graphText === null ? EXIT_FAILURE : EXIT_OK;
}

export const compileCommand: Command = { name: 'compile', summary: 'compile a scenario to its rule graph JSON', usage, run };
