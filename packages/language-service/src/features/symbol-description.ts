/**
 * What hover and completion say about a symbol: its declaration as written
 * (one header line), its type, its documentation, an option's default, the
 * rulebook sentence it cites, and for a rule what triggers it and what it emits.
 */

import { describeType, kindWord, type Decl, type SemanticModel, type SemanticSymbol, type Ty } from '@houserules/compiler';
import type { Value } from '@houserules/schema';
import { tokenize } from '@houserules/syntax';
import type { Workspace } from '../workspace/workspace.ts';
import { AGGREGATE_DOCS, BUILTIN_EVENT_DOCS, CONTEXT_DOCS, FUNCTION_DOCS, OTHER_DOCS, SITE_MEMBER_DOCS, seatDoc, type BuiltinDoc } from './builtin-docs.ts';

export interface SymbolDescription {
  /** how it is declared, as code */
  signature: string;
  /** markdown paragraphs: doc, default, cite, triggers, emits */
  details: string[];
  /** a short label: `rule`, `option`, `local`, … */
  kind: string;
  type?: string;
}

const MAX_HEADER = 240;

/** A declaration's first words up to its body, reason or citation, on one line. */
export function declarationHeader(text: string, start: number, end: number): string {
  const source = text.slice(start, end);
  const tokens = tokenize(source).value;
  let cut = source.length;
  let depth = 0;
  for (const t of tokens) {
    if (t.kind === 'comment') continue;
    const at = t.range.start.offset;
    if (t.text === '(' || t.text === '[') depth++;
    else if (t.text === ')' || t.text === ']') depth--;
    else if (depth === 0 && (t.text === '{' || t.text === 'cite' || t.text === 'reason' || (t.kind === 'string' && at > 0))) {
      cut = at;
      break;
    }
  }
  const header = source.slice(0, cut).replace(/\/\/[^\n]*/g, ' ').replace(/\s+/g, ' ').trim();
  return header.length > MAX_HEADER ? `${header.slice(0, MAX_HEADER - 1)}…` : header;
}

function showValue(v: Value | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v.replace(/^(token|piece|card):/, '');
  return JSON.stringify(v);
}

