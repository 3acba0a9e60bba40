import validateStandalone, { type RuleGraphValidationError } from './generated/validate-rule-graph.js';
import { collapseUnionErrors } from './union-errors.ts';
import { describeLocation } from './error-location.ts';
import { discriminantValues, patternOwner } from './schema-facts.ts';
import type { Diagnostic, Result } from './rule-graph.ts';
import type { DiagnosticCode } from './diagnostic-codes.ts';

/**
 * Checks that `value` is a rule graph of this schema version. Never throws.
 * Each schema violation becomes an error diagnostic `schema/<keyword>` (see
 * SCHEMA_KEYWORD_CODES; `schema/invalid` for any other keyword) whose
 * message names the JSON pointer and the node (in the author's words) it lies in,
 * with the node's file and range when the node carries provenance.
 */
export function validateRuleGraph(value: unknown): Result<boolean> {
  if (validateStandalone(value)) return { value: true, diagnostics: [] };
  const errors = collapseUnionErrors(validateStandalone.errors ?? []);
  return { value: false, diagnostics: errors.map((error) => toDiagnostic(error, value)) };
}

function toDiagnostic(error: RuleGraphValidationError, root: unknown): Diagnostic {
  const location = describeLocation(root, error.instancePath);
  const pointer = error.instancePath === '' ? '/' : error.instancePath;
  const where = location.node === undefined ? '' : ` (in ${location.node})`;
  const diagnostic: Diagnostic = {
    code: schemaCode(error.keyword),
    severity: 'error',
    message: `${pointer}: ${describeError(error, location.value)}${where}`,
  };
  if (location.file !== undefined) diagnostic.file = location.file;
  if (location.range !== undefined) diagnostic.range = location.range;
  return diagnostic;
}

function describeError(error: RuleGraphValidationError, value: unknown): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return `missing required property "${String(p.missingProperty)}"`;
    case 'additionalProperties':
      return `unexpected property "${String(p.additionalProperty)}"`;
    case 'type': {
      const constants = Array.isArray(p.values) ? p.values.map((v) => JSON.stringify(v)) : [];
      const allowed = [...(Array.isArray(p.type) ? p.type : [p.type]), ...constants].map(String);
      return `must be ${allowed.join(' or ')}, got ${jsonType(value)}`;
    }
    case 'enum':
      return `must be one of ${listValues(p.allowedValues)}, got ${JSON.stringify(value)}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}, got ${JSON.stringify(value)}`;
    case 'pattern':
      return `${JSON.stringify(value)} is not a valid ${patternSubject(p.pattern)} (must match ${String(p.pattern)})`;
    case 'minimum':
      return `must be at least ${String(p.limit)}, got ${JSON.stringify(value)}`;
    case 'propertyNames':
      return `property name ${JSON.stringify(p.propertyName)} is not a valid name`;
    case 'discriminator':
      return describeDiscriminator(error, value);
    case 'oneOf':
      return Array.isArray(p.passingSchemas) ? 'matches more than one allowed shape' : 'matches none of the allowed shapes';
    case 'anyOf':
      return 'matches none of the allowed shapes';
    default:
      return `fails "${error.keyword}" ${JSON.stringify(p)}`;
  }
}

function describeDiscriminator(error: RuleGraphValidationError, value: unknown): string {
  const tag = String(error.params.tag);
  const allowed = discriminantValues(tag);
  const expected = allowed.length > 0 ? `; expected one of ${listValues(allowed)}` : '';
  if (error.params.error === 'mapping') {
    return `unknown ${tag} ${JSON.stringify(error.params.tagValue)}${expected}`;
  }
  const present = typeof value === 'object' && value !== null && tag in value;
  return `${present ? 'non-string' : 'missing'} discriminator "${tag}"${expected}`;
}

/** `RuleId` → `rule id`; a pattern that is not a named id is about a `value`. */
function patternSubject(pattern: unknown): string {
  const owner = typeof pattern === 'string' ? patternOwner(pattern) : undefined;
  if (owner === undefined) return 'value';
  return owner.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function listValues(values: unknown): string {
  return Array.isArray(values) ? values.map((v) => JSON.stringify(v)).join(', ') : String(values);
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** One code per JSON Schema keyword the rule graph uses (`additionalProperties` → `schema/additional-properties`). */
export const SCHEMA_KEYWORD_CODES: Readonly<Record<string, DiagnosticCode>> = {
  additionalProperties: 'schema/additional-properties',
  anyOf: 'schema/any-of',
  const: 'schema/const',
  discriminator: 'schema/discriminator',
  enum: 'schema/enum',
  maximum: 'schema/maximum',
  minimum: 'schema/minimum',
  oneOf: 'schema/one-of',
  pattern: 'schema/pattern',
  propertyNames: 'schema/property-names',
  required: 'schema/required',
  type: 'schema/type',
};

function schemaCode(keyword: string): DiagnosticCode {
  return Object.prototype.hasOwnProperty.call(SCHEMA_KEYWORD_CODES, keyword) ? SCHEMA_KEYWORD_CODES[keyword]! : 'schema/invalid';
}
