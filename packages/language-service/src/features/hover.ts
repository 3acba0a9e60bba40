import { describeType } from '@houserules/compiler';
import type { Hover } from 'vscode-languageserver-types';
import { isExpr, pathAt } from '../syntax-queries/ast-walk.ts';
import type { FeatureContext } from './feature-context.ts';
import { describeSymbol, type SymbolDescription } from './symbol-description.ts';

export function hoverMarkdown(d: SymbolDescription): string {
  const parts = [`\`\`\`houserules\n${d.signature}\n\`\`\``];
  const showType = d.type !== undefined && !d.signature.includes(`: ${d.type}`) && !d.signature.includes(`(one of ${d.type})`);
  parts.push(`*${d.kind}*${showType ? ` · type \`${d.type}\`` : ''}`);
  parts.push(...d.details);
  return parts.join('\n\n');
}

/** The declaration, type, documentation, default, citation (and a rule's triggers and emits) of the name under the cursor; else the type of the expression. */
export function hover(cx: FeatureContext, path: string, offset: number): Hover | null {
  const doc = cx.workspace.document(path);
  if (!doc) return null;
  const model = cx.workspace.analysis(path).model;
  if (!model) return null;
  const occurrence = model.occurrenceAt(doc.path, offset);
  if (occurrence) {
    const symbol = model.symbols.get(occurrence.key);
    if (symbol) {
      return {
        contents: { kind: 'markdown', value: hoverMarkdown(describeSymbol(cx.workspace, model, symbol)) },
        range: doc.lines.range(occurrence.range),
      };
    }
  }
  // no name here: the innermost expression with a type (`a + b`, `count(…)`)
  const module = model.modules.find((m) => m.file === doc.path);
  if (!module) return null;
  const path_ = pathAt(module.ast, offset);
  for (let i = path_.length - 1; i >= 0; i--) {
    const node = path_[i]!;
    if (!isExpr(node)) continue;
    const ty = model.typeOf(node);
    if (!ty || ty.t === 'unknown') continue;
    return { contents: { kind: 'markdown', value: `*expression* · type \`${describeType(ty)}\`` }, range: doc.lines.range(node.range) };
  }
  return null;
}
