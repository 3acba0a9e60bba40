// Every sentence of the Durango rulebook (rulebook.txt: the seed's rule sentences, both printings)
// is implemented — cited by a rule, constraint or derived value, or mapped by a row of the README —
// and cited by a test; every cite quotes the rulebook (or the base game's facts); every rule of
// both printings fires in some test.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findModuleInTree, type ModuleHost } from '@houserules/compiler';
import { runSuite } from '@houserules/conformance';

const folder = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readText = (path: string): string | undefined => (existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined);
const host: ModuleHost = {
  readFile: readText,
  resolvePath: (fromFile, ref) => resolve(dirname(fromFile), ref),
  findModule: (name, fromFile) => findModuleInTree(name, fromFile, existsSync),
};

describe('Durango: the rulebook, sentence by sentence', () => {
  const files = readdirSync(join(folder, 'tests')).filter((f) => f.endsWith('.rules')).sort().map((f) => join(folder, 'tests', f));
  const suite = runSuite({ host, files, readText });
  const coverage = suite.coverage.find((c) => c.module === 'catan.durango')!;

  it('runs every test, both printings', () => {
    expect(suite.failed).toBe(0);
    expect(suite.brokenFiles).toBe(0);
    expect(new Set(suite.files.flatMap((f) => f.tests.map((t) => t.variant)))).toEqual(new Set([null, 'durango_2016']));
  });

  it('implements and tests every sentence, and cites nothing the rulebook does not say', () => {
    const s = coverage.sentences!;
    expect(s.total).toBe(28);
    expect(s.unimplemented).toEqual([]);
    expect(s.untested).toEqual([]);
    expect(s.unknownCites).toEqual([]);
  });

  it('fires every rule of both printings', () => {
    expect(coverage.rules.filter((r) => r.tests === 0).map((r) => r.name)).toEqual([]);
    expect(coverage.percent).toBe(100);
    expect(coverage.ownPercent).toBe(100);
  });
});
