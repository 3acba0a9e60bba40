// `simulate/run`: many games through @houserules/simulation (the same runner, seeds and summary as
// `houserules simulate`), on the engine's closures, in slices with progress, stopping at once on cancel.
import { compile } from '@houserules/compiler';
import { endName } from '@houserules/conformance';
import { compareBalance } from '@houserules/diff';
import {
  createGameRunner,
  emptyPartial,
  formatAgentSpec,
  mergePartial,
  parseAgentSpec,
  playChunk,
  summarizePartial,
  type AgentSpec,
} from '@houserules/simulation';
import type { SimulateOutcome, SimulateParams } from '../protocol/engine-protocol.ts';
import { SLICE_MS, type Job } from './job.ts';
import type { ProjectFiles } from './project-files.ts';
import { rulesOf } from './scenario-check.ts';

/** The most games one request may ask for. */
export const MAX_GAMES = 1_000_000;

export async function simulate(project: ProjectFiles, params: SimulateParams, job: Job): Promise<SimulateOutcome> {
  const compiled = compile(project.host, params.entry, { parse: project.cache.parse, ...(params.variant ? { variant: params.variant } : {}) });
  const graph = compiled.value;
  if (!graph) return { ok: false, message: 'the scenario does not compile', diagnostics: compiled.diagnostics.filter((d) => d.severity === 'error') };
  const games = Math.max(1, Math.min(MAX_GAMES, Math.floor(params.games)));
  const agents: AgentSpec[] = [];
  for (const text of params.agents.length > 0 ? params.agents : ['random']) {
    const spec = parseAgentSpec(text, graph);
    if (!spec.ok) return { ok: false, message: spec.message, diagnostics: [] };
    agents.push(spec.value);
  }
  const runner = createGameRunner({
    graph,
    scenarioFile: params.entry,
    variant: params.variant,
    players: params.players,
    options: params.options,
    agents,
    seed: params.seed,
    log: false,
    codegen: false,
  });
  if (!runner.ok) return { ok: false, message: runner.message, diagnostics: [] };
  const total = emptyPartial(params.players, runner.ruleIds.length);
  const t0 = performance.now();
  let done = 0;
  let chunk = 4;
  while (done < games && !job.cancelled) {
    const to = Math.min(games, done + chunk);
    const started = performance.now();
    mergePartial(total, playChunk(runner, params.players, done, to).partial);
    const took = performance.now() - started;
    done = to;
    // Aim each chunk at one slice, so progress moves smoothly and a cancel waits at most a slice.
    chunk = Math.max(1, Math.min(4096, Math.round((chunk * SLICE_MS) / Math.max(0.5, took))));
    job.progress({ done, total: games });
    await job.breathe();
  }
  const ms = performance.now() - t0;
  const summary = summarizePartial(total, {
    scenario: graph.scenario.title,
    variant: params.variant,
    players: params.players,
    seed: params.seed,
    agents: agents.map(formatAgentSpec),
    options: params.options,
    ruleIds: runner.ruleIds,
  });
  // 95% intervals as Compare gives them (a summary against itself: its own side of each row)
  const intervals = Object.fromEntries(compareBalance(summary, summary).map((row) => [row.measure, row.a]));
  const endNames = Object.fromEntries(summary.endReasons.map((e) => [e.reason, endName(runner.loaded, e.reason)]));
  return { ok: true, result: { summary, rules: rulesOf(graph), ms, gamesPerSecond: (done / ms) * 1000, cancelled: job.cancelled, intervals, endNames } };
}
