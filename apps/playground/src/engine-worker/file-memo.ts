// Results that depend only on the project's files (the catalog, each entry's check, the two compiled sides of a
// comparison), kept until a file changes. Any change makes all of them stale at once, so they are all dropped.

export class FileMemo {
  private readonly kept = new Map<string, unknown>();
  private version: number;

  constructor(private readonly files: { readonly version: number }) {
    this.version = files.version;
  }

  /** The value computed for `key` since the files last changed, or `compute()` now (and kept). */
  remembered<T>(key: string, compute: () => T): T {
    if (this.files.version !== this.version) {
      this.kept.clear();
      this.version = this.files.version;
    }
    if (this.kept.has(key)) return this.kept.get(key) as T;
    const value = compute();
    this.kept.set(key, value);
    return value;
  }

  /** How many results are kept (for tests). */
  get size(): number {
    return this.kept.size;
  }
}
