/**
 * Completion: the grammar says what may stand at the cursor (keywords, a
 * name); the word before says which names (`on` → events, `.` → members,
 * `override rule` → rules, a type position → types, `==` beside an enum →
 * its members…); the semantic model supplies them, with their types.
 */

import { BOARD_BUILTINS, BUILTIN_ARITY, CONTEXT_NAMES, describeType, kindWord, type ChainValue, type Decl, type DeclKind, type SemanticModel, type Ty } from '@houserules/compiler';
import { expectedAt, ITEM_KEYWORDS, tokenize, type Expectation, type SourceToken } from '@houserules/syntax';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type CompletionList, type Range } from 'vscode-languageserver-types';
import type { RulesDocument } from '../workspace/rules-document.ts';
import { expressionEndingAt } from '../syntax-queries/ast-walk.ts';
import { AGGREGATE_DOCS, CONTEXT_DOCS, FUNCTION_DOCS } from './builtin-docs.ts';
import type { FeatureContext } from './feature-context.ts';
import { scopeAt, type ScopeAt } from './scope-at.ts';
import { ITEM_SNIPPETS, STATEMENT_SNIPPETS, TEST_SNIPPETS } from './snippets.ts';

/** What `completionItem/resolve` needs to fill in an item's documentation. */
export interface CompletionData {
  path: string;
  key: string;
}

const ORDER = { expected: '0', local: '1', decl: '2', builtin: '3', keyword: '4', snippet: '5' } as const;

const KIND_OF: Partial<Record<DeclKind, CompletionItemKind>> = {
  option: CompletionItemKind.Constant, token: CompletionItemKind.Constant, group: CompletionItemKind.Enum, pool: CompletionItemKind.Variable,
  var: CompletionItemKind.Variable, zone: CompletionItemKind.Variable, card: CompletionItemKind.Class, piece: CompletionItemKind.Class,
  board: CompletionItemKind.Module, event: CompletionItemKind.Event, derive: CompletionItemKind.Function, rule: CompletionItemKind.Method,
  action: CompletionItemKind.Method, constraint: CompletionItemKind.Interface, end: CompletionItemKind.Interface, invariant: CompletionItemKind.Interface,
  policy: CompletionItemKind.Module, const: CompletionItemKind.Constant,
};

/** Declarations that are values in an expression. */
const VALUE_KINDS = new Set<DeclKind>(['option', 'token', 'group', 'pool', 'var', 'zone', 'derive', 'board', 'piece', 'const']);

class Items {
  readonly list: CompletionItem[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly range: Range, private readonly path: string) {}

  add(label: string, kind: CompletionItemKind, order: string, extra: Partial<CompletionItem> = {}, key?: string): void {
    if (this.seen.has(label) || label === '') return;
    this.seen.add(label);
    const item: CompletionItem = { label, kind, sortText: `${order}${label}`, textEdit: { range: this.range, newText: (extra.insertText as string | undefined) ?? label }, ...extra };
    delete item.insertText;
    if (key !== undefined) item.data = { path: this.path, key } satisfies CompletionData;
    this.list.push(item);
  }

  has(label: string): boolean {
    return this.seen.has(label);
  }
}

function isName(t: SourceToken | undefined): boolean {
  return t !== undefined && (t.kind === 'name' || t.kind === 'soft-keyword' || (t.kind === 'keyword' && t.text === 'piece'));
}

