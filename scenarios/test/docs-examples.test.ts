// Every ```rules block in docs/*.md and scenarios/*/README.md must be a complete,
// parseable .rules file: the reference must not teach syntax the parser rejects.
// The seed scenarios' examples (docs/language.md, "The seed scenarios in Houserules")
// must also compile: a block that starts with a comment naming a scenario file
// (`// scenarios/diamond-mines/base.rules`, or `…, continued` for its next part) is
// that file, comments aside, and compiles there; any other block of a seed section
// compiles on its own beside the scenarios. Keep each seed section's examples
// self-contained that way.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile } from '@houserules/compiler';
import { hostWith } from './overlay-host.ts';
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
  /** the `### ` heading the block is under */
  section: string;
}

function rulesBlocks(file: string): Block[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  let start = -1;
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (start < 0 && /^#{2,3} /.test(line)) section = line.replace(/^#+ /, '');
    if (start < 0 && /^```rules\s*$/.test(line)) start = i;
    else if (start >= 0 && /^```\s*$/.test(line)) {
      blocks.push({ file, line: start + 1, text: lines.slice(start + 1, i).join('\n'), section });
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

// ── the seed scenarios' examples compile ──────────────────────────────────────

/** The sections of language.md under "The seed scenarios in Houserules". */
const SEED_SECTIONS = ['Diamant in full', 'Diamond Island mines (000_…)', 'Kaffee für Catan (004_…)', 'Durango (001_…)'];
const languageBlocks = blocks.filter((b) => b.file === join('docs', 'language.md'));
const seedBlocks = languageBlocks.filter((b) => SEED_SECTIONS.includes(b.section));
const FILE_HEADER = /^\/\/ (scenarios\/[\w./-]+\.rules)(, continued)?\s*$/;


function compileErrors(path: string, text: string): string[] {
  const compiled = compile(hostWith(new Map([[path, text]])), path);
  return compiled.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} at ${d.file ?? path}:${d.range?.start.line ?? 0}: ${d.message}`);
}

/** file-backed blocks, by the scenario file they are (parts in order) */
const backed = new Map<string, Block[]>();
for (const b of seedBlocks) {
  const header = FILE_HEADER.exec(b.text.split('\n')[0] ?? '');
  if (!header) continue;
  const parts = backed.get(header[1]!) ?? [];
  parts.push(b);
  backed.set(header[1]!, parts);
}

describe('the seed scenarios in language.md compile', () => {
  it('finds the sections, and the blocks that are scenario files', () => {
    for (const section of SEED_SECTIONS) expect(languageBlocks.some((b) => b.section === section), section).toBe(true);
    expect([...backed.keys()]).toEqual(expect.arrayContaining(['scenarios/diamond-mines/mines.rules', 'scenarios/diamond-mines/base.rules', 'scenarios/diamond-mines/five-six.rules']));
  });

  it.each([...backed].map(([path, parts]) => [path, parts] as const))('%s: the blocks naming it are the file and compile there', (path, parts) => {
    const joined = parts.map((b) => b.text).join('\n');
    const file = join(root, path);
    expect(withoutComments(joined)).toBe(withoutComments(readFileSync(file, 'utf8')));
    expect(compileErrors(file, joined)).toEqual([]);
  });

  // a scenario written section by section (blocks headed `module NAME_<section>`, compared with its file above)
  const BY_SECTION = [
    { section: 'Diamant in full', file: ['diamant', 'diamant.rules'], header: /^module diamant(_(components|flow|advance|decide|round_end|scoring|tests))?\n/ },
    {
      section: 'Durango (001_…)',
      file: ['durango', 'durango.rules'],
      header: /^module catan\.durango(_(board|building|production|policy|printing_2016)| extends "\.\.\/catan\/base\.rules")?\n/,
    },
  ];
  it.each(BY_SECTION)('the "$section" section compiles as $file.1 (the Diamant tests at its end)', ({ section, file, header }) => {
    const sections = seedBlocks.filter((b) => b.section === section && header.test(b.text));
    const joined = sections.map((b, i) => (i === 0 ? b.text : b.text.replace(header, ''))).join('\n');
    expect(sections.length).toBeGreaterThan(1);
    expect(compileErrors(join(root, 'scenarios', ...file), joined)).toEqual([]);
  });

  // the Seafarers scenarios, written section by section inside their seed's section: the first block
  // headed by the scenario's own module line, the others by `module <prefix>_<section>`
  const BY_PREFIX = [
    { name: 'Diamond Islands', first: /^(\/\/[^\n]*\n)*module catan\.diamond_islands extends /, section: /^module diamond_islands_[a-z_]+\n/, file: ['diamond-islands', 'diamond-islands.rules'] },
    { name: 'Kaffee für Catan', first: /^(\/\/[^\n]*\n)*module catan\.kaffee extends /, section: /^module kaffee_[a-z_]+\n/, file: ['kaffee', 'kaffee.rules'] },
  ];
  const ofPrefix = (b: Block): boolean => BY_PREFIX.some((x) => x.first.test(b.text) || x.section.test(b.text));
  it.each(BY_PREFIX)('the $name sections compile as $file.1', ({ first, section, file }) => {
    const mine = seedBlocks.filter((b) => first.test(b.text) || section.test(b.text));
    expect(mine.length).toBeGreaterThan(5);
    expect(compileErrors(join(root, 'scenarios', ...file), mine.map((b) => b.text.replace(section, '')).join('\n'))).toEqual([]);
  });

  const bySection = new Set(BY_SECTION.map((x) => x.section));
  const standalone = seedBlocks.filter((b) => !bySection.has(b.section) && !ofPrefix(b) && !FILE_HEADER.test(b.text.split('\n')[0] ?? ''));
  it.each(standalone.map((b) => [`${b.file}:${b.line}`, b] as const))('%s compiles on its own', (_where, block) => {
    expect(compileErrors(join(root, 'scenarios', 'docs-example', 'example.rules'), block.text)).toEqual([]);
  });
});

// ── every other example of language.md compiles, against the real modules ────

/** Every folder under scenarios/ (tests folders included), for a block that names files by relative path. */
function scenarioFolders(dir = join(root, 'scenarios'), out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    out.push(join(dir, entry.name));
    scenarioFolders(join(dir, entry.name), out);
  }
  return out.sort();
}

/** Where a block compiles: beside the files its `extends "…"`/`import "…"` name (`../diamant.rules` from scenarios/diamant/tests/). */
function placeFor(text: string): string {
  const refs = [...text.matchAll(/^\s*(?:module\s+\S+\s+extends|import)\s+"([^"]+)"/gm)].map((m) => m[1]!);
  const folder = refs.length === 0 ? join(root, 'scenarios', 'docs-example') : scenarioFolders().find((dir) => refs.every((ref) => existsSync(resolve(dir, ref))));
  return join(folder ?? join(root, 'scenarios', 'docs-example'), 'docs-example.rules');
}

describe('the other examples of language.md compile', () => {
  const others = languageBlocks.filter((b) => !SEED_SECTIONS.includes(b.section));
  it('finds them', () => {
    expect(others.length).toBeGreaterThan(30);
  });
  it.each(others.map((b) => [`${b.file}:${b.line}`, b] as const))('%s compiles', (_where, block) => {
    expect(compileErrors(placeFor(block.text), block.text)).toEqual([]);
  });
});
