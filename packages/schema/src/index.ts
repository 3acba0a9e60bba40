export * from './rule-graph.ts';
export { ruleGraphSchema } from './schema.ts';
export { validateRuleGraph } from './validate.ts';
