/**
 * The start offset of every line of a text, built once per file, so a code
 * frame finds its line in O(log n) instead of splitting the file again for
 * every diagnostic (20,000 diagnostics on 20,000 lines must stay linear).
 */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) this.starts.push(i + 1);
    }
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** Line `n` (1-based) without its line break; undefined past the end. */
  line(n: number): string | undefined {
    if (!Number.isInteger(n) || n < 1 || n > this.starts.length) return undefined;
    const start = this.starts[n - 1]!;
    let end = n < this.starts.length ? this.starts[n]! : this.text.length;
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(start, end);
  }
}

/** One LineIndex per file text, made on first use. */
export class LineIndexCache {
  private readonly byFile = new Map<string, { text: string; index: LineIndex }>();

  constructor(private readonly source: (file: string) => string | undefined) {}

  get(file: string): LineIndex | undefined {
    const hit = this.byFile.get(file);
    const text = this.source(file);
    if (text === undefined) return undefined;
    if (hit !== undefined && hit.text === text) return hit.index;
    const index = new LineIndex(text);
    this.byFile.set(file, { text, index });
    return index;
  }
}
