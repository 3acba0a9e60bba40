import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { findModuleInTree, type HostRefusal, type ModuleHost } from '@houserules/compiler/module-host';
import { MAX_SOURCE_BYTES } from '@houserules/syntax/budgets';
import { notARegularFile, readInputFile } from './input-file.ts';
import { isWithin } from './project-paths.ts';

/** The compiler's file access on a real disk, confined to one project root. */
export interface NodeModuleHost extends ModuleHost {
  /** The folder every read stays inside (its real path, symlinks resolved). */
  readonly projectRoot: string;
  /** The text of a file this host already read (for code frames), without reading again. */
  readCached(path: string): string | undefined;
  /** The real paths of the files this host has read, in order (audits and tests). */
  readonly filesRead: readonly string[];
  refuse(path: string): HostRefusal | undefined;
}

/**
 * The compiler's file access on a real disk. Paths are absolute; texts are
 * cached so a file imported by several scenarios is read once per run.
 *
 * Scenario files are untrusted input, so the host reads only inside
 * `root`: a path that leaves it — absolute, through `..`, or through a
 * symlink (checked on the real path) — is refused with
 * `resolve/outside-project`, and so is module-name lookup above the root. A
 * file beyond MAX_SOURCE_BYTES is refused with `limit/source-size`, and one
 * that is not a regular file (a FIFO, a device, anything under /proc) with
 * `cli/not-a-regular-file`. A refused file is never opened, so no diagnostic
 * can show its content; the others are read through `readInputFile`, bounded
 * by the same budget.
 */
export function createNodeHost(options: { root: string }): NodeModuleHost {
  const givenRoot = resolve(options.root);
  const root = realPath(givenRoot) ?? givenRoot;
  const cache = new Map<string, string | undefined>();
  const filesRead: string[] = [];

  const refuse = (path: string): HostRefusal | undefined => {
    const absolute = resolve(path);
    const outside = (real?: string): HostRefusal => ({
      code: 'resolve/outside-project',
      message: `${absolute}${real === undefined ? ' is' : ` leads (through a symlink) to ${real},`} outside the project (${root}); a scenario reads only files inside its project`,
      hint: 'copy the file into the project, or name a wider project folder with --root',
    });
    if (!isWithin(absolute, givenRoot) && !isWithin(absolute, root)) return outside();
    const real = realPath(absolute);
    if (real === undefined) return undefined; // nothing there: the loader says "not found"
    if (!isWithin(real, root)) return outside(real);
    const special = notARegularFile(real, absolute);
    if (special !== undefined) return { code: 'cli/not-a-regular-file', message: `${special}; only regular files are read` };
    let size = 0;
    try {
      size = statSync(real).size;
    } catch {
      return undefined;
    }
    if (size > MAX_SOURCE_BYTES) {
      return {
        code: 'limit/source-size',
        message: `${absolute} holds ${size} bytes, more than the ${MAX_SOURCE_BYTES} a .rules file may hold`,
        hint: 'split it into modules that import each other',
      };
    }
    return undefined;
  };

  const readCached = (path: string): string | undefined => cache.get(resolve(path));

  const readFile = (path: string): string | undefined => {
    const absolute = resolve(path);
    if (cache.has(absolute)) return cache.get(absolute);
    let text: string | undefined;
    if (refuse(absolute) === undefined) {
      const real = realPath(absolute);
      const read = real === undefined ? null : readInputFile(real, absolute, MAX_SOURCE_BYTES);
      if (read?.ok === true) {
        text = read.text;
        filesRead.push(real!);
      }
    }
    cache.set(absolute, text);
    return text;
  };

  const exists = (path: string): boolean => {
    if (refuse(path) !== undefined) return false;
    return existsSync(path);
  };

  return {
    projectRoot: root,
    filesRead,
    readFile,
    readCached,
    refuse,
    resolvePath: (fromFile, ref) => resolve(dirname(fromFile), ref),
    findModule: (name, fromFile) => findModuleInTree(name, fromFile, exists),
  };
}

/**
 * The project a file belongs to: the nearest folder at or above `start` that
 * holds a workspace root (`pnpm-workspace.yaml`, `.git`), else the nearest with
 * a `package.json`. With no such folder: the working directory `cwd` when
 * `start` lies inside it, else `start`'s own folder (or `start`, a folder).
 */
export function findProjectRoot(start: string, cwd?: string): string {
  const absolute = resolve(start);
  let folder = isDirectory(absolute) ? absolute : dirname(absolute);
  const first = folder;
  let nearestPackage: string | undefined;
  for (;;) {
    if (existsSync(join(folder, 'pnpm-workspace.yaml')) || existsSync(join(folder, '.git'))) return folder;
    if (nearestPackage === undefined && existsSync(join(folder, 'package.json'))) nearestPackage = folder;
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  if (nearestPackage !== undefined) return nearestPackage;
  if (cwd !== undefined && isWithin(first, resolve(cwd))) return resolve(cwd);
  return first;
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
