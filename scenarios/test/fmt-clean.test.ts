// Every shipped .rules file, and every ```rules example in the docs, is as
// `houserules fmt` writes it: a file the formatter would change fails here
// (run `npx houserules fmt scenarios` and paste examples back formatted).
// At other widths the formatter is idempotent and keeps each file's meaning.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { format, parse, type RulesFile } from '@houserules/syntax';
import { markdownRulesBlocks } from './markdown-rules-blocks.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function rulesFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return rulesFiles(path);
    return entry.name.endsWith('.rules') ? [path] : [];
  });
}

const shipped = rulesFiles(join(root, 'scenarios')).map((f) => relative(root, f));

/** The AST without ranges: what a file means, not where its words sit. */
function shape(ast: RulesFile): unknown {
  return JSON.parse(JSON.stringify(ast, (key, value: unknown) => (key === 'range' ? undefined : value)));
}

describe('shipped .rules files are fmt-clean', () => {
  it('finds the scenarios', () => {
    expect(shipped.length).toBeGreaterThan(10);
  });

  it.each(shipped)('%s', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const formatted = format(text, file);
    expect(formatted.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(formatted.value).toBe(text);
  });

  it.each(shipped)('%s: at widths 40, 70 and 140 the formatter is idempotent and keeps the AST', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const meaning = shape(parse(text).value);
    for (const width of [40, 70, 140]) {
      const once = format(text, file, { width }).value;
      expect(once).not.toBeNull();
      expect(format(once!, file, { width }).value).toBe(once);
      expect(shape(parse(once!).value)).toEqual(meaning);
    }
  });
});

describe('rules examples in the docs are fmt-clean', () => {
  const blocks = markdownRulesBlocks(root);
  it.each(blocks.map((b) => [`${b.file}:${b.line}`, b] as const))('%s', (_where, block) => {
    const text = `${block.text}\n`;
    expect(format(text).value).toBe(text);
  });
});
