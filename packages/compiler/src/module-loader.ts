import type { Diagnostic, Range, Result } from '@houserules/schema';
import type { ModuleRef, RulesFile } from '@houserules/syntax';
import { DiagnosticSink } from './diagnostic-sink.ts';
import { basename, type ModuleHost } from './module-host.ts';

export type ParseFn = (text: string, file: string) => Result<RulesFile>;

export interface LoadedModule {
  /** The header's name, or the file's base name without `.rules` when there is no header. */
  name: string;
  file: string;
  ast: RulesFile;
  /** The file of the module this one extends, when it loaded. */
  base?: string;
  /** Each `extends`/`import` that named a file that exists: where it is written and the file. */
  dependencies: { range: Range; file: string }[];
}

/**
 * Loads the entry file and everything it imports or extends, depth first.
 * The result is in load order: a base before its extensions, imports before
 * their importers, each file once. Missing files and cycles are diagnostics.
 */
export function loadModules(host: ModuleHost, entry: string, parse: ParseFn): Result<LoadedModule[]> {
  const sink = new DiagnosticSink();
  const ordered: LoadedModule[] = [];
  const done = new Set<string>();
  const active: string[] = [];
  const parsed = new Map<string, RulesFile | null>();

  const parseFile = (file: string): RulesFile | null => {
    const cached = parsed.get(file);
    if (cached !== undefined) return cached;
    const text = host.readFile(file);
    if (text === undefined) {
      parsed.set(file, null);
      return null;
    }
    const result = parse(text, file);
    sink.push(...result.diagnostics.map((d): Diagnostic => (d.file === undefined ? { ...d, file } : d)));
    parsed.set(file, result.value);
    return result.value;
  };

  const resolveRef = (ref: ModuleRef, fromFile: string): string | undefined => {
    if (ref.$type === 'StringLiteral') {
      const path = host.resolvePath(fromFile, ref.value);
      return host.readFile(path) === undefined ? undefined : path;
    }
    return host.findModule(ref.parts.map((p) => p.name).join('.'), fromFile);
  };

  const refText = (ref: ModuleRef): string =>
    ref.$type === 'StringLiteral' ? `"${ref.value}"` : ref.parts.map((p) => p.name).join('.');

  const visit = (file: string, ast: RulesFile): void => {
    active.push(file);
    const module: LoadedModule = { name: moduleName(ast, file), file, ast, dependencies: [] };
    const dependencies: { ref: ModuleRef; range: Range; isBase: boolean }[] = [];
    if (ast.module?.extends) dependencies.push({ ref: ast.module.extends, range: ast.module.extends.range, isBase: true });
    for (const item of ast.items) {
      if (item.$type === 'ImportDecl' && item.module) dependencies.push({ ref: item.module, range: item.module.range, isBase: false });
    }
    for (const dep of dependencies) {
      const target = resolveRef(dep.ref, file);
      if (target === undefined) {
        sink.error('module/not-found', `cannot find module ${refText(dep.ref)}`, file, dep.range,
          dep.ref.$type === 'StringLiteral'
            ? 'check the path: it is relative to this file'
            : `a module name \`a.b\` names the file a/b.rules under the nearest \`scenarios\` folder above this file`);
        continue;
      }
      if (dep.isBase) module.base = target;
      module.dependencies.push({ range: dep.range, file: target });
      if (active.includes(target)) {
        const chain = [...active.slice(active.indexOf(target)), target].map(basename).join(' → ');
        sink.error('module/cycle', `modules import each other in a cycle: ${chain}`, file, dep.range, 'move the shared declarations into a module that both import');
        continue;
      }
      if (done.has(target)) continue;
      const targetAst = parseFile(target);
      if (targetAst === null) {
        sink.error('module/not-found', `cannot read ${refText(dep.ref)} (${target})`, file, dep.range);
        continue;
      }
      visit(target, targetAst);
    }
    active.pop();
    done.add(file);
    ordered.push(module);
  };

  const entryAst = parseFile(entry);
  if (entryAst === null) {
    sink.error('module/not-found', `cannot find the file ${entry}`, entry, undefined);
    return { value: [], diagnostics: sink.list };
  }
  visit(entry, entryAst);
  return { value: ordered, diagnostics: sink.list };
}

export function moduleName(ast: RulesFile, file: string): string {
  const parts = ast.module?.name?.parts;
  if (parts && parts.length > 0) return parts.map((p) => p.name).join('.');
  const base = basename(file);
  const stem = base.endsWith('.rules') ? base.slice(0, -'.rules'.length) : base;
  // Module names appear in ids (`rule:x@<module>`), so a file name becomes an identifier.
  const name = stem.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}
