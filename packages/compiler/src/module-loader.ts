import type { Diagnostic, Range, Result } from '@houserules/schema';
import type { ModuleRef, RulesFile } from '@houserules/syntax';
import { DiagnosticSink } from './diagnostic-sink.ts';
import { MAX_IMPORT_CHAIN } from './budgets.ts';
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
 * their importers, each file once. Missing files, cycles, files the host
 * refuses (outside the project) and chains beyond MAX_IMPORT_CHAIN are
 * diagnostics. Iterative, so a long chain cannot overflow the stack.
 */
/** The start of a file: where a diagnostic about the whole file (never read) points. */
/** paths near an importing file tried for a module name that names no module (the hint's guesses) */
const NEARBY_CANDIDATES = 4;

const FILE_START: Range = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

export function loadModules(host: ModuleHost, entry: string, parse: ParseFn): Result<LoadedModule[]> {
  const sink = new DiagnosticSink();
  const ordered: LoadedModule[] = [];
  const done = new Set<string>();
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
    sink.pushAll(result.diagnostics.map((d): Diagnostic => (d.file === undefined ? { ...d, file } : d)));
    parsed.set(file, result.value);
    return result.value;
  };

  /** The file a reference names, or undefined after reporting why there is none. */
  const resolveRef = (ref: ModuleRef, fromFile: string, range: Range): string | undefined => {
    if (ref.$type === 'StringLiteral') {
      const path = host.resolvePath(fromFile, ref.value);
      if (!path.endsWith('.rules')) {
        sink.error('module/not-a-rules-file', `${refText(ref)} is not a .rules file`, fromFile, range,
          'import and extends name .rules files (or modules by name); no other file is read');
        return undefined;
      }
      if (refused(path, fromFile, range)) return undefined;
      if (host.readFile(path) !== undefined) return path;
      sink.error('module/not-found', `cannot find module ${refText(ref)}`, fromFile, range, 'check the path: it is relative to this file');
      return undefined;
    }
    const path = host.findModule(ref.parts.map((p) => p.name).join('.'), fromFile);
    if (path === undefined) {
      const near = nearbyFile(ref.parts.map((p) => p.name), fromFile);
      sink.error('module/not-found', `cannot find module ${refText(ref)}`, fromFile, range,
        near !== undefined
          ? `a module name is looked up under a \`scenarios\` folder, where there is no ${refText(ref)}; to name the file near this one, write its path: "${near}"`
          : 'a module name `a.b` names the file a/b.rules under the nearest `scenarios` folder above this file');
      return undefined;
    }
    return refused(path, fromFile, range) ? undefined : path;
  };

  /**
   * A file a module name may have meant, by path near the importing file (`mygame` → "../mygame/mygame.rules", as
   * `houserules init` lays a scenario out), for the hint: at most NEARBY_CANDIDATES reads, each inside the project.
   */
  const nearbyFile = (parts: readonly string[], fromFile: string): string | undefined => {
    const rel = parts.join('/');
    const last = parts[parts.length - 1]!;
    for (const candidate of [`./${rel}.rules`, `./${rel}/${last}.rules`, `../${rel}.rules`, `../${rel}/${last}.rules`].slice(0, NEARBY_CANDIDATES)) {
      const path = host.resolvePath(fromFile, candidate);
      if (host.refuse?.(path) === undefined && host.readFile(path) !== undefined) return candidate;
    }
    return undefined;
  };

  const refused = (path: string, fromFile: string | undefined, range: Range | undefined): boolean => {
    const refusal = host.refuse?.(path);
    if (refusal === undefined) return false;
    sink.error(refusal.code, refusal.message, fromFile, range, refusal.hint);
    return true;
  };

  interface Frame {
    module: LoadedModule;
    dependencies: { ref: ModuleRef; range: Range; isBase: boolean }[];
    next: number;
  }
  const active: Frame[] = [];
  const enter = (file: string, ast: RulesFile): void => {
    const module: LoadedModule = { name: moduleName(ast, file), file, ast, dependencies: [] };
    const dependencies: Frame['dependencies'] = [];
    if (ast.module?.extends) dependencies.push({ ref: ast.module.extends, range: ast.module.extends.range, isBase: true });
    for (const item of ast.items) {
      if (item.$type === 'ImportDecl' && item.module) dependencies.push({ ref: item.module, range: item.module.range, isBase: false });
    }
    active.push({ module, dependencies, next: 0 });
  };

  // A refused entry file (too large, not a regular file, outside the project) is named, at its start.
  if (refused(entry, entry, FILE_START)) return { value: [], diagnostics: sink.list };
  const entryAst = parseFile(entry);
  if (entryAst === null) {
    sink.error('module/not-found', `cannot find the file ${entry}`, entry, undefined);
    return { value: [], diagnostics: sink.list };
  }
  enter(entry, entryAst);
  while (active.length > 0) {
    const frame = active[active.length - 1]!;
    const file = frame.module.file;
    const dep = frame.dependencies[frame.next++];
    if (dep === undefined) {
      active.pop();
      done.add(file);
      ordered.push(frame.module);
      continue;
    }
    const target = resolveRef(dep.ref, file, dep.range);
    if (target === undefined) continue;
    if (dep.isBase) frame.module.base = target;
    frame.module.dependencies.push({ range: dep.range, file: target });
    const inCycle = active.findIndex((f) => f.module.file === target);
    if (inCycle >= 0) {
      const chain = [...active.slice(inCycle).map((f) => f.module.file), target].map(basename).join(' → ');
      sink.error('module/cycle', `modules import each other in a cycle: ${chain}`, file, dep.range, 'move the shared declarations into a module that both import');
      continue;
    }
    if (done.has(target)) continue;
    if (active.length >= MAX_IMPORT_CHAIN) {
      sink.error('limit/import-chain', `${refText(dep.ref)} would make a chain of more than ${MAX_IMPORT_CHAIN} modules importing or extending each other`, file, dep.range,
        `the chain starts at ${basename(entry)}; flatten it (a module may import many others)`);
      continue;
    }
    const targetAst = parseFile(target);
    if (targetAst === null) {
      sink.error('module/not-found', `cannot read ${refText(dep.ref)} (${target})`, file, dep.range);
      continue;
    }
    enter(target, targetAst);
  }
  return { value: ordered, diagnostics: sink.list };
}

function refText(ref: ModuleRef): string {
  return ref.$type === 'StringLiteral' ? `"${ref.value}"` : ref.parts.map((p) => p.name).join('.');
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
