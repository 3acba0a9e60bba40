import type { FlowNode } from '@houserules/schema';
import { BUILTIN_EVENTS } from '@houserules/schema';
import type { FlowItem } from '@houserules/syntax';
import type { Origin } from './declaration-table.ts';
import type { Lowerers } from './lower-declarations.ts';
import type { Scope } from './lowering-context.ts';
import { didYouMean } from './suggest-name.ts';
import { BOOL, NUMBER, PLAYER } from './type-system.ts';

const BUILTIN_NAMES = new Set(BUILTIN_EVENTS.map((e) => e.name));

/**
 * Registers one event per flow `step` (before anything refers to events).
 * A step named like a declared or builtin event is `resolve/duplicate`.
 */
export function collectStepEvents(l: Lowerers): void {
  const flow = l.cx.table.flow;
  if (!flow) return;
  const visit = (items: FlowItem[] | undefined, origin: Origin): void => {
    for (const item of items ?? []) {
      if (!item) continue;
      switch (item.$type) {
        case 'StepFlow': {
          if (!item.name) break;
          const name = item.name.name;
          const declared = l.cx.table.byName.get(name);
          if (declared?.kind === 'event' || BUILTIN_NAMES.has(name)) {
            l.cx.sink.error('resolve/duplicate', `step \`${name}\` would define event \`${name}\`, which already exists`, origin.file, item.name.range,
              'give the step its own name', declared ? [{ message: 'the event', file: declared.origin.file, range: declared.ident.range }] : undefined);
            break;
          }
          if (!l.cx.stepEvents.has(name)) {
            l.cx.stepEvents.set(name, { ident: item.name, origin });
            l.cx.recorder?.declaration(origin.file, item.name, { k: 'event', name });
          }
          break;
        }
        case 'RoundsFlow': case 'TurnsFlow': case 'PhaseFlow': case 'RepeatFlow': visit(item.body, origin); break;
        case 'IfFlow': visit(item.then, origin); visit(item.else, origin); break;
        default: break;
      }
    }
  };
  visit(flow.node.items, flow.origin);
}

/** The phase names the flow declares (for `during`). */
export function flowPhases(l: Lowerers): Set<string> {
  const phases = new Set<string>();
  const file = l.cx.table.flow?.origin.file ?? '';
  const visit = (items: FlowItem[] | undefined): void => {
    for (const item of items ?? []) {
      if (!item) continue;
      if (item.$type === 'PhaseFlow' && item.name) {
        phases.add(item.name.name);
        l.cx.recorder?.declaration(file, item.name, { k: 'phase', name: item.name.name });
      }
      if (item.$type === 'RoundsFlow' || item.$type === 'TurnsFlow' || item.$type === 'PhaseFlow' || item.$type === 'RepeatFlow') visit(item.body);
      if (item.$type === 'IfFlow') { visit(item.then); visit(item.else); }
    }
  };
  visit(l.cx.table.flow?.node.items);
  return phases;
}

export function lowerFlow(l: Lowerers): FlowNode[] {
  const flow = l.cx.table.flow;
  if (!flow) return [];
  const scope = l.cx.scope(flow.origin, 'flow', null);
  return lowerItems(l, flow.node.items, scope);
}

function lowerItems(l: Lowerers, items: FlowItem[] | undefined, scope: Scope): FlowNode[] {
  const out: FlowNode[] = [];
  for (const item of items ?? []) {
    if (!item) continue;
    const node = lowerItem(l, item, scope);
    if (node) out.push(node);
  }
  return out;
}

function lowerItem(l: Lowerers, item: FlowItem, scope: Scope): FlowNode | null {
  switch (item.$type) {
    case 'StepFlow': return item.name && l.cx.stepEvents.has(item.name.name) ? { f: 'step', event: `event:${item.name.name}` } : null;
    case 'RoundsFlow':
      return {
        f: 'rounds',
        count: item.count === 'forever' || item.count === undefined ? null : l.ex.value(item.count, scope, NUMBER, 'the number of rounds').expr,
        body: lowerItems(l, item.body, scope),
      };
    case 'TurnsFlow': {
      const node: FlowNode = { f: 'turns', order: item.order ?? 'seat', body: lowerItems(l, item.body, scope) };
      if (item.from) node.from = l.ex.value(item.from, scope, PLAYER, 'the player the turns start from').expr;
      return node;
    }
    case 'PhaseFlow': return { f: 'phase', name: item.name?.name ?? '', body: lowerItems(l, item.body, scope) };
    case 'RepeatFlow': {
      const node: FlowNode = { f: 'repeat', body: lowerItems(l, item.body, scope) };
      if (item.while) node.while = l.ex.value(item.while, scope, BOOL, 'the `while` condition').expr;
      return node;
    }
    case 'ActionsFlow': {
      const node: FlowNode = { f: 'actions', by: l.ex.value(item.by, scope, PLAYER, 'the acting player').expr };
      if (item.until) {
        const target = l.cx.table.byName.get(item.until.name);
        if (target?.kind === 'action') l.cx.recorder?.reference(scope.origin.file, item.until, { k: 'decl', decl: target }, 'read');
        if (target?.kind !== 'action') {
          const actions = [...l.cx.table.byName.values()].filter((d) => d.kind === 'action').map((d) => d.name);
          l.cx.sink.error('flow/unknown-action', `\`actions … until ${item.until.name}\` names no action`, scope.origin.file, item.until.range,
            didYouMean(item.until.name, actions) ?? `actions: ${actions.join(', ') || 'none declared'}`);
        } else node.until = item.until.name;
      }
      return node;
    }
    case 'IfFlow':
      return {
        f: 'if', cond: l.ex.value(item.condition, scope, BOOL, 'the condition').expr,
        then: lowerItems(l, item.then, scope), else: lowerItems(l, item.else, scope),
      };
  }
  return null;
}
