import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ModuleHost } from '@houserules/compiler/module-host';
import { validateRuleGraph, type Diagnostic, type RuleGraph } from '@houserules/schema';
import { MAX_COMPILE_CACHE_ENTRY } from './cli-budgets.ts';
import { isWithin } from './project-paths.ts';

/**
 * A cache of compiled rule graphs inside a project
 * (`node_modules/.cache/houserules/compile/`), so a command that only needs the
 * graph (`simulate`) does not parse and lower the same files again. It is sound
 * by construction rather than by timestamps:
 *
 * - an entry is keyed by the command's own build (the SHA-256 of its bundle,
 *   `build-id.ts`), the project, the entry file and the variant;
 * - it holds every question the compiler asked the module host, with the
 *   answer: each file read (by the SHA-256 of its text, or "absent"), each
 *   refusal, each module-name lookup. Compiling is a function of the compiler
 *   and those answers, so when every question asked again gets the same answer
 *   the compiler would produce the same graph and diagnostics;
 * - a hit is still not trusted: the graph is validated against the schema
 *   (and `loadGraph` checks it again), the entry's shape is checked, and its
 *   size is bounded (MAX_COMPILE_CACHE_ENTRY). Anything off is a miss.
 *
 * Only compilations without errors are stored. The cache is used only where
 * the project already has a `node_modules` folder, never through a folder
 * that leads (by a symlink) out of the project, and not at all when
 * HOUSERULES_COMPILE_CACHE is `0` or `off`. Writing is best effort: a
 * read-only project simply compiles every time.
 */
export interface CompileCache {
  /** the folder holding the entries */
  dir: string;
  /** the project every read and write stays inside (its real path) */
  projectRoot: string;
  /** the build of the command: an entry of another build never matches */
  buildId: string;
}

/** One question the compiler asked its host, with the answer it got. */
export type HostQuery =
  | { read: string; sha256: string | null }
  | { refuse: string; answer: string | null }
  | { find: string; from: string; answer: string | null };

interface CacheEntry {
  format: typeof ENTRY_FORMAT;
  key: string;
  queries: HostQuery[];
  graph: RuleGraph;
  diagnostics: Diagnostic[];
}

const ENTRY_FORMAT = 'houserules-compile-cache/1';

/** The project's compile cache, or null when this build has no identity (run from source), the project has no node_modules, or it is switched off. */
export function compileCacheFor(projectRoot: string, buildId: string | null, env: Readonly<Record<string, string | undefined>> = process.env): CompileCache | null {
  if (buildId === null) return null;
  const setting = env['HOUSERULES_COMPILE_CACHE']?.toLowerCase();
  if (setting === '0' || setting === 'off' || setting === 'false') return null;
  const modules = join(projectRoot, 'node_modules');
  if (!isDirectory(modules) || !realPathWithin(modules, projectRoot)) return null;
  return { dir: join(modules, '.cache', 'houserules', 'compile'), projectRoot, buildId };
}

/** A host that answers as `host` does and writes down every question and answer. */
export function recordingHost(host: ModuleHost): { host: ModuleHost; queries: HostQuery[] } {
  const queries: HostQuery[] = [];
  const seen = new Set<string>();
  const note = (query: HostQuery): void => {
    const key = JSON.stringify(query);
    if (seen.has(key)) return;
    seen.add(key);
    queries.push(query);
  };
  const recording: ModuleHost = {
    readFile: (path) => {
      const text = host.readFile(path);
      note({ read: path, sha256: text === undefined ? null : sha256(text) });
      return text;
    },
    resolvePath: (fromFile, ref) => host.resolvePath(fromFile, ref),
    findModule: (name, fromFile) => {
      const answer = host.findModule(name, fromFile);
      note({ find: name, from: fromFile, answer: answer ?? null });
      return answer;
    },
  };
  if (host.refuse !== undefined) {
    const refuse = host.refuse.bind(host);
    recording.refuse = (path) => {
      const refusal = refuse(path);
      note({ refuse: path, answer: refusal === undefined ? null : JSON.stringify(refusal) });
      return refusal;
    };
  }
  return { host: recording, queries };
}

