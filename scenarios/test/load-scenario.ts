// Loads a scenario module (with the modules it builds on) from scenarios/, failing the test on any
// compile or load error.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { compile, findModuleInTree, type ModuleHost } from '@houserules/compiler';
import { loadGraph, type LoadedGraph, type LoadOptions } from '@houserules/engine';

const scenarios = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readText = (path: string): string | undefined => (existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined);
export const scenarioHost: ModuleHost = {
  readFile: readText,
  resolvePath: (fromFile, ref) => resolve(dirname(fromFile), ref),
  findModule: (name, fromFile) => findModuleInTree(name, fromFile, existsSync),
};

/** `file` relative to scenarios/, e.g. loadScenario('kaffee/kaffee.rules') */
export function loadScenario(file: string, options: LoadOptions = {}): LoadedGraph {
  const compiled = compile(scenarioHost, resolve(scenarios, file));
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadGraph(compiled.value, options);
  expect(loaded.diagnostics).toEqual([]);
  return loaded.value!;
}
