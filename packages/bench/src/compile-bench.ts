import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { compile, createMemoryHost, createParseCache } from '@houserules/compiler';
import { parse } from '@houserules/syntax';
import { generateModuleSet } from './generated-module-set.ts';
import { fmt, median, printTable, thousands } from './harness.ts';

/** Median wall time, median CPU time (this process, all threads) and fastest wall time per run, in ms. */
interface Timing {
  wall: number;
  cpu: number;
  /** the fastest run: what the code costs when nothing else is running */
  best: number;
}

/**
 * Like harness `measure`, but also takes the process's CPU time per run: on a
 * machine shared with other work, wall time counts the time other processes
 * held the core, CPU time does not.
 */
function measureWallAndCpu(fn: () => void, options: { warmup: number; runs: number }): Timing {
  for (let i = 0; i < options.warmup; i++) fn();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  return { wall: median(walls), cpu: median(cpus), best: Math.min(...walls) };
}

const RUNS = { warmup: 30, runs: 150 };

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
  const incrementalRows: string[][] = [];
  for (const w of workloads) {
    const host = createMemoryHost(w.files);
    const first = compile(host, w.entry);
    const errors = first.diagnostics.filter((d) => d.severity === 'error');
    if (first.value === null || errors.length > 0) {
      rows.push([w.name, '-', '-', '-', '-', '-', '-', '-', `compile failed: ${errors[0]?.code ?? '?'} ${errors[0]?.message ?? ''}`]);
      continue;
    }
    // The lines of exactly the modules this scenario loads.
    const moduleFiles = first.value.scenario.modules.map((m) => m.file);
    const lines = moduleFiles.reduce((n, f) => n + (w.files[f] ?? host.readFile(f) ?? '').split('\n').length, 0);
    const texts = moduleFiles.map((f) => [f, host.readFile(f) ?? ''] as const);
    const parseOnly = measureWallAndCpu(() => {
      for (const [f, t] of texts) parse(t, f);
    }, RUNS);
    // A fresh host each run so no module cache survives between runs.
    const full = measureWallAndCpu(() => {
      compile(createMemoryHost(w.files), w.entry);
    }, RUNS);
    const met = (ms: number): string => (ms < 20 ? 'met' : 'NOT met');
    // The editor's case: one module's text changes between compilations (two texts in turn, so every
    // run re-parses it); the other modules come from the parse cache. Not part of the headline above.
    // the largest module other than the entry (the entry itself when it is the only one)
    const others = moduleFiles.filter((f) => f !== w.entry);
    const sizeOf = (f: string): number => (w.files[f] ?? host.readFile(f) ?? '').length;
    const edited = others.reduce<string | undefined>((a, f) => (a === undefined || sizeOf(f) > sizeOf(a) ? f : a), undefined) ?? w.entry;
    const original = w.files[edited] ?? host.readFile(edited) ?? '';
    const variants = [{ ...w.files, [edited]: `${original}\n// edit` }, { ...w.files, [edited]: original }];
    const cache = createParseCache();
    let turn = 0;
    const recompile = measureWallAndCpu(() => {
      compile(createMemoryHost(variants[turn++ % 2]!), w.entry, { parse: cache.parse });
    }, RUNS);
    incrementalRows.push([w.name, basename(edited), fmt(recompile.wall, 2), fmt(recompile.cpu, 2)]);
    rows.push([
      w.name,
      thousands(lines),
      fmt(parseOnly.wall, 2),
      fmt(parseOnly.cpu, 2),
      fmt(full.wall, 2),
      fmt(full.cpu, 2),
      fmt(full.best, 2),
      thousands((lines / full.cpu) * 1000),
      lines >= 1500 ? `goal < 20 ms: ${met(full.cpu)} (CPU), ${met(full.wall)} (wall)` : '',
    ]);
  }
  printTable(
    `(a) parse + compile, warm (medians of ${RUNS.runs} runs after ${RUNS.warmup} warm-up runs, one thread; CPU = process CPU time, lines/s from it)`,
    ['workload', 'lines', 'parse ms', 'parse CPU', 'compile ms', 'compile CPU', 'fastest', 'lines/s', 'note'],
    rows,
  );
  printTable(
    '(a2) recompile after editing one module (parse cache: only the edited module is re-parsed; medians, as above)',
    ['workload', 'edited module', 'recompile ms', 'recompile CPU'],
    incrementalRows,
  );
}
