import type { DerivedNode, Expr, RuleGraph } from '@houserules/schema';
import type { RunState } from '../run/run-state.ts';
import { forEachChild } from './end-dependencies.ts';
import { resourcesRead, type StateResources } from './state-resources.ts';
import { MEMO_HASH, memoSlot, memoStamp, memoTable } from '../run/memo-tables.ts';

/**
 * Memoised derived values (docs/design/incremental-evaluation.md). A derived
 * value is memoised per argument tuple when its parameters range over few values
 * (players, tokens, enum members, numbers — not sites or cards), what it reads is classified (state-resources.ts) and it is worth it: its body, or a
 * derived value it calls, loops over something (an aggregate) or searches the
 * board (a trail). A game keeps one direct-mapped table per memoised value:
 * per entry the stamp (the sum of the versions of what it reads when computed),
 * the arguments, and the value.
 */
export interface MemoPlan {
  /** the derived value's index in the graph */
  readonly index: number;
  /** the resources its body reads */
  readonly reads: Int32Array;
  readonly arity: number;
  /** entries in a table (a power of two) */
  readonly size: number;
  /** numbers per entry: stamp, arguments, value */
  readonly width: number;
}

const MAX_ARITY = 3;

export function memoPlan(graph: RuleGraph, resources: StateResources, index: number): MemoPlan | null {
  const d = graph.derived[index];
  if (d === undefined || d.type.t === 'list' || d.params.length > MAX_ARITY) return null;
  // players, tokens, enum members, numbers: few distinct tuples; sites and cards would thrash a small table
  if (d.params.some((p) => p.type.t === 'list' || p.type.t === 'site' || p.type.t === 'card')) return null;
  if (!loops(graph.derived, d)) return null;
  const reads = resourcesRead(graph, resources, [{ owner: d.id, condition: { k: 'derived', id: d.id, args: [] } }], false);
  if (reads === null) return null;
  const arity = d.params.length;
  return { index, reads, arity, size: arity === 0 ? 1 : arity === 1 ? 64 : 256, width: arity + 2 };
}

/** whether evaluating the derived value runs an aggregate or a trail search, itself or through what it calls */
function loops(derived: readonly DerivedNode[], d: DerivedNode): boolean {
  const byId = new Map(derived.map((x) => [x.id, x]));
  const seen = new Set<string>();
  let found = false;
  const visit = (e: Expr): void => {
    if (found) return;
    if (e.k === 'agg' || e.k === 'trail' || e.k === 'joined' || e.k === 'networks') {
      found = true;
      return;
    }
    if (e.k === 'derived' && !seen.has(e.id)) {
      seen.add(e.id);
      const callee = byId.get(e.id);
      if (callee !== undefined) visit(callee.value);
    }
    forEachChild(e, visit);
  };
  seen.add(d.id);
  visit(d.value);
  return found;
}

/** JavaScript for generated code: the stamp expression of a plan */
export function stampSource(reads: Int32Array): string {
  return reads.length === 0 ? '0' : Array.from(reads, (r) => `V[${r}]`).join(' + ');
}

/** JavaScript for generated code: memoSlot for the plan's arguments (variables of the generated code), its size and width constants */
export function memoSlotSource(plan: MemoPlan, args: readonly string[]): string {
  // a missing argument is 0, whose term is 0
  const hash = args.slice(0, plan.arity).map((a, k) => `Math.imul(${a} | 0, ${MEMO_HASH[k]})`).join(' ^ ');
  return `((${hash === '' ? '0' : hash}) & ${plan.size - 1}) * ${plan.width}`;
}

/**
 * A closure that memoises a derived call (the closure compiler's path; generated
 * code inlines the same steps): `compute` evaluates the body for the arguments.
 */
export function memoised(
  plan: MemoPlan,
  args: readonly ((g: RunState) => number)[],
  compute: (g: RunState, a0: number, a1: number, a2: number) => number,
): (g: RunState) => number {
  const { arity, width } = plan;
  const f0 = args[0], f1 = args[1], f2 = args[2];
  return (g) => {
    const a0 = f0 === undefined ? 0 : f0(g);
    const a1 = f1 === undefined ? 0 : f1(g);
    const a2 = f2 === undefined ? 0 : f2(g);
    const stamp = memoStamp(g, plan.reads);
    const t = memoTable(g, plan);
    const at = memoSlot(plan, a0, a1, a2);
    if (t[at] === stamp && (arity < 1 || t[at + 1] === a0) && (arity < 2 || t[at + 2] === a1) && (arity < 3 || t[at + 3] === a2)) return t[at + width - 1]!;
    const v = compute(g, a0, a1, a2);
    if (!g.halt) {
      t[at] = stamp;
      if (arity > 0) t[at + 1] = a0;
      if (arity > 1) t[at + 2] = a1;
      if (arity > 2) t[at + 3] = a2;
      t[at + width - 1] = v;
    }
    return v;
  };
}
