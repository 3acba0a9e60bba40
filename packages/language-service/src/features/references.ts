import type { Location } from 'vscode-languageserver-types';
import type { FeatureContext } from './feature-context.ts';
import { occurrencesEverywhere, symbolAt } from './symbol-at.ts';

/** Every use of the name at the cursor, in every module the workspace knows that sees it (declarations too when asked). */
export function references(cx: FeatureContext, path: string, offset: number, includeDeclaration: boolean): Location[] {
  const found = symbolAt(cx, path, offset);
  if (!found) return [];
  const out: Location[] = [];
  for (const o of occurrencesEverywhere(cx, path, found.symbol.key)) {
    if (!includeDeclaration && (o.role === 'declaration' || o.role === 'override')) continue;
    const doc = cx.workspace.document(o.file);
    if (doc) out.push({ uri: cx.uris.toUri(doc.path), range: doc.lines.range(o.range) });
  }
  return out.sort((a, b) => a.uri.localeCompare(b.uri) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
