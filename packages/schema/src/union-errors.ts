import type { RuleGraphValidationError } from './generated/validate-rule-graph.js';
import { resolveSchemaPointer } from './schema-pointer.ts';
import { resolveBranch } from './schema-facts.ts';

/**
 * A failed `oneOf`/`anyOf` reports the errors of every branch plus its own. An
 * author wants to hear about the branch they meant, so each union failure is
 * replaced by the errors of its most plausible branch: one whose basic type
 * matched, that got deepest into the value, with the fewest errors. When no
 * branch's type matched, the union becomes a single `type` error naming every
 * allowed type (and constant). (Discriminated unions — Expr, Stmt, FlowNode, TypeDesc — never
 * reach here: ajv's `discriminator` already validates only the tagged branch.)
 *
 * ajv (allErrors) emits a union's branch errors just before the union's own
 * error, all at or below the union's instancePath; nested unions come first.
 */
export function collapseUnionErrors(errors: readonly RuleGraphValidationError[]): RuleGraphValidationError[] {
  const out: RuleGraphValidationError[] = [];
  for (const error of errors) {
    // the propertyNames error names the key; the errors about the key itself add nothing
    if (error.propertyName !== undefined && error.keyword !== 'propertyNames') continue;
    if (error.keyword !== 'oneOf' && error.keyword !== 'anyOf') {
      out.push(error);
      continue;
    }
    let start = out.length;
    while (start > 0 && isWithin(out[start - 1]!.instancePath, error.instancePath)) start--;
    const branchErrors = out.splice(start);
    out.push(...pickBranch(error, branchErrors));
  }
  return out;
}

function pickBranch(union: RuleGraphValidationError, branchErrors: RuleGraphValidationError[]): RuleGraphValidationError[] {
  // No branch errors: oneOf failed because several branches matched.
  if (branchErrors.length === 0) return [union];
  const groups = new Map<number, RuleGraphValidationError[]>();
  const branches = unionBranches(union.schemaPath);
  for (const error of branchErrors) {
    const index = branchOf(error, union, branches);
    const group = groups.get(index);
    if (group) group.push(error);
    else groups.set(index, [error]);
  }
  const scored = [...groups.values()].map((group) => ({
    group,
    typeMismatch: group.some((e) => isTypeMismatchAt(e, union.instancePath)),
    depth: Math.max(...group.map((e) => depthOf(e.instancePath))),
  }));
  scored.sort((a, b) => Number(a.typeMismatch) - Number(b.typeMismatch) || b.depth - a.depth || a.group.length - b.group.length);
  const best = scored[0]!;
  if (!best.typeMismatch) return best.group;
  const atUnion = branchErrors.filter((e) => e.instancePath === union.instancePath);
  const types = [...new Set(atUnion.filter((e) => e.keyword === 'type').flatMap((e) => e.params.type))];
  const values = atUnion.filter((e) => e.keyword === 'const').map((e) => e.params.allowedValue);
  return [{ ...union, keyword: 'type', params: { type: types, values } }];
}

/** Which branch an error came from: by its schemaPath, else by the property it is about. */
function branchOf(error: RuleGraphValidationError, union: RuleGraphValidationError, branches: Record<string, unknown>[]): number {
  const prefix = `${union.schemaPath}/`;
  if (error.schemaPath.startsWith(prefix)) {
    const index = Number(error.schemaPath.slice(prefix.length).split('/')[0]);
    if (Number.isInteger(index)) return index;
  }
  // Errors from inside a $ref'd schema carry that schema's path; attribute them
  // to the branch that declares the property they are under.
  const property = error.instancePath.slice(union.instancePath.length).split('/')[1];
  // An inline branch's own errors always carry the prefix above, so an error
  // at the union's own location without it comes from a referenced branch.
  const byProperty = branches.findIndex((branch) => {
    const properties = branch.properties;
    if (property === undefined || typeof properties !== 'object' || properties === null) return branch.$ref !== undefined;
    return property in properties;
  });
  return byProperty >= 0 ? byProperty : -1;
}

function unionBranches(schemaPath: string): Record<string, unknown>[] {
  const branches = resolveSchemaPointer(schemaPath);
  if (!Array.isArray(branches)) return [];
  return branches.map((branch) => resolveBranch(branch) ?? {});
}

function isTypeMismatchAt(error: RuleGraphValidationError, instancePath: string): boolean {
  return error.instancePath === instancePath && (error.keyword === 'type' || error.keyword === 'const');
}

function isWithin(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

function depthOf(path: string): number {
  return path === '' ? 0 : path.split('/').length - 1;
}
