/**
 * Semantic tokens: every word coloured by what it is — the kind of thing a
 * name resolved to (from the semantic model: a rule, an event, a local, a
 * per-player member, a built-in…), and keywords, strings, numbers, comments
 * and operators from the lexer — so an editor without a TextMate grammar (the
 * playground's Monaco) highlights from this alone.
 */

import type { SemanticModel, SemanticSymbol } from '@houserules/compiler';
import { tokenize } from '@houserules/syntax';
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver-types';
import type { FeatureContext } from './feature-context.ts';

export const TOKEN_TYPES = [
  'namespace', 'type', 'class', 'enum', 'interface', 'enumMember', 'parameter', 'variable', 'property', 'function', 'method', 'event',
  'keyword', 'string', 'number', 'comment', 'operator',
] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly', 'defaultLibrary', 'modification'] as const;

export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];
type Modifier = (typeof TOKEN_MODIFIERS)[number];

function typeOf(symbol: SemanticSymbol): { type: TokenType; modifiers: Modifier[] } {
  const lib: Modifier[] = ['defaultLibrary'];
  switch (symbol.kind) {
    case 'module': case 'board': case 'phase': case 'variant': case 'region': return { type: 'namespace', modifiers: [] };
    case 'card': case 'piece': case 'policy': return { type: 'class', modifiers: [] };
    case 'group': return { type: 'enum', modifiers: [] };
    case 'token': case 'enum-member': case 'hex-kind': return { type: 'enumMember', modifiers: [] };
    case 'option': case 'const': return { type: 'variable', modifiers: ['readonly'] };
    case 'var': case 'pool': case 'zone': return { type: symbol.decl?.scope === 'global' ? 'variable' : 'property', modifiers: [] };
    case 'field': return { type: 'property', modifiers: ['readonly'] };
    case 'derive': return { type: 'function', modifiers: [] };
    case 'rule': case 'action': return { type: 'method', modifiers: [] };
    case 'constraint': case 'end': case 'invariant': return { type: 'interface', modifiers: [] };
    case 'event': case 'step': case 'choice': return { type: 'event', modifiers: [] };
    case 'local': return { type: 'parameter', modifiers: [] };
    case 'builtin':
      switch (symbol.builtin) {
        case 'function': return { type: 'function', modifiers: lib };
        case 'site-member': return { type: 'property', modifiers: lib };
        case 'event': return { type: 'event', modifiers: lib };
        case 'agent': return { type: 'class', modifiers: lib };
        case 'type': return { type: 'type', modifiers: lib };
        case 'none': return { type: 'enumMember', modifiers: lib };
        default: return { type: 'variable', modifiers: lib };
      }
  }
  return { type: 'variable', modifiers: [] };
}

interface Span {
  start: number;
  end: number;
  type: TokenType;
  modifiers: Modifier[];
}

export function semanticTokens(cx: FeatureContext, path: string): SemanticTokens {
  const doc = cx.workspace.document(path);
  if (!doc) return { data: [] };
  const model: SemanticModel | null = cx.workspace.analysis(path).model;
  const spans: Span[] = [];
  const named = new Map<number, Span>();
  for (const o of model?.occurrences(doc.path) ?? []) {
    const symbol = model!.symbols.get(o.key);
    if (!symbol || o.range.end.offset <= o.range.start.offset) continue;
    const t = typeOf(symbol);
    const modifiers = [...t.modifiers];
    if (o.role === 'declaration' || o.role === 'override') modifiers.push('declaration');
    if (o.role === 'write') modifiers.push('modification');
    named.set(o.range.start.offset, { start: o.range.start.offset, end: o.range.end.offset, type: t.type, modifiers });
  }
  for (const t of tokenize(doc.text).value) {
    const start = t.range.start.offset;
    const end = t.range.end.offset;
    const n = named.get(start);
    if (n) {
      spans.push(n);
      continue;
    }
    const type: TokenType | undefined = t.kind === 'keyword' || t.kind === 'soft-keyword' ? 'keyword'
      : t.kind === 'string' ? 'string'
      : t.kind === 'number' || t.kind === 'dice' ? 'number'
      : t.kind === 'comment' ? 'comment'
      : t.kind === 'operator' ? 'operator' : undefined;
    if (type) spans.push({ start, end, type, modifiers: [] });
  }
  spans.sort((a, b) => a.start - b.start);
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  for (const s of spans) {
    // a token over several lines (a block comment) is one token per line
    let from = s.start;
    while (from < s.end) {
      const pos = doc.lines.positionAt(from);
      const lineEnd = doc.text.indexOf('\n', from);
      const to = lineEnd < 0 || lineEnd >= s.end ? s.end : lineEnd;
      if (to > from) {
        data.push(pos.line - prevLine, pos.line === prevLine ? pos.character - prevChar : pos.character, to - from, TOKEN_TYPES.indexOf(s.type), modifierBits(s.modifiers));
        prevLine = pos.line;
        prevChar = pos.character;
      }
      from = to + 1;
    }
  }
  return { data };
}

function modifierBits(modifiers: Modifier[]): number {
  let bits = 0;
  for (const m of modifiers) bits |= 1 << TOKEN_MODIFIERS.indexOf(m);
  return bits;
}
