// No package or app imports itself in a circle at run time: a module's value
// imports (relative ones and `@houserules/*` workspace packages) never lead back
// to it. Type-only imports (`import type`, `import { type A }`, `export type`)
// are erased by the compiler and do not count. Read with the TypeScript
// compiler's own parser, so every form of import and re-export is seen.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The modules a source file imports at run time, as written (specifiers). */
function runtimeImports(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const c = node.importClause;
      const typeOnly =
        c !== undefined &&
        (c.isTypeOnly ||
          (c.name === undefined && c.namedBindings !== undefined && ts.isNamedImports(c.namedBindings) && c.namedBindings.elements.length > 0 && c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      const x = node.exportClause;
      const typeOnly = node.isTypeOnly || (x !== undefined && ts.isNamedExports(x) && x.elements.length > 0 && x.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && !node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      out.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] !== undefined && ts.isStringLiteral(node.arguments[0])) {
      // a dynamic import runs later, but a module graph that needs it is still a circle
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The run-time import cycles among `files` (strongly connected components of more than one module, or a self-import). */
function importCycles(files: ReadonlyMap<string, string>, resolveSpecifier: (from: string, spec: string) => string | null): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, text] of files) {
    edges.set(
      file,
      runtimeImports(file, text)
        .map((spec) => resolveSpecifier(file, spec))
        .filter((t): t is string => t !== null && files.has(t)),
    );
  }
  // Tarjan's strongly connected components, iteratively (deep import chains must not overflow the stack)
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  for (const start of files.keys()) {
    if (index.has(start)) continue;
    const work: { v: string; next: number }[] = [{ v: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const out = edges.get(top.v)!;
      if (top.next < out.length) {
        const w = out[top.next++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, next: 0 });
        } else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.v;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.v)!));
      }
      if (low.get(top.v) === index.get(top.v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== top.v);
        if (component.length > 1 || out.includes(top.v)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** `@houserules/name[/sub]` → the file its package.json exports for it. */
function workspaceEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const parent of ['packages', 'apps']) {
    if (!existsSync(join(root, parent))) continue;
    for (const dir of readdirSync(join(root, parent))) {
      const manifest = join(root, parent, dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; exports?: unknown };
      if (typeof pkg.name !== 'string' || pkg.exports === null || typeof pkg.exports !== 'object') continue;
      for (const [sub, target] of Object.entries(pkg.exports as Record<string, unknown>)) {
        const file = typeof target === 'string' ? target : target !== null && typeof target === 'object' ? (target as Record<string, unknown>)['import'] ?? (target as Record<string, unknown>)['default'] : undefined;
        if (typeof file === 'string') entries.set(sub === '.' ? pkg.name : `${pkg.name}/${sub.replace(/^\.\//, '')}`, resolve(root, parent, dir, file));
      }
    }
  }
  return entries;
}

describe('run-time import cycles', () => {
  it('are found, and type-only imports are not counted', () => {
    const files = new Map([
      ['/a.ts', "import { b } from './b.ts';\nexport const a = () => b;"],
      ['/b.ts', "import { c } from './c.ts';\nexport const b = c;"],
      ['/c.ts', "export { a } from './a.ts';\nexport const c = 1;"],
      ['/d.ts', "import type { e } from './e.ts';\nimport { type a } from './a.ts';\nexport type D = e | a;"],
      ['/e.ts', "import { d } from './d.ts';\nexport type { a } from './a.ts';\nexport const e = d;"],
    ]);
    const cycles = importCycles(files, (from, spec) => resolve(dirname(from), spec));
    expect(cycles).toEqual([['/a.ts', '/b.ts', '/c.ts']]);
  });

  it('there are none in any package or app', () => {
    const entries = workspaceEntries();
    const sources = ['packages', 'apps'].flatMap((parent) => (existsSync(join(root, parent)) ? readdirSync(join(root, parent)).flatMap((dir) => walk(join(root, parent, dir, 'src'))) : []));
    expect(sources.length).toBeGreaterThan(100);
    const files = new Map(sources.map((f) => [f, readFileSync(f, 'utf8')]));
    const cycles = importCycles(files, (from, spec) => (spec.startsWith('.') ? resolve(dirname(from), spec) : entries.get(spec) ?? null));
    expect(cycles.map((c) => c.map((f) => relative(root, f)))).toEqual([]);
  });
});
