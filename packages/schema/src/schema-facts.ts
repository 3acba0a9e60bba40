import { definitions, resolveSchemaPointer } from './schema-pointer.ts';
import { ruleGraphSchema } from './schema.ts';

/**
 * Facts about the schema that error messages need, computed the first time a
 * message asks (a walk of the whole schema: every command that loads this
 * module but validates nothing, as a warm `simulate`, is spared it).
 */
interface SchemaFacts {
  /** discriminator property name (`k`, `s`, `f`, `t`, `kind`) → the allowed tag values */
  discriminants: Map<string, string[]>;
  /** pattern source → the name of the definition it belongs to (`RuleId`) */
  patternOwners: Map<string, string>;
}

let facts: SchemaFacts | undefined;

function schemaFacts(): SchemaFacts {
  if (facts !== undefined) return facts;
  const made: SchemaFacts = { discriminants: new Map(), patternOwners: new Map() };
  collect(ruleGraphSchema, made.discriminants);
  for (const [name, definition] of Object.entries(definitions())) {
    if (typeof definition.pattern === 'string') made.patternOwners.set(definition.pattern, name);
  }
  return (facts = made);
}

function collect(node: unknown, discriminants: Map<string, string[]>): void {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const item of node) collect(item, discriminants);
    return;
  }
  const schema = node as Record<string, unknown>;
  const tag = (schema.discriminator as { propertyName?: unknown } | undefined)?.propertyName;
  if (typeof tag === 'string' && Array.isArray(schema.oneOf)) {
    const values = schema.oneOf.flatMap((branch) => {
      const properties = resolveBranch(branch)?.properties as Record<string, { const?: unknown }> | undefined;
      const value = properties?.[tag]?.const;
      return typeof value === 'string' ? [value] : [];
    });
    discriminants.set(tag, [...(discriminants.get(tag) ?? []), ...values]);
  }
  for (const value of Object.values(schema)) collect(value, discriminants);
}

/** A union branch with its `$ref` followed (the `$ref` is kept, to mark it as a reference). */
export function resolveBranch(branch: unknown): Record<string, unknown> | undefined {
  if (typeof branch !== 'object' || branch === null) return undefined;
  const ref = (branch as { $ref?: unknown }).$ref;
  if (typeof ref !== 'string') return branch as Record<string, unknown>;
  const target = resolveSchemaPointer(ref);
  return typeof target === 'object' && target !== null ? { ...(target as Record<string, unknown>), $ref: ref } : undefined;
}

export function discriminantValues(tag: string): readonly string[] {
  return schemaFacts().discriminants.get(tag) ?? [];
}

/** `RuleId` for the rule-id pattern; undefined for a pattern that is not a definition. */
export function patternOwner(pattern: string): string | undefined {
  return schemaFacts().patternOwners.get(pattern);
}
