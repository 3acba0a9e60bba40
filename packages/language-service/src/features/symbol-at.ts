import type { SemanticModel, SemanticSymbol, SymbolOccurrence } from '@houserules/compiler';
import type { FeatureContext } from './feature-context.ts';

export interface SymbolAt {
  model: SemanticModel;
  occurrence: SymbolOccurrence;
  symbol: SemanticSymbol;
}

/** The symbol named at `offset` in `path`, as the analysis of `path` resolved it. */
export function symbolAt(cx: FeatureContext, path: string, offset: number): SymbolAt | undefined {
  const model = cx.workspace.analysis(path).model;
  if (!model) return undefined;
  const occurrence = model.occurrenceAt(path, offset);
  const symbol = occurrence ? model.symbols.get(occurrence.key) : undefined;
  return occurrence && symbol ? { model, occurrence, symbol } : undefined;
}

/**
 * Every occurrence of the symbol `key` the workspace knows: in the analysis of
 * `path` and in those of the open documents that load a file declaring it (a
 * base rule is referenced from every extension that is open). Each range once.
 */
export function occurrencesEverywhere(cx: FeatureContext, path: string, key: string): SymbolOccurrence[] {
  const first = cx.workspace.analysis(path).model;
  const declaring = new Set((first?.symbols.get(key)?.declarations ?? []).map((d) => d.file));
  const models: SemanticModel[] = first ? [first] : [];
  // locals and enum members are keyed by where they are written: only analyses that load that file can see them
  for (const doc of cx.workspace.openDocuments()) {
    if (doc.path === path) continue;
    const analysis = cx.workspace.analysis(doc.path);
    if (!analysis.model) continue;
    if ([...declaring].some((f) => analysis.files.has(f)) || declaring.size === 0) models.push(analysis.model);
  }
  const seen = new Set<string>();
  const out: SymbolOccurrence[] = [];
  for (const m of models) {
    for (const o of m.occurrencesOf(key)) {
      const id = `${o.file}|${o.range.start.offset}|${o.range.end.offset}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(o);
    }
  }
  return out;
}
