import { ruleGraphDot } from '@houserules/render';
import { EXIT_OK, type CliIo } from '../cli-io.ts';
import { stringOption } from '../command-args.ts';
import type { Command } from '../main.ts';
import { writeOutputFile } from '../output-file.ts';
import { rootHelp } from '../project-hosts.ts';
import { openScenarioCommand } from '../scenario-command.ts';

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
  const opened = openScenarioCommand(argv, io, {
    command: 'graph',
    options: { out: { type: 'string', short: 'o' } },
    usage,
    read: (args) => {
      const out = stringOption(args, 'out');
      return out !== undefined && !/\.(svg|dot|gv)$/i.test(out) ? { ok: false, message: `-o ${out}: name a .svg or a .dot file` } : { ok: true, value: out };
    },
  });
  if (!opened.ok) return opened.exit;
  const out = opened.value.own;
  const graph = opened.value.graph!;
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
