// A module host over the repository's files in which some paths hold given texts instead (an edited
// copy of a shipped file, a docs example placed where its relative imports resolve).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { findModuleInTree, type ModuleHost } from '@houserules/compiler';

/** the repository's files, with the paths of `overlay` holding its texts instead */
export function hostWith(overlay: Map<string, string>): ModuleHost {
  const read = (path: string): string | undefined => overlay.get(path) ?? (existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined);
  return {
    readFile: read,
    resolvePath: (fromFile, ref) => resolve(dirname(fromFile), ref),
    findModule: (name, fromFile) => findModuleInTree(name, fromFile, (path) => overlay.has(path) || existsSync(path)),
  };
}
