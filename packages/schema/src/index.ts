export * from './rule-graph.ts';
export { ruleGraphSchema } from './schema.ts';
export { validateRuleGraph, SCHEMA_KEYWORD_CODES } from './validate.ts';
export * from './diagnostic-codes.ts';
export type { TestPlan, TestStep, TestStepBody } from './test-plan.ts';
export { TEST_STEP_KINDS } from './test-plan.ts';
export { renderDiagnosticCodeTable, withDiagnosticCodeTable } from './diagnostic-code-table.ts';