/** The graph and diagnostics a compilation of `file` (and `variant`) stored, when every question it asked gets the same answer from `host` now; else null. */
export function readCachedGraph(cache: CompileCache, host: ModuleHost, file: string, variant: string | undefined): { graph: RuleGraph; diagnostics: Diagnostic[] } | null {
  const key = entryKey(cache, file, variant);
  const path = join(cache.dir, `${key}.json`);
  let entry: unknown;
  try {
    if (!realPathWithin(path, cache.projectRoot)) return null;
    if (statSync(path).size > MAX_COMPILE_CACHE_ENTRY) return null;
    entry = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
  if (!isEntry(entry) || entry.key !== key) return null;
  for (const query of entry.queries) if (!sameAnswer(host, query)) return null;
  if (!validateRuleGraph(entry.graph).value) return null;
  return { graph: entry.graph, diagnostics: entry.diagnostics };
}

/**
 * Stores a compilation's graph, diagnostics and host questions; returns the
 * graph as a hit will give it (read back from the entry's JSON, so a hit and a
 * miss hand the engine the very same value), or the graph itself when nothing
 * was stored.
 */
export function writeCachedGraph(cache: CompileCache, file: string, variant: string | undefined, queries: HostQuery[], graph: RuleGraph, diagnostics: Diagnostic[]): RuleGraph {
  const key = entryKey(cache, file, variant);
  const entry: CacheEntry = { format: ENTRY_FORMAT, key, queries, graph, diagnostics };
  const text = JSON.stringify(entry);
  if (text.length > MAX_COMPILE_CACHE_ENTRY) return graph;
  const path = join(cache.dir, `${key}.json`);
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    if (!makeFolderWithin(cache.dir, cache.projectRoot)) return graph;
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // nothing was written
    }
    return graph;
  }
  return (JSON.parse(text) as CacheEntry).graph;
}

function entryKey(cache: CompileCache, file: string, variant: string | undefined): string {
  return sha256(JSON.stringify([ENTRY_FORMAT, cache.buildId, cache.projectRoot, file, variant ?? null]));
}

function sameAnswer(host: ModuleHost, query: HostQuery): boolean {
  if ('read' in query) {
    const text = host.readFile(query.read);
    return (text === undefined ? null : sha256(text)) === query.sha256;
  }
  if ('refuse' in query) {
    if (host.refuse === undefined) return false;
    const refusal = host.refuse(query.refuse);
    return (refusal === undefined ? null : JSON.stringify(refusal)) === query.answer;
  }
  return (host.findModule(query.find, query.from) ?? null) === query.answer;
}

const isString = (x: unknown): x is string => typeof x === 'string';
const isStringOrNull = (x: unknown): x is string | null => x === null || typeof x === 'string';
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function isQuery(q: unknown): q is HostQuery {
  if (!isObject(q)) return false;
  const keys = Object.keys(q).sort().join(',');
  if (keys === 'read,sha256') return isString(q['read']) && isStringOrNull(q['sha256']);
  if (keys === 'answer,refuse') return isString(q['refuse']) && isStringOrNull(q['answer']);
  if (keys === 'answer,find,from') return isString(q['find']) && isString(q['from']) && isStringOrNull(q['answer']);
  return false;
}

/** A stored diagnostic: what the compiler reports besides errors (no entry is made for a compilation with errors). */
function isStoredDiagnostic(d: unknown): d is Diagnostic {
  return isObject(d) && isString(d['code']) && isString(d['message']) && (d['severity'] === 'warning' || d['severity'] === 'info');
}

function isEntry(entry: unknown): entry is CacheEntry {
  return (
    isObject(entry) &&
    entry['format'] === ENTRY_FORMAT &&
    isString(entry['key']) &&
    Array.isArray(entry['queries']) &&
    entry['queries'].every(isQuery) &&
    isObject(entry['graph']) &&
    Array.isArray(entry['diagnostics']) &&
    entry['diagnostics'].every(isStoredDiagnostic)
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `path` (which must exist) is, symlinks resolved, inside `root`. */
function realPathWithin(path: string, root: string): boolean {
  try {
    return isWithin(realpathSync(path), root);
  } catch {
    return false;
  }
}

/** Makes `dir` and its missing parents, each only under a folder whose real path is inside `root`. */
function makeFolderWithin(dir: string, root: string): boolean {
  if (isDirectory(dir)) return realPathWithin(dir, root);
  const parent = dirname(dir);
  if (parent === dir || !makeFolderWithin(parent, root)) return false;
  mkdirSync(dir);
  return realPathWithin(dir, root);
}
