import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ModuleHost } from '@houserules/compiler/module-host';
import type { Diagnostic, RuleGraph } from '@houserules/schema';
import { MAX_COMPILE_CACHE_ENTRY } from './cli-budgets.ts';
import { readInputFile } from './input-file.ts';
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
 * - the cache folder is the project's, and a checked-out project can carry
 *   one: so an entry is sealed with an HMAC under a key of this user's, kept
 *   outside every project (`$XDG_CACHE_HOME/houserules/compile-cache.key`, by
 *   default `~/.cache/…`, made on first use), and an entry this user's command
 *   did not write is a miss, whatever it says;
 * - an entry must name, with its content hash, every file its graph was made
 *   from: the scenario file itself and every module of the graph; one with
 *   fewer reads (none at all, or not the scenario) is a miss and is rewritten;
 * - a hit's graph is the compiler's, validated against the schema when it was
 *   made (a compilation whose graph fails the schema has errors and is never
 *   stored), and the seal proves this build wrote it: so it is not validated
 *   again: its first run costs a warm `simulate` a sixth of its own start-up
 *   (100M of the 544M instructions above an empty `node`). It is loaded with
 *   `loadCompiledGraph`, which still checks its shape, budgets and names. The
 *   entry's shape is checked and its size bounded (MAX_COMPILE_CACHE_ENTRY); it
 *   is read only if it is a regular file (a FIFO in the folder is passed over,
 *   never waited on). Anything off is a miss.
 *
 * Only compilations without errors are stored. The cache is used only where
 * the project already has a `node_modules` folder, never through a folder
 * that leads (by a symlink) out of the project, only when the user's key can
 * be kept, and not at all when HOUSERULES_COMPILE_CACHE is `0` or `off`.
 * Writing is best effort: a read-only project simply compiles every time.
 */
export interface CompileCache {
  /** the folder holding the entries */
  dir: string;
  /** the project every read and write stays inside (its real path) */
  projectRoot: string;
  /** the build of the command: an entry of another build never matches */
  buildId: string;
  /** this user's key, which seals every entry written (HMAC-SHA-256) */
  secret: Buffer;
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

const ENTRY_FORMAT = 'houserules-compile-cache/2';

/** Bytes of the user's key file (a key of 32 bytes, in hex, and a newline). */
const KEY_FILE_BYTES = 65;

/**
 * The project's compile cache, or null when this build has no identity (run
 * from source), the project has no node_modules, the user's key cannot be
 * kept outside the project, or it is switched off.
 */
export function compileCacheFor(projectRoot: string, buildId: string | null, env: Readonly<Record<string, string | undefined>> = process.env): CompileCache | null {
  if (buildId === null) return null;
  const setting = env['HOUSERULES_COMPILE_CACHE']?.toLowerCase();
  if (setting === '0' || setting === 'off' || setting === 'false') return null;
  const modules = join(projectRoot, 'node_modules');
  if (!isDirectory(modules) || !realPathWithin(modules, projectRoot)) return null;
  const secret = userKey(env, projectRoot);
  if (secret === null) return null;
  return { dir: join(modules, '.cache', 'houserules', 'compile'), projectRoot, buildId, secret };
}

/** Where this user's key is kept: the user's cache folder, never a project's. */
export function userKeyFile(env: Readonly<Record<string, string | undefined>>): string {
  const base = env['XDG_CACHE_HOME'] !== undefined && env['XDG_CACHE_HOME'] !== '' ? env['XDG_CACHE_HOME'] : join(env['HOME'] ?? homedir(), '.cache');
  return join(base, 'houserules', 'compile-cache.key');
}

/**
 * This user's key, made (random, readable by the user only) the first time;
 * null when it cannot be read or made, or would lie inside the project (a
 * checked-out project must not carry the key that seals its entries).
 */
function userKey(env: Readonly<Record<string, string | undefined>>, projectRoot: string): Buffer | null {
  const file = userKeyFile(env);
  const folder = dirname(file);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch {
    return null;
  }
  if (realPathWithin(folder, projectRoot)) return null;
  const read = (): Buffer | null => {
    const text = readInputFile(file, file, KEY_FILE_BYTES);
    return text.ok && /^[0-9a-f]{64}\n?$/.test(text.text) ? Buffer.from(text.text.slice(0, 64), 'hex') : null;
  };
  const existing = read();
  if (existing !== null) return existing;
  // None yet (or not a key): a new one, written whole under another name and renamed, so two commands agree.
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // nothing was written
    }
  }
  return read();
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
  if (!realPathWithin(path, cache.projectRoot)) return null;
  // A regular file within its budget (a FIFO put there is passed over, unopened), sealed by this user's key.
  const read = readInputFile(path, path, MAX_COMPILE_CACHE_ENTRY);
  if (!read.ok) return null;
  const newline = read.text.indexOf('\n');
  if (newline !== SEAL_LENGTH || !sealMatches(cache, read.text.slice(0, newline), read.text.slice(newline + 1))) return null;
  let entry: unknown;
  try {
    entry = JSON.parse(read.text.slice(newline + 1));
  } catch {
    return null;
  }
  if (!isEntry(entry) || entry.key !== key) return null;
  if (!recordsItsSources(entry, file)) return null;
  for (const query of entry.queries) if (!sameAnswer(host, query)) return null;
  return { graph: entry.graph, diagnostics: entry.diagnostics };
}

/** Hex characters of an entry's seal (HMAC-SHA-256), its first line. */
const SEAL_LENGTH = 64;

function seal(cache: CompileCache, text: string): string {
  return createHmac('sha256', cache.secret).update(text).digest('hex');
}

function sealMatches(cache: CompileCache, given: string, text: string): boolean {
  const expected = Buffer.from(seal(cache, text), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Whether an entry names every file its graph was made from, each with the
 * hash of its text: the scenario file, and every module the graph lists. An
 * entry with no reads (or not these) would be used whatever the files say now.
 */
function recordsItsSources(entry: CacheEntry, file: string): boolean {
  const read = new Set(entry.queries.flatMap((q) => ('read' in q && q.sha256 !== null ? [q.read] : [])));
  if (!read.has(file)) return false;
  const modules = (entry.graph as { scenario?: { modules?: unknown } }).scenario?.modules;
  if (!Array.isArray(modules) || modules.length === 0) return false;
  return modules.every((m) => isObject(m) && isString(m['file']) && read.has(m['file']));
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
  const json = JSON.stringify(entry);
  const text = `${seal(cache, json)}\n${json}`;
  if (Buffer.byteLength(text) > MAX_COMPILE_CACHE_ENTRY) return graph;
  const path = join(cache.dir, `${key}.json`);
  // A name no one can have put a FIFO or a symlink at, and opened only if it is new (never waited on, never followed).
  const temporary = `${path}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    if (!makeFolderWithin(cache.dir, cache.projectRoot)) return graph;
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, path);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // nothing was written
    }
    return graph;
  }
  return (JSON.parse(json) as CacheEntry).graph;
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
