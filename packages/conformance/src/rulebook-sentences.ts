/**
 * The rulebook's sentences: the text a scenario's `source` names, split into
 * sentences, and matched (ignoring case, punctuation and spacing) against cite
 * strings and the scenario README's tables.
 */

/**
 * Splits a rulebook text into sentences; headings (lines ending without punctuation, a closing
 * quote after it allowed: `you produce "silver."`) are skipped.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\s*[•*-]\s*/, '').trim();
    if (!line) continue;
    const isItem = raw.trim() !== line || line.includes('\t');
    if (!isItem && !/[.:!?)]["”’]?$/.test(line)) continue;
    for (const s of line.split(/(?<=[a-z)”"][.!?])\s+(?=[A-Z0-9“"])/)) if (normalize(s)) out.push(s.trim());
  }
  return out;
}

/** The sentences of a cite string. Unlike a rulebook's lines, a cite has no headings to skip. */
export function splitCite(text: string): string[] {
  return text
    .split(/(?<=[a-z)”"][.!?])\s+(?=[A-Z0-9“"])/)
    .map((s) => s.trim())
    .filter((s) => normalize(s) !== '');
}

/** Lower case letters and digits separated by single spaces: "Players’ Decision:" → "players decision". */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface ReadmeRow {
  sentence: string;
  flavour: boolean;
}

/**
 * The rows of the markdown tables of a scenario README: first cell the sentence,
 * a second cell starting with "flavour" marks it as having nothing to implement.
 */
export function readmeRows(markdown: string): ReadmeRow[] {
  const rows: ReadmeRow[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const cells = line.replace(/\\\|/g, '/').split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length < 2) continue;
    rows.push({ sentence: normalize(cells[0]!), flavour: /^flavour/i.test(cells[1]!) });
  }
  return rows;
}