function quote(text: string): string {
  return text.split('\n').map((l) => `> ${l}`).join('\n');
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

function builtinDoc(symbol: SemanticSymbol): BuiltinDoc | undefined {
  const name = symbol.name;
  switch (symbol.builtin) {
    case 'context': return CONTEXT_DOCS[name];
    case 'function': return FUNCTION_DOCS[name];
    case 'site-member': return SITE_MEMBER_DOCS[name];
    case 'seat': return seatDoc(name);
    case 'agent': case 'none': case 'type': return OTHER_DOCS[name];
    case 'event': return { signature: `event ${name}`, doc: BUILTIN_EVENT_DOCS[name] ?? 'A built-in event.' };
  }
  return AGGREGATE_DOCS[name];
}

/** Who emits an event: rules and actions that say `emit`, the flow (a step, rounds, turns) or the engine. */
function emitters(model: SemanticModel, eventId: string): string[] {
  const graph = model.graph;
  if (!graph) return [];
  return graph.edges.filter((e) => e.kind === 'emits' && e.to === eventId).map((e) => e.from.replace(/^(\w+):/, '$1 '));
}

export function describeSymbol(workspace: Workspace, model: SemanticModel, symbol: SemanticSymbol): SymbolDescription {
  if (symbol.kind === 'builtin') {
    const doc = builtinDoc(symbol);
    const event = symbol.builtin === 'event' ? model.queries.event(symbol.name) : undefined;
    const signature = event ? `event ${symbol.name}${event.params.length ? `(${event.params.map((p) => `${p.name}: ${describeType(p.type)}`).join(', ')})` : ''}` : doc?.signature ?? symbol.name;
    const details = [doc?.doc ?? 'Declared by the language.'];
    if (event) {
      const listeners = listenersOf(model, `event:${symbol.name}`);
      if (listeners.length) details.push(`Heard by ${listeners.map(code).join(', ')}.`);
    }
    return { signature, details, kind: symbol.builtin === 'event' ? 'built-in event' : `built-in ${symbol.builtin ?? ''}`.trim() };
  }
  const decl = symbol.decl;
  const details: string[] = [];
  let signature = symbol.name;
  let type: string | undefined;
  if (decl) {
    signature = headerOf(workspace, decl);
    if (decl.scope === 'player') signature = `per player: ${signature}`;
    else if (decl.scope === 'card') signature = `card ${decl.cardKind ?? ''}: ${signature}`;
    else if (decl.scope === 'hex' || decl.scope === 'corner' || decl.scope === 'edge') signature = `per ${decl.scope}: ${signature}`;
    const ty = model.queries.declType(decl);
    if (ty && ty.t !== 'unknown') type = describeType(ty);
    details.push(...declDetails(model, decl, symbol));
  } else if (symbol.type) {
    type = describeType(symbol.type);
    signature = symbol.kind === 'local' ? `${symbol.name}: ${type}` : symbol.kind === 'field' ? `${symbol.card}.${symbol.name}: ${type}` : symbol.name;
    if (symbol.kind === 'enum-member') signature = `${symbol.name} (one of ${type})`;
  } else if (symbol.kind === 'field') {
    const card = model.symbols.get(`decl:${symbol.card ?? ''}`)?.decl;
    const field = card?.kind === 'card' ? (card.node.fields ?? []).find((f) => f?.name?.name === symbol.name) : undefined;
    const fieldTy = card && field ? fieldType(model, card, symbol.name) : undefined;
    type = fieldTy ? describeType(fieldTy) : undefined;
    signature = `${symbol.card}.${symbol.name}${type ? `: ${type}` : ''}`;
  } else {
    const first = symbol.declarations[0];
    const text = first ? workspace.text(first.file) : undefined;
    if (symbol.kind === 'module') signature = `module ${symbol.name}`;
    else if (symbol.kind === 'step') signature = `step ${symbol.name}`;
    else if (symbol.kind === 'phase') signature = `phase ${symbol.name}`;
    else if (symbol.kind === 'variant' && first && text) signature = declarationHeader(text, lineStart(text, first.range.start.offset), first.range.end.offset + 200).replace(/\s*\{.*$/, '');
    else if (symbol.kind === 'choice') signature = `choice ${symbol.name}`;
    else if (symbol.kind === 'hex-kind') signature = `${symbol.name} (a hex kind)`;
    else if (symbol.kind === 'region') signature = `region ${symbol.name}`;
    if (symbol.kind === 'step') {
      const listeners = listenersOf(model, `event:${symbol.name}`);
      details.push('An event the flow emits at this step.');
      if (listeners.length) details.push(`Heard by ${listeners.map(code).join(', ')}.`);
    }
    if (symbol.kind === 'module' && first) details.push(`File ${code(first.file)}.`);
  }
  const where = symbol.declarations[0];
  if (where?.origin && where.origin.module) details.push(`Declared in module ${code(where.origin.module)}${where.origin.variant ? `, variant ${code(where.origin.variant)}` : ''}.`);
  const overrides = symbol.declarations.filter((d) => d.overrides);
  if (overrides.length > 0) details.push(`Overridden in ${overrides.map((d) => code(d.origin?.module ?? d.file) + (d.origin?.variant ? ` (variant ${code(d.origin.variant)})` : '')).join(', ')}.`);
  const result: SymbolDescription = { signature, details, kind: symbolKindWord(symbol) };
  if (type !== undefined) result.type = type;
  return result;
}

function fieldType(model: SemanticModel, card: Decl, field: string): Ty | undefined {
  return model.queries.members({ k: 'value', ty: { t: 'card', kind: `card:${card.name}` } }).find((m) => m.kind === 'field' && m.name === field)?.type;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

export function symbolKindWord(symbol: SemanticSymbol): string {
  switch (symbol.kind) {
    case 'builtin': return 'built-in';
    case 'enum-member': return 'enum member';
    case 'hex-kind': return 'hex kind';
    case 'local': return 'local';
    case 'field': return 'card field';
    case 'step': return 'flow step';
    case 'choice': return 'named choice';
    case 'phase': case 'variant': case 'module': case 'region': return symbol.kind;
    default: return kindWord(symbol.kind);
  }
}

function headerOf(workspace: Workspace, decl: Decl): string {
  const text = workspace.text(decl.origin.file);
  const node = decl.node as { range?: { start: { offset: number }; end: { offset: number } } };
  if (!text || !node.range) return decl.name;
  // a token group: `tokens resource = brick, …` names its members; a token of a group: just the token
  if (decl.kind === 'token') return `token ${decl.name}`;
  return declarationHeader(text, node.range.start.offset, node.range.end.offset);
}

function listenersOf(model: SemanticModel, eventId: string): string[] {
  return (model.graph?.rules ?? []).filter((r) => r.event === eventId && r.status === 'active').map((r) => r.name);
}

function declDetails(model: SemanticModel, decl: Decl, symbol: SemanticSymbol): string[] {
  const out: string[] = [];
  const node = decl.node as { doc?: { value?: string }; cite?: { value?: string } };
  if (node.doc?.value) out.push(node.doc.value);
  if (decl.kind === 'option') {
    const option = model.graph?.options.find((o) => o.id === `option:${decl.name}`);
    if (option) out.push(`Default: ${code(showValue(option.default))}.`);
  }
  if (decl.kind === 'group') out.push(`Tokens: ${(decl.node.names ?? []).map((n) => code(n.name)).join(', ')}.`);
  if (decl.kind === 'rule') {
    const rule = model.graph?.rules.find((r) => r.id === `rule:${decl.name}`);
    const event = decl.node.event?.name;
    if (event) {
      const from = emitters(model, `event:${event}`);
      const builtin = model.queries.event(event)?.source;
      const by = builtin === 'builtin' ? 'the engine' : builtin === 'step' ? 'the flow' : from.length ? from.map(code).join(', ') : 'nothing yet';
      const peers = rule ? (model.graph?.rules ?? []).filter((r) => r.event === rule.event && r.status === 'active').length : 0;
      out.push(`Triggered by ${code(event)} (emitted by ${by})${rule && peers > 1 ? `; fires ${ordinal(rule.order + 1)} of ${peers} rules on it` : ''}.`);
    }
    const emits = (model.graph?.edges ?? []).filter((e) => e.from === `rule:${decl.name}` && e.kind === 'emits').map((e) => e.to.replace(/^event:/, ''));
    out.push(emits.length ? `Emits ${emits.map(code).join(', ')}.` : 'Emits nothing.');
  }
  if (decl.kind === 'action') {
    const emits = (model.graph?.edges ?? []).filter((e) => e.from === `action:${decl.name}` && e.kind === 'emits').map((e) => e.to.replace(/^event:/, ''));
    if (emits.length) out.push(`Emits ${emits.map(code).join(', ')}.`);
  }
  if (decl.kind === 'event') {
    const from = emitters(model, `event:${decl.name}`);
    const listeners = listenersOf(model, `event:${decl.name}`);
    out.push(`Emitted by ${from.length ? from.map(code).join(', ') : 'nothing yet'}; heard by ${listeners.length ? listeners.map(code).join(', ') : 'no rule'}.`);
  }
  // the cite of the active declaration, else of the first that has one
  const cited = node.cite?.value ?? (symbol.decls ?? []).map((d) => (d.node as { cite?: { value?: string } }).cite?.value).find((c) => c);
  if (cited) out.push(quote(cited));
  return out;
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${s}`;
}
