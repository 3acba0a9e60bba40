// The engine's folders keep their direction: run-time code (src/run, src/agents, src/search)
// imports no load-time or compile-time module at run time (type-only imports are
// erased and may name the loaded graph's shapes), so a game needs only what a
// loaded graph hands it. Read with the TypeScript parser.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'engine', 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** the relative modules a file imports or re-exports at run time */
function valueImports(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const c = st.importClause;
      const typeOnly = c !== undefined && (c.isTypeOnly || (c.name === undefined && c.namedBindings !== undefined && ts.isNamedImports(c.namedBindings) && c.namedBindings.elements.length > 0 && c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier !== undefined && ts.isStringLiteral(st.moduleSpecifier) && !st.isTypeOnly) out.push(st.moduleSpecifier.text);
  }
  return out.filter((s) => s.startsWith('.')).map((s) => relative(src, resolve(dirname(file), s)));
}

describe('the engine layout', () => {
  it('has its load, compile, run, board, agents and search folders', () => {
    const top = readdirSync(src, { withFileTypes: true });
    expect(top.filter((e) => e.isDirectory()).map((e) => e.name).sort()).toEqual(['agents', 'board', 'compile', 'load', 'run', 'search']);
    expect(top.filter((e) => e.isFile()).map((e) => e.name)).toEqual(['index.ts']);
  });

  it.each(['run', 'agents', 'board', 'search'])('%s/ imports nothing of load/ or compile/ at run time', (folder) => {
    const found = files(join(src, folder)).flatMap((f) => valueImports(f).filter((t) => t.startsWith('load/') || t.startsWith('compile/')).map((t) => `${relative(src, f)} → ${t}`));
    expect(found).toEqual([]);
  });
});
