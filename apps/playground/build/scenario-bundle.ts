// A Vite plugin: `virtual:houserules/scenarios` is every scenario file of the repo, read at build time,
// so the gallery shows whatever `scenarios/` holds without code changes.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:houserules/scenarios';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

/** What a scenario folder holds that the playground reads: modules, READMEs, coverage thresholds, rulebook texts. */
const BUNDLED = /(\.rules|README\.md|conformance\.json|style\.json|\.txt)$/;
/** A rulebook named by a scenario's `source` may be no bigger than this. */
const MAX_RULEBOOK_BYTES = 1_000_000;

export interface BundledFile {
  path: string;
  text: string;
  /** 'scenario': a file of `scenarios/`; 'rulebook': a rulebook text a scenario names, found above its folder */
  kind: 'scenario' | 'rulebook';
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => {
      if (e.name === 'node_modules' || e.name.startsWith('.') || e.name === 'test') return [];
      const path = join(dir, e.name);
      return e.isDirectory() ? walk(path) : BUNDLED.test(e.name) ? [path] : [];
    });
}

/**
 * The rulebook a scenario names (`source "shared/seeds/002_….txt"`) is looked up like the conformance
 * runner does, from the scenario's folder upwards — here only up to the folder holding the repo, and only
 * for a plain relative path to a text file.
 */
function findRulebook(source: string, fromDir: string, top: string): string | undefined {
  if (!/^[\w\-./]+\.(txt|md)$/.test(source) || source.split('/').some((part) => part === '..' || part === '') || source.startsWith('/')) return undefined;
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, source);
    if (existsSync(candidate) && statSync(candidate).isFile() && statSync(candidate).size <= MAX_RULEBOOK_BYTES) return candidate;
    if (dir === top || dirname(dir) === dir) return undefined;
  }
}

/** Every bundled file, paths relative to the repo root with forward slashes (`scenarios/diamant/diamant.rules`). */
export function collectScenarioFiles(repoRoot: string): BundledFile[] {
  const scenariosDir = join(repoRoot, 'scenarios');
  const top = dirname(repoRoot);
  const toPath = (abs: string): string => relative(repoRoot, abs).split(sep).join('/');
  const files: BundledFile[] = walk(scenariosDir).map((abs) => ({ path: toPath(abs), text: readFileSync(abs, 'utf8'), kind: 'scenario' }));
  const known = new Set(files.map((f) => f.path));
  for (const file of [...files]) {
    if (!file.path.endsWith('.rules')) continue;
    // The scenario block's `source "…"` line, as the formatter writes it.
    for (const match of file.text.matchAll(/^\s*source\s+"([^"\n]+)"/gm)) {
      const found = findRulebook(match[1]!, dirname(join(repoRoot, file.path)), top);
      if (!found) continue;
      // Kept at the path the lookup finds it from the repo root, so the same upward lookup in the browser finds it.
      const path = found.startsWith(repoRoot + sep) ? toPath(found) : match[1]!;
      if (known.has(path)) continue;
      known.add(path);
      files.push({ path, text: readFileSync(found, 'utf8'), kind: found.startsWith(scenariosDir + sep) ? 'scenario' : 'rulebook' });
    }
  }
  return files;
}

export function scenarioBundle(repoRoot: string): Plugin {
  return {
    name: 'houserules-scenarios',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const files = collectScenarioFiles(repoRoot);
      for (const f of files) if (f.kind === 'scenario') this.addWatchFile(join(repoRoot, f.path));
      return `export default ${JSON.stringify(files)};`;
    },
  };
}