export function completion(cx: FeatureContext, path: string, offset: number): CompletionList {
  const empty: CompletionList = { isIncomplete: false, items: [] };
  const doc = cx.workspace.document(path);
  if (!doc) return empty;
  const text = doc.text;
  const expectation = expectedAt(text, offset);
  const analysis = cx.workspace.analysis(path);
  const model = analysis.model;
  const module = model?.modules.find((m) => m.file === doc.path);
  const scope = scopeAt(model, module?.ast, doc.path, text, expectation.prefixStart);
  if (insideCommentOrString(text, scope.item?.range.start.offset ?? 0, offset)) return empty;
  const range = doc.lines.rangeOf(expectation.prefixStart, offset);
  const items = new Items(range, doc.path);
  const before = tokensBefore(text, expectation.prefixStart, scope);
  const prev = before[before.length - 1];

  if (prev?.text === '.' && model) {
    members(items, model, doc, before, scope, expectation);
    return { isIncomplete: false, items: items.list };
  }
  const exclusive = model ? names(items, model, expectation, before, scope) : false;
  if (!exclusive) keywords(items, expectation, before, scope);
  return { isIncomplete: false, items: items.list };
}

/** The item's tokens before the cursor's word (comments left out). */
function tokensBefore(text: string, end: number, scope: ScopeAt): SourceToken[] {
  const start = scope.item?.range.start.offset ?? 0;
  const slice = text.slice(start, end);
  return tokenize(slice).value.filter((t) => t.kind !== 'comment');
}

/** Whether the offset is inside a comment or a string (tokenizing from `from`, a point outside both: an item's start). */
function insideCommentOrString(text: string, from: number, offset: number): boolean {
  const slice = text.slice(from);
  offset -= from;
  for (const t of tokenize(slice).value) {
    if (t.range.start.offset >= offset) break;
    if ((t.kind === 'comment' || t.kind === 'string') && t.range.start.offset < offset && offset < t.range.end.offset) return true;
    // a line comment runs to the end of its line; a cursor at that end is still in it
    if (t.kind === 'comment' && t.text.startsWith('//') && offset === t.range.end.offset) return true;
  }
  return false;
}

// ───────────────────────────── members after `.` ─────────────────────────────

function members(items: Items, model: SemanticModel, doc: RulesDocument, before: SourceToken[], scope: ScopeAt, expectation: Expectation): void {
  const dot = before[before.length - 1]!;
  const itemStart = scope.item?.range.start.offset ?? 0;
  const dotOffset = itemStart + dot.range.start.offset;
  let value: ChainValue | undefined;
  // the object as the checker typed it (`mine_hex(m).`, `first(…).`)
  const object = scope.item ? expressionEndingAt(scope.item, dotOffset, itemStart) : undefined;
  const typed = object ? model.typeOf(object) : undefined;
  if (typed && typed.t !== 'unknown') value = { k: 'value', ty: typed };
  if (!value) {
    const chain: string[] = [];
    for (let i = before.length - 2; i >= 0; i -= 2) {
      const t = before[i]!;
      if (!isName(t)) break;
      chain.unshift(t.text);
      if (before[i - 1]?.text !== '.') break;
    }
    if (chain.length > 0) value = model.queries.resolveChain(chain, scope.locals, { perPlayer: scope.perPlayer, seats: scope.inTest });
  }
  if (!value) {
    if (expectation.keywords.includes('piece')) items.add('piece', CompletionItemKind.Property, ORDER.builtin);
    return;
  }
  for (const m of model.queries.members(value)) {
    const kind = m.kind === 'token' || m.kind === 'group' ? CompletionItemKind.Constant
      : m.kind === 'site-member' || m.kind === 'site-collection' ? CompletionItemKind.Property
      : m.kind === 'region' ? CompletionItemKind.Module
      : m.kind === 'field' ? CompletionItemKind.Field
      : m.decl ? (KIND_OF[m.decl.kind] ?? CompletionItemKind.Property) : CompletionItemKind.Property;
    const detail = m.type ? describeType(m.type) : m.decl ? kindWord(m.decl.kind) : m.kind.replace('-', ' ');
    const key = m.kind === 'field' && m.decl ? `field:${m.decl.name}.${m.name}` : m.decl ? `decl:${m.decl.name}` : undefined;
    items.add(m.name, kind, ORDER.decl, { detail }, key);
  }
}

// ───────────────────────────── names ─────────────────────────────

function stackHas(e: Expectation, rule: string): boolean {
  return e.ruleStacks.some((s) => s.includes(rule));
}

