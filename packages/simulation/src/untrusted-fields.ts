/**
 * The field checks of a JSON file this project wrote and reads back as
 * untrusted input (a partial of `simulate --shard` or `diff --balance --shard`):
 * an object, a count in range, exactly the keys expected.
 */

export type UntrustedObject = Record<string, unknown>;

export const isObj = (v: unknown): v is UntrustedObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isCount = (v: unknown, max = Number.MAX_SAFE_INTEGER): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max;

/** The keys of an object: exactly `keys`, and any of `optional` (in any order), or a problem in words. */
export function keysProblem(o: UntrustedObject, where: string, keys: readonly string[], optional: readonly string[] = []): string | undefined {
  const extra = Object.keys(o).find((k) => !keys.includes(k) && !optional.includes(k));
  if (extra !== undefined) return `${where} has an unknown field ${JSON.stringify(extra.slice(0, 64))}`;
  const missing = keys.find((k) => !Object.prototype.hasOwnProperty.call(o, k));
  return missing === undefined ? undefined : `${where} has no ${missing}`;
}
