import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { compile, createMemoryHost } from '@houserules/compiler';
import { parse } from '@houserules/syntax';
import { generateModuleSet } from './generated-module-set.ts';
import { fmt, measure, printTable, thousands } from './harness.ts';

interface Workload {
  name: string;
  entry: string;
  files: Record<string, string>;
}

function scenarioWorkloads(scenariosDir: string): Workload[] {
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules') continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.rules')) files[path] = readFileSync(path, 'utf8');
    }
  };
  walk(scenariosDir);
  // Each scenario directory x/ has its entry x/x.rules; the other files are its modules.
  return Object.keys(files)
    .filter((path) => basename(path, '.rules') === basename(join(path, '..')))
    .sort()
    .map((entry) => ({ name: relative(join(scenariosDir, '..'), entry), entry, files }));
}

/** Parse+compile throughput and warm compile time of each scenario and of a generated 2,000-line module set. */
export function runCompileBench(scenariosDir: string): void {
  const generated = generateModuleSet(2000);
  const workloads: Workload[] = [
    ...scenarioWorkloads(scenariosDir),
    { name: `generated module set (${Object.keys(generated.files).length} modules)`, entry: generated.entry, files: generated.files },
  ];
  const rows: string[][] = [];
  for (const w of workloads) {
    const host = createMemoryHost(w.files);
    const first = compile(host, w.entry);
    const errors = first.diagnostics.filter((d) => d.severity === 'error');
    if (first.value === null || errors.length > 0) {
      rows.push([w.name, '-', '-', '-', '-', `compile failed: ${errors[0]?.code ?? '?'} ${errors[0]?.message ?? ''}`]);
      continue;
    }
    // The lines of exactly the modules this scenario loads.
    const moduleFiles = first.value.scenario.modules.map((m) => m.file);
    const lines = moduleFiles.reduce((n, f) => n + (w.files[f] ?? host.readFile(f) ?? '').split('\n').length, 0);
    const texts = moduleFiles.map((f) => [f, host.readFile(f) ?? ''] as const);
    const parseOnly = measure(() => {
      for (const [f, t] of texts) parse(t, f);
    }, { warmup: 20, runs: 60 });
    // A fresh host each run so no module cache survives between runs.
    const full = measure(() => {
      compile(createMemoryHost(w.files), w.entry);
    }, { warmup: 20, runs: 60 });
    rows.push([
      w.name,
      thousands(lines),
      fmt(parseOnly.median, 2),
      fmt(full.median, 2),
      thousands((lines / full.median) * 1000),
      lines >= 1500 ? (full.median < 20 ? 'goal < 20 ms: met' : 'goal < 20 ms: NOT met') : '',
    ]);
  }
  printTable(
    '(a) parse + compile, warm (median of 60 runs after 20 warm-up runs, one core)',
    ['workload', 'lines', 'parse ms', 'compile ms', 'lines/s', 'note'],
    rows,
  );
}