function innermost(e: Expectation): Set<string> {
  return new Set(e.ruleStacks.map((s) => s[s.length - 1] ?? ''));
}

function declsOf(model: SemanticModel, ...kinds: DeclKind[]): Decl[] {
  const wanted = new Set(kinds);
  return model.queries.declarations().filter((d) => wanted.has(d.kind));
}

function addDecls(items: Items, model: SemanticModel, decls: Decl[], order: string = ORDER.decl): void {
  for (const d of decls) {
    const ty = model.queries.declType(d);
    items.add(d.name, KIND_OF[d.kind] ?? CompletionItemKind.Text, order, { detail: ty && ty.t !== 'unknown' ? `${kindWord(d.kind)}: ${describeType(ty)}` : kindWord(d.kind) }, `decl:${d.name}`);
  }
}

function addEvents(items: Items, model: SemanticModel, declaredOnly = false): void {
  for (const e of model.queries.events()) {
    if (declaredOnly && e.source === 'builtin') continue;
    const params = e.params.length ? `(${e.params.map((p) => `${p.name}: ${describeType(p.type)}`).join(', ')})` : '';
    const key = e.source === 'declared' ? `decl:${e.name}` : e.source === 'step' ? `step:${e.name}` : `builtin:event:${e.name}`;
    items.add(e.name, CompletionItemKind.Event, e.source === 'builtin' ? ORDER.builtin : ORDER.decl, { detail: `${e.source === 'declared' ? 'event' : e.source === 'step' ? 'flow step' : 'built-in event'}${params}` }, key);
  }
}

function addEnumMembers(items: Items, ty: Ty, order: string = ORDER.expected): void {
  if (ty.t !== 'enum') return;
  for (const v of ty.values) {
    const label = v.replace(/^piece:/, '');
    items.add(label, CompletionItemKind.EnumMember, order, { detail: describeType(ty).replace(/piece:/g, ''), ...(order === ORDER.expected ? { preselect: true } : {}) });
  }
}

const TYPE_NAMES = ['number', 'bool', 'player', 'card', 'hex', 'corner', 'edge', 'token'];

