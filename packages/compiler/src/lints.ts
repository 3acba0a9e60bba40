import type { Expr, RuleGraph, RuleNode, Stmt } from '@houserules/schema';
import type { DeclOf } from './declaration-table.ts';
import { kindWord } from './declaration-table.ts';
import type { LoweringContext } from './lowering-context.ts';

/**
 * Warnings about declarations nothing uses and rules nothing can trigger.
 * A var counts as used when something reads it; a pool or zone when anything
 * moves to, from or reads it; an event when something emits it or a rule
 * listens to it. Builtin and flow-step events are emitted by the flow.
 *
 * Only what the author of a declaration can act on: a declaration that a
 * replaced node used (a base module's rule, ending, derived value or board that
 * an extension overrides or removes) counts as used, since the base module's
 * author needs it and the extension's author cannot remove it. And after an
 * error none is reported: an unknown name or a mistyped `override` leaves what
 * it meant to read looking unused.
 */
export function lint(cx: LoweringContext, activeRules: { node: RuleNode; decl: DeclOf<'rule'> }[], graph?: RuleGraph, superseded?: { cx: LoweringContext; rules: { node: RuleNode }[] }): void {
  if (graph) lintGuardsChangedByEarlierRules(cx, activeRules, graph);
  if (cx.sink.hasErrors) return;
  const listened = new Set([...activeRules, ...(superseded?.rules ?? [])].map((r) => r.node.event));
  const read = (name: string): boolean => cx.read.has(name) || superseded?.cx.read.has(name) === true;
  const written = (name: string): boolean => cx.written.has(name) || superseded?.cx.written.has(name) === true;
  const emitted = (event: string): boolean => cx.emitted.has(event) || superseded?.cx.emitted.has(event) === true;
  for (const d of cx.table.byName.values()) {
    let unused = false;
    switch (d.kind) {
      case 'option': case 'derive': case 'const': unused = !read(d.name); break;
      // a note on a card that rules write is there for the players to read (views show it), even if no rule reads it
      case 'var': unused = !read(d.name) && !(d.scope === 'card' && written(d.name)); break;
      case 'pool': case 'zone': unused = !read(d.name) && !written(d.name); break;
      case 'event': unused = !emitted(`event:${d.name}`) && !listened.has(`event:${d.name}`); break;
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

/**
 * Two rules on one event whose guards read the same state, the first of which
 * changes it: a `when` is evaluated just before its rule fires, so the second
 * guard sees what the first rule did. Guards written to exclude each other
 * (`when phase == a { set phase = b }`, `when phase == b { … }`) then both hold
 * in one event. The first rule's own guard must read what it writes, so a rule
 * that merely feeds the next one (a counter, a flag meant to be seen) is not flagged;
 * nor is a second rule declared `after` the first: it says it means to see the change.
 */
function lintGuardsChangedByEarlierRules(cx: LoweringContext, activeRules: { node: RuleNode; decl: DeclOf<'rule'> }[], graph: RuleGraph): void {
  const derived = new Map(graph.derived.map((d) => [d.id, d.value]));
  const writes = new Map<string, Set<string>>();
  for (const r of activeRules) writes.set(r.node.id, writesWhileFiring(r.node.body));
  const byEvent = new Map<string, { node: RuleNode; decl: DeclOf<'rule'> }[]>();
  for (const r of activeRules) if (r.node.when) (byEvent.get(r.node.event) ?? byEvent.set(r.node.event, []).get(r.node.event)!).push(r);
  for (const rules of byEvent.values()) {
    rules.sort((a, b) => a.node.order - b.node.order);
    const reads = rules.map((r) => guardReads(r.node.when!, derived));
    for (let j = 1; j < rules.length; j++) {
      for (let i = 0; i < j; i++) {
        const first = rules[i]!;
        const written = writes.get(first.node.id)!;
        const shared = [...reads[j]!].filter((x) => written.has(x) && reads[i]!.has(x));
        if (shared.length === 0) continue;
        const second = rules[j]!;
        const order = second.decl.node.order;
        if (order?.relation === 'after' && order.target.name === first.node.name) continue;
        const name = shared[0]!.replace(/^[a-z]+:/, '');
        const guard = second.decl.node.when;
        cx.sink.warning('lint/guard-changed-by-earlier-rule',
          `the \`when\` of rule \`${second.node.name}\` reads \`${name}\`, which rule \`${first.node.name}\` (on the same event, firing first) changes: both guards can hold in one event`,
          second.decl.origin.file, guard?.range ?? second.decl.ident.range,
          `a \`when\` is evaluated just before its rule fires; if the two are alternatives, make them one rule with \`if … else\`, or guard on a value neither changes; if \`${second.node.name}\` means to see what \`${first.node.name}\` did, say so: \`rule ${second.node.name} on … after ${first.node.name}\``,
          [{ message: `rule \`${first.node.name}\` changes \`${name}\` here`, file: first.decl.origin.file, range: first.decl.ident.range }]);
        break;
      }
    }
  }
}

/** The vars, pools and zones a guard reads, through the derived values it calls. */
function guardReads(e: Expr, derived: Map<string, Expr>): Set<string> {
  const out = new Set<string>();
  const seen = new Set<string>();
  const walk = (x: unknown): void => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x) walk(y);
      return;
    }
    const node = x as Record<string, unknown>;
    switch (node.k) {
      case 'var': case 'zone': out.add(node.id as string); break;
      case 'count': case 'countOf': out.add(node.pool as string); break;
      case 'derived': {
        const id = node.id as string;
        const body = derived.get(id);
        if (body && !seen.has(id)) {
          seen.add(id);
          walk(body);
        }
        break;
      }
    }
    for (const v of Object.values(node)) if (typeof v === 'object') walk(v);
  };
  walk(e);
  return out;
}

/**
 * What a rule body writes while it fires: vars it sets, pools it moves tokens
 * between, zones it moves cards in. An ask's `then` runs later, once the
 * answer comes (after the other rules on the event), so it is not counted;
 * its `otherwise` runs at once and is.
 */
function writesWhileFiring(body: Stmt[]): Set<string> {
  const out = new Set<string>();
  const walk = (stmts: Stmt[]): void => {
    for (const st of stmts) {
      switch (st.s) {
        case 'set': out.add(st.var); break;
        case 'move': case 'moveOf': out.add(st.from.pool).add(st.to.pool); break;
        case 'moveCard': out.add(st.to.zone); break;
        case 'moveCards': out.add(st.from.zone).add(st.to.zone); break;
        case 'reveal': out.add(st.from.zone).add(st.to.zone); break;
        case 'shuffle': out.add(st.zone.zone); break;
        case 'if': walk(st.then); walk(st.else); break;
        case 'for': walk(st.body); break;
        case 'ask': if (st.otherwise) walk(st.otherwise); break;
        default: break;
      }
    }
  };
  walk(body);
  return out;
}
