import type { ActionNode, ConstraintNode, EndNode, Expr as GExpr, InvariantNode, PolicyNode, RankingNode, RuleNode } from '@houserules/schema';
import { hiddenReadOf } from './policy-visibility.ts';
import type { Param } from '@houserules/syntax';
import type { DeclOf, Origin } from './declaration-table.ts';
import { constant } from './constant-value.ts';
import { paramType, type Lowerers } from './lower-declarations.ts';
import { bindLocal, declareLocal, reportUnusedBindings, type Scope } from './lowering-context.ts';
import { didYouMean } from './suggest-name.ts';
import { BOOL, PLAYER, UNKNOWN, describeType, listOf, toTypeDesc, type Ty } from './type-system.ts';

export type Status = 'active' | 'overridden' | 'removed';

/** How a body's nodes are named: its id and whether its uses become edges. */
export interface Naming {
  id: string;
  status: Status;
}

function bodyScope(l: Lowerers, origin: Origin, naming: Naming): Scope {
  return l.cx.scope(origin, naming.id, naming.status === 'active' ? naming.id : null);
}

export function lowerRule(l: Lowerers, d: DeclOf<'rule'>, naming: Naming): RuleNode {
  const scope = bodyScope(l, d.origin, naming);
  const eventName = d.node.event?.name ?? '';
  const params = l.st.eventParams(eventName);
  const bindings = (d.node.bindings ?? []).filter((b) => b).map((b) => b.name);
  if (d.node.event && params) scope.recorder?.reference(d.origin.file, d.node.event, { k: 'event', name: eventName }, 'read');
  if (d.node.event && !params) {
    l.cx.sink.error('resolve/unknown-event', `there is no event \`${eventName}\``, d.origin.file, d.node.event.range,
      didYouMean(eventName, l.st.eventNames()) ?? `declare it: \`event ${eventName}\`, or add \`step ${eventName}\` to the flow`);
  } else if (params && bindings.length > params.length) {
    const extra = d.node.bindings[params.length]!;
    l.cx.sink.error('type/arity', `event \`${eventName}\` has ${params.length} parameter${params.length === 1 ? '' : 's'}, but the rule binds ${bindings.length}`,
      d.origin.file, extra.range, `bind at most ${params.length} name${params.length === 1 ? '' : 's'}`);
  }
  (d.node.bindings ?? []).filter((b) => b).forEach((b, i) => bindLocal(scope, b, params?.[i] ?? UNKNOWN));
  const node: RuleNode = {
    id: naming.id, name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range, d.node.cite), status: naming.status,
    event: `event:${eventName}`, bindings, body: [], order: 0,
  };
  if (d.node.when) node.when = l.ex.value(d.node.when, scope, BOOL, 'the `when` condition').expr;
  node.body = l.st.block(d.node.body, scope);
  reportUnusedBindings(l.cx, scope);
  return node;
}

/** Each parameter with its domain: written, or every value of its type. */
function actionParams(l: Lowerers, params: Param[] | undefined, origin: Origin, scope: Scope): ActionNode['params'] {
  const out: ActionNode['params'] = [];
  for (const p of params ?? []) {
    if (!p?.name) continue;
    let ty: Ty;
    let domain: GExpr;
    if (p.domain) {
      const c = l.ex.collection(p.domain, scope);
      ty = p.type ? l.cx.typeFromRef(p.type, origin) : c.elem;
      domain = c.expr;
    } else {
      ty = paramType(l, p, origin);
      if (ty.t === 'enum') domain = { k: 'list', items: ty.values.map((v) => ({ k: 'lit', v })) };
      else if (ty.t === 'bool') domain = { k: 'list', items: [{ k: 'lit', v: false }, { k: 'lit', v: true }] };
      else if (ty.t === 'player') domain = { k: 'players' };
      else if (ty.t === 'token' && ty.group !== undefined) domain = { k: 'group', id: ty.group };
      else {
        if (ty.t !== 'unknown') {
          l.cx.sink.error('type/mismatch', `parameter \`${p.name.name}\` needs a domain to choose from`, origin.file, p.range, `write \`${p.name.name} in <collection>\``);
        }
        domain = { k: 'list', items: [] };
      }
    }
    declareLocal(scope, p.name, ty);
    out.push({ name: p.name.name, type: toTypeDesc(ty), domain });
  }
  return out;
}

