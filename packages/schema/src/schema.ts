import schemaJson from './rule-graph.schema.json' with { type: 'json' };

/** The rule-graph JSON Schema (draft 2020-12); `$id` is RULE_GRAPH_SCHEMA_ID. */
export const ruleGraphSchema: Readonly<Record<string, unknown>> = schemaJson;
