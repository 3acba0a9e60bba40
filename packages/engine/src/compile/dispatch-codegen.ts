import type { DispatchFn, EventDispatchFn, EventInfo } from '../load/loaded-graph.ts';
import { dispatchHelpers } from '../run/dispatch.ts';
import { ENDING_DRAINING, ENDING_REQUESTED } from '../run/ending.ts';
import { compileGenerated } from './expr-codegen.ts';

/**
 * One generated dispatcher per event: run/dispatch.ts's `fireRules` loop written
 * out for the event's rules, in their firing order. Each rule's `fire` is called
 * from a call site of its own (`K[i](g)`), so every site sees one function and the
 * JIT may inline it, where the loop's one site (`fires[i](g)`) sees every rule of
 * the graph. The rule indices and each rule's "may end the game" flag are
 * constants; the checks after a firing are the loop's, in the same order.
 */
export function generateDispatch(info: EventInfo, ruleNames: readonly string[]): DispatchFn {
  const refs: unknown[] = [];
  const parts: string[] = [];
  for (let i = 0; i < info.fires.length; i++) {
    const fire = `K[${refs.push(info.fires[i]) - 1}]`;
    const ends = info.mayEnd[i] === 1 ? 'H.endsAfterFiring(g)' : '(g.endsStale && H.endsAfterFiring(g))';
    parts.push(
      `// ${ruleNames[i]!.replace(/[^\w]/g, '_')}\n` +
        `g.actor = -1; g.placeRule = ${info.rules[i]!}; fired = ${fire}(g); if (g.err === null) g.placeRule = -1;\n` +
        `if (fired === 0) { if (g.err !== null) return H.stop(g); }\n` +
        `else { if (fired === 2) return; if (g.err !== null) return H.stop(g); if (g.endingPhase === ${ENDING_REQUESTED}) return; g.halt = false;\n` +
        `if (draining) g.endsStale = true; else if (${ends}) return; }`,
    );
  }
  const head = parts.length > 0 ? `const draining = g.endingPhase === ${ENDING_DRAINING}; let fired = 0;\n` : '';
  const source = `return function dispatch(g) {\n${head}${parts.join('\n')}\nif (g.checking) H.checkInvariants(g);\n};`;
  return compileGenerated<DispatchFn>(source, `event/${info.name}`, refs, dispatchHelpers);
}

/**
 * Dispatches any event by its index to its generated dispatcher: a `switch` whose
 * every case calls one dispatcher from a call site of its own, where a call through
 * the event's table entry (`events[ev].dispatch(g)`) would be one site for all of
 * them. Null when some event has no generated dispatcher.
 */
export function generateEventDispatch(events: readonly EventInfo[]): EventDispatchFn | null {
  if (events.some((e) => e.dispatch === null)) return null;
  const cases = events.map((e, ev) => `case ${ev}: K[${ev}](g); return;`);
  const source = `return function dispatchEvent(g, ev) {\nswitch (ev) {\n${cases.join('\n')}\n}\n};`;
  return compileGenerated<EventDispatchFn>(source, 'events', events.map((e) => e.dispatch), {});
}
