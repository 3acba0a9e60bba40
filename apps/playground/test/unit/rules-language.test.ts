// The editor's tokenizer lists the keywords itself (the page must not load the parser); they must be the syntax
// package's: every word it lists lexes as that kind of keyword, and every keyword the scenarios use is listed.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tokenize } from '@houserules/syntax';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/editor/monaco-setup.ts', () => ({ monaco: {} }));
const { HARD_KEYWORDS, SOFT_KEYWORDS } = await import('../../src/editor/rules-language.ts');

const scenarios = join(dirname(fileURLToPath(import.meta.url)), '../../../../scenarios');
const rulesFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'node_modules' ? [] : rulesFiles(join(dir, e.name))) : e.name.endsWith('.rules') ? [join(dir, e.name)] : []));

describe('the Monarch tokenizer\'s keywords', () => {
  it('lex as the keywords they are listed as', () => {
    for (const w of HARD_KEYWORDS) expect(tokenize(w).value[0]?.kind, w).toBe('keyword');
    for (const w of SOFT_KEYWORDS) expect(tokenize(w).value[0]?.kind, w).toBe('soft-keyword');
  });

  it('include every keyword the scenarios use', () => {
    const seen = new Set<string>();
    for (const file of rulesFiles(scenarios)) {
      for (const t of tokenize(readFileSync(file, 'utf8')).value) if (t.kind === 'keyword' || t.kind === 'soft-keyword') seen.add(t.text);
    }
    expect(seen.size).toBeGreaterThan(40);
    expect([...seen].filter((w) => !HARD_KEYWORDS.includes(w) && !SOFT_KEYWORDS.includes(w))).toEqual([]);
  });
});