/** Offers the names that may stand here; true when only they may (no keyword then). */
function names(items: Items, model: SemanticModel, e: Expectation, before: SourceToken[], scope: ScopeAt): boolean {
  const prev = before[before.length - 1]?.text;
  const prev2 = before[before.length - 2]?.text;
  const inner = innermost(e);
  const nameExpected = e.name || !e.known;
  if (!nameExpected) return false;

  // declaring a new name: nothing to offer but what an override or a default may name
  if (prev2 === 'override' || (prev2 === 'remove' && scope.item?.$type === 'RemoveDecl')) {
    const kind = prev === 'forbid' || prev === 'require' || prev === 'constraint' ? 'constraint' : prev as DeclKind;
    addDecls(items, model, declsOf(model, kind));
    return true;
  }
  if (prev === 'on' && stackHas(e, 'ruleDecl')) { addEvents(items, model); return true; }
  if (prev === 'on' && stackHas(e, 'constraintDecl')) {
    addDecls(items, model, declsOf(model, 'action'));
    addDecls(items, model, declsOf(model, 'var').filter((d) => d.scope === 'player' && model.queries.declType(d)?.t === 'enum'));
    for (const c of model.queries.namedChoices()) items.add(c, CompletionItemKind.Event, ORDER.decl, { detail: 'named choice' }, `choice:${c}`);
    return true;
  }
  if ((prev === 'before' || prev === 'after') && stackHas(e, 'ruleDecl')) { addDecls(items, model, declsOf(model, 'rule')); return true; }
  if (prev === 'emit') { addEvents(items, model, true); return true; }
  if (prev === 'event' && stackHas(e, 'testItem')) { addEvents(items, model); return true; }
  if (prev === 'during' && stackHas(e, 'actionDecl')) {
    for (const p of model.queries.phases()) items.add(p, CompletionItemKind.Module, ORDER.decl, { detail: 'phase' }, `phase:${p}`);
    return true;
  }
  if (prev === 'until') { addDecls(items, model, declsOf(model, 'action')); return true; }
  if (prev === 'because') { addDecls(items, model, declsOf(model, 'constraint')); return true; }
  if (prev === 'does') { addDecls(items, model, declsOf(model, 'action')); return true; }
  if (prev === 'is') { addDecls(items, model, declsOf(model, 'card')); return true; }
  if (prev === 'place') { addDecls(items, model, declsOf(model, 'piece')); return true; }
  if (prev === 'variant' && stackHas(e, 'testItem')) {
    for (const v of model.variants) items.add(v, CompletionItemKind.Module, ORDER.decl, { detail: 'variant' }, `variant:${v}`);
    return true;
  }
  if (prev === 'option' && (stackHas(e, 'testItem') || scope.item?.$type === 'OptionDecl')) addDecls(items, model, declsOf(model, 'option'));
  if (prev === 'option') return true;
  if ((prev === 'with' || (prev === ',' && before.some((t) => t.text === 'with'))) && stackHas(e, 'testItem')) {
    items.add('random', CompletionItemKind.Module, ORDER.builtin, { detail: 'agent' }, 'builtin:agent:random');
    items.add('first', CompletionItemKind.Module, ORDER.builtin, { detail: 'agent' }, 'builtin:agent:first');
    { addDecls(items, model, declsOf(model, 'policy')); return true; }
  }
  if (prev === 'prefer') {
    addDecls(items, model, declsOf(model, 'action'));
    for (const [member, ty] of model.queries.enumMembers()) if (isChoiceValue(model, member)) items.add(member, CompletionItemKind.EnumMember, ORDER.decl, { detail: describeType(ty) });
    for (const c of model.queries.namedChoices()) items.add(c, CompletionItemKind.Event, ORDER.decl, { detail: 'named choice' }, `choice:${c}`);
    return true;
  }
  if (prev === 'chooses') {
    for (const [member, ty] of model.queries.enumMembers()) items.add(member, CompletionItemKind.EnumMember, ORDER.expected, { detail: describeType(ty) });
  }
  if (inner.has('typeName') || inner.has('typeRef') || (prev === 'of' && before[before.length - 2]?.text === 'list')) {
    for (const t of TYPE_NAMES) items.add(t, CompletionItemKind.TypeParameter, ORDER.builtin, { detail: 'type' }, `builtin:type:${t}`);
    addDecls(items, model, declsOf(model, 'card', 'group'));
    return false;
  }
  if (inner.has('poolEntry') || (stackHas(e, 'poolDecl') && (prev === '{' || prev === ','))) { addDecls(items, model, declsOf(model, 'token', 'group')); return true; }
  if (inner.has('cardSpec') || (stackHas(e, 'cardSpecList') && (prev === '{' || prev === ',' || prev === 'of'))) { addDecls(items, model, declsOf(model, 'card')); return true; }
  if (prev === 'kinds' || (stackHas(e, 'boardItem') && !stackHas(e, 'expr'))) {
    for (const k of model.queries.hexKinds()) items.add(k, CompletionItemKind.EnumMember, ORDER.decl, { detail: 'hex kind' }, `hexkind:${k}`);
  }
  // `move 3 |` and `move all |`: the token moved
  const moveAt = before.map((t) => t.text).lastIndexOf('move');
  if (moveAt >= 0 && moveAt === before.length - 2 && prev !== 'card' && prev !== 'cards') {
    addDecls(items, model, declsOf(model, 'token'), ORDER.expected);
  }
  // a rule's bindings: the event's parameter names
  if (stackHas(e, 'ruleDecl') && (prev === '(' || prev === ',') && before.some((t) => t.text === 'on') && !stackHas(e, 'expr')) {
    const onAt = before.map((t) => t.text).lastIndexOf('on');
    const event = model.queries.event(before[onAt + 1]?.text ?? '');
    for (const p of event?.params ?? []) items.add(p.name, CompletionItemKind.Variable, ORDER.expected, { detail: describeType(p.type) });
    return true;
  }
  // a value of a known type is expected: beside `==`/`!=`, after `=` in a set, a var, an option, as a call's argument
  const expected = expectedType(model, before, scope);
  if (expected) addExpectedValues(items, model, expected);
  if (stackHas(e, 'expr') || stackHas(e, 'primary') || !e.known || e.name) expressionNames(items, model, scope, e);
  return false;
}