export function lowerAction(l: Lowerers, d: DeclOf<'action'>, naming: Naming, phases: Set<string>): ActionNode {
  const scope = bodyScope(l, d.origin, naming);
  const node: ActionNode = {
    id: naming.id, name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range, d.node.cite), status: naming.status,
    params: actionParams(l, d.node.params, d.origin, scope), body: [],
  };
  if (d.node.by) node.by = l.ex.value(d.node.by, scope, PLAYER, 'who may act').expr;
  if (d.node.during) {
    if (phases.has(d.node.during.name)) scope.recorder?.reference(d.origin.file, d.node.during, { k: 'phase', name: d.node.during.name }, 'read');
    if (!phases.has(d.node.during.name)) {
      l.cx.sink.error('flow/unknown-phase', `the flow has no phase \`${d.node.during.name}\``, d.origin.file, d.node.during.range,
        didYouMean(d.node.during.name, phases) ?? `phases: ${[...phases].join(', ') || 'none (add `phase name { … }` to the flow)'}`);
    }
    node.during = d.node.during.name;
  }
  if (d.node.limitPerTurn !== undefined) node.limitPerTurn = d.node.limitPerTurn;
  node.body = l.st.block(d.node.body, scope);
  reportUnusedBindings(l.cx, scope);
  return node;
}

/**
 * A constraint on an action (bindings name its parameters), on a choice var
 * (`forbid x on plan(p, v)`: bindings name the chooser and the chosen value) or on
 * a named choice (`ask … as pick_hex`; `forbid x on pick_hex(p, h)`, the same two).
 */
export function lowerConstraint(l: Lowerers, d: DeclOf<'constraint'>, naming: Naming): ConstraintNode {
  const scope = bodyScope(l, d.origin, naming);
  const targetName = d.node.action?.name ?? '';
  const target = l.cx.table.byName.get(targetName);
  const named = l.cx.namedChoices.get(targetName);
  const bindings = (d.node.bindings ?? []).filter((b) => b).map((b) => b.name);
  let targetId = `action:${targetName}`;
  let bindingTypes: Ty[] = [];
  if (target?.kind === 'action') {
    const ps = (target.node.params ?? []).filter((p) => p?.name);
    bindingTypes = ps.map((p) => (p.type ? l.cx.typeFromRef(p.type, target.origin) : p.domain ? l.ex.collection(p.domain, l.cx.scope(target.origin, 'param', null)).elem : UNKNOWN));
  } else if (target?.kind === 'var' && target.scope === 'player') {
    targetId = `var:${targetName}`;
    bindingTypes = [PLAYER, l.cx.declType(target)];
  } else if (!target && named) {
    targetId = named.askId;
    bindingTypes = [PLAYER, named.value];
  } else if (d.node.action) {
    const candidates = [...l.cx.table.byName.values()].filter((x) => x.kind === 'action' || (x.kind === 'var' && x.scope === 'player')).map((x) => x.name);
    candidates.push(...l.cx.namedChoices.keys());
    l.cx.sink.error('resolve/unknown-name', `there is no action or choice \`${targetName}\` to constrain`, d.origin.file, d.node.action.range,
      didYouMean(targetName, candidates) ?? 'a constraint names an action, a per-player choice var or a named choice (`ask … as NAME`)');
  }
  if (bindings.length > bindingTypes.length && ((target && (target.kind === 'action' || target.kind === 'var')) || (!target && named))) {
    l.cx.sink.error('type/arity', `\`${targetName}\` has ${bindingTypes.length} parameter${bindingTypes.length === 1 ? '' : 's'}, but the constraint binds ${bindings.length}`,
      d.origin.file, d.node.bindings[bindingTypes.length]!.range);
  }
  (d.node.bindings ?? []).filter((b) => b).forEach((b, i) => declareLocal(scope, b, bindingTypes[i] ?? UNKNOWN));
  if (d.node.action && scope.recorder) {
    if (target?.kind === 'action' || (target?.kind === 'var' && target.scope === 'player')) scope.recorder.reference(d.origin.file, d.node.action, { k: 'decl', decl: target }, 'read');
    else if (!target && named) scope.recorder.reference(d.origin.file, d.node.action, { k: 'choice', name: targetName }, 'read');
  }
  if (naming.status === 'active' && target) l.cx.addEdge(naming.id, targetId, 'constrains');
  else if (naming.status === 'active' && named) l.cx.addEdge(naming.id, named.nodeId, 'constrains');
  return {
    id: naming.id, name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range, d.node.cite), status: naming.status,
    kind: d.node.kind ?? 'forbid', target: targetId, bindings,
    condition: l.ex.value(d.node.condition, scope, BOOL, 'the condition').expr, reason: d.node.reason?.value ?? '',
  };
}

