import { readFileSync } from 'node:fs';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, type LoadedGraph } from '@houserules/engine';

/** compiles the entry module (given with the modules it extends) and loads it; a bench has no use for a graph that does not */
export function loadModule(file: string, ...bases: string[]): LoadedGraph {
  const files = Object.fromEntries([file, ...bases].map((f) => [f, readFileSync(f, 'utf8')]));
  const compiled = compile(createMemoryHost(files), file);
  if (compiled.value === null) throw new Error(`${file} does not compile: ${compiled.diagnostics[0]?.message}`);
  const loaded = loadGraph(compiled.value);
  if (loaded.value === null) throw new Error(`${file} does not load: ${loaded.diagnostics[0]?.message}`);
  return loaded.value;
}
