import { definitions, resolveSchemaPointer } from './schema-pointer.ts';
import { ruleGraphSchema } from './schema.ts';

/** Facts about the schema that error messages need, computed once. */

/** discriminator property name (`k`, `s`, `f`, `t`, `kind`) → the allowed tag values */
const discriminants = new Map<string, string[]>();
/** pattern source → the name of the definition it belongs to (`RuleId`) */
const patternOwners = new Map<string, string>();

collect(ruleGraphSchema);
for (const [name, definition] of Object.entries(definitions())) {
  if (typeof definition.pattern === 'string') patternOwners.set(definition.pattern, name);
}

function collect(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    node.forEach(collect);
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
  Object.values(schema).forEach(collect);
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
  return discriminants.get(tag) ?? [];
}

/** `RuleId` for the rule-id pattern; undefined for a pattern that is not a definition. */
export function patternOwner(pattern: string): string | undefined {
  return patternOwners.get(pattern);
}
