// Every diagnostic code any source file reports is in the registry
// (packages/schema/src/diagnostic-codes.ts), every registered code is reported
// somewhere, and the docs' code table is the one generated from the registry.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DIAGNOSTIC_CODES,
  DIAGNOSTIC_NAMESPACES,
  SCHEMA_KEYWORD_CODES,
  isDiagnosticCode,
  ruleGraphSchema,
  withDiagnosticCodeTable,
} from '@houserules/schema';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REGISTRY = 'packages/schema/src/diagnostic-codes.ts';
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

function walk(dir: string, keep: (path: string) => boolean, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'generated' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, keep, out);
    else if (keep(path)) out.push(path);
  }
  return out;
}

/** Every package's and app's `src/`, tests excluded. */
function sourceFiles(): string[] {
  const files: string[] = [];
  for (const parent of ['packages', 'apps']) {
    if (!existsSync(join(root, parent))) continue;
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(root, parent, entry.name, 'src'), (p) => SOURCE.test(p) && !/\.test\.[a-z]+$/.test(p), files);
    }
  }
  return files.map((f) => relative(root, f)).filter((f) => f !== REGISTRY).sort();
}

interface Found {
  file: string;
  line: number;
  code: string;
}

const namespaces = Object.keys(DIAGNOSTIC_NAMESPACES).join('|');
/** A quoted code of a registered namespace: `'run/step-budget'`, `"parse/x"`, `` `lint/y` ``. */
const QUOTED_CODE = new RegExp(`(['"\`])((?:${namespaces})/[a-z0-9][a-z0-9-]*)\\1`, 'g');
/** Any `ns/name` literal where a code goes (`code: '…'`, `.error('…'`, `.fail('…'`…), whatever its namespace. */
const CODE_POSITION = /(?:\bcode\s*[:=]\s*|\b(?:error|warning|fail|add|problem|report|diagnostic)\(\s*)(['"`])([a-z]+\/[a-z0-9][a-z0-9-]*)\1/g;
/** A code assembled at run time from a registered namespace: `` `run/${…}` ``. */
const BUILT_CODE = new RegExp(`\`(?:${namespaces})/\\$\\{`, 'g');

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function scan(): { codes: Found[]; built: Found[] } {
  const codes: Found[] = [];
  const built: Found[] = [];
  for (const file of sourceFiles()) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const pattern of [QUOTED_CODE, CODE_POSITION]) {
      for (const m of text.matchAll(pattern)) codes.push({ file, line: lineOf(text, m.index), code: m[2]! });
    }
    for (const m of text.matchAll(BUILT_CODE)) built.push({ file, line: lineOf(text, m.index), code: m[0] });
  }
  return { codes, built };
}

const howToAdd = (code: string): string => {
  const namespace = code.slice(0, code.indexOf('/'));
  const where = namespace in DIAGNOSTIC_NAMESPACES ? `in its \`${namespace}\` section` : `and add its namespace \`${namespace}\` to DIAGNOSTIC_NAMESPACES`;
  return `add '${code}': '<one-line description>' to DIAGNOSTIC_CODES in ${REGISTRY} ${where}, then run \`npx tsx packages/schema/scripts/write-code-table.ts\``;
};

describe('the diagnostic-code registry', () => {
  const { codes, built } = scan();

  it('lists every code a source file reports', () => {
    const missing = codes.filter((c) => !isDiagnosticCode(c.code)).map((c) => `${c.file}:${c.line}: ${c.code} is not registered: ${howToAdd(c.code)}`);
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('has no code assembled at run time (each must be a literal the registry lists)', () => {
    const found = built.map((c) => `${c.file}:${c.line}: ${c.code}…} builds a code at run time: choose among registered literals instead (see SCHEMA_KEYWORD_CODES)`);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('lists no code that nothing reports', () => {
    const reported = new Set(codes.map((c) => c.code));
    const unused = Object.keys(DIAGNOSTIC_CODES).filter((c) => !reported.has(c));
    expect(unused, `registered in ${REGISTRY} but reported by no source file: ${unused.join(', ')}`).toEqual([]);
  });

  it('puts every code in a declared namespace, with a one-line description', () => {
    for (const [code, means] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(code.slice(0, code.indexOf('/')) in DIAGNOSTIC_NAMESPACES, code).toBe(true);
      expect(means.length > 0 && !means.includes('\n'), code).toBe(true);
    }
    for (const namespace of Object.keys(DIAGNOSTIC_NAMESPACES)) {
      expect(Object.keys(DIAGNOSTIC_CODES).some((c) => c.startsWith(`${namespace}/`)), `namespace ${namespace} has no code`).toBe(true);
    }
  });

  it('has a code for every JSON Schema keyword the rule graph can fail', () => {
    const applicators = new Set(['$schema', '$id', '$ref', '$defs', '$comment', 'title', 'description', 'properties', 'items', 'default', 'examples', 'mapping', 'propertyName']);
    const keywords = new Set<string>();
    const visit = (node: unknown, inMap: boolean): void => {
      if (Array.isArray(node)) return node.forEach((n) => visit(n, false));
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (!inMap && !applicators.has(key)) keywords.add(key);
        visit(value, !inMap && (key === 'properties' || key === '$defs'));
      }
    };
    visit(ruleGraphSchema, false);
    const uncovered = [...keywords].filter((k) => SCHEMA_KEYWORD_CODES[k] === undefined);
    expect(uncovered, `add each keyword to SCHEMA_KEYWORD_CODES in packages/schema/src/validate.ts and its code to ${REGISTRY}`).toEqual([]);
  });
});

describe('the docs', () => {
  it('carry the code table generated from the registry (docs/language.md, "Diagnostics")', () => {
    const doc = readFileSync(join(root, 'docs', 'language.md'), 'utf8');
    const regenerated = withDiagnosticCodeTable(doc);
    expect(regenerated, 'docs/language.md lost its diagnostic-codes markers').not.toBeNull();
    expect(regenerated === doc, 'the code table in docs/language.md is stale: run `npx tsx packages/schema/scripts/write-code-table.ts`').toBe(true);
  });

  it('name only registered codes (READMEs, docs/)', () => {
    const pages = [
      'README.md',
      ...walk(join(root, 'docs'), (p) => p.endsWith('.md')).map((p) => relative(root, p)),
      ...walk(join(root, 'scenarios'), (p) => p.endsWith('README.md')).map((p) => relative(root, p)),
      ...['packages', 'apps'].flatMap((parent) =>
        walk(join(root, parent), (p) => p.endsWith('README.md')).map((p) => relative(root, p)),
      ),
    ];
    const quoted = new RegExp(`\`((?:${namespaces})/[a-z0-9][a-z0-9-]*)\``, 'g');
    const stale: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(root, page), 'utf8');
      for (const m of text.matchAll(quoted)) {
        if (!isDiagnosticCode(m[1]!)) stale.push(`${page}:${lineOf(text, m.index)}: ${m[1]} is not a registered code`);
      }
    }
    expect(stale, stale.join('\n')).toEqual([]);
  });
});
