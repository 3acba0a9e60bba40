import { DocumentHighlightKind, type DocumentHighlight } from 'vscode-languageserver-types';
import type { FeatureContext } from './feature-context.ts';
import { symbolAt } from './symbol-at.ts';

/** The other uses of the name at the cursor in this document: writes as writes, the rest as reads. */
export function documentHighlights(cx: FeatureContext, path: string, offset: number): DocumentHighlight[] {
  const found = symbolAt(cx, path, offset);
  const doc = cx.workspace.document(path);
  if (!found || !doc) return [];
  return found.model.occurrencesOf(found.symbol.key).filter((o) => o.file === doc.path).map((o) => ({
    range: doc.lines.range(o.range),
    kind: o.role === 'write' || o.role === 'declaration' || o.role === 'override' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}
