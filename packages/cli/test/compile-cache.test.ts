import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenarioCached } from '../src/cached-scenario.ts';
import { compileCacheFor, readCachedGraph, writeCachedGraph, type CompileCache, type HostQuery } from '../src/compile-cache.ts';
import { locateScenario } from '../src/scenario-location.ts';
import { copyDiamant, repoRoot } from './run-cli.ts';

/** A private copy of Diamant in a project that has a node_modules folder (where the cache lives). */
function diamantProject(): { root: string; dir: string; file: string } {
  const { dir, file } = copyDiamant();
  const root = join(dir, '..');
  mkdirSync(join(root, 'node_modules'));
  return { root, dir, file };
}

/** This test run's user cache folder (where the key that seals entries is kept), never the real one's. */
const USER_CACHE = mkdtempSync(join(tmpdir(), 'houserules-user-cache-'));
const ENV = { XDG_CACHE_HOME: USER_CACHE };
const cacheOf = (buildId: string) => (root: string): CompileCache | null => compileCacheFor(root, buildId, ENV);

/** An entry's JSON, after its seal line. */
const entryJson = (path: string): string => readFileSync(path, 'utf8').slice(readFileSync(path, 'utf8').indexOf('\n') + 1);

function entries(root: string): string[] {
  try {
    return readdirSync(join(root, 'node_modules/.cache/houserules/compile'));
  } catch {
    return [];
  }
}

async function load(dir: string, buildId = 'build-a', variant?: string) {
  const result = await loadScenarioCached(dir, 'diamant', variant, {}, cacheOf(buildId));
  if (!result.loaded.ok) throw new Error(result.loaded.message);
  return { cache: result.cache, graph: result.loaded.graph, diagnostics: result.loaded.diagnostics };
}

