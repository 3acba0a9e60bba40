import type { CompletionItem } from 'vscode-languageserver-types';
import type { CompletionData } from './completion.ts';
import type { FeatureContext } from './feature-context.ts';
import { hoverMarkdown } from './hover.ts';
import { describeSymbol } from './symbol-description.ts';

/** Fills in an item's documentation (what hover would say), only for the item the editor shows. */
export function resolveCompletion(cx: FeatureContext, item: CompletionItem): CompletionItem {
  const data = item.data as CompletionData | undefined;
  if (!data?.path || !data.key || item.documentation) return item;
  const model = cx.workspace.analysis(data.path).model;
  const symbol = model?.symbols.get(data.key);
  if (!model || !symbol) return item;
  return { ...item, documentation: { kind: 'markdown', value: hoverMarkdown(describeSymbol(cx.workspace, model, symbol)) } };
}
