/**
 * The locals an expression at a cursor can see: those the checker bound
 * (the semantic model's bindings), and, for what is still being typed and so
 * did not parse yet, those the text binds before the cursor (`for x in …`,
 * `count(x in …`, `ask each x in …`, `x in …` parameters), typed from their
 * collection.
 */

import type { LocalBinding, SemanticModel, Ty } from '@houserules/compiler';
import type { RulesFile, TopLevelItem } from '@houserules/syntax';
import { tokenize } from '@houserules/syntax';

export interface ScopeAt {
  locals: Map<string, Ty>;
  bindings: LocalBinding[];
  /** the item the cursor is in (or after, before the next one) */
  item: TopLevelItem | undefined;
  /** inside `per player { … }`: bare per-player names and `self` mean that player */
  perPlayer: boolean;
  /** inside a test block: `p1` … name seats */
  inTest: boolean;
}

/** The last top-level item that starts before the offset: the cursor is in it or in what follows it (the next item starts later). */
export function itemBefore(file: RulesFile, offset: number): { item: TopLevelItem; variant?: TopLevelItem } | undefined {
  let found: TopLevelItem | undefined;
  for (const item of file.items ?? []) {
    if (item && item.range.start.offset < offset) found = item;
  }
  if (found?.$type === 'VariantDecl' && offset <= found.range.end.offset) {
    let inner: TopLevelItem | undefined;
    for (const i of found.items ?? []) if (i && i.range.start.offset < offset) inner = i;
    return inner ? { item: inner, variant: found } : { item: found };
  }
  return found ? { item: found } : undefined;
}

const BINDERS = new Set(['(', 'for', 'each', 'random', 'choose', ',']);

export function scopeAt(model: SemanticModel | null, file: RulesFile | undefined, path: string, text: string, offset: number): ScopeAt {
  const locals = new Map<string, Ty>();
  const bindings: LocalBinding[] = [];
  const found = file ? itemBefore(file, offset) : undefined;
  const item = found?.item;
  const start = item?.range.start.offset ?? 0;
  if (model && item) {
    for (const b of model.bindings(path)) {
      if (b.range.start.offset < start || b.range.end.offset > offset) continue;
      if (b.within && !(b.within.start.offset <= offset && offset <= b.within.end.offset)) continue;
      // a binding past the end of the item belongs to a later one
      if (b.range.start.offset > Math.max(item.range.end.offset, offset)) continue;
      locals.set(b.name, b.type);
      bindings.push(b);
    }
  }
  // what the text binds before the cursor that the checker did not (yet) see
  const tokens = tokenize(text.slice(start, offset)).value.filter((t) => t.kind !== 'comment');
  for (let i = 1; i + 1 < tokens.length; i++) {
    const name = tokens[i]!;
    if (tokens[i + 1]!.text !== 'in' || (name.kind !== 'name' && name.kind !== 'soft-keyword')) continue;
    if (!BINDERS.has(tokens[i - 1]!.text) || locals.has(name.text)) continue;
    const chain: string[] = [];
    for (let j = i + 2; j < tokens.length; j += 2) {
      const t = tokens[j]!;
      if (t.kind !== 'name' && t.kind !== 'soft-keyword') break;
      chain.push(t.text);
      if (tokens[j + 1]?.text !== '.') break;
    }
    const over = chain.length > 0 && model ? model.queries.resolveChain(chain, locals, { perPlayer: inPerPlayer(item), seats: item?.$type === 'TestDecl' }) : undefined;
    locals.set(name.text, over?.k === 'value' && over.ty.t === 'list' ? over.ty.of : { t: 'unknown' });
  }
  return { locals, bindings, item, perPlayer: inPerPlayer(item), inTest: item?.$type === 'TestDecl' };
}

function inPerPlayer(item: TopLevelItem | undefined): boolean {
  return item?.$type === 'PerPlayerBlock';
}
