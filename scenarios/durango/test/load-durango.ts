// Loads the Durango scenario (2017, or a variant such as the 2016 card) with the Catan base module
// it extends, failing the test on any compile or load error.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { compile, createMemoryHost, type ModuleHost } from '@houserules/compiler';
import { loadGraph, policyAgent, type Agent, type LoadedGraph, type LoadOptions } from '@houserules/engine';
import type { RuleGraph } from '@houserules/schema';

export const durangoFile = fileURLToPath(new URL('../durango.rules', import.meta.url));
const baseFile = fileURLToPath(new URL('../../catan/base.rules', import.meta.url));

/** a host holding the scenario and the base module; `text` replaces the scenario's own text (bad-input tests) */
export function durangoHost(text?: string): ModuleHost {
  return createMemoryHost({ [durangoFile]: text ?? readFileSync(durangoFile, 'utf8'), [baseFile]: readFileSync(baseFile, 'utf8') });
}

export function compileDurango(variant?: string): RuleGraph {
  const compiled = compile(durangoHost(), durangoFile, variant ? { variant } : {});
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return compiled.value!;
}

export function loadDurango(variant?: string, options: LoadOptions = {}): LoadedGraph {
  const loaded = loadGraph(compileDurango(variant), options);
  expect(loaded.diagnostics).toEqual([]);
  return loaded.value!;
}

/** the scenario's `builder` policy as an agent */
export function builderAgent(graph: LoadedGraph, seed: number): Agent {
  return policyAgent(graph, 'builder', {}, seed).value!;
}
