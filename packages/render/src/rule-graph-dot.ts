import type { RuleGraph } from '@houserules/schema';

/**
 * The rule graph as a Graphviz DOT document: events, rules, actions, derived
 * values, ends and invariants, and the state they read and write, every node
 * labelled by the name the author gave it (never its graph id). Edges:
 * an event triggers a rule (solid), a rule emits an event (bold), reads
 * (dotted, grey) or writes (solid, red) state, asks a choice (dashed, blue),
 * a constraint constrains an action. A rule a variant overrode or removed is
 * drawn dashed and grey. Deterministic: the same graph gives the same bytes.
 */
export function ruleGraphDot(graph: RuleGraph, options: { title?: string } = {}): string {
  const names = new Map<string, { label: string; shape: string; style?: string; color?: string }>();
  const add = (id: string, label: string, shape: string, status = 'active'): void => {
    const dim = status !== 'active';
    names.set(id, {
      label: dim ? `${label}\n(${status})` : label,
      shape,
      ...(dim ? { style: 'dashed', color: 'grey50' } : {}),
    });
  };
  for (const e of graph.events) add(e.id, e.name, 'ellipse');
  for (const r of graph.rules) add(r.id, `rule ${r.name}`, 'box', r.status);
  for (const a of graph.actions) add(a.id, `action ${a.name}`, 'hexagon', a.status);
  for (const d of graph.derived) add(d.id, `derive ${d.name}`, 'box');
  for (const c of graph.constraints) add(c.id, `${c.kind} ${c.name}`, 'octagon', c.status);
  for (const e of graph.ends) add(e.id, `end ${e.name}`, 'doubleoctagon', e.status);
  for (const i of graph.invariants) add(i.id, `invariant ${i.name}`, 'octagon', i.status);
  for (const v of graph.vars) add(v.id, `${v.scope === 'global' ? '' : `per ${v.scope} `}var ${v.name}`, 'note');
  for (const p of graph.pools) add(p.id, `pool ${p.name}`, 'cylinder');
  for (const z of graph.zones) add(z.id, `zone ${z.name}`, 'folder');
  for (const t of graph.tokens) add(t.id, `token ${t.name}`, 'circle');
  for (const o of graph.options) add(o.id, `option ${o.name}`, 'component');
  for (const p of graph.pieces) add(p.id, `piece ${p.name}`, 'house');
  for (const b of graph.boards) add(b.id, `board ${b.name}`, 'tab');
  const edgeStyle: Record<string, string> = {
    triggers: '',
    emits: 'style=bold',
    reads: 'style=dotted, color=grey45',
    writes: 'color=firebrick',
    asks: 'style=dashed, color=royalblue',
    overrides: 'style=dashed, color=grey50, label="overrides"',
    constrains: 'color=darkorange',
  };
  const used = new Set<string>();
  const edges: string[] = [];
  for (const e of graph.edges) {
    if (!names.has(e.from) || !names.has(e.to)) continue;
    used.add(e.from);
    used.add(e.to);
    const style = edgeStyle[e.kind] ?? '';
    edges.push(`  ${quote(dotName(e.from))} -> ${quote(dotName(e.to))}${style ? ` [${style}]` : ''};`);
  }
  const lines = [
    'digraph rules {',
    '  rankdir=LR;',
    '  node [fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  if (options.title !== undefined) lines.push(`  label=${quote(options.title)}; labelloc=t;`);
  for (const [id, n] of names) {
    // Declarations nothing reads, writes or triggers are left out: the picture is of how the rules connect.
    if (!used.has(id)) continue;
    const attrs = [`label=${quote(n.label)}`, `shape=${n.shape}`];
    if (n.style) attrs.push(`style=${n.style}`);
    if (n.color) attrs.push(`color=${n.color}`, `fontcolor=${n.color}`);
    lines.push(`  ${quote(dotName(id))} [${attrs.join(', ')}];`);
  }
  lines.push(...edges, '}', '');
  return lines.join('\n');
}

/** A node's DOT name (an SVG's tooltip shows it): its kind and name in words, `rule decide`, not the graph id. */
function dotName(id: string): string {
  return id.replace(/^([a-z]+):/, '$1 ');
}

/** A DOT string: quotes and backslashes escaped, line breaks as `\n`, other control characters dropped. */
function quote(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  return `"${clean}"`;
}
