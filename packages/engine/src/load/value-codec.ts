import type { TypeDesc, Value } from '@houserules/schema';

/**
 * At run time every value is a number. Booleans are 0/1 and strings (enum
 * members) are interned as STRING_BASE + their index in the graph's string
 * table, far above any count a game reaches, so a value decodes without its type
 * where none is known. 2^29 keeps every interned value a small integer (a V8
 * Smi: 31 bits), so generated code compares and stores them without boxing; the
 * language's numbers stay below it (docs/language.md, "Numbers"), and a value
 * whose type is known decodes by its type.
 */
export const STRING_BASE = 2 ** 29;

/** whether a number is within the language's range, -2^29 to 2^29 - 1 (docs/language.md, "Numbers") */
export function inNumberRange(v: number): boolean {
  return Number.isInteger(v) && v >= -STRING_BASE && v < STRING_BASE;
}

export class StringTable {
  readonly strings: string[] = [];
  private readonly ids = new Map<string, number>();

  intern(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(s);
      this.ids.set(s, id);
    }
    return STRING_BASE + id;
  }

  lookup(s: string): number | undefined {
    const id = this.ids.get(s);
    return id === undefined ? undefined : STRING_BASE + id;
  }

  encode(v: Value): number {
    if (typeof v === 'number') return v;
    if (typeof v === 'boolean') return v ? 1 : 0;
    return this.intern(v);
  }

  decode(v: number, type?: TypeDesc): Value {
    if (type?.t === 'bool') return v !== 0;
    if (type?.t === 'number') return v;
    // `none` of an enum or token type that does not list it (as of a player or card: -1)
    if (v === -1 && (type?.t === 'enum' || type?.t === 'token')) return 'none';
    if (v >= STRING_BASE) return this.strings[v - STRING_BASE] ?? '';
    return v;
  }
}
