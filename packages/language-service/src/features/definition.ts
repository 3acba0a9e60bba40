import type { Location } from 'vscode-languageserver-types';
import { START } from '../positions/positions.ts';
import type { FeatureContext } from './feature-context.ts';
import { symbolAt } from './symbol-at.ts';

/** Where the name at the cursor is declared: its declaration, or for an override the declarations it replaces too; a module ref goes to the module's file. */
export function definition(cx: FeatureContext, path: string, offset: number): Location[] {
  const found = symbolAt(cx, path, offset);
  if (!found) return [];
  const out: Location[] = [];
  for (const d of found.symbol.declarations) {
    const doc = cx.workspace.document(d.file);
    if (!doc) continue;
    // the name itself, unless the cursor already is on this declaration
    if (d.file === path && d.range.start.offset === found.occurrence.range.start.offset && found.symbol.declarations.length > 1) continue;
    out.push({ uri: cx.uris.toUri(doc.path), range: d.range.end.offset > d.range.start.offset ? doc.lines.range(d.range) : START });
  }
  return out;
}
