import { compileCacheFor, readCachedGraph, recordingHost, writeCachedGraph, type CompileCache } from './compile-cache.ts';
import { buildId } from './build-id.ts';
import { hasErrors } from './diagnostic-output.ts';
import type { LoadedScenario } from './scenario-loader.ts';
import { locateScenario, type ScenarioLocation } from './scenario-location.ts';

/** A scenario as `loadScenario` gives it, and whether it came from the compile cache. */
export interface CachedLoad {
  loaded: LoadedScenario;
  /** hit: from the cache, no compiler loaded; miss: compiled (and stored); off: no cache for this project or build */
  cache: 'hit' | 'miss' | 'off';
}

/**
 * `loadScenario` through the project's compile cache (compile-cache.ts): on a
 * hit the compiler is not even loaded (this module imports it only on a miss).
 * `cacheFor` picks the cache of a project; by default this build's, in the
 * project's node_modules.
 */
export async function loadScenarioCached(
  cwd: string,
  given: string,
  variant: string | undefined,
  where: ScenarioLocation = {},
  cacheFor: (projectRoot: string) => CompileCache | null = (root) => compileCacheFor(root, buildId()),
): Promise<CachedLoad> {
  const located = locateScenario(cwd, given, where);
  if (!located.ok) return { loaded: located, cache: 'off' };
  const { host, file } = located;
  const cache = cacheFor(host.projectRoot);
  if (cache !== null) {
    const hit = readCachedGraph(cache, host, file, variant);
    if (hit !== null) return { loaded: { ok: true, file, graph: hit.graph, diagnostics: hit.diagnostics, host }, cache: 'hit' };
  }
  const { compileScenario } = await import('./scenario-loader.ts');
  if (cache === null) return { loaded: compileScenario(host, file, given, variant), cache: 'off' };
  const recording = recordingHost(host);
  const loaded = compileScenario(host, file, given, variant, recording.host);
  if (!loaded.ok || loaded.graph === null || hasErrors(loaded.diagnostics)) return { loaded, cache: 'miss' };
  const graph = writeCachedGraph(cache, file, variant, recording.queries, loaded.graph, loaded.diagnostics);
  return { loaded: { ...loaded, graph }, cache: 'miss' };
}
