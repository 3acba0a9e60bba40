import { readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { notARegularFile } from './input-file.ts';

/** The files, or why not: a path that is not there (`cli/usage`) or not a regular file (`cli/not-a-regular-file`). */
export type FoundFiles = { ok: true; files: string[] } | { ok: false; message: string; code: 'cli/usage' | 'cli/not-a-regular-file' };

/**
 * Every `*.rules` file named or found below the named directories (absolute,
 * sorted, unique). A named path that is not a regular file or a folder (a
 * FIFO, a device, /proc) is refused, unopened; a folder's walk takes regular
 * files only.
 */
export function findRulesFiles(cwd: string, paths: string[]): FoundFiles {
  const found = new Set<string>();
  for (const given of paths) {
    const path = resolve(cwd, given);
    const special = notARegularFile(path, given);
    if (special !== undefined) return { ok: false, message: special, code: 'cli/not-a-regular-file' };
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      return { ok: false, message: `no such file or directory: ${given}`, code: 'cli/usage' };
    }
    try {
      if (isDir) walk(path, found);
      else found.add(path);
    } catch (error) {
      return { ok: false, message: `cannot read ${given}: ${(error as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : error instanceof Error ? error.message : String(error)}`, code: 'cli/usage' };
    }
  }
  return { ok: true, files: [...found].sort() };
}

function walk(dir: string, found: Set<string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (entry.isFile() && entry.name.endsWith('.rules')) found.add(path);
  }
}

/** A scenario is a `.rules` file, or a directory `x/` holding `x/x.rules`. */
export function resolveScenarioPath(cwd: string, given: string): { ok: true; file: string } | { ok: false; message: string } {
  const path = resolve(cwd, given);
  try {
    if (statSync(path).isDirectory()) {
      const entry = join(path, `${basename(path)}.rules`);
      if (statSync(entry, { throwIfNoEntry: false })?.isFile()) return { ok: true, file: entry };
      return { ok: false, message: `${given} is a directory without ${basename(path)}.rules in it` };
    }
    return { ok: true, file: path };
  } catch {
    return { ok: false, message: `no such scenario: ${given}` };
  }
}
