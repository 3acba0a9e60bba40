import type { Range as SourceRange } from '@houserules/schema';
import type { FlowItem, TopLevelItem } from '@houserules/syntax';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import type { LineIndex } from '../positions/positions.ts';
import type { FeatureContext } from './feature-context.ts';

/** The outline: each declaration (per-player members, card fields, variant items, flow phases and test blocks nested), with its name's range. */
export function documentSymbols(cx: FeatureContext, path: string): DocumentSymbol[] {
  const doc = cx.workspace.document(path);
  if (!doc) return [];
  const model = cx.workspace.analysis(path).model;
  const ast = model?.modules.find((m) => m.file === doc.path)?.ast;
  if (!ast) return [];
  return (ast.items ?? []).flatMap((item) => (item ? symbolsOf(item, doc.lines) : []));
}

function sym(lines: LineIndex, name: string, detail: string, kind: SymbolKind, range: SourceRange, selection: SourceRange | undefined, children: DocumentSymbol[] = []): DocumentSymbol {
  const full = lines.range(range);
  const sel = selection && selection.end.offset > selection.start.offset ? lines.range(selection) : full;
  const s: DocumentSymbol = { name: name || '(unnamed)', detail, kind, range: full, selectionRange: sel };
  if (children.length) s.children = children;
  return s;
}

function symbolsOf(item: TopLevelItem, lines: LineIndex): DocumentSymbol[] {
  const r = item.range;
  switch (item.$type) {
    case 'ScenarioDecl': return [sym(lines, item.title?.value ?? 'scenario', 'scenario', SymbolKind.Package, r, item.title?.range)];
    case 'ImportDecl': return [];
    case 'OptionDecl': return [sym(lines, item.name?.name ?? '', 'option', SymbolKind.Constant, r, item.name?.range)];
    case 'OptionDefaultDecl': return [sym(lines, item.name?.name ?? '', 'option default', SymbolKind.Constant, r, item.name?.range)];
    case 'TokenDecl': {
      const tokens = (item.names ?? []).map((n) => sym(lines, n.name, 'token', SymbolKind.EnumMember, n.range, n.range));
      return item.group ? [sym(lines, item.group.name, 'token group', SymbolKind.Enum, r, item.group.range, tokens)] : tokens;
    }
    case 'PoolDecl': return [sym(lines, item.name?.name ?? '', 'pool', SymbolKind.Variable, r, item.name?.range)];
    case 'VarDecl': return [sym(lines, item.name?.name ?? '', 'var', SymbolKind.Variable, r, item.name?.range)];
    case 'ZoneDecl': return [sym(lines, item.name?.name ?? '', 'zone', SymbolKind.Array, r, item.name?.range)];
    case 'PerPlayerBlock': return [sym(lines, 'per player', '', SymbolKind.Namespace, r, undefined, (item.items ?? []).flatMap((i) => (i ? symbolsOf(i, lines) : [])))];
    case 'PerSiteBlock': return [sym(lines, `per ${item.site}`, '', SymbolKind.Namespace, r, undefined, (item.items ?? []).flatMap((i) => (i ? symbolsOf(i, lines) : [])))];
    case 'CardDecl': return [sym(lines, item.name?.name ?? '', 'card', SymbolKind.Class, r, item.name?.range, [
      ...(item.fields ?? []).filter((f) => f?.name).map((f) => sym(lines, f.name.name, 'field', SymbolKind.Field, f.range, f.name.range)),
      ...(item.pools ?? []).filter((p) => p?.name).map((p) => sym(lines, p.name.name, 'pool', SymbolKind.Variable, p.range, p.name.range)),
      ...(item.vars ?? []).filter((v) => v?.name).map((v) => sym(lines, v.name.name, 'var', SymbolKind.Variable, v.range, v.name.range)),
    ])];
    case 'PieceDecl': return [sym(lines, item.name?.name ?? '', 'piece', SymbolKind.Object, r, item.name?.range)];
    case 'BoardDecl': return [sym(lines, item.name?.name ?? '', 'board', SymbolKind.Module, r, item.name?.range)];
    case 'EventDecl': return [sym(lines, item.name?.name ?? '', 'event', SymbolKind.Event, r, item.name?.range)];
    case 'DeriveDecl': return [sym(lines, item.name?.name ?? '', 'derived value', SymbolKind.Function, r, item.name?.range)];
    case 'ConstDecl': return [sym(lines, item.name?.name ?? '', 'constant', SymbolKind.Constant, r, item.name?.range)];
    case 'FlowDecl': return [sym(lines, 'flow', '', SymbolKind.Namespace, r, undefined, flowSymbols(item.items ?? [], lines))];
    case 'RuleDecl': return [sym(lines, item.name?.name ?? '', `rule on ${item.event?.name ?? ''}`, SymbolKind.Method, r, item.name?.range)];
    case 'ActionDecl': return [sym(lines, item.name?.name ?? '', 'action', SymbolKind.Method, r, item.name?.range)];
    case 'ConstraintDecl': return [sym(lines, item.name?.name ?? '', `${item.kind} on ${item.action?.name ?? ''}`, SymbolKind.Interface, r, item.name?.range)];
    case 'EndDecl': return [sym(lines, item.name?.name ?? '', 'end', SymbolKind.Interface, r, item.name?.range)];
    case 'RankingDecl': return [sym(lines, 'ranking', '', SymbolKind.Interface, r, undefined)];
    case 'InvariantDecl': return [sym(lines, item.name?.name ?? '', 'invariant', SymbolKind.Interface, r, item.name?.range)];
    case 'PolicyDecl': return [sym(lines, item.name?.name ?? '', 'policy', SymbolKind.Module, r, item.name?.range)];
    case 'VariantDecl': return [sym(lines, item.name?.name ?? '', item.title?.value ?? 'variant', SymbolKind.Package, r, item.name?.range, (item.items ?? []).flatMap((i) => (i ? symbolsOf(i, lines) : [])))];
    case 'OverrideDecl': return item.target ? symbolsOf(item.target, lines).map((s) => ({ ...s, detail: `override ${s.detail}`.trim(), range: lines.range(r) })) : [];
    case 'RemoveDecl': return [sym(lines, item.name?.name ?? '', `remove ${item.kind}`, SymbolKind.Null, r, item.name?.range)];
    case 'TestDecl': return [sym(lines, item.name?.value ?? 'test', 'test', SymbolKind.Boolean, r, item.name?.range)];
  }
  return [];
}

function flowSymbols(items: FlowItem[], lines: LineIndex): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  for (const item of items) {
    if (!item) continue;
    if (item.$type === 'StepFlow' && item.name) out.push(sym(lines, item.name.name, 'step', SymbolKind.Event, item.range, item.name.range));
    else if (item.$type === 'PhaseFlow') out.push(sym(lines, item.name?.name ?? '', 'phase', SymbolKind.Namespace, item.range, item.name?.range, flowSymbols(item.body ?? [], lines)));
    else if (item.$type === 'RoundsFlow' || item.$type === 'TurnsFlow' || item.$type === 'RepeatFlow') out.push(...flowSymbols(item.body ?? [], lines));
    else if (item.$type === 'IfFlow') out.push(...flowSymbols(item.then ?? [], lines), ...flowSymbols(item.else ?? [], lines));
  }
  return out;
}
