import { dirname, join, relative } from 'node:path';
import { compile } from '@houserules/compiler';
import { searchWitness, structuralDiff, type WitnessTarget } from '@houserules/diff';
import type { RuleGraph, Value } from '@houserules/schema';
import { fmt, printTable } from './harness.ts';
import { scenariosHost } from './scenarios-host.ts';

/**
 * `pnpm bench diff-witness`: issue 25's goal for each showcase of docs/diff.md —
 * every difference that shows in play gets a verified witness (run on both
 * sides with the conformance runner) in under 10 s of CPU, and a witness
 * started from an arranged state has at most 30 decisions.
 */

/** CPU seconds of the goal, per witness (find, shrink, verify) */
const GOAL_SECONDS = 10;
/** decisions of the goal, for a witness started from an arranged state */
const GOAL_ARRANGED_DECISIONS = 30;
/** the search's budget per showcase (CPU s; a difference without a witness spends its share) */
const BUDGET_SECONDS = 40;

interface Side {
  file: string;
  variant?: string;
  options?: Record<string, Value>;
}

interface Showcase {
  name: string;
  a: Side;
  b: Side;
  /** only these differences (by name), when the others are many and none of the goal's */
  only?: string[];
}

const SHOWCASES: Showcase[] = [
  { name: 'Diamant / Incan Gold', a: { file: 'diamant/diamant.rules' }, b: { file: 'diamant/diamant.rules', variant: 'incan_gold' } },
  { name: 'Durango 2017 / 2016', a: { file: 'durango/durango.rules' }, b: { file: 'durango/durango.rules', variant: 'durango_2016' } },
  { name: 'Catan / snake eyes', a: { file: 'catan/base.rules' }, b: { file: 'examples/catan-snake-eyes/snake-eyes.rules' } },
  { name: 'diamond mines short_payout', a: { file: 'diamond-mines/base.rules' }, b: { file: 'diamond-mines/base.rules', options: { short_payout: 'mine_paid_first' } } },
  // the two cards differ in 46 places, most reading what only Kaffee declares: the goal names the robber's threshold and the trade order
  { name: 'Diamond Islands / Kaffee', a: { file: 'diamond-islands/diamond-islands.rules' }, b: { file: 'kaffee/kaffee.rules' }, only: ['robber_threshold_reached', 'trade_build_order', 'island'] },
];


/** this process's CPU time in ms: the search's budgets and the figures count the work done, not how busy the machine was */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export function runDiffWitnessBench(scenariosDir: string): void {
  const host = scenariosHost(scenariosDir);
  const read = (f: string): string | undefined => host.readFile(f);
  const rows: string[][] = [];
  for (const s of SHOWCASES) {
    const fileA = join(scenariosDir, s.a.file);
    const fileB = join(scenariosDir, s.b.file);
    const graph = (file: string, side: Side): RuleGraph | null => compile(host, file, side.variant ? { variant: side.variant } : {}).value;
    const a = graph(fileA, s.a);
    const b = graph(fileB, s.b);
    if (!a || !b) {
      rows.push([s.name, 'does not compile', '', '', '', '', '', '']);
      continue;
    }
    const optionsA = s.a.options ?? {};
    const optionsB = s.b.options ?? {};
    const full = structuralDiff(a, b, { readA: read, readB: read, optionsA, optionsB });
    const steer = s.only ? { ...full, changes: full.changes.filter((c) => s.only!.includes(c.name)) } : full;
    // the witness module beside the first scenario, extending each side (as `houserules diff --behaviour` writes it)
    const witnessFile = join(dirname(fileA), 'houserules_bench_witness.rules');
    const ref = (file: string): string => {
      const r = relative(dirname(witnessFile), file).split('\\').join('/');
      return r.startsWith('.') ? r : `./${r}`;
    };
    const targetA: WitnessTarget = { extends: ref(fileA), variant: s.a.variant ?? null, options: optionsA };
    const targetB: WitnessTarget = { extends: ref(fileB), variant: s.b.variant ?? null, options: optionsB };
    const t0 = cpuMs();
    const r = searchWitness({ graph: a, options: optionsA }, { graph: b, options: optionsB }, {
      steerBy: steer,
      budgetSeconds: BUDGET_SECONDS,
      shrinkSeconds: BUDGET_SECONDS,
      now: cpuMs,
      isolate: s.a.variant ? undefined : { host, fileA, readB: read },
      verify: { host, path: witnessFile, a: targetA, b: targetB },
    });
    const total = (cpuMs() - t0) / 1000;
    for (const d of r.differences) {
      if (d.noEffect) continue;
      const w = d.witness;
      const label = d.label.length > 48 ? `${d.label.slice(0, 48)}…` : d.label;
      if (!w || d.sameAs) {
        rows.push([s.name, label, d.sameAs ? `= ${d.sameAs}` : 'none', '', '', '', '', fmt(total, 1)]);
        continue;
      }
      const seconds = (w.ms + w.shrinkMs) / 1000;
      const kind = w.found.arrangement ? `arranged: ${w.found.arrangement.replace(/^guard of [^:]+: /, 'guard: ')}` : `from the start (${w.found.phase})`;
      const meets = seconds < GOAL_SECONDS && (!w.found.arrangement || w.moves.length <= GOAL_ARRANGED_DECISIONS);
      const ends = (w.verified?.expect ?? 'unverified').replace(/^expect /, '');
      rows.push([s.name, label, fmt(seconds, 2), `${w.moves.length}`, kind.length > 60 ? `${kind.slice(0, 60)}…` : kind, ends.length > 40 ? `${ends.slice(0, 40)}…` : ends, meets ? 'yes' : 'no', fmt(total, 1)]);
    }
  }
  printTable(
    `(g2) diff: a verified witness per difference (CPU s to find, shrink and run it on both sides; decisions; the state it starts from; the line it ends on). Goal: < ${GOAL_SECONDS} s, <= ${GOAL_ARRANGED_DECISIONS} decisions from an arranged state`,
    ['showcase', 'difference', 'CPU s', 'decisions', 'kind', 'ends on', 'goal', 'search s'],
    rows,
  );
}
