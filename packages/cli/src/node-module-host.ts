import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { findModuleInTree, type ModuleHost } from '@houserules/compiler';

/**
 * The compiler's file access on a real disk. Paths are absolute; texts are
 * cached so a file imported by several scenarios is read once per run.
 */
export function createNodeHost(): ModuleHost & { readCached(path: string): string | undefined } {
  const cache = new Map<string, string | undefined>();
  const readCached = (path: string): string | undefined => {
    if (cache.has(path)) return cache.get(path);
    let text: string | undefined;
    try {
      text = statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
    } catch {
      text = undefined;
    }
    cache.set(path, text);
    return text;
  };
  return {
    readFile: readCached,
    readCached,
    resolvePath: (fromFile, ref) => resolve(dirname(fromFile), ref),
    findModule: (name, fromFile) => findModuleInTree(name, fromFile, (path) => existsSync(path)),
  };
}
