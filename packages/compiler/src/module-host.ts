import type { DiagnosticCode } from '@houserules/schema';

/**
 * How the compiler reaches files. The compiler itself never touches a file
 * system (it runs in browsers); the CLI passes a Node host, tests and editors a
 * memory host.
 *
 * Scenario files are untrusted: a host on a real disk confines reads to a
 * project root (`refuse`), so that `import "/etc/passwd"` reads nothing.
 */
export interface ModuleHost {
  /** The file's text, or undefined when there is no such file (or the host refuses it). */
  readFile(path: string): string | undefined;
  /**
   * Why the host will not read `path`, when it will not (a path outside the
   * project root after resolving symlinks, a file beyond the size budget): the
   * loader reports it as a diagnostic naming the path, and reads nothing.
   * Hosts with nothing to refuse (a memory host) leave it out.
   */
  refuse?(path: string): HostRefusal | undefined;
  /** A relative reference (`"./base.rules"`) resolved against the importing file. */
  resolvePath(fromFile: string, ref: string): string;
  /** A module name (`catan.base`) resolved to a path, or undefined when none exists. */
  findModule(name: string, fromFile: string): string | undefined;
}

/** A host's reason not to read a file; the message names the path, never its content. */
export interface HostRefusal {
  code: DiagnosticCode;
  message: string;
  hint?: string;
}

/** Normalises a `/`-separated path: removes `.` segments and folds `..`. */
export function normalizePath(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (part === '..' && absolute) continue;
    else out.push(part);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined;
}

export function dirname(path: string): string {
  const at = path.lastIndexOf('/');
  if (at < 0) return '';
  if (at === 0) return '/';
  return path.slice(0, at);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function joinPath(dir: string, rel: string): string {
  if (rel.startsWith('/')) return normalizePath(rel);
  return normalizePath(dir === '' ? rel : `${dir}/${rel}`);
}

/**
 * The module-name rule, shared by every host: `a.b.c` names the file
 * `<root>/a/b/c.rules`, where `<root>` is found by walking up from the importing
 * file's folder. At each folder F on the way up (F itself first):
 *   1. if F is named `scenarios`, try `F/a/b/c.rules`;
 *   2. try `F/scenarios/a/b/c.rules` (F contains a `scenarios` folder);
 * The first file that exists wins. So `import catan.base` from
 * `scenarios/catan/seafarers.rules` finds `scenarios/catan/base.rules`.
 */
export function findModuleInTree(name: string, fromFile: string, exists: (path: string) => boolean): string | undefined {
  const relative = `${name.split('.').join('/')}.rules`;
  let folder = dirname(normalizePath(fromFile));
  for (;;) {
    if (basename(folder) === 'scenarios') {
      const candidate = joinPath(folder, relative);
      if (exists(candidate)) return candidate;
    }
    const nested = joinPath(folder, `scenarios/${relative}`);
    if (exists(nested)) return nested;
    if (folder === '' || folder === '/') return undefined;
    folder = dirname(folder);
  }
}

/** A host over an in-memory map of path → text (tests, editors, the playground). */
export function createMemoryHost(files: Record<string, string>): ModuleHost {
  const byPath = new Map<string, string>();
  for (const [path, text] of Object.entries(files)) byPath.set(normalizePath(path), text);
  return {
    readFile: (path) => byPath.get(normalizePath(path)),
    resolvePath: (fromFile, ref) => joinPath(dirname(normalizePath(fromFile)), ref),
    findModule: (name, fromFile) => findModuleInTree(name, fromFile, (path) => byPath.has(path)),
  };
}

/**
 * `base` with some paths holding other texts (an edited copy of a shipped file, a file that is not on
 * disk, an editor's unsaved buffer): `overlay` is read first, and a module name finds an overlay file
 * as it finds a file of `base`. What `base` refuses it still refuses, unless the overlay holds it.
 */
export function overlayHost(base: ModuleHost, overlay: ReadonlyMap<string, string>): ModuleHost {
  const byPath = new Map<string, string>();
  for (const [path, text] of overlay) byPath.set(normalizePath(path), text);
  const read = (path: string): string | undefined => byPath.get(normalizePath(path)) ?? base.readFile(path);
  const host: ModuleHost = {
    readFile: read,
    resolvePath: (fromFile, ref) => base.resolvePath(fromFile, ref),
    findModule: (name, fromFile) => findModuleInTree(name, fromFile, (path) => read(path) !== undefined),
  };
  const refuse = base.refuse;
  if (refuse !== undefined) host.refuse = (path) => (byPath.has(normalizePath(path)) ? undefined : refuse.call(base, path));
  return host;
}
