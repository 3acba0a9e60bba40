import { ruleGraphDot } from '@houserules/render';
import { printable } from '@houserules/schema';
import { MAX_FULL_LAYOUT_NODES, MAX_LAYOUT_NODES } from '../cli-budgets.ts';
import { errorLine } from '../cli-errors.ts';
import { EXIT_FAILURE, EXIT_OK, type CliIo } from '../cli-io.ts';
import { layoutSize } from '../layout-size.ts';
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
                   Graphviz (@viz-js/viz); without -o the DOT text goes to stdout.
                   A graph too large to lay out in seconds (cli/graph-too-large, exit 1)
                   is still written as DOT
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
  if (!/\.svg$/i.test(out)) {
    writeOutputFile(io.cwd, out, dot, opened.value.loaded.host.projectRoot);
    return EXIT_OK;
  }
  // A layout's work is known before it runs (layout-size.ts): beyond its budget it is refused, not tried.
  const size = layoutSize(graph);
  const work = size.nodes + size.crossings;
  if (work > MAX_LAYOUT_NODES) {
    io.stderr.write(errorLine('graph', 'cli/graph-too-large', `the rule graph of ${printable(graph.scenario.title || graph.scenario.name)} is too large to lay out here: ${size.nodes} nodes and ${size.crossings} ranks crossed by its edges, more than the ${MAX_LAYOUT_NODES} a picture may hold; write DOT instead (-o ${printable(out.replace(/\.svg$/i, '.dot'))}) and lay it out with Graphviz's own tools`));
    return EXIT_FAILURE;
  }
  const svg = await dotToSvg(work > MAX_FULL_LAYOUT_NODES ? withFewerPasses(dot) : dot);
  if (typeof svg !== 'string') {
    io.stderr.write(errorLine('graph', 'cli/graph-too-large', `Graphviz could not lay out the rule graph (${svg.failed}); write DOT instead (-o ${printable(out.replace(/\.svg$/i, '.dot'))})`));
    return EXIT_FAILURE;
  }
  writeOutputFile(io.cwd, out, svg, opened.value.loaded.host.projectRoot);
  return EXIT_OK;
}

/** Graphviz's own layout, in WebAssembly (no system Graphviz needed); what it could not do (its memory ran out) is said, not thrown. */
async function dotToSvg(dot: string): Promise<string | { failed: string }> {
  const { instance } = await import('@viz-js/viz');
  const viz = await instance();
  try {
    return viz.renderString(dot, { format: 'svg', engine: 'dot' });
  } catch (error) {
    // viz-js throws its errors as plain objects (`{ errors: [{ message }] }`), or a RuntimeError when memory runs out.
    const errors = (error as { errors?: { message?: unknown }[] } | null)?.errors;
    const message = error instanceof Error ? error.message : Array.isArray(errors) ? errors.map((e) => String(e.message)).join('; ') : String(error);
    return { failed: message || 'it failed without a message' };
  }
}

/** The same graph with fewer passes of Graphviz's crossing reduction and placement: seconds instead of minutes for a large one. */
function withFewerPasses(dot: string): string {
  return dot.replace(/^digraph [^{\n]*\{\n/, (head) => `${head}  mclimit=0.1; nslimit=1; nslimit1=1;\n`);
}

export const graphCommand: Command = { name: 'graph', summary: 'draw the rule graph (events, rules, what they read and write) as SVG or DOT', usage, run };