describe('the compile cache', () => {
  it('stores a compilation, then gives the same graph without compiling', async () => {
    const { root, dir } = diamantProject();
    const miss = await load(join(dir, '..'));
    expect(miss.cache).toBe('miss');
    expect(miss.graph).not.toBeNull();
    expect(entries(root)).toHaveLength(1);
    const hit = await load(join(dir, '..'));
    expect(hit.cache).toBe('hit');
    expect(JSON.stringify(hit.graph)).toBe(JSON.stringify(miss.graph));
    expect(hit.diagnostics).toEqual(miss.diagnostics);
  });

  it('misses when a file it read changed, and then holds the new graph', async () => {
    const { dir, file } = diamantProject();
    const cwd = join(dir, '..');
    const before = await load(cwd);
    expect((await load(cwd)).cache).toBe('hit');
    writeFileSync(file, readFileSync(file, 'utf8').replace('scenario "Diamant" {', 'scenario "Diamant, changed" {'));
    const changed = await load(cwd);
    expect(changed.cache).toBe('miss');
    expect(changed.graph!.scenario.title).toBe('Diamant, changed');
    expect(before.graph!.scenario.title).toBe('Diamant');
    const again = await load(cwd);
    expect(again.cache).toBe('hit');
    expect(again.graph!.scenario.title).toBe('Diamant, changed');
  });

  it('misses when a module the entry extends changed (Catan 5–6 over base.rules)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'houserules-cache-catan-'));
    writeFileSync(join(root, 'package.json'), '{ "private": true }\n');
    mkdirSync(join(root, 'node_modules'));
    cpSync(join(repoRoot, 'scenarios/catan'), join(root, 'catan'), { recursive: true, filter: (src) => !src.includes('node_modules') });
    const loadSix = async () => {
      const result = await loadScenarioCached(root, 'catan/five-six.rules', undefined, {}, cacheOf('build-a'));
      if (!result.loaded.ok) throw new Error(result.loaded.message);
      return result;
    };
    expect((await loadSix()).cache).toBe('miss');
    expect((await loadSix()).cache).toBe('hit');
    const base = join(root, 'catan/base.rules');
    writeFileSync(base, `${readFileSync(base, 'utf8')}\n// an edit to the module extended\n`);
    expect((await loadSix()).cache).toBe('miss');
  });

  it('misses for another build of the command, and for another variant', async () => {
    const { dir } = diamantProject();
    const cwd = join(dir, '..');
    await load(cwd, 'build-a');
    expect((await load(cwd, 'build-a')).cache).toBe('hit');
    expect((await load(cwd, 'build-b')).cache).toBe('miss');
    expect((await load(cwd, 'build-a', 'incan_gold')).cache).toBe('miss');
    expect((await load(cwd, 'build-a', 'incan_gold')).cache).toBe('hit');
  });

  it('does not trust an entry: one whose graph is not valid, or that is not an entry at all, is a miss and is recompiled', async () => {
    const { root, dir } = diamantProject();
    const cwd = join(dir, '..');
    const good = await load(cwd);
    const [name] = entries(root);
    const path = join(root, 'node_modules/.cache/houserules/compile', name!);
    const entry = JSON.parse(entryJson(path)) as { graph: { version: number } };
    entry.graph.version = 99;
    writeFileSync(path, `${readFileSync(path, 'utf8').split('\n')[0]}\n${JSON.stringify(entry)}`);
    const tampered = await load(cwd);
    expect(tampered.cache).toBe('miss');
    expect(JSON.stringify(tampered.graph)).toBe(JSON.stringify(good.graph));
    writeFileSync(path, '{ "format": "houserules-compile-cache/1", "queries": [{ "read": 1 }] }');
    expect((await load(cwd)).cache).toBe('miss');
    expect((await load(cwd)).cache).toBe('hit');
  });

  it('is off without a build identity, without node_modules, or when HOUSERULES_COMPILE_CACHE=off', async () => {
    const { root } = diamantProject();
    expect(compileCacheFor(root, null, ENV)).toBeNull();
    expect(compileCacheFor(root, 'b', { ...ENV, HOUSERULES_COMPILE_CACHE: 'off' })).toBeNull();
    expect(compileCacheFor(root, 'b', { ...ENV, HOUSERULES_COMPILE_CACHE: '0' })).toBeNull();
    expect(compileCacheFor(root, 'b', ENV)).not.toBeNull();
    // the key that seals entries is never kept inside the project
    expect(compileCacheFor(root, 'b', { XDG_CACHE_HOME: join(root, 'keys') })).toBeNull();
    const bare = copyDiamant();
    expect(compileCacheFor(join(bare.dir, '..'), 'b', ENV)).toBeNull();
    const result = await loadScenarioCached(join(bare.dir, '..'), 'diamant', undefined, {}, cacheOf('b'));
    expect(result.cache).toBe('off');
    expect(result.loaded.ok && result.loaded.graph !== null).toBe(true);
  });

  it('never writes through a cache folder that leads out of the project', async () => {
    const { root, dir } = diamantProject();
    const outside = mkdtempSync(join(tmpdir(), 'houserules-cache-outside-'));
    symlinkSync(outside, join(root, 'node_modules/.cache'));
    const cwd = join(dir, '..');
    expect((await load(cwd)).cache).toBe('miss');
    expect((await load(cwd)).cache).toBe('miss');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('does not store a compilation with errors', async () => {
    const { root, dir, file } = diamantProject();
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nrule broken on no_such_event { }\n`);
    const broken = await load(join(dir, '..'));
    expect(broken.graph).toBeNull();
    expect(entries(root)).toEqual([]);
  });

  it('ignores and rewrites an entry that does not record the files its graph was made from, even one sealed with the key', async () => {
    const { root, dir, file } = diamantProject();
    const cwd = join(dir, '..');
    const real = await load(cwd);
    const cache = cacheOf('build-a')(root)!;
    const located = locateScenario(cwd, 'diamant');
    if (!located.ok) throw new Error(located.message);
    const planted = JSON.parse(JSON.stringify(real.graph).replaceAll('rule:enter_cave', 'rule:planted')) as NonNullable<typeof real.graph>;
    const sha = createHash('sha256').update(readFileSync(file, 'utf8')).digest('hex');
    const kinds: [string, HostQuery[]][] = [
      ['no recorded reads', []],
      ['reads without the scenario', [{ read: join(root, 'other.rules'), sha256: null }]],
      ['a module lookup only', [{ find: 'diamant', from: file, answer: file }]],
    ];
    for (const [what, queries] of kinds) {
      writeCachedGraph(cache, file, undefined, queries, planted, []);
      const again = await load(cwd);
      expect(again.cache, what).toBe('miss');
      expect(JSON.stringify(again.graph), what).toBe(JSON.stringify(real.graph));
      expect((await load(cwd)).cache, `${what}: rewritten`).toBe('hit');
    }
    // What makes an entry trusted is this user's seal and its recorded reads: with both, a graph is used as it is.
    writeCachedGraph(cache, file, undefined, [{ read: file, sha256: sha }], planted, []);
    expect(JSON.stringify(readCachedGraph(cache, located.host, file, undefined)?.graph)).toContain('rule:planted');
  });

  it('ignores an entry it did not seal, and a named pipe where an entry goes, without waiting', async () => {
    const { root, dir } = diamantProject();
    const cwd = join(dir, '..');
    const real = await load(cwd);
    const [name] = entries(root);
    const path = join(root, 'node_modules/.cache/houserules/compile', name!);
    const json = entryJson(path);
    const planted = json.replaceAll('rule:enter_cave', 'rule:planted');
    for (const [what, text] of [
      ['the graph changed under the seal', `${readFileSync(path, 'utf8').split('\n')[0]}\n${planted}`],
      ['a seal of another key', `${'0'.repeat(64)}\n${planted}`],
      ['no seal', planted],
      ['the first format, with no reads', JSON.stringify({ ...JSON.parse(planted), format: 'houserules-compile-cache/1', queries: [] })],
    ] as const) {
      writeFileSync(path, text);
      const again = await load(cwd);
      expect(again.cache, what).toBe('miss');
      expect(JSON.stringify(again.graph), what).toBe(JSON.stringify(real.graph));
    }
    if (process.platform === 'win32') return;
    rmSync(path);
    execFileSync('mkfifo', [path]);
    const piped = await load(cwd);
    expect(piped.cache).toBe('miss');
    expect(JSON.stringify(piped.graph)).toBe(JSON.stringify(real.graph));
    expect((await load(cwd)).cache).toBe('hit');
  });

  it.runIf(process.platform !== 'win32')('the bundled simulate plays the scenario it was asked for whatever entry was planted in the project (as with the cache off)', () => {
    const { root, file } = diamantProject();
    const userCache = mkdtempSync(join(tmpdir(), 'houserules-user-cache-'));
    const simulate = (env: Record<string, string> = {}): { summary: unknown; log: string } => {
      const log = join(root, 'game.jsonl');
      const out = execFileSync(process.execPath, [BUNDLE, 'simulate', 'diamant', '--games', '4', '--seed', '4', '--json', '--log', log], { cwd: root, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: userCache, ...env } });
      return { summary: (JSON.parse(out) as { summary: unknown }).summary, log: readFileSync(log, 'utf8') };
    };
    const uncached = simulate({ HOUSERULES_COMPILE_CACHE: 'off' });
    expect(simulate()).toEqual(uncached);
    const [name] = entries(root);
    const path = join(root, 'node_modules/.cache/houserules/compile', name!);
    const sealed = readFileSync(path, 'utf8');
    const json = sealed.slice(sealed.indexOf('\n') + 1);
    const planted = json.replaceAll('rule:enter_cave', 'rule:planted');
    const noReads = JSON.stringify({ ...JSON.parse(planted), queries: [] });
    for (const [what, text] of [
      ['no recorded reads', `${'f'.repeat(64)}\n${noReads}`],
      ['matching reads, a planted graph', `${sealed.split('\n')[0]}\n${planted}`],
      ['the first format', JSON.stringify({ ...JSON.parse(noReads), format: 'houserules-compile-cache/1' })],
    ] as const) {
      writeFileSync(path, text);
      expect(simulate(), what).toEqual(uncached);
    }
    rmSync(path);
    execFileSync('mkfifo', [path]);
    expect(simulate(), 'a named pipe').toEqual(uncached);
    // planted, then the source edited: the edited source is what is played
    writeFileSync(path, `${'f'.repeat(64)}\n${noReads}`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('scenario "Diamant" {', 'scenario "Diamant, edited" {\n  // edited\n'));
    const edited = simulate({ HOUSERULES_COMPILE_CACHE: 'off' });
    expect(simulate()).toEqual(edited);
    expect(JSON.stringify(edited)).not.toContain('rule:planted');
  });
});

const BUNDLE = join(dirname(fileURLToPath(import.meta.url)), '../dist/houserules.js');
