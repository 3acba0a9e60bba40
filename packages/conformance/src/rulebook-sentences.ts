/**
 * The rulebook's sentences: the text a scenario's `source` names, split into
 * sentences, and matched (ignoring case, punctuation and spacing) against cite
 * strings and the scenario README's tables.
 */

/** Abbreviations a sentence does not end at, though a capital may follow ("vgl. Seefahrer-Erweiterung", "e.g. Wool"). */
const ABBREVIATIONS = /(?:^|[\s(])(?:vgl|bzw|usw|ca|evtl|ggf|inkl|etc|e\.g|i\.e|cf|vs|approx|no|nr)\.$/i;

/** Splits one line of text at its sentence ends (a period, ! or ? after a letter, then a capital), not after an abbreviation. */
function sentencesOf(line: string): string[] {
  const out: string[] = [];
  for (const part of line.split(/(?<=[a-zäöüß)”"][.!?])\s+(?=[A-Z0-9ÄÖÜ“"])/)) {
    const last = out.length - 1;
    if (last >= 0 && ABBREVIATIONS.test(out[last]!)) out[last] = `${out[last]} ${part}`;
    else out.push(part);
  }
  return out;
}

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
    for (const s of sentencesOf(line)) if (normalize(s)) out.push(s.trim());
  }
  return out;
}

/** The sentences of a cite string. Unlike a rulebook's lines, a cite has no headings to skip. */
export function splitCite(text: string): string[] {
  return sentencesOf(text)
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
  /** the names the second cell gives in backticks (`deal`, `shuffle_deck`): what implements the sentence */
  names: string[];
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
    const names = [...cells[1]!.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)].map((m) => m[1]!);
    rows.push({ sentence: normalize(cells[0]!), flavour: /^flavour/i.test(cells[1]!), names });
  }
  return rows;
}
