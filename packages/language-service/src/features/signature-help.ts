/**
 * Signature help inside `name(…)`: the parameters of a derived value, a
 * built-in function, an event (`emit e(…)`, `on e(…)`, `expect event e(…)`),
 * an action (`p1 does a(…)`, `prefer a(…)`), a card kind (`treasure(…)`) or
 * a policy (`play with cautious(…)`), with the one being typed active.
 */

import { describeType, type Decl, type SemanticModel } from '@houserules/compiler';
import { tokenize } from '@houserules/syntax';
import type { SignatureHelp, SignatureInformation } from 'vscode-languageserver-types';
import { FUNCTION_DOCS } from './builtin-docs.ts';
import type { FeatureContext } from './feature-context.ts';
import { itemBefore } from './scope-at.ts';

export function signatureHelp(cx: FeatureContext, path: string, offset: number): SignatureHelp | null {
  const doc = cx.workspace.document(path);
  if (!doc) return null;
  const model = cx.workspace.analysis(path).model;
  if (!model) return null;
  const ast = model.modules.find((m) => m.file === doc.path)?.ast;
  const start = ast ? (itemBefore(ast, offset)?.item.range.start.offset ?? 0) : 0;
  const tokens = tokenize(doc.text.slice(start, offset)).value.filter((t) => t.kind !== 'comment');
  // the innermost `(` still open at the cursor, and how many commas since it
  const stack: { at: number; commas: number }[] = [];
  tokens.forEach((t, i) => {
    if (t.text === '(' || t.text === '[') stack.push({ at: i, commas: 0 });
    else if ((t.text === ')' || t.text === ']') && stack.length) stack.pop();
    else if (t.text === ',' && stack.length) stack[stack.length - 1]!.commas++;
  });
  const open = [...stack].reverse().find((s) => tokens[s.at]!.text === '(');
  if (!open) return null;
  const callee = tokens[open.at - 1];
  if (!callee || (callee.kind !== 'name' && callee.kind !== 'soft-keyword' && callee.kind !== 'keyword')) return null;
  const before = tokens[open.at - 2]?.text;
  const before2 = tokens[open.at - 3]?.text;
  const signature = signatureOf(model, callee.text, before, before2);
  if (!signature) return null;
  return { signatures: [signature], activeSignature: 0, activeParameter: Math.min(open.commas, Math.max(0, (signature.parameters?.length ?? 1) - 1)) };
}

function sig(name: string, params: string[], result?: string, doc?: string): SignatureInformation {
  const s: SignatureInformation = { label: `${name}(${params.join(', ')})${result ? `: ${result}` : ''}`, parameters: params.map((p) => ({ label: p })) };
  if (doc) s.documentation = doc;
  return s;
}

function find(model: SemanticModel, name: string, kind: Decl['kind']): Decl | undefined {
  return model.queries.declarations().find((d) => d.name === name && d.kind === kind);
}

function paramsOf(model: SemanticModel, decl: Decl): string[] {
  const params = 'params' in decl.node ? ((decl.node as { params?: { name?: { name: string }; type?: unknown; domain?: unknown }[] }).params ?? []) : [];
  return params.filter((p) => p?.name).map((p) => {
    const local = model.bindings(decl.origin.file).find((b) => b.name === p.name!.name && (decl.node as { range: { start: { offset: number }; end: { offset: number } } }).range.start.offset <= b.range.start.offset && b.range.end.offset <= (decl.node as { range: { end: { offset: number } } }).range.end.offset);
    return local && local.type.t !== 'unknown' ? `${p.name!.name}: ${describeType(local.type)}` : p.name!.name;
  });
}

function signatureOf(model: SemanticModel, name: string, before: string | undefined, before2: string | undefined): SignatureInformation | undefined {
  if (before === 'emit' || before === 'on' || (before === 'event' && (before2 === 'expect' || before2 === 'not'))) {
    const event = model.queries.event(name);
    return event ? sig(name, event.params.map((p) => `${p.name}: ${describeType(p.type)}`)) : undefined;
  }
  if (before === 'does' || before === 'prefer') {
    const action = find(model, name, 'action');
    return action ? sig(name, paramsOf(model, action)) : undefined;
  }
  const derive = find(model, name, 'derive');
  if (derive) {
    const ty = model.queries.declType(derive);
    return sig(name, [...(derive.scope === 'player' ? ['p: player'] : []), ...paramsOf(model, derive)], ty && ty.t !== 'unknown' ? describeType(ty) : undefined);
  }
  const card = find(model, name, 'card');
  if (card && card.kind === 'card') {
    const fields = model.queries.members({ k: 'value', ty: { t: 'card', kind: `card:${name}` } }).filter((m) => m.kind === 'field');
    return sig(name, fields.map((f) => `${f.name}${f.type ? `: ${describeType(f.type)}` : ''}`));
  }
  const policy = find(model, name, 'policy');
  if (policy) return sig(name, paramsOf(model, policy));
  const builtin = FUNCTION_DOCS[name];
  if (builtin) {
    const s = sig(name, builtin.params ?? []);
    s.label = builtin.signature;
    s.documentation = builtin.doc;
    return s;
  }
  return undefined;
}