function isChoiceValue(model: SemanticModel, member: string): boolean {
  return model.queries.declarations().some((d) => {
    if (d.kind !== 'var' || d.scope !== 'player') return false;
    const ty = model.queries.declType(d);
    return ty?.t === 'enum' && ty.values.includes(member);
  });
}

/** The values of the expected type, first: an enum's members, `true` and `false`, a token group's tokens (or every token). */
function addExpectedValues(items: Items, model: SemanticModel, ty: Ty): void {
  if (ty.t === 'enum') addEnumMembers(items, ty);
  else if (ty.t === 'bool') {
    for (const b of ['true', 'false']) items.add(b, CompletionItemKind.Keyword, ORDER.expected, { detail: 'bool', preselect: true });
  } else if (ty.t === 'token') {
    const group = ty.group ? model.queries.declarations().find((d) => d.kind === 'group' && d.name === ty.group!.replace(/^group:/, '')) : undefined;
    const members = group?.kind === 'group' ? new Set((group.node.names ?? []).map((x) => x.name)) : undefined;
    addDecls(items, model, declsOf(model, 'token').filter((d) => !members || members.has(d.name)), ORDER.expected);
  }
}

/** The type the expression at the cursor should have, when the words before say so. */
function expectedType(model: SemanticModel, before: SourceToken[], scope: ScopeAt): Ty | undefined {
  const n = before.length;
  const op = before[n - 1]?.text;
  if (op === '(' || op === ',') return expectedArgument(model, before);
  if (op !== '==' && op !== '!=' && op !== '=') return undefined;
  // `option x: a | b = |`, `var x: a | b = |`: the written type
  const colon = before.map((t) => t.text).lastIndexOf(':');
  if (op === '=' && colon >= 0 && (before[0]?.text === 'option' || before.some((t, i) => t.text === 'var' && i < colon))) {
    const members = before.slice(colon + 1, n - 1).filter((t) => isName(t)).map((t) => t.text);
    if (members.length > 1) return { t: 'enum', values: members };
    const named = members[0] ? model.queries.declarations().find((d) => d.name === members[0] && d.kind === 'group') : undefined;
    return named?.kind === 'group' ? { t: 'enum', values: (named.node.names ?? []).map((x) => x.name) } : undefined;
  }
  // `option x = |` (a new default) and a test's `option x = |`
  if (op === '=' && before[n - 3]?.text === 'option') {
    const option = model.queries.declarations().find((d) => d.kind === 'option' && d.name === before[n - 2]?.text);
    return option ? model.queries.declType(option) : undefined;
  }
  // the chain just before the operator: `p.plan ==`, `set p.plan =`
  const chain: string[] = [];
  for (let i = n - 2; i >= 0; i -= 2) {
    const t = before[i]!;
    if (!isName(t)) break;
    chain.unshift(t.text);
    if (before[i - 1]?.text !== '.') break;
  }
  if (chain.length === 0) return undefined;
  const value = model.queries.resolveChain(chain, scope.locals, { perPlayer: scope.perPlayer, seats: scope.inTest });
  return value?.k === 'value' ? value.ty : undefined;
}

