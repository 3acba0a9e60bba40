/**
 * Rename across modules: every occurrence of the symbol in every module the
 * workspace knows that sees it (an overridden rule in its base and in every
 * override). Refused, with the reason, where the name is the language's, a
 * module's (its file names it), in a read-only file, not a name, or would
 * collide with a name already in scope.
 */

import { CONTEXT_NAMES, type SemanticModel, type SemanticSymbol } from '@houserules/compiler';
import { HARD_KEYWORDS } from '@houserules/syntax';
import type { Range, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import type { FeatureContext } from './feature-context.ts';
import { occurrencesEverywhere, symbolAt } from './symbol-at.ts';
import { symbolKindWord } from './symbol-description.ts';

export type RenameRefusal = { refused: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HARD = new Set<string>(HARD_KEYWORDS);

function refuse(reason: string): RenameRefusal {
  return { refused: reason };
}

/** The range of the name at the cursor and its text, or why it cannot be renamed. */
export function prepareRename(cx: FeatureContext, path: string, offset: number): { range: Range; placeholder: string } | RenameRefusal {
  const found = symbolAt(cx, path, offset);
  const doc = cx.workspace.document(path);
  if (!found || !doc) return refuse('there is no name here that can be renamed');
  const why = notRenamable(found.symbol);
  if (why) return refuse(why);
  const readOnly = readOnlyFile(cx, path, found.symbol.key);
  if (readOnly) return refuse(`\`${found.symbol.name}\` is also written in ${readOnly}, which is read-only here`);
  return { range: doc.lines.range(found.occurrence.range), placeholder: found.symbol.name };
}

export function rename(cx: FeatureContext, path: string, offset: number, newName: string): WorkspaceEdit | RenameRefusal {
  const prepared = prepareRename(cx, path, offset);
  if ('refused' in prepared) return prepared;
  const found = symbolAt(cx, path, offset)!;
  const { symbol, model } = found;
  if (!NAME.test(newName)) return refuse(`\`${newName}\` is not a name: names are letters, digits and \`_\`, not starting with a digit`);
  if (HARD.has(newName)) return refuse(`\`${newName}\` is a reserved word`);
  if (newName === symbol.name) return { documentChanges: [] };
  const collision = collides(model, symbol, newName, found.occurrence.file);
  if (collision) return refuse(collision);
  const byFile = new Map<string, TextEdit[]>();
  for (const o of occurrencesEverywhere(cx, path, symbol.key)) {
    const doc = cx.workspace.document(o.file);
    if (!doc) continue;
    // only the name itself: a range that does not hold exactly the old name is some other text (never edit it)
    if (doc.text.slice(o.range.start.offset, o.range.end.offset) !== symbol.name) continue;
    let edits = byFile.get(doc.path);
    if (!edits) byFile.set(doc.path, (edits = []));
    edits.push({ range: doc.lines.range(o.range), newText: newName });
  }
  const documentChanges: TextDocumentEdit[] = [];
  for (const [file, edits] of byFile) {
    const doc = cx.workspace.document(file)!;
    documentChanges.push({ textDocument: { uri: cx.uris.toUri(file), version: doc.open ? doc.version : null }, edits });
  }
  return { documentChanges };
}

function notRenamable(symbol: SemanticSymbol): string | undefined {
  if (symbol.kind === 'builtin') return `\`${symbol.name}\` is declared by the language; it cannot be renamed`;
  if (symbol.kind === 'module') return `a module is found by its file name: rename the file (and its \`module\` header) instead`;
  return undefined;
}

/** A read-only file where the symbol is written, by path, or undefined. */
function readOnlyFile(cx: FeatureContext, path: string, key: string): string | undefined {
  for (const o of occurrencesEverywhere(cx, path, key)) {
    const doc = cx.workspace.document(o.file);
    if (doc?.readOnly) return doc.path;
  }
  return undefined;
}

function collides(model: SemanticModel, symbol: SemanticSymbol, newName: string, file: string): string | undefined {
  const existing = (key: string): SemanticSymbol | undefined => model.symbols.get(key);
  const named = existing(`decl:${newName}`);
  const what = (s: SemanticSymbol): string => `a ${symbolKindWord(s)}`;
  switch (symbol.kind) {
    case 'local': {
      if (named) return `\`${newName}\` already names ${what(named)}; the local would hide it`;
      if ((CONTEXT_NAMES as readonly string[]).includes(newName)) return `\`${newName}\` is a name of the language here; the local would hide it`;
      const binding = model.bindings(file).find((b) => b.key === symbol.key);
      const item = model.modules.find((m) => m.file === file)?.ast.items.find((i) => i && binding && i.range.start.offset <= binding.range.start.offset && binding.range.end.offset <= i.range.end.offset);
      if (item && model.bindings(file).some((b) => b.name === newName && item.range.start.offset <= b.range.start.offset && b.range.end.offset <= item.range.end.offset)) {
        return `\`${newName}\` is already a local here`;
      }
      return undefined;
    }
    case 'enum-member': {
      const values = symbol.type?.t === 'enum' ? symbol.type.values : [];
      return values.includes(newName) ? `\`${newName}\` is already one of ${values.join(' | ')}` : undefined;
    }
    case 'field': {
      const clash = existing(`field:${symbol.card}.${newName}`);
      return clash ? `a ${symbol.card} card already has a field \`${newName}\`` : undefined;
    }
    case 'phase': return existing(`phase:${newName}`) ? `the flow already has a phase \`${newName}\`` : undefined;
    case 'variant': return existing(`variant:${newName}`) ? `there is already a variant \`${newName}\`` : undefined;
    case 'region': return [...model.symbols.values()].some((s) => s.kind === 'region' && s.name === newName) ? `there is already a region \`${newName}\`` : undefined;
    case 'hex-kind': return existing(`hexkind:${newName}`) ? `\`${newName}\` is already a hex kind` : undefined;
    default: {
      if ((CONTEXT_NAMES as readonly string[]).includes(newName)) return `\`${newName}\` is a name of the language; a declaration of it would hide it`;
      if (named) return `\`${newName}\` is already declared (as ${what(named)}${named.declarations[0]?.origin ? ` in module \`${named.declarations[0].origin.module}\`` : ''})`;
      const clash = existing(`step:${newName}`) ?? existing(`choice:${newName}`) ?? existing(`builtin:event:${newName}`);
      if (clash) return `\`${newName}\` already names ${what(clash)}`;
      return undefined;
    }
  }
}
