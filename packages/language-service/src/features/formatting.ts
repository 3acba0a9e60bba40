import { format } from '@houserules/syntax';
import type { TextEdit } from 'vscode-languageserver-types';
import type { FeatureContext } from './feature-context.ts';

/**
 * The canonical formatter (`houserules fmt`), as the smallest single edit
 * that turns the text into the formatted one. Nothing when the text does not
 * parse or holds a comment the formatter cannot keep (it never loses text).
 */
export function formatting(cx: FeatureContext, path: string): TextEdit[] {
  const doc = cx.workspace.document(path);
  if (!doc) return [];
  const formatted = format(doc.text, doc.path).value;
  if (formatted === null || formatted === doc.text) return [];
  const a = doc.text;
  const b = formatted;
  let start = 0;
  while (start < a.length && start < b.length && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  return [{ range: doc.lines.rangeOf(start, endA), newText: b.slice(start, endB) }];
}
