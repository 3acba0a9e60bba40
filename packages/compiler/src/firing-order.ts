import type { RuleNode } from '@houserules/schema';
import type { DeclOf } from './declaration-table.ts';
import type { DiagnosticSink } from './diagnostic-sink.ts';
import type { SemanticRecorder } from './semantic/semantic-recorder.ts';
import { didYouMean } from './suggest-name.ts';

export interface OrderedRule {
  node: RuleNode;
  decl: DeclOf<'rule'>;
}

/**
 * Sets each rule's `order` among the rules of its event. Base order is
 * declaration order over modules in load order (an override keeps the place of
 * the rule it replaces); `before`/`after` then move rules, as a stable
 * topological sort that keeps base order wherever the constraints allow.
 * Inactive rules come after the active ones.
 */
export function assignFiringOrder(active: OrderedRule[], inactive: OrderedRule[], sink: DiagnosticSink, recorder: SemanticRecorder | null = null): void {
  const byEvent = new Map<string, OrderedRule[]>();
  for (const r of active) {
    const list = byEvent.get(r.node.event);
    if (list) list.push(r);
    else byEvent.set(r.node.event, [r]);
  }
  const byName = new Map(active.map((r) => [r.node.name, r]));
  const count = new Map<string, number>();
  for (const [event, rules] of byEvent) {
    rules.sort((a, b) => a.decl.seq - b.decl.seq);
    const ordered = topologicalOrder(rules, byName, event, sink, recorder);
    ordered.forEach((r, i) => { r.node.order = i; });
    count.set(event, ordered.length);
  }
  const sortedInactive = [...inactive].sort((a, b) => a.decl.seq - b.decl.seq);
  for (const r of sortedInactive) {
    const n = count.get(r.node.event) ?? 0;
    r.node.order = n;
    count.set(r.node.event, n + 1);
  }
}

function topologicalOrder(rules: OrderedRule[], byName: Map<string, OrderedRule>, event: string, sink: DiagnosticSink, recorder: SemanticRecorder | null): OrderedRule[] {
  const index = new Map(rules.map((r, i) => [r, i]));
  /** before[i]: the rules that must fire before rule i, in base order */
  const before: number[][] = rules.map(() => []);
  let constrained = false;
  rules.forEach((r, i) => {
    const order = r.decl.node.order;
    if (!order?.target) return;
    const target = byName.get(order.target.name);
    const file = r.decl.origin.file;
    if (target) recorder?.reference(file, order.target, { k: 'decl', decl: target.decl }, 'read');
    if (!target) {
      sink.error('order/unknown-target', `there is no rule \`${order.target.name}\` to fire ${order.relation}`, file, order.target.range,
        didYouMean(order.target.name, rules.map((x) => x.node.name)) ?? `rules on the same event: ${rules.filter((x) => x !== r).map((x) => x.node.name).join(', ') || 'none'}`);
      return;
    }
    const j = index.get(target);
    if (j === undefined) {
      sink.error('order/different-event', `rule \`${order.target.name}\` fires on \`${target.node.event.slice(6)}\`, not on \`${event.slice(6)}\``, file, order.target.range,
        'before/after only orders rules of the same event', [{ message: `\`${order.target.name}\` is declared here`, file: target.decl.origin.file, range: target.decl.ident.range }]);
      return;
    }
    if (j === i) {
      sink.error('order/cycle', `rule \`${r.node.name}\` cannot fire ${order.relation} itself`, file, order.target.range);
      return;
    }
    const [first, second] = order.relation === 'before' ? [i, j] : [j, i];
    before[second]!.push(first);
    constrained = true;
  });
  if (!constrained) return rules;
  for (const list of before) list.sort((a, b) => a - b);
  // Place rules in base order; before placing one, place everything that must precede it.
  const out: OrderedRule[] = [];
  const state = rules.map(() => 0); // 0 unplaced, 1 being placed, 2 placed
  let reported = false;
  const place = (i: number, path: number[]): void => {
    if (state[i] === 2) return;
    if (state[i] === 1) {
      if (!reported) {
        reported = true;
        const cycle = path.slice(path.indexOf(i)).map((k) => rules[k]!);
        const first = cycle.find((r) => r.decl.node.order) ?? cycle[0]!;
        sink.error('order/cycle', `before/after constraints form a cycle: ${[...cycle, cycle[0]!].map((r) => r.node.name).join(' → ')}`, first.decl.origin.file,
          first.decl.node.order?.range ?? first.decl.ident.range, 'remove one of the before/after clauses',
          cycle.filter((r) => r !== first && r.decl.node.order).map((r) => ({ message: `\`${r.node.name}\` is ordered here`, file: r.decl.origin.file, range: r.decl.node.order!.range })));
      }
      return;
    }
    state[i] = 1;
    for (const p of before[i]!) place(p, [...path, i]);
    state[i] = 2;
    out.push(rules[i]!);
  };
  for (let i = 0; i < rules.length; i++) place(i, []);
  return out;
}
