export * from './rule-graph.ts';
export { ruleGraphSchema } from './schema.ts';
export { validateRuleGraph } from './validate.ts';
export type { TestPlan, TestStep, TestStepBody } from './test-plan.ts';
export { TEST_STEP_KINDS } from './test-plan.ts';
