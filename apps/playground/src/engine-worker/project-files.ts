// The project's files as the engine worker sees them: one map the page keeps in step, a module host over it,
// and one parse cache, so a recheck after a keystroke re-parses only the file that changed.
import { createParseCache, findModuleInTree, normalizePath, type ModuleHost, type ParseCache } from '@houserules/compiler';

export class ProjectFiles {
  private readonly files = new Map<string, string>();
  readonly cache: ParseCache = createParseCache();
  /** bumped on every change, so results computed from an older state can be recognised */
  version = 0;

  readonly host: ModuleHost = {
    readFile: (path) => this.files.get(normalizePath(path)),
    resolvePath: (fromFile, ref) => normalizePath(`${dirOf(normalizePath(fromFile))}/${ref}`),
    findModule: (name, fromFile) => findModuleInTree(name, fromFile, (path) => this.files.has(path)),
  };

  setAll(files: Record<string, string>): void {
    this.files.clear();
    for (const [path, text] of Object.entries(files)) this.files.set(normalizePath(path), text);
    this.version++;
  }

  change(path: string, text: string | null): void {
    if (text === null) this.files.delete(normalizePath(path));
    else this.files.set(normalizePath(path), text);
    this.version++;
  }

  read(path: string): string | undefined {
    return this.files.get(normalizePath(path));
  }

  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  rulesFiles(): string[] {
    return this.paths().filter((p) => p.endsWith('.rules'));
  }
}

export function dirOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}
