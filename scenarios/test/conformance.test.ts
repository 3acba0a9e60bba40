// Every `test` block of every scenario, as a vitest test (the same runner as `houserules test scenarios`).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findModuleInTree, type ModuleHost } from '@houserules/compiler';
import { findTestFiles } from '@houserules/conformance';
import { registerScenarioTests } from '@houserules/conformance/vitest';

const scenarios = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function rulesFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? rulesFiles(path) : e.name.endsWith('.rules') ? [path] : [];
  });
}

const readText = (path: string): string | undefined => (existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined);
const host: ModuleHost = {
  readFile: readText,
  resolvePath: (fromFile, ref) => resolve(dirname(fromFile), ref),
  findModule: (name, fromFile) => findModuleInTree(name, fromFile, existsSync),
};

registerScenarioTests(
  { host, files: findTestFiles(host, rulesFiles(scenarios).sort()), readText },
  { label: (file) => relative(scenarios, file), coverage: true },
);
