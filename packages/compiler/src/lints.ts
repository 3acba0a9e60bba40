import type { RuleNode } from '@houserules/schema';
import type { DeclOf } from './declaration-table.ts';
import { kindWord } from './declaration-table.ts';
import type { LoweringContext } from './lowering-context.ts';

/**
 * Warnings about declarations nothing uses and rules nothing can trigger.
 * A var counts as used when something reads it; a pool or zone when anything
 * moves to, from or reads it; an event when something emits it or a rule
 * listens to it. Builtin and flow-step events are emitted by the flow.
 */
export function lint(cx: LoweringContext, activeRules: { node: RuleNode; decl: DeclOf<'rule'> }[]): void {
  const listened = new Set(activeRules.map((r) => r.node.event));
  for (const d of cx.table.byName.values()) {
    let unused = false;
    switch (d.kind) {
      case 'option': case 'var': case 'derive': unused = !cx.read.has(d.name); break;
      case 'pool': case 'zone': unused = !cx.read.has(d.name) && !cx.written.has(d.name); break;
      case 'event': unused = !cx.emitted.has(`event:${d.name}`) && !listened.has(`event:${d.name}`); break;
      default: break;
    }
    if (unused) {
      cx.sink.warning('lint/unused-declaration', `${kindWord(d.kind)} \`${d.name}\` is never ${d.kind === 'event' ? 'emitted or listened to' : 'used'}`,
        d.origin.file, d.ident.range, 'remove it, or use it');
    }
  }
  for (const r of activeRules) {
    const event = r.node.event;
    const decl = cx.table.byName.get(event.slice('event:'.length));
    if (decl?.kind !== 'event' || cx.emitted.has(event)) continue;
    cx.sink.warning('lint/never-fires', `rule \`${r.node.name}\` can never fire: nothing emits \`${decl.name}\``, r.decl.origin.file,
      r.decl.node.event?.range ?? r.decl.ident.range, `add \`emit ${decl.name}\` to a rule, or \`step ${decl.name}\` to the flow`,
      [{ message: `event \`${decl.name}\` is declared here`, file: decl.origin.file, range: decl.ident.range }]);
  }
}
