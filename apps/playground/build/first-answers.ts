// A Vite plugin for the engine worker: `virtual:houserules/first-answers` is what the worker answers at once while
// the project is the repo's own files (src/engine-worker/first-answers.ts): the opening scenario's check, the
// gallery's catalog and the test lists, computed here at build time by the worker's own functions on the same files
// the worker bundles.
import type { Plugin } from 'vite';
import { buildCatalog } from '../src/engine-worker/catalog.ts';
import type { FirstAnswerSet } from '../src/engine-worker/first-answers.ts';
import { ProjectFiles } from '../src/engine-worker/project-files.ts';
import { checkScenario } from '../src/engine-worker/scenario-check.ts';
import { listTests } from '../src/engine-worker/test-run.ts';
import { collectScenarioFiles } from './scenario-bundle.ts';

const VIRTUAL_ID = 'virtual:houserules/first-answers';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

/** Computed once a build (each worker the page starts is bundled by its own plugin instance). */
const computed = new Map<string, string>();

/** The answers for the repo's files as they are, by the worker's own functions. */
export function computeFirstAnswers(files: Record<string, string>, entries: string[]): FirstAnswerSet {
  const project = new ProjectFiles();
  project.setAll(files);
  return {
    check: Object.fromEntries(entries.filter((e) => project.read(e) !== undefined).map((e) => [e, { ...checkScenario(project, e), built: true as const }])),
    catalog: buildCatalog(project),
    tests: Object.fromEntries(project.rulesFiles().map((f) => [f, listTests(project, f)])),
  };
}

export function firstAnswers(repoRoot: string, entries: string[]): Plugin {
  return {
    name: 'houserules-first-answers',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const files = Object.fromEntries(collectScenarioFiles(repoRoot).map((f) => [f.path, f.text]));
      const key = JSON.stringify([entries, files]);
      let json = computed.get(key);
      if (json === undefined) {
        json = JSON.stringify(computeFirstAnswers(files, entries));
        computed.set(key, json);
      }
      // A JSON string parsed once is cheaper for the engine to load than the same data as an object literal.
      return `export default JSON.parse(${JSON.stringify(json)});`;
    },
  };
}
