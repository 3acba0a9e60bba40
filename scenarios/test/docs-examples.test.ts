// Every ```rules block in docs/*.md and scenarios/*/README.md must be a complete,
// parseable .rules file: the reference must not teach syntax the parser rejects.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from '@houserules/syntax';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  const scenarioReadmes = readdirSync(join(root, 'scenarios'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'scenarios', d.name, 'README.md')))
    .map((d) => join('scenarios', d.name, 'README.md'));
  return [...docs, ...scenarioReadmes];
}

interface Block {
  file: string;
  line: number;
  text: string;
}

function rulesBlocks(file: string): Block[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (start < 0 && /^```rules\s*$/.test(line)) start = i;
    else if (start >= 0 && /^```\s*$/.test(line)) {
      blocks.push({ file, line: start + 1, text: lines.slice(start + 1, i).join('\n') });
      start = -1;
    }
  }
  return blocks;
}

const blocks = markdownFiles().flatMap(rulesBlocks);

function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .join('\n'); // one word per line: a mismatch shows as a short line diff
}

describe('rules examples in the documentation', () => {
  it('finds the examples', () => {
    expect(blocks.length).toBeGreaterThan(20);
  });

  // A scenario written out in language.md section by section: blocks headed `module NAME` (the
  // first, with its `extends`) or `module NAME_<section>`; without those headers and comments
  // they must add up to the scenario file, so the reference never drifts.
  it.each([
    { section: 'Diamant in full', file: ['diamant', 'diamant.rules'], header: /^module diamant(_(components|flow|advance|decide|round_end|scoring))?\n/, count: 7 },
    {
      section: 'Durango',
      file: ['durango', 'durango.rules'],
      header: /^module catan\.durango(_(board|building|production|policy|printing_2016)| extends "\.\.\/catan\/base\.rules")?\n/,
      count: 6,
    },
  ])('the "$section" section of language.md is $file.1, section by section', ({ file, header, count }) => {
    const sections = blocks.filter((b) => b.file === join('docs', 'language.md') && header.test(b.text));
    const joined = sections.map((b, i) => (i === 0 ? b.text : b.text.replace(header, ''))).join('\n');
    const scenario = readFileSync(join(root, 'scenarios', ...file), 'utf8');
    expect(sections.length).toBe(count);
    expect(withoutComments(joined)).toBe(withoutComments(scenario));
  });

  it.each([
    ['Diamond Islands', 'catan\\.diamond_islands', 'diamond_islands', ['diamond-islands', 'diamond-islands.rules']],
    ['Kaffee für Catan', 'catan\\.kaffee', 'kaffee', ['kaffee', 'kaffee.rules']],
  ] as const)('the %s sections of language.md are its scenario file, section by section', (_name, module, prefix, path) => {
    // The first block is headed by the scenario's own module line, the others by `module <prefix>_<section>`.
    const first = new RegExp(`^(//[^\\n]*\\n)*module ${module} extends `);
    const section = new RegExp(`^module ${prefix}_[a-z_]+\\n`);
    const mine = blocks.filter((b) => b.file === join('docs', 'language.md') && (first.test(b.text) || section.test(b.text)));
    expect(mine.length).toBeGreaterThan(5);
    const joined = mine.map((b) => b.text.replace(section, '')).join('\n');
    const scenario = readFileSync(join(root, 'scenarios', ...path), 'utf8');
    expect(withoutComments(joined)).toBe(withoutComments(scenario));
  });

  it.each(blocks.map((b) => [`${b.file}:${b.line}`, b] as const))('%s parses', (_where, block) => {
    const result = parse(block.text, `${block.file}:${block.line}`);
    const errors = result.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.code} at ${block.line + (d.range?.start.line ?? 0)}: ${d.message}`);
    expect(errors).toEqual([]);
  });
});
