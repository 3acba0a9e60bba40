/**
 * Quick fixes: the hint of a diagnostic, applied, where it names a fix —
 * "did you mean `x`?" (replace the name), "declare it: `event x`" (add the
 * declaration before the item), a missing closing bracket (add it), an unused
 * binding (name it `_x`).
 */

import type { Diagnostic as SourceDiagnostic } from '@houserules/schema';
import { ITEM_KEYWORDS } from '@houserules/syntax';
import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import { toLspDiagnostic } from './diagnostics.ts';
import type { FeatureContext } from './feature-context.ts';
import { itemBefore } from './scope-at.ts';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ITEM_WORDS = new Set<string>(ITEM_KEYWORDS);

function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start <= b.end && b.start <= a.end;
}

export function codeActions(cx: FeatureContext, path: string, start: number, end: number): CodeAction[] {
  const doc = cx.workspace.document(path);
  if (!doc) return [];
  const analysis = cx.workspace.analysis(path);
  const ast = analysis.model?.modules.find((m) => m.file === doc.path)?.ast;
  const uri = cx.uris.toUri(doc.path);
  const out: CodeAction[] = [];
  for (const d of analysis.diagnostics) {
    if ((d.file !== undefined && d.file !== doc.path) || !d.range) continue;
    if (!overlaps({ start: d.range.start.offset, end: d.range.end.offset }, { start, end })) continue;
    const lsp = toLspDiagnostic(cx, d, (r) => doc.lines.range(r));
    if (!lsp) continue;
    const edit = (title: string, range: Range, newText: string, preferred = false): void => {
      const textEdit: TextEdit = { range, newText };
      out.push({ title, kind: CodeActionKind.QuickFix, diagnostics: [lsp], isPreferred: preferred, edit: { documentChanges: [{ textDocument: { uri, version: doc.open ? doc.version : null }, edits: [textEdit] }] } });
    };
    const written = doc.text.slice(d.range.start.offset, d.range.end.offset);
    for (const [i, name] of suggestions(d).entries()) {
      if (NAME.test(written)) edit(`Change to \`${name}\``, lsp.range, name, i === 0);
    }
    const declaration = /declare it: `([^`]+)`/.exec(d.hint ?? '')?.[1];
    if (declaration && ast) {
      const item = itemBefore(ast, d.range.start.offset)?.item;
      const at = item ? doc.text.lastIndexOf('\n', item.range.start.offset - 1) + 1 : 0;
      const text = declaration.replace(' … ', ' ').replace('…', '');
      edit(`Declare \`${text}\``, doc.lines.rangeOf(at, at), `${text}\n\n`);
    }
    const missing = d.code === 'parse/missing-token' ? /^expected `([)}\]])`/.exec(d.message)?.[1] : undefined;
    if (missing) {
      const at = d.range.start.offset;
      const lineStart = doc.text.lastIndexOf('\n', at - 1) + 1;
      const onItsOwnLine = doc.text.slice(lineStart, at).trim() !== '' && d.range.end.offset === d.range.start.offset;
      edit(`Add the missing \`${missing}\``, doc.lines.rangeOf(at, at), missing === '}' && onItsOwnLine ? `\n${missing}` : missing, true);
    }
    // a block left open before the next declaration: the parser stops at that declaration's keyword
    const unclosed = d.code === 'parse/unexpected-token' && /or `\}`.*, found `([a-z]+)`$/.exec(d.message)?.[1];
    if (unclosed && ITEM_WORDS.has(unclosed)) {
      const at = d.range.start.offset;
      edit('Add the missing `}`', doc.lines.rangeOf(at, at), '}\n\n', true);
    }
    const unused = d.code === 'lint/unused-binding' ? /name it `(_[A-Za-z0-9_]+)`/.exec(d.hint ?? '')?.[1] : undefined;
    if (unused && NAME.test(written)) edit(`Name it \`${unused}\` (unused on purpose)`, lsp.range, unused);
  }
  return out;
}

/** The names a hint suggests: "did you mean `a` or `b`?". */
function suggestions(d: SourceDiagnostic): string[] {
  const m = /did you mean ((?:`[A-Za-z_][A-Za-z0-9_]*`(?: or )?)+)\?/.exec(d.hint ?? '');
  if (!m) return [];
  return [...m[1]!.matchAll(/`([^`]+)`/g)].map((x) => x[1]!);
}

export type { Diagnostic };
