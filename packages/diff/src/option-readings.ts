import { walkNodes, type Expr, type RuleGraph, type Value } from '@houserules/schema';
import type { DifferenceTarget } from './difference-targets.ts';

/**
 * Other readings of an option a difference's readers test. A difference may
 * matter to players only under a reading that is not the default: Diamond
 * Islands' `vp_at_turn_start` is read by `fourteen_points` only when
 * `fourteen_reached == gained_in_own_turn`, so with the default reading a
 * witness of a change to it can only end on the scratch var. When a witness
 * ends on what no player sees, the search also plays games with each other
 * value of the yes/no and one-of options that the difference's nodes and
 * their readers read (set the same on both sides), and a witness found so says
 * which reading it needs (`option fourteen_reached = gained_in_own_turn` in
 * its test).
 */

/** the most readings tried for one difference */
export const OPTION_READINGS = 4;
/** the most expression nodes read for one difference, its own and its readers' (each graph) */
const WALK_NODES = 200_000;

export function optionReadings(t: DifferenceTarget, a: RuleGraph, b: RuleGraph, set: { a: Record<string, Value>; b: Record<string, Value> }): Record<string, Value>[] {
  const keys = new Set([...t.nodes, ...t.touch]);
  const read = new Set<string>();
  for (const g of [a, b]) {
    const optionName = new Map(g.options.map((o) => [o.id, o.name]));
    const derived = new Map(g.derived.map((d) => [d.id, d]));
    let budget = WALK_NODES;
    /**
     * every expression object under x, derived values inlined once per walk (the schema's iterative `walkNodes`);
     * `visit` returns true to stop the walk, and so does a spent budget
     */
    const walk = (x: unknown, visit: (e: Partial<Expr> & Record<string, unknown>) => boolean | void, seen: Set<string> = new Set()): boolean =>
      walkNodes(x, (node) => {
        if (budget-- <= 0) return true;
        const e = node as Record<string, unknown> & Partial<Expr>;
        if (visit(e) === true) return true;
        if (e.k === 'derived' && typeof e.id === 'string' && !seen.has(e.id)) {
          seen.add(e.id);
          if (walk(derived.get(e.id)?.value, visit, seen)) return true;
        }
        return undefined;
      }) === true;
    type Named = { name: string; status?: string };
    const nodes: [string, Named][] = [
      ...g.rules.map((n): [string, Named] => ['rule', n]),
      ...g.actions.map((n): [string, Named] => ['action', n]),
      ...g.constraints.map((n): [string, Named] => ['constraint', n]),
      ...g.ends.map((n): [string, Named] => ['end', n]),
      ...g.derived.map((n): [string, Named] => ['derived', n]),
    ].filter(([, n]) => n.status === undefined || n.status === 'active');
    // the difference's nodes: the options they read, and the vars they write (a statement's `var`)
    const vars = new Set<string>();
    const options = (e: Partial<Expr> & Record<string, unknown>): void => {
      if (e.k === 'option' && typeof e.id === 'string') {
        const name = optionName.get(e.id);
        if (name !== undefined) read.add(name);
      }
    };
    for (const [kind, n] of nodes) {
      if (!keys.has(`${kind} ${n.name}`)) continue;
      walk(n, (e) => {
        options(e);
        if (typeof e.var === 'string' && e.k === undefined) vars.add(e.var);
      });
    }
    // and the options of the nodes that read one of those vars (what a scratch var it writes is for)
    if (vars.size === 0) continue;
    for (const [kind, n] of nodes) {
      if (keys.has(`${kind} ${n.name}`)) continue;
      const reads = walk(n, (e) => e.k === 'var' && typeof e.id === 'string' && vars.has(e.id));
      if (reads) walk(n, options);
    }
  }
  const out: Record<string, Value>[] = [];
  for (const name of [...read].sort()) {
    // the difference's own option is what differs, not a reading; an option set on the command line stays as set
    if (keys.has(`option ${name}`) || name in set.a || name in set.b) continue;
    const oa = a.options.find((o) => o.name === name);
    const ob = b.options.find((o) => o.name === name);
    if (!oa || !ob || JSON.stringify(oa.type) !== JSON.stringify(ob.type) || oa.default !== ob.default) continue;
    const values: Value[] = oa.type.t === 'bool' ? [true, false] : oa.type.t === 'enum' ? oa.type.values : [];
    for (const v of values) if (v !== oa.default && out.length < OPTION_READINGS) out.push({ [name]: v });
  }
  return out;
}
