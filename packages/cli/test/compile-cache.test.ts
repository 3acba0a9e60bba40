import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioCached } from '../src/cached-scenario.ts';
import { compileCacheFor, type CompileCache } from '../src/compile-cache.ts';
import { copyDiamant, repoRoot } from './run-cli.ts';

/** A private copy of Diamant in a project that has a node_modules folder (where the cache lives). */
function diamantProject(): { root: string; dir: string; file: string } {
  const { dir, file } = copyDiamant();
  const root = join(dir, '..');
  mkdirSync(join(root, 'node_modules'));
  return { root, dir, file };
}

const cacheOf = (buildId: string) => (root: string): CompileCache | null => compileCacheFor(root, buildId, {});

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
    const entry = JSON.parse(readFileSync(path, 'utf8')) as { graph: { version: number } };
    entry.graph.version = 99;
    writeFileSync(path, JSON.stringify(entry));
    const tampered = await load(cwd);
    expect(tampered.cache).toBe('miss');
    expect(JSON.stringify(tampered.graph)).toBe(JSON.stringify(good.graph));
    writeFileSync(path, '{ "format": "houserules-compile-cache/1", "queries": [{ "read": 1 }] }');
    expect((await load(cwd)).cache).toBe('miss');
    expect((await load(cwd)).cache).toBe('hit');
  });

  it('is off without a build identity, without node_modules, or when HOUSERULES_COMPILE_CACHE=off', async () => {
    const { root } = diamantProject();
    expect(compileCacheFor(root, null, {})).toBeNull();
    expect(compileCacheFor(root, 'b', { HOUSERULES_COMPILE_CACHE: 'off' })).toBeNull();
    expect(compileCacheFor(root, 'b', { HOUSERULES_COMPILE_CACHE: '0' })).toBeNull();
    expect(compileCacheFor(root, 'b', {})).not.toBeNull();
    const bare = copyDiamant();
    expect(compileCacheFor(join(bare.dir, '..'), 'b', {})).toBeNull();
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
});
