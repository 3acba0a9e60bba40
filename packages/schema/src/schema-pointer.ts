import { ruleGraphSchema } from './schema.ts';

/**
 * ajv reports a schemaPath relative to the schema it compiled as a function: the
 * root for inlined definitions (`#/$defs/EventId/pattern`) but the definition
 * itself for recursive ones (`#/properties/who/oneOf` inside StmtAsk). This
 * resolves either form: first against the root, then against each definition.
 */
export function resolveSchemaPointer(pointer: string): unknown {
  if (!pointer.startsWith('#')) return undefined;
  const segments = splitPointer(pointer.slice(1));
  const fromRoot = walk(ruleGraphSchema, segments);
  if (fromRoot !== undefined) return fromRoot;
  for (const definition of Object.values(definitions())) {
    const found = walk(definition, segments);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The schema's `$defs`. */
export function definitions(): Record<string, Record<string, unknown>> {
  return ruleGraphSchema.$defs as Record<string, Record<string, unknown>>;
}

/** Splits a JSON pointer (`/a/b~1c`) into its unescaped segments. */
export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function walk(node: unknown, segments: readonly string[]): unknown {
  for (const segment of segments) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