/** The type of the parameter being written in `derived(…, |`, `emit e(…, |`, `p1 does a(…, |`. */
function expectedArgument(model: SemanticModel, before: SourceToken[]): Ty | undefined {
  let depth = 0;
  let commas = 0;
  for (let i = before.length - 1; i >= 0; i--) {
    const t = before[i]!.text;
    if (t === ')' || t === ']') depth++;
    else if ((t === '(' || t === '[') && depth > 0) depth--;
    else if (t === ',' && depth === 0) commas++;
    else if (t === '[' && depth === 0) return undefined;
    else if (t === '(' && depth === 0) {
      const callee = before[i - 1];
      if (!isName(callee)) return undefined;
      const word = before[i - 2]?.text;
      if (word === 'emit' || word === 'on' || word === 'event') return model.queries.event(callee!.text)?.params[commas]?.type;
      const kind: DeclKind = word === 'does' || word === 'prefer' ? 'action' : 'derive';
      const decl = model.queries.declarations().find((d) => d.kind === kind && d.name === callee!.text);
      if (decl?.kind !== 'derive' && decl?.kind !== 'action') return undefined;
      // a per-player derived value is called with the player first
      const index = kind === 'derive' && decl.scope === 'player' ? commas - 1 : commas;
      if (index < 0) return { t: 'player' };
      const param = (decl.node.params ?? []).filter((p) => p?.name)[index];
      if (!param) return undefined;
      const local = model.bindings(decl.origin.file).find((b) => b.name === param.name.name && b.range.start.offset >= decl.node.range.start.offset && b.range.end.offset <= decl.node.range.end.offset);
      return local && local.type.t !== 'unknown' ? local.type : undefined;
    }
  }
  return undefined;
}

function expressionNames(items: Items, model: SemanticModel, scope: ScopeAt, e: Expectation): void {
  for (const [name, ty] of scope.locals) {
    const binding = scope.bindings.find((b) => b.name === name);
    items.add(name, CompletionItemKind.Variable, ORDER.local, { detail: ty.t === 'unknown' ? 'local' : describeType(ty) }, binding?.key);
  }
  if (scope.perPlayer) {
    items.add('self', CompletionItemKind.Keyword, ORDER.local, { detail: 'player' }, 'builtin:context:self');
  }
  for (const d of model.queries.declarations()) {
    if (!VALUE_KINDS.has(d.kind)) continue;
    if (d.scope === 'card' || d.scope === 'hex' || d.scope === 'corner' || d.scope === 'edge') continue;
    if (d.scope === 'player' && !scope.perPlayer) continue;
    const ty = model.queries.declType(d);
    const params = d.kind === 'derive' ? (d.node.params ?? []).filter((p) => p?.name) : [];
    const extra: Partial<CompletionItem> = { detail: ty && ty.t !== 'unknown' ? `${kindWord(d.kind)}: ${describeType(ty)}` : kindWord(d.kind) };
    if (params.length > 0) {
      extra.insertText = `${d.name}(${params.map((p, i) => `\${${i + 1}:${p.name.name}}`).join(', ')})`;
      extra.insertTextFormat = InsertTextFormat.Snippet;
    }
    items.add(d.name, KIND_OF[d.kind] ?? CompletionItemKind.Variable, ORDER.decl, extra, `decl:${d.name}`);
  }
  for (const s of model.symbols.values()) if (s.kind === 'region') items.add(s.name, CompletionItemKind.Module, ORDER.decl, { detail: 'region' }, s.key);
  for (const name of CONTEXT_NAMES) {
    if (name === 'self' && !scope.perPlayer) continue;
    items.add(name, CompletionItemKind.Keyword, ORDER.builtin, { detail: CONTEXT_DOCS[name]?.signature.split(': ')[1] ?? 'context' }, `builtin:context:${name}`);
  }
  if (model.queries.declarations().some((d) => d.kind === 'board')) {
    for (const c of ['hexes', 'corners', 'edges']) items.add(c, CompletionItemKind.Keyword, ORDER.builtin, { detail: CONTEXT_DOCS[c]?.signature.split(': ')[1] ?? '' }, `builtin:context:${c}`);
  }
  if (scope.inTest) for (let i = 1; i <= 6; i++) items.add(`p${i}`, CompletionItemKind.Variable, ORDER.builtin, { detail: `player in seat ${i}` }, `builtin:seat:p${i}`);
  for (const [fn, doc] of Object.entries(AGGREGATE_DOCS)) {
    if (fn === 'all' && e.keywords.includes('all')) continue;
    items.add(fn, CompletionItemKind.Function, ORDER.builtin, {
      detail: doc.signature, documentation: doc.doc,
      insertText: fn === 'all' || fn === 'any' || fn === 'count' ? `${fn}(\${1:x} in \${2:players}\${3: where \${4:condition}})` : `${fn}(\${1:x} in \${2:players}: \${3:value})`,
      insertTextFormat: InsertTextFormat.Snippet,
    });
  }
  for (const fn of [...Object.keys(BUILTIN_ARITY), ...BOARD_BUILTINS]) {
    const doc = FUNCTION_DOCS[fn];
    if (items.has(fn)) continue;
    items.add(fn, CompletionItemKind.Function, ORDER.builtin, { detail: doc?.signature ?? 'function', ...(doc ? { documentation: doc.doc } : {}) }, `builtin:function:${fn}`);
  }
  items.add('none', CompletionItemKind.Constant, ORDER.builtin, { detail: 'the empty site, player or piece' }, 'builtin:none:none');
  for (const [member, ty] of model.queries.enumMembers()) items.add(member, CompletionItemKind.EnumMember, ORDER.builtin, { detail: describeType(ty) });
}

