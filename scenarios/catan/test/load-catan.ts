// Loads a Catan module (with the modules it extends) from this folder, failing the test on any compile or load error.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, policyAgent, type Agent, type LoadedGraph, type LoadOptions } from '@houserules/engine';

const dir = fileURLToPath(new URL('..', import.meta.url));

/** `entry` and the files it builds on, in this folder, e.g. loadCatan('seafarers.rules', 'base.rules'). */
export function loadCatan(entry: string, ...bases: string[]): LoadedGraph {
  return loadCatanWith({}, entry, ...bases);
}

/** loadCatan with load options (e.g. `{ codegen: false }`: the closure compiler only) */
export function loadCatanWith(options: LoadOptions, entry: string, ...bases: string[]): LoadedGraph {
  const files = [...bases, entry].map((f) => dir + f);
  const host = createMemoryHost(Object.fromEntries(files.map((f) => [f, readFileSync(f, 'utf8')])));
  const compiled = compile(host, dir + entry);
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadGraph(compiled.value, options);
  expect(loaded.diagnostics).toEqual([]);
  return loaded.value!;
}

/** The scenario's `builder` policy as an agent. */
export function builderAgent(graph: LoadedGraph, seed: number): Agent {
  return policyAgent(graph, 'builder', {}, seed).value!;
}
