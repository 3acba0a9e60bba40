// Every scenario loads with generated code and no fall-back to the closures: each
// rule, event dispatcher, the flow, action body, admission, enumeration and the action collection is a
// generated function (code generation failing would be a load error, never a
// silent switch to the slow path), and the same graph also loads with closures only.
import { readdirSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isGenerated } from '@houserules/engine';
import { loadScenario } from './load-scenario.ts';

const scenarios = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** the scenarios' own .rules files (test files under tests/ excluded) */
function scenarioFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'tests' || e.name === 'test' || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? scenarioFiles(path) : e.name.endsWith('.rules') ? [relative(scenarios, path)] : [];
  });
}

const files = scenarioFiles(scenarios).sort();

describe('generated code for every scenario', () => {
  it('finds the scenarios', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it.each(files)('%s loads with generated code and no fall-back', (file) => {
    const lg = loadScenario(file);
    expect(lg.codegen).toBe(true);
    expect(lg.codegenFallbacks).toEqual([]);
    const closures = [
      ...lg.rules.filter((r) => !isGenerated(r.fire)).map((r) => `rule ${r.id}`),
      ...lg.events.filter((e) => !isGenerated(e.dispatch)).map((e) => `event ${e.id}: dispatch`),
      ...(isGenerated(lg.advance) ? [] : ['flow']),
      ...(isGenerated(lg.dispatchEvent) ? [] : ['events by index']),
      ...lg.actions.flatMap((a) => [
        ...(isGenerated(a.admits) ? [] : [`action ${a.name}: admission`]),
        ...(a.params.length === 0 || isGenerated(a.enumerate) ? [] : [`action ${a.name}: enumeration`]),
      ]),
      ...(lg.actions.length === 0 || isGenerated(lg.collect) ? [] : ['actions/collect']),
    ];
    expect(closures).toEqual([]);
    const off = loadScenario(file, { codegen: false });
    expect(off.codegen).toBe(false);
    expect(off.rules.some((r) => isGenerated(r.fire))).toBe(false);
    expect(off.events.every((e) => e.dispatch === null) && off.advance === null && off.dispatchEvent === null).toBe(true);
  });
});
