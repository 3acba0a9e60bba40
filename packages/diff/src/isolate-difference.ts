import { compile, type ModuleHost } from '@houserules/compiler';
import type { RuleGraph } from '@houserules/schema';
import type { DifferenceTarget } from './difference-targets.ts';
import { graphNodes, nodeKey, type GraphNode } from './graph-nodes.ts';
import { sourceOf, type ReadText } from './source-text.ts';

/**
 * Where the first scenario's module can be extended: its project's files, its
 * entry file, and the second's sources (docs/diff.md, "Isolating a difference").
 */
export interface IsolationSources {
  host: ModuleHost;
  /** the first scenario's entry file (absolute, as the host reads it) */
  fileA: string;
  readB: ReadText;
}

/** The first scenario with one difference taken from the second, as declarations a module extending it adds. */
export interface Isolation {
  /** `override …`, `remove …`, `option x = v` and the second's own declarations, one after another */
  declarations: string;
  graph: RuleGraph;
}

/**
 * The variant an isolation module declares its declarations in: a variant of a
 * module extending the first applies to the first alone, so it never meets a
 * variant the first's file declares (a module-level `remove` of what that
 * variant removes again would not compile).
 */
export const ISOLATED_VARIANT = 'houserules_isolated';

/** the declarations as the isolation variant's block */
export function isolationBlock(declarations: string): string {
  const body = declarations.split('\n').map((l) => (l.trim() === '' ? '' : `  ${l}`)).join('\n');
  return `variant ${ISOLATED_VARIANT} "Isolated by houserules diff" {\n${body}\n}`;
}

const REMOVABLE = new Set(['rule', 'action', 'constraint', 'end', 'invariant', 'policy']);

/**
 * The first graph with only this difference (its group) taken from the second
 * — or with several (the second without one difference is the first with every
 * other taken from it):
 * each node of the group written as the second scenario writes it, as an
 * override of the first's, and compiled as a module extending the first. A
 * group that reads what only the second declares does not compile on its own:
 * its problem says so, and the difference is not isolated.
 */
export function isolateDifference(t: DifferenceTarget | readonly DifferenceTarget[], a: RuleGraph, b: RuleGraph, src: IsolationSources): Isolation | { problem: string } {
  if (a.scenario.variant !== null) return { problem: 'the first side is a variant: a module can extend only its base game' };
  const inA = new Map(graphNodes(a).map((n) => [nodeKey(n), n]));
  const inB = new Map(graphNodes(b).map((n) => [nodeKey(n), n]));
  const parts: string[] = [];
  const keys = (Array.isArray(t) ? (t as readonly DifferenceTarget[]) : [t as DifferenceTarget]).flatMap((x) => x.nodes);
  for (const key of keys) {
    const na = inA.get(key);
    const nb = inB.get(key);
    const d = declarationOf(na, nb, b, src.readB);
    if (typeof d !== 'string') return d;
    parts.push(d);
  }
  const declarations = parts.filter((x) => x !== '').join('\n\n');
  if (declarations === '') return { problem: 'it takes nothing the first scenario could declare' };
  const dir = src.fileA.replace(/[^/\\]*$/, '');
  const base = src.fileA.slice(dir.length);
  const path = `${dir}__houserules_diff_isolated.rules`;
  const text = `module houserules_diff_isolated extends "./${base}"\n\n${isolationBlock(declarations)}\n`;
  const overlay = Object.create(src.host) as ModuleHost;
  overlay.readFile = (p: string) => (p === path ? text : src.host.readFile(p));
  const r = compile(overlay, path, { variant: ISOLATED_VARIANT });
  const error = r.diagnostics.find((x) => x.severity === 'error');
  if (!r.value || error) return { problem: `taken alone it does not compile in the first scenario: ${error?.message ?? 'no graph'}` };
  return { declarations, graph: r.value };
}

function declarationOf(na: GraphNode | undefined, nb: GraphNode | undefined, b: RuleGraph, readB: ReadText): string | { problem: string } {
  if (na && !nb) {
    // an option or derived value only the first declares stays (what the second writes does not read it)
    if (!REMOVABLE.has(na.kind)) return '';
    return `remove ${na.kind} ${na.name}`;
  }
  if (!nb) return { problem: 'a node of the group is on neither side' };
  if (nb.kind === 'option') {
    if (!na) return sourceOf(nb.provenance, readB)?.trim() ?? { problem: `the source of option ${nb.name} cannot be read` };
    // the same values, another default: the new default; other values: the second's declaration over the first's
    if (na.parts.type !== nb.parts.type) {
      const text = sourceOf(nb.provenance, readB)?.trim().replace(/^override\s+/, '');
      if (text === undefined) return { problem: `the source of option ${nb.name} cannot be read` };
      return `override ${text}`;
    }
    const o = b.options.find((x) => x.name === nb.name)!;
    return `option ${nb.name} = ${String(o.default)}`;
  }
  const text = sourceOf(nb.provenance, readB)?.trim().replace(/^override\s+/, '');
  if (text === undefined) return { problem: `the source of ${nb.kind} ${nb.name} cannot be read` };
  // an override keeps the replaced one's scope; a new pool, var or zone of each player (or site), or a new derived
  // value per player, is declared in its `per` block
  if (na) return `override ${text}`;
  const scope = perScope(nb);
  return scope === null ? text : `per ${scope} {\n${text.split('\n').map((l) => (l.trim() === '' ? '' : `  ${l}`)).join('\n')}\n}`;
}

/** the `per` block a node is declared in (`player`, `hex`, `corner`, `edge`), or null: the table's */
function perScope(n: GraphNode): string | null {
  const part = n.kind === 'var' ? n.parts.type : n.kind === 'pool' || n.kind === 'zone' || n.kind === 'derived' ? (n.kind === 'derived' ? n.parts.type : n.parts.definition) : undefined;
  if (part === undefined) return null;
  try {
    const o = JSON.parse(part) as { scope?: unknown; perPlayer?: unknown };
    if (o.perPlayer === true) return 'player';
    return typeof o.scope === 'string' && ['player', 'hex', 'corner', 'edge'].includes(o.scope) ? o.scope : null;
  } catch {
    return null;
  }
}