export function lowerEnd(l: Lowerers, d: DeclOf<'end'>, naming: Naming): EndNode {
  const scope = bodyScope(l, d.origin, naming);
  const node: EndNode = {
    id: naming.id, name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range, d.node.cite), status: naming.status,
    condition: l.ex.value(d.node.condition, scope, BOOL, 'the end condition').expr, timing: d.node.timing ?? 'immediately',
  };
  if (d.node.winners) node.winners = l.ex.value(d.node.winners, scope, listOf(PLAYER), 'the winners').expr;
  return node;
}

export function lowerInvariant(l: Lowerers, d: DeclOf<'invariant'>, naming: Naming): InvariantNode {
  const scope = bodyScope(l, d.origin, naming);
  const node: InvariantNode = {
    id: naming.id, name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range), status: naming.status,
    condition: l.ex.value(d.node.condition, scope, BOOL, 'the invariant').expr,
  };
  if (d.node.reason?.value !== undefined) node.reason = d.node.reason.value;
  return node;
}

/** A preference names an action (`kind: action`, target its id) or a choice value (`kind: value`, target the value). */
export function lowerPolicy(l: Lowerers, d: DeclOf<'policy'>, naming: Naming): PolicyNode {
  const scope = bodyScope(l, d.origin, naming);
  const params: PolicyNode['params'] = [];
  for (const p of d.node.params ?? []) {
    if (!p?.name) continue;
    const ty = paramType(l, p, d.origin);
    declareLocal(scope, p.name, ty);
    const param: PolicyNode['params'][number] = { name: p.name.name, type: toTypeDesc(ty) };
    if (p.default) {
      const v = constant(l, p.default, d.origin, ty, `the default of \`${p.name.name}\``);
      if (v !== undefined) param.default = v;
    }
    params.push(param);
  }
  const preferences: PolicyNode['preferences'] = [];
  for (const pref of d.node.preferences ?? []) {
    if (!pref?.target) continue;
    const name = pref.target.name;
    const decl = l.cx.table.byName.get(name);
    let entry: PolicyNode['preferences'][number];
    if (decl?.kind === 'action') {
      const ps = (decl.node.params ?? []).filter((p) => p?.name);
      const args = pref.args ?? [];
      if (args.length > ps.length) {
        l.cx.sink.error('type/arity', `action \`${name}\` has ${ps.length} parameter${ps.length === 1 ? '' : 's'}, got ${args.length}`, d.origin.file, pref.range);
      }
      scope.recorder?.reference(d.origin.file, pref.target, { k: 'decl', decl }, 'read');
      entry = { target: `action:${name}`, kind: 'action', args: args.map((a) => l.ex.value(a, scope).expr) };
    } else if (!decl && l.cx.namedChoices.has(name)) {
      // a named choice: the one argument is the candidate to prefer
      const named = l.cx.namedChoices.get(name)!;
      scope.recorder?.reference(d.origin.file, pref.target, { k: 'choice', name }, 'read');
      const args = pref.args ?? [];
      if (args.length !== 1) {
        l.cx.sink.error('type/arity', `choice \`${name}\` takes the one candidate to prefer, got ${args.length}`, d.origin.file, pref.range);
        continue;
      }
      entry = { target: named.askId, kind: 'value', args: [l.ex.value(args[0]!, scope, named.value, 'the preferred candidate').expr] };
    } else if (!decl && choiceVarOf(l, name)) {
      // The schema wants a node id as target: the choice var; the value chosen is the one argument.
      const choiceTy = l.cx.declType(choiceVarOf(l, name)!);
      if (choiceTy.t === 'enum') scope.recorder?.reference(d.origin.file, pref.target, { k: 'enum', ty: choiceTy, member: name }, 'read');
      entry = { target: idOfVar(choiceVarOf(l, name)!), kind: 'value', args: [{ k: 'lit', v: name }] };
    } else {
      const candidates = [...[...l.cx.table.byName.values()].filter((x) => x.kind === 'action').map((x) => x.name), ...l.cx.enumIndex.keys()];
      l.cx.sink.error('resolve/unknown-name', `\`${name}\` is neither an action nor a choice value`, d.origin.file, pref.target.range,
        didYouMean(name, candidates) ?? 'prefer an action or a value of a choice');
      continue;
    }
    if (pref.when) entry.when = l.ex.value(pref.when, scope, BOOL, 'the `when` condition').expr;
    const leak = [...entry.args, ...(entry.when ? [entry.when] : [])].map((x) => hiddenReadOf(l.cx, x)).find((x) => x !== null);
    if (leak) {
      l.cx.sink.error('type/policy-sees-hidden', `policy \`${d.name}\` reads ${leak}, which the player it decides for may not see`, d.origin.file, pref.range,
        'a policy decides from what its player sees: its own secrets and hand, public zones, every zone\'s count');
    }
    preferences.push(entry);
  }
  const node: PolicyNode = {
    id: naming.id, name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range), status: naming.status, params, preferences,
  };
  if (d.node.doc?.value !== undefined) node.doc = d.node.doc.value;
  return node;
}

