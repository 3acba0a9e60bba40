// Deterministic small edits of a .rules file, the kind an author makes by mistake: a word
// deleted, a name misspelt or swapped for another of the file, a number changed, a line dropped
// or doubled, two words swapped. Seeded, so a failing mutant is found again by its number.

/** One edit of a file: what was done (to name the mutant) and the edited text. */
export interface Mutant {
  label: string;
  text: string;
}

interface Word {
  start: number;
  end: number;
  text: string;
  kind: 'name' | 'number' | 'symbol';
}

const WORD = /"(?:[^"\\\n]|\\.)*"|\/\/[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|\.\.|==|!=|<=|>=|[^\sA-Za-z0-9_]/g;

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    const t = m[0];
    if (t.startsWith('//') || t.startsWith('"')) continue; // comments and strings: edits there change nothing interesting
    words.push({ start: m.index, end: m.index + t.length, text: t, kind: /^[0-9]/.test(t) ? 'number' : /^[A-Za-z_]/.test(t) ? 'name' : 'symbol' });
  }
  return words;
}

/** A small seeded generator (mulberry32). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NUMBERS = ['0', '1', '2', '7', '13', '99'];
const WORDS_OF_THE_LANGUAGE = ['none', 'p9', 'self', 'current', 'true', 'all', 'players', 'round'];

/** `count` mutants of `text`, the same ones for the same seed. */
export function mutantsOf(text: string, count: number, seed: number): Mutant[] {
  const random = generator(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = wordsOf(text);
  const names = words.filter((w) => w.kind === 'name');
  const numbers = words.filter((w) => w.kind === 'number');
  const distinctNames = [...new Set(names.map((w) => w.text))];
  const lines = text.split('\n');
  const replace = (w: Word, by: string): string => text.slice(0, w.start) + by + text.slice(w.end);
  const at = (w: Word): string => `${text.slice(0, w.start).split('\n').length}`;
  const out: Mutant[] = [];
  for (let i = 0; out.length < count && i < count * 4; i++) {
    const op = Math.floor(random() * 7);
    if (op === 0 && words.length > 0) {
      const w = pick(words);
      out.push({ label: `line ${at(w)}: delete \`${w.text}\``, text: replace(w, '') });
    } else if (op === 1 && names.length > 0) {
      const w = pick(names);
      out.push({ label: `line ${at(w)}: \`${w.text}\` misspelt`, text: replace(w, `${w.text}x`) });
    } else if (op === 2 && names.length > 0) {
      const w = pick(names);
      const other = pick(distinctNames);
      if (other !== w.text) out.push({ label: `line ${at(w)}: \`${w.text}\` → \`${other}\``, text: replace(w, other) });
    } else if (op === 3 && numbers.length > 0) {
      const w = pick(numbers);
      const other = pick(NUMBERS);
      if (other !== w.text) out.push({ label: `line ${at(w)}: ${w.text} → ${other}`, text: replace(w, other) });
    } else if (op === 4 && lines.length > 1) {
      const n = Math.floor(random() * lines.length);
      if (lines[n]!.trim() !== '') out.push({ label: `line ${n + 1} dropped`, text: [...lines.slice(0, n), ...lines.slice(n + 1)].join('\n') });
    } else if (op === 5 && lines.length > 1) {
      const n = Math.floor(random() * lines.length);
      if (lines[n]!.trim() !== '') out.push({ label: `line ${n + 1} doubled`, text: [...lines.slice(0, n + 1), ...lines.slice(n)].join('\n') });
    } else if (op === 6 && names.length > 0) {
      const w = pick(names);
      const other = pick(WORDS_OF_THE_LANGUAGE);
      if (other !== w.text) out.push({ label: `line ${at(w)}: \`${w.text}\` → \`${other}\``, text: replace(w, other) });
    }
  }
  return out;
}
