import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { AB_DEFAULTS, parseAbArgs, runAbBench } from './ab-engines.ts';
import { runAgentsBench } from './agents-bench.ts';
import { runCatanBench } from './catan-bench.ts';
import { runCliBench } from './cli-bench.ts';
import { runCompileBench } from './compile-bench.ts';
import { runDiffBench } from './diff-bench.ts';
import { runDiffWitnessBench } from './diff-witness-bench.ts';
import { runInstructionsBench } from './instructions-bench.ts';
import { runInterpreterBench } from './interpreter-bench.ts';
import { runLanguageServiceBench } from './language-service-bench.ts';
import { runScenarioBench } from './scenario-bench.ts';
import { runSearchBench } from './search-bench.ts';
import { runWorkersBench } from './workers-bench.ts';
import { repoRoot } from './bench-paths.ts';

// `pnpm bench`: figures, not assertions. Each section prints its own table.
const scenariosDir = join(repoRoot, 'scenarios');
const args = process.argv.slice(2);
// `ab` takes the rest of the line: another checkout's path, then optionally a workload
const abAt = args.indexOf('ab');
const sections = abAt >= 0 ? args.slice(0, abAt + 1) : args;
const abArgs = abAt >= 0 ? args.slice(abAt + 1) : [];
// the word after `instructions` (`diamant`, `catan`, `playouts`) narrows that section and names no section itself
const instructionsAt = sections.indexOf('instructions');
const instructionsOnly = instructionsAt >= 0 ? sections[instructionsAt + 1] : undefined;
const narrows = instructionsOnly === 'diamant' || instructionsOnly === 'catan' || instructionsOnly === 'playouts';
const only = narrows ? sections.filter((_, i) => i !== instructionsAt + 1) : sections;
const wanted = (name: string): boolean => only.length === 0 || only.includes(name);
// minutes long and needs valgrind: only when asked for by name
const asked = (name: string): boolean => only.includes(name);

console.log(`Houserules benchmarks — node ${process.version}, ${availableParallelism()} cores available`);
if (wanted('compile')) runCompileBench(scenariosDir);
if (wanted('interpreter')) runInterpreterBench(scenariosDir);
if (wanted('workers')) await runWorkersBench(repoRoot);
if (wanted('cli')) await runCliBench(repoRoot);
if (wanted('catan')) runCatanBench(scenariosDir);
if (wanted('scenarios')) runScenarioBench(scenariosDir);
if (wanted('diff')) runDiffBench(scenariosDir);
if (wanted('diff') || wanted('diff-witness')) runDiffWitnessBench(scenariosDir);
if (wanted('search')) runSearchBench(scenariosDir);
if (wanted('editor')) runLanguageServiceBench();
// minutes long: only when asked for by name
if (asked('agents')) runAgentsBench(scenariosDir, repoRoot);
if (asked('ab')) {
  const parsed = parseAbArgs(abArgs);
  if (typeof parsed === 'string') console.log(`\n${parsed}`);
  else {
    const env = (name: string, fallback: number): number => (process.env[name] ? Number(process.env[name]) : fallback);
    runAbBench(repoRoot, parsed.other, parsed.workload, { processes: env('AB_PROCESSES', AB_DEFAULTS.processes), rounds: env('AB_ROUNDS', AB_DEFAULTS.rounds), roundMs: AB_DEFAULTS.roundMs });
  }
}
if (asked('instructions')) await runInstructionsBench(repoRoot, narrows ? (instructionsOnly as 'diamant' | 'catan' | 'playouts') : null);
