import { tokenize } from '@houserules/syntax';
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver-types';
import type { FeatureContext } from './feature-context.ts';

/** Every `{ … }` and `( … )`/`[ … ]` that spans lines, and runs of line comments (and block comments) over several lines. */
export function foldingRanges(cx: FeatureContext, path: string): FoldingRange[] {
  const doc = cx.workspace.document(path);
  if (!doc) return [];
  const out: FoldingRange[] = [];
  const open: { text: string; line: number }[] = [];
  const closing: Record<string, string> = { '}': '{', ')': '(', ']': '[' };
  let commentRun: { start: number; end: number } | null = null;
  const flushComments = (): void => {
    if (commentRun && commentRun.end > commentRun.start) out.push({ startLine: commentRun.start, endLine: commentRun.end, kind: FoldingRangeKind.Comment });
    commentRun = null;
  };
  for (const t of tokenize(doc.text).value) {
    const start = doc.lines.positionAt(t.range.start.offset).line;
    const end = doc.lines.positionAt(t.range.end.offset).line;
    if (t.kind === 'comment') {
      if (t.text.startsWith('/*')) {
        flushComments();
        if (end > start) out.push({ startLine: start, endLine: end, kind: FoldingRangeKind.Comment });
      } else if (commentRun && start === commentRun.end + 1) commentRun.end = start;
      else {
        flushComments();
        commentRun = { start, end: start };
      }
      continue;
    }
    flushComments();
    if (t.text === '{' || t.text === '(' || t.text === '[') open.push({ text: t.text, line: start });
    else if (closing[t.text]) {
      const i = open.map((o) => o.text).lastIndexOf(closing[t.text]!);
      if (i < 0) continue;
      const o = open[i]!;
      open.length = i;
      // the closing line stays visible
      if (start - 1 > o.line) out.push({ startLine: o.line, endLine: start - 1 });
    }
  }
  flushComments();
  return out;
}
