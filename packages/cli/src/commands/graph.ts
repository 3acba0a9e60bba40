import { ruleGraphDot } from '@houserules/render';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { parseCommandArgs, stringOption } from '../command-args.ts';
import { hasErrors, writeDiagnostics } from '../diagnostic-output.ts';
import { errorLine, usageLine } from '../cli-errors.ts';
import type { Command } from '../main.ts';
import { writeOutputFile } from '../output-file.ts';
import { rootHelp, rootOption } from '../project-hosts.ts';
import { loadScenario } from '../scenario-loader.ts';

const usage = `Usage: houserules graph <scenario> [--variant V] [-o graph.svg|graph.dot] [--root DIR]

Draws the rule graph: events, the rules they trigger, the events rules emit,
the state (vars, pools, zones) rules, actions and derived values read and
write, the choices they ask, and rules a variant overrode or removed (dashed).
Every node is labelled with the name the author gave it.

Options:
  --variant V      the graph with variant V applied
  -o, --out FILE   write FILE: .dot is Graphviz's text, .svg a picture laid out by
                   Graphviz (@viz-js/viz); without -o the DOT text goes to stdout
${rootHelp(19)}
  -h, --help       this help
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { variant: { type: 'string' }, out: { type: 'string', short: 'o' }, root: { type: 'string' } });
  if (!parsed.ok) {
    io.stderr.write(usageLine('graph', parsed.message));
    return EXIT_USAGE;
  }
  const { args } = parsed;
  if (args.positionals.length !== 1) {
    io.stderr.write(`${usageLine('graph', 'name exactly one scenario')}\n${usage}`);
    return EXIT_USAGE;
  }
  const out = stringOption(args, 'out');
  if (out !== undefined && !/\.(svg|dot|gv)$/i.test(out)) {
    io.stderr.write(usageLine('graph', `-o ${out}: name a .svg or a .dot file`));
    return EXIT_USAGE;
  }
  const root = rootOption(args, io.cwd);
  if (!root.ok) {
    io.stderr.write(usageLine('graph', root.message));
    return EXIT_USAGE;
  }
  const loaded = loadScenario(io.cwd, args.positionals[0]!, stringOption(args, 'variant'), root.root === undefined ? {} : { root: root.root });
  if (!loaded.ok) {
    io.stderr.write(errorLine('graph', loaded.code, loaded.message));
    return EXIT_USAGE;
  }
  if (loaded.graph === null || hasErrors(loaded.diagnostics)) {
    writeDiagnostics(io, io.stderr, loaded.diagnostics, loaded.host.readCached);
    return EXIT_FAILURE;
  }
  const graph = loaded.graph;
  const dot = ruleGraphDot(graph, { title: graph.scenario.title || graph.scenario.name });
  if (out === undefined) {
    io.stdout.write(dot);
    return EXIT_OK;
  }
  writeOutputFile(io.cwd, out, /\.svg$/i.test(out) ? await dotToSvg(dot) : dot);
  return EXIT_OK;
}

/** Graphviz's own layout, in WebAssembly (no system Graphviz needed). */
async function dotToSvg(dot: string): Promise<string> {
  const { instance } = await import('@viz-js/viz');
  const viz = await instance();
  return viz.renderString(dot, { format: 'svg', engine: 'dot' });
}

export const graphCommand: Command = { name: 'graph', summary: 'draw the rule graph (events, rules, what they read and write) as SVG or DOT', usage, run };