export function lowerRanking(l: Lowerers): RankingNode | null {
  const ranking = l.cx.table.ranking;
  if (!ranking) return null;
  const scope = l.cx.scope(ranking.origin, 'ranking', null);
  const bind = declareLocal(scope, ranking.node.binding, PLAYER, 'p');
  return {
    bind,
    keys: (ranking.node.keys ?? []).filter((k) => k).map((k) => {
      const key = l.ex.value(k.value, scope, undefined);
      // Scores are numbers (a bool counts 0 or 1): an enum or a player would rank by an internal index.
      if (key.ty.t !== 'number' && key.ty.t !== 'bool' && key.ty.t !== 'unknown') {
        l.cx.sink.error('type/mismatch', `a ranking key is ${describeType(key.ty)}, but the ranking orders players by numbers`, ranking.origin.file, k.value?.range ?? ranking.node.range,
          'rank by a number, such as a count or a score');
      }
      return { value: key.expr, direction: k.direction ?? 'desc' };
    }),
    ties: ranking.node.ties ?? 'shared',
    provenance: l.cx.provenance(ranking.origin, ranking.node.range, ranking.node.cite),
  };
}

/** The first per-player choice var (an enum var) that can take `value`. */
function choiceVarOf(l: Lowerers, value: string): DeclOf<'var'> | undefined {
  for (const d of l.cx.table.byName.values()) {
    if (d.kind === 'var' && d.scope === 'player') {
      const ty = l.cx.declType(d);
      if (ty.t === 'enum' && ty.values.includes(value)) return d;
    }
  }
  return undefined;
}

function idOfVar(d: DeclOf<'var'>): string {
  return `var:${d.name}`;
}
