// `check`: the entry compiled with every variant and its tests (the CLI's check), plus what the views need
// to offer: players, options, policies, variants, and every rule with its source.
import { check, compile } from '@houserules/compiler';
import type { RuleGraph } from '@houserules/schema';
import type { CheckResult, RuleInfo } from '../protocol/engine-protocol.ts';
import type { ProjectFiles } from './project-files.ts';

export function rulesOf(graph: RuleGraph): RuleInfo[] {
  return graph.rules.map((r) => ({
    id: r.id,
    name: r.name,
    on: r.event.replace(/^event:/, ''),
    status: r.status,
    file: r.provenance.file,
    range: r.provenance.range,
    ...(r.provenance.cite !== undefined ? { cite: r.provenance.cite } : {}),
  }));
}

export function checkScenario(project: ProjectFiles, entry: string): CheckResult {
  const t0 = performance.now();
  const checked = check(project.host, entry, { parse: project.cache.parse });
  const compiled = compile(project.host, entry, { parse: project.cache.parse });
  const graph = compiled.value;
  const titles = variantTitles(project, graph);
  return {
    entry,
    ok: !checked.diagnostics.some((d) => d.severity === 'error'),
    diagnostics: checked.diagnostics,
    variants: checked.value.variants.map((name) => ({ name, title: titles.get(name) ?? null })),
    title: graph?.scenario.title ?? null,
    players: graph ? graph.scenario.players : null,
    options: (graph?.options ?? []).map((o) => ({ name: o.name, type: o.type.t === 'enum' ? { t: 'enum', values: o.type.values } : { t: o.type.t }, default: o.default, doc: o.doc ?? null })),
    policies: (graph?.policies ?? [])
      .filter((p) => p.status === 'active')
      .map((p) => ({ name: p.name, doc: p.doc ?? null, params: p.params.map((q) => ({ name: q.name, type: q.type.t, default: q.default ?? null })) })),
    rules: graph ? rulesOf(graph) : [],
    ms: performance.now() - t0,
  };
}

/** A variant's title, read from the declaring module's AST (the graph keeps only the chosen variant's name). */
function variantTitles(project: ProjectFiles, graph: RuleGraph | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of graph?.scenario.modules ?? []) {
    const text = project.read(m.file);
    if (text === undefined) continue;
    for (const item of project.cache.parse(text, m.file).value.items ?? []) {
      if (item?.$type === 'VariantDecl' && item.name?.name && item.title?.value) out.set(item.name.name, item.title.value);
    }
  }
  return out;
}
