import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { createLanguageService } from '@houserules/language-service';
import { generateModuleSet } from './generated-module-set.ts';
import { fmt, median, printTable } from './harness.ts';

/** The 95th percentile of the samples. */
function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

interface Series {
  name: string;
  /** wall milliseconds per request */
  times: number[];
  /** this process's CPU milliseconds per request (on a shared machine, wall time also counts other processes' turns) */
  cpu: number[];
  goal?: number;
}

const WARMUP = 20;
const RUNS = 120;

/**
 * The editor's latencies on a generated 2,000-line module set (a base, five
 * parts importing it, an entry importing them all), all open: a keystroke in a
 * part, then what the editor asks for. Incremental: the parse cache re-parses
 * only the edited module, and only the analyses that read it are redone.
 */
export function runLanguageServiceBench(): void {
  const set = generateModuleSet(2000);
  const service = createLanguageService();
  const uri = (path: string): string => `file://${path}`;
  let version = 1;
  for (const [path, text] of Object.entries(set.files)) service.open(uri(path), text, version);
  const edited = '/gen/part2.rules';
  const original = set.files[edited]!;
  // a keystroke: the text of a comment in a rule body changes (a new text every time, so nothing is served from a cache)
  const anchor = original.indexOf('  let share = n / player_count', original.indexOf('rule r2_12 '));
  const typed = (n: number): string => `${original.slice(0, anchor)}  // note ${n}\n${original.slice(anchor)}`;
  const lines = original.split('\n');
  const ruleLine = lines.findIndex((l) => l.startsWith('rule r2_7 '));
  const forLine = lines.findIndex((l, i) => i > ruleLine && l.includes('for p in players'));
  const setLine = lines.findIndex((l, i) => i > forLine && l.includes('set p.counter'));
  const memberAt = { line: setLine, character: lines[setLine]!.indexOf('p.counter') + 2 };
  const hoverAt = { line: setLine, character: lines[setLine]!.indexOf('counter') + 2 };
  const emitLine = lines.findIndex((l, i) => i > ruleLine && l.includes('emit e2_'));
  const definitionAt = { line: emitLine, character: lines[emitLine]!.indexOf('emit e2_') + 6 };
  const entryUri = uri(set.entry);
  const editedUri = uri(edited);

  const series: Series[] = [
    { name: 'keystroke → diagnostics of the edited module (with its semantic model)', times: [], cpu: [], goal: 50 },
    { name: 'keystroke → diagnostics of every open module it affects (the entry: all 2,000 lines)', times: [], cpu: [], goal: 50 },
    { name: 'keystroke → completion after `p.`', times: [], cpu: [], goal: 20 },
    { name: 'completion after `p.` (the analysis of the text already made)', times: [], cpu: [], goal: 20 },
    { name: 'hover (no edit since)', times: [], cpu: [] },
    { name: 'go to definition (no edit since)', times: [], cpu: [] },
  ];
  const time = (s: Series, fn: () => unknown, record: boolean): void => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    const wall = performance.now() - t0;
    const c = process.cpuUsage(c0);
    if (record) {
      s.times.push(wall);
      s.cpu.push((c.user + c.system) / 1000);
    }
  };
  let checks = 0;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const record = i >= WARMUP;
    const text = typed(2 * i);
    time(series[0]!, () => {
      service.update(editedUri, text, ++version);
      checks += service.diagnostics(editedUri).length;
    }, record);
    time(series[1]!, () => {
      for (const affected of service.dependents(editedUri)) checks += service.diagnostics(affected).length;
    }, record);
    service.update(editedUri, typed(2 * i + 1), ++version);
    time(series[2]!, () => { checks += service.completion(editedUri, memberAt).items.length; }, record);
    time(series[3]!, () => { checks += service.completion(editedUri, memberAt).items.length; }, record);
    time(series[4]!, () => { checks += service.hover(editedUri, hoverAt) ? 1 : 0; }, record);
    time(series[5]!, () => { checks += service.definition(editedUri, definitionAt).length; }, record);
  }
  // the figures are about real answers: the member completion offers the per-player names, definition finds the event
  const members = service.completion(editedUri, memberAt).items.map((i) => i.label);
  if (!members.includes('counter') || service.definition(editedUri, definitionAt).length !== 1 || checks === 0) {
    throw new Error(`the editor bench asked the wrong questions: completion gave ${members.slice(0, 5).join(', ')}`);
  }
  void entryUri;
  printTable(
    `(h) editor: the language service on a generated ${set.lines.toLocaleString('en-US')}-line module set (${Object.keys(set.files).length} modules, all open), ${RUNS} runs after ${WARMUP} warm-up, one thread, ms`,
    ['request', 'median', 'p95', 'CPU median', 'CPU p95', 'goal (p95)'],
    series.map((s) => [
      s.name, fmt(median(s.times)), fmt(p95(s.times)), fmt(median(s.cpu)), fmt(p95(s.cpu)),
      s.goal === undefined ? '' : `< ${s.goal} ms: ${p95(s.cpu) < s.goal ? 'met' : 'NOT met'} (CPU), ${p95(s.times) < s.goal ? 'met' : 'NOT met'} (wall)`,
    ]),
  );
}
