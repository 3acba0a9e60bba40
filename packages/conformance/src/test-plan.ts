import type { CompiledTest } from '@houserules/compiler';
import type { RuleGraph, TestPlan, TestStep, Value } from '@houserules/schema';

/**
 * Completes the compiler's view of a test into the TestPlan contract
 * (@houserules/schema test-plan.ts): a stable id, the scenario's defaults for
 * seats and seed, each step's source text, and agent arguments as values.
 */
export function toTestPlan(test: CompiledTest, index: number, graph: RuleGraph, source: string): TestPlan {
  const steps: TestStep[] = test.steps.map((step) => {
    const text = source.slice(step.range.start.offset, step.range.end.offset).replace(/\s+/g, ' ').trim();
    if (step.t === 'play') {
      const agents = step.agents.map((a) => ({ name: a.name, args: a.args.map(literalValue) }));
      return { ...step, agents, text };
    }
    return { ...step, text } as TestStep;
  });
  return {
    id: `test:${test.provenance.module}/${index + 1}`,
    name: test.name,
    provenance: test.provenance,
    variant: test.variant,
    players: test.players ?? graph.scenario.players.min,
    seed: test.seed ?? 1,
    options: test.options,
    steps,
  };
}

/** Agent arguments are written as literals (`cautious(8)`); anything else reads as 0. */
function literalValue(e: { k: string; v?: unknown }): Value {
  if (e.k === 'lit' && (typeof e.v === 'number' || typeof e.v === 'string' || typeof e.v === 'boolean')) return e.v;
  if (e.k === 'neg' && 'e' in e) {
    const inner = literalValue((e as { e: { k: string; v?: unknown } }).e);
    return typeof inner === 'number' ? -inner : 0;
  }
  return 0;
}
