import type { CompiledTest } from '@houserules/compiler';
import type { RuleGraph, TestPlan, TestStep } from '@houserules/schema';

/**
 * Completes the compiler's view of a test into the TestPlan contract
 * (@houserules/schema test-plan.ts): a stable id, the scenario's defaults for
 * seats and seed, and each step's source text.
 */
export function toTestPlan(test: CompiledTest, index: number, graph: RuleGraph, source: string): TestPlan {
  const steps: TestStep[] = test.steps.map((step) => {
    const text = source.slice(step.range.start.offset, step.range.end.offset).replace(/\s+/g, ' ').trim();
    return { ...step, text };
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