// ───────────────────────────── keywords and snippets ─────────────────────────────

function keywords(items: Items, e: Expectation, before: SourceToken[], scope: ScopeAt): void {
  const words = e.known ? e.keywords : fallbackKeywords(before, scope);
  for (const w of words) items.add(w, CompletionItemKind.Keyword, ORDER.keyword);
  const atItemStart = words.includes('rule') && words.includes('test') && words.includes('token');
  if (atItemStart) for (const s of ITEM_SNIPPETS) items.add(s.label, CompletionItemKind.Snippet, ORDER.snippet, { detail: s.detail, insertText: s.body, insertTextFormat: InsertTextFormat.Snippet, filterText: s.filter });
  if (words.includes('move') && words.includes('emit')) for (const s of STATEMENT_SNIPPETS) items.add(s.label, CompletionItemKind.Snippet, ORDER.snippet, { detail: s.detail, insertText: s.body, insertTextFormat: InsertTextFormat.Snippet, filterText: s.filter });
  if (words.includes('advance') && words.includes('expect')) for (const s of TEST_SNIPPETS) items.add(s.label, CompletionItemKind.Snippet, ORDER.snippet, { detail: s.detail, insertText: s.body, insertTextFormat: InsertTextFormat.Snippet, filterText: s.filter });
}

const ITEM_WORDS: string[] = [...ITEM_KEYWORDS];
const STATEMENT_WORDS = ['move', 'set', 'let', 'if', 'for', 'emit', 'shuffle', 'reveal', 'draw', 'roll', 'pick', 'ask', 'end', 'place', 'remove'];

/** When the grammar cannot follow the item (a mistake earlier in it): the words a new line inside its innermost block may start with. */
function fallbackKeywords(before: SourceToken[], scope: ScopeAt): string[] {
  let depth = 0;
  for (const t of before) {
    if (t.text === '{') depth++;
    else if (t.text === '}') depth--;
  }
  if (depth <= 0) return ITEM_WORDS;
  if (scope.item?.$type === 'FlowDecl') return ['step', 'rounds', 'turns', 'phase', 'repeat', 'actions', 'if'];
  if (scope.item?.$type === 'TestDecl') return ['players', 'seed', 'variant', 'option', 'arrange', 'advance', 'fix', 'play', 'expect', ...STATEMENT_WORDS];
  return STATEMENT_WORDS;
}
