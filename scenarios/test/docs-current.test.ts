// The docs say what is true today (issue 16 item 15): no sentence promising a later release, no
// path to the seed rulebooks outside the repository (each scenario holds its rulebook's
// sentences), no relative link to a file the repository lacks, and every scenario's `source`
// names a rulebook the coverage report can read, so it finds the rulebook's sentences (Diamant's
// printed none while its `source` named the seed outside the project).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile } from '@houserules/compiler';
import { computeCoverage } from '@houserules/conformance';
import { scenarioHost } from './load-scenario.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function walk(dir: string, keep: (path: string) => boolean, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, keep, out);
    else if (keep(path)) out.push(path);
  }
  return out;
}

/** Every page a reader of the repository reads: READMEs, docs/, and the scenarios' comments. */
const pages = [
  join(root, 'README.md'),
  ...walk(join(root, 'docs'), (p) => p.endsWith('.md')),
  ...['scenarios', 'packages', 'apps'].flatMap((dir) => walk(join(root, dir), (p) => p.endsWith('README.md'))),
  ...walk(join(root, 'scenarios'), (p) => p.endsWith('.rules')),
];

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

function findAll(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const page of pages) {
    const text = readFileSync(page, 'utf8');
    for (const m of text.matchAll(pattern)) found.push(`${relative(root, page)}:${lineOf(text, m.index)}: ${m[0]}`);
  }
  return found;
}

describe('the docs describe what is there', () => {
  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThan(40);
  });

  it('promise nothing for a later release', () => {
    const found = findAll(/\b(arrives|written|comes|coming|planned|available) in (the|a) (next|later|future|coming) (release|version)\b|\((next|later|future) release\)|\b(next|later|future) release\b/gi);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('name no path to the seed rulebooks outside the repository (a scenario holds its rulebook’s sentences)', () => {
    const found = findAll(/shared\/seeds\//g);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('link only to files the repository holds', () => {
    const broken: string[] = [];
    for (const page of pages.filter((p) => p.endsWith('.md'))) {
      // code (fenced or inline) holds no links: `fires[i](g)` is not one
      const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```|`[^`\n]*`/g, (code) => code.replace(/[^\n]/g, ' '));
      for (const m of text.matchAll(/\]\(([^)\s#]+)(#[^)\s]*)?\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        const path = resolve(dirname(page), target);
        if (!path.startsWith(root) || !existsSync(path)) broken.push(`${relative(root, page)}:${lineOf(text, m.index)}: ${target}`);
      }
    }
    expect(broken, broken.join('\n')).toEqual([]);
  });
});

describe('every scenario’s rulebook is in the repository', () => {
  const scenarioFiles = walk(join(root, 'scenarios'), (p) => p.endsWith('.rules') && !/[\\/]tests[\\/]/.test(p)).filter((p) => /^\s*source\s+"/m.test(readFileSync(p, 'utf8')));

  it.each(scenarioFiles.map((f) => [relative(root, f), f] as const))('%s names a source the coverage report reads', (_name, file) => {
    const source = /^\s*source\s+"([^"\n]+)"/m.exec(readFileSync(file, 'utf8'))![1]!;
    // looked up like the conformance runner: from the scenario's folder upwards, inside the repository
    const found = [];
    for (let dir = dirname(file); dir.startsWith(root); dir = dirname(dir)) {
      const path = join(dir, source);
      if (existsSync(path) && statSync(path).isFile()) found.push(path);
    }
    expect(found.length, `${source}: no such file inside the repository`).toBeGreaterThan(0);
  });

  it('the coverage report finds the Diamant rulebook’s sentences, and every rule cites one of them', () => {
    const compiled = compile(scenarioHost, join(root, 'scenarios', 'diamant', 'diamant.rules'));
    expect(compiled.value).not.toBeNull();
    const readText = (path: string): string | undefined => (existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined);
    const [diamant] = computeCoverage([compiled.value!], [], readText);
    expect(diamant?.module).toBe('diamant');
    const sentences = diamant!.sentences;
    expect(sentences).not.toBeNull();
    expect(sentences!.total).toBe(76);
    expect(sentences!.unimplemented).toEqual([]);
    expect(sentences!.unknownCites).toEqual([]);
  });
});
