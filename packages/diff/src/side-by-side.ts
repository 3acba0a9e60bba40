/**
 * Two texts side by side in a fixed-width terminal: the first side's
 * sentences in the left column, the second's in the right, each wrapped at
 * word boundaries (a word longer than its column is cut across lines).
 */

/** `text` wrapped at `width` characters (at least 1), at spaces where it can be */
export function wrapWords(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((x) => x !== '')) {
    let rest = word;
    while (rest.length > w) {
      if (line !== '') lines.push(line);
      lines.push(rest.slice(0, w));
      rest = rest.slice(w);
      line = '';
    }
    if (line === '') line = rest;
    else if (line.length + 1 + rest.length <= w) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** the column rule between the two sides */
const RULE = ' │ ';

/**
 * The paragraphs of each side stacked in its column, the columns side by side
 * in `width` characters; a side with no paragraph shows `empty` (its words for
 * "nothing cited"). Lines end without trailing spaces.
 */
export function sideBySide(left: readonly string[], right: readonly string[], width: number, empty = '—'): string[] {
  const col = Math.max(10, Math.floor((width - RULE.length) / 2));
  const stack = (ps: readonly string[]): string[] => (ps.length === 0 ? [empty] : ps.flatMap((p) => wrapWords(p, col)));
  const l = stack(left);
  const r = stack(right);
  return Array.from({ length: Math.max(l.length, r.length) }, (_, i) => `${(l[i] ?? '').padEnd(col)}${RULE}${r[i] ?? ''}`.trimEnd());
}
