import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, Registry, type IGrammar } from 'vscode-textmate';
import { houserulesGrammar } from '../scripts/houserules-grammar.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const grammarPath = join(root, 'syntaxes/houserules.tmLanguage.json');
const diamant = readFileSync(join(root, '../../scenarios/diamant/diamant.rules'), 'utf8');

async function loadGrammar(): Promise<IGrammar> {
  const wasm = readFileSync(join(dirname(createRequire(import.meta.url).resolve('vscode-oniguruma')), 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async () => JSON.parse(readFileSync(grammarPath, 'utf8')),
  });
  return (await registry.loadGrammar('source.houserules'))!;
}

/** Each word of the text with the innermost scope the grammar gives it. */
function scopes(grammar: IGrammar, text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  let state = INITIAL;
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) {
      const word = line.slice(t.startIndex, t.endIndex).trim();
      if (!word) continue;
      const set = out.get(word) ?? new Set<string>();
      set.add(t.scopes[t.scopes.length - 1]!);
      out.set(word, set);
    }
    state = r.ruleStack;
  }
  return out;
}

describe('the VS Code extension', () => {
  it('has a grammar made from the language’s own keyword lists (scripts/write-grammar.ts)', () => {
    expect(JSON.parse(readFileSync(grammarPath, 'utf8'))).toEqual(houserulesGrammar());
  });

  it('highlights Diamant: declarations, keywords, strings, comments, numbers', async () => {
    const found = scopes(await loadGrammar(), diamant);
    expect(found.get('rule')).toEqual(new Set(['keyword.declaration.houserules']));
    expect(found.get('move')).toEqual(new Set(['keyword.control.houserules']));
    expect(found.get('players')).toContain('keyword.other.soft.houserules');
    expect([...found.keys()].some((w) => w.startsWith('//') && found.get(w)!.has('comment.line.double-slash.houserules'))).toBe(true);
    expect([...found.entries()].some(([w, s]) => w.startsWith('"') && s.has('string.quoted.double.houserules'))).toBe(true);
    expect(found.get('0')).toContain('constant.numeric.integer.houserules');
    expect(found.get('in_cave_count')).toEqual(new Set(['variable.other.houserules']));
  });

  it('packages into a .vsix with the client, the bundled server, the grammar and the language configuration', () => {
    execFileSync(process.execPath, ['scripts/package.mjs'], { cwd: root, stdio: 'pipe' });
    const names = zipEntries(readFileSync(join(root, 'dist/houserules.vsix')));
    expect(names).toEqual(expect.arrayContaining([
      'extension.vsixmanifest', 'extension/package.json', 'extension/dist/extension.cjs', 'extension/dist/houserules.js',
      'extension/syntaxes/houserules.tmLanguage.json', 'extension/language-configuration.json',
    ]));
    // the server's code split into chunks, each one the server imports, none of them a source map
    const server = readFileSync(join(root, 'dist/houserules.js'), 'utf8');
    const chunks = [...server.matchAll(/from "\.\/(chunks\/[^"]+\.js)"/g)].map((m) => `extension/dist/${m[1]!}`);
    expect(chunks.length).toBeGreaterThan(0);
    expect(names).toEqual(expect.arrayContaining(chunks));
    expect(names.filter((n) => n.endsWith('.map'))).toEqual([]);
    // the client needs nothing at run time but VS Code and Node: every other module is bundled
    const client = readFileSync(join(root, 'dist/extension.cjs'), 'utf8');
    const required = new Set([...client.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!));
    const builtins = new Set(createRequire(import.meta.url)('node:module').builtinModules as string[]);
    expect([...required].filter((m) => m !== 'vscode' && !builtins.has(m.replace(/^node:/, '')))).toEqual([]);
  });
});

/** The file names of a zip archive, from its central directory. */
function zipEntries(zip: Buffer): string[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}
