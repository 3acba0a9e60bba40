import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * What the CLI writes names files relative to the project root, with `/`
 * (`scenarios/diamant/diamant.rules`), so a compiled graph or a game log still
 * means the same files after the project folder moves or is cloned elsewhere.
 * A file outside the root (none should be) keeps its absolute path.
 */
export function projectRelative(root: string, file: string): string {
  const rel = relative(root, file);
  if (rel === '' || isAbsolute(rel) || rel.split(sep)[0] === '..') return file;
  return rel.split(sep).join('/');
}

/** Whether `path` is `root` or lies below it (both absolute; no symlink is resolved here). */
export function isWithin(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
}

/** A file named relative to the project (a log's scenario): absolute again, under `root`. */
export function fromProject(root: string, file: string): string {
  return isAbsolute(file) ? file : resolve(root, file);
}

/**
 * A copy of a compiled graph whose `file` fields (every provenance and the
 * scenario's module list) are project-relative. Walks the JSON tree, bounded
 * by its own size (a graph the compiler made, not user input).
 */
export function graphWithProjectPaths<T>(graph: T, root: string): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = key === 'file' && typeof v === 'string' ? projectRelative(root, v) : walk(v);
    return out;
  };
  return walk(graph) as T;
}
