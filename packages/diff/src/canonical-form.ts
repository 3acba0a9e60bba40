/**
 * A node's meaning as a string: its graph JSON with keys sorted, where it came
 * from (provenance) left out, and its local names numbered by first appearance,
 * so that layout, comments, declaration order and local renames are no
 * difference (docs/diff.md, "The structural diff").
 */

/** Keys whose value is a local name (a binder). */
const BINDER_KEYS = new Set(['bind', 'each']);

export class LocalNames {
  private readonly names = new Map<string, string>();
  rename(name: string): string {
    let n = this.names.get(name);
    if (n === undefined) {
      n = `$${this.names.size}`;
      this.names.set(name, n);
    }
    return n;
  }
}

/**
 * Canonical JSON of a value: object keys sorted; `provenance` dropped; local
 * names (`{k:'local'}`, `bind`, `each`, `bindings`, `let`'s name) renamed by
 * `locals`; ids under `self` (an ask id `rule:x/ask1`) written relative to it.
 */
export function canonicalJson(value: unknown, locals: LocalNames, self?: string): string {
  return JSON.stringify(canonical(value, locals, self));
}

function canonical(value: unknown, locals: LocalNames, self: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => canonical(v, locals, self));
  if (typeof value === 'string') return self !== undefined && value.startsWith(`${self}/`) ? `$self${value.slice(self.length)}` : value;
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const isLocal = o['k'] === 'local';
  const isLet = o['s'] === 'let';
  for (const key of Object.keys(o).sort()) {
    if (key === 'provenance') continue;
    const v = o[key];
    if ((key === 'name' && (isLocal || isLet)) || (BINDER_KEYS.has(key) && typeof v === 'string')) out[key] = locals.rename(v as string);
    else if (key === 'bindings' && Array.isArray(v)) out[key] = v.map((b) => locals.rename(String(b)));
    else out[key] = canonical(v, locals, self);
  }
  return out;
}

/** Parameters whose names are local to their node: numbered, their types kept. */
export function canonicalParams(params: readonly { name: string }[], locals: LocalNames, self?: string): string {
  return JSON.stringify(params.map((p) => ({ ...(canonical({ ...p, name: undefined }, locals, self) as object), name: locals.rename(p.name) })));
}
