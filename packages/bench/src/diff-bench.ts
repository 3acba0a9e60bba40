import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { check, compile, type ModuleHost } from '@houserules/compiler';
import { LockstepPair, searchWitness, structuralDiff } from '@houserules/diff';
import type { RuleGraph } from '@houserules/schema';

let host: ModuleHost | null = null;
import { fmt, median, printTable } from './harness.ts';
import { scenariosHost } from './scenarios-host.ts';

/** A showcase of docs/diff.md: two printings, as (file, variant) pairs; skipped while its files are missing. */
interface Showcase {
  name: string;
  a: { file: string; variant?: string };
  b: { file: string; variant?: string };
}

function showcases(scenariosDir: string): Showcase[] {
  const out: Showcase[] = [{ name: 'Diamant / Incan Gold', a: { file: 'diamant/diamant.rules' }, b: { file: 'diamant/diamant.rules', variant: 'incan_gold' } }];
  host ??= scenariosHost(scenariosDir);
  const durango = join(scenariosDir, 'durango/durango.rules');
  if (existsSync(durango)) {
    const variants = check(host, durango).value?.variants ?? [];
    const v2016 = variants.find((v) => v.includes('2016'));
    if (v2016) out.push({ name: 'Durango 2017 / 2016', a: { file: 'durango/durango.rules' }, b: { file: 'durango/durango.rules', variant: v2016 } });
  }
  const islands = ['diamond-islands/diamond-islands.rules', 'diamond-islands/islands.rules'].find((f) => existsSync(join(scenariosDir, f)));
  const kaffee = ['kaffee/kaffee.rules'].find((f) => existsSync(join(scenariosDir, f)));
  if (islands && kaffee) out.push({ name: 'diamond islands / Kaffee', a: { file: islands }, b: { file: kaffee } });
  return out;
}

function graphOf(scenariosDir: string, side: { file: string; variant?: string }): RuleGraph | null {
  const file = join(scenariosDir, side.file);
  host ??= scenariosHost(scenariosDir);
  return compile(host, file, side.variant ? { variant: side.variant } : {}).value;
}

/** pairs of games played to the end in lockstep per second (first legal move by a fixed rotation), median of rounds of ~300 ms */
function lockstepRate(pair: LockstepPair): { pairs: number; steps: number } {
  const rates: number[] = [];
  let steps = 0;
  let seed = 1;
  for (let round = 0; round < 6; round++) {
    let games = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 300) {
      const g = pair.start(seed++);
      if (!g) break;
      let k = 0;
      while (!g.over && !g.divergence && k < 2000) {
        const legal = g.legal();
        if (legal.length === 0) break;
        g.play(legal[(k++ * 7 + seed) % legal.length]!);
        steps++;
      }
      games++;
    }
    if (round > 0) rates.push((games / (performance.now() - t0)) * 1000);
  }
  return { pairs: median(rates), steps };
}

/** this process's CPU time in ms: the search's budgets and the figures count the work done, not how busy the machine was */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** how many times each showcase's search runs (the figures are their medians) */
const SEARCH_RUNS = 3;

export function runDiffBench(scenariosDir: string): void {
  const rows: string[][] = [];
  const perDifference: string[][] = [];
  for (const s of showcases(scenariosDir)) {
    const a = graphOf(scenariosDir, s.a);
    const b = graphOf(scenariosDir, s.b);
    if (!a || !b) {
      rows.push([s.name, 'does not compile', '', '', '', '', '']);
      continue;
    }
    const players = Math.max(a.scenario.players.min, b.scenario.players.min, Math.min(4, a.scenario.players.max, b.scenario.players.max));
    // throughput of the pair itself: each graph against itself, so every game runs to its end
    const same = lockstepRate(new LockstepPair({ graph: a, options: {} }, { graph: a, options: {} }, players));
    const read = (f: string): string | undefined => host!.readFile(f);
    const steer = structuralDiff(a, b, { readA: read, readB: read });
    const isolate = s.a.variant ? undefined : { host: host!, fileA: join(scenariosDir, s.a.file), readB: read };
    // the first shrunk witness: of any difference, from seed 1 (the search's and the shrinking's own budgets, 30 s of CPU each)
    const firstTimes: number[] = [];
    const byDifference = new Map<string, { find: number[]; shrink: number[]; moves: number[]; found: number[] }>();
    let firstMoves = -1;
    for (let run = 0; run < SEARCH_RUNS; run++) {
      const r = searchWitness({ graph: a, options: {} }, { graph: b, options: {} }, { players, steerBy: steer, budgetSeconds: 30, shrinkSeconds: 30, now: cpuMs, isolate });
      const first = r.differences.filter((d) => d.witness && !d.sameAs).sort((x, y) => x.witness!.ms - y.witness!.ms)[0];
      if (first) {
        firstTimes.push((first.witness!.ms + first.witness!.shrinkMs) / 1000);
        firstMoves = first.witness!.moves.length;
      }
      for (const d of r.differences) {
        if (d.noEffect || d.sameAs) continue;
        const e = byDifference.get(d.label) ?? { find: [], shrink: [], moves: [], found: [] };
        if (d.witness) {
          e.find.push(d.witness.ms / 1000);
          e.shrink.push(d.witness.shrinkMs / 1000);
          e.moves.push(d.witness.moves.length);
          e.found.push(d.witness.found.moves);
        }
        byDifference.set(d.label, e);
      }
    }
    const t = firstTimes.length === SEARCH_RUNS ? median(firstTimes) : NaN;
    const witnessed = [...byDifference.values()].filter((e) => e.find.length > 0).length;
    rows.push([s.name, `${players}`, fmt(same.pairs, 0), Number.isNaN(t) ? 'none found' : fmt(t, 2), firstMoves >= 0 ? `${firstMoves}` : '—', `${witnessed} of ${byDifference.size}`, !Number.isNaN(t) && t < 10 ? 'yes' : 'no']);
    for (const [label, e] of byDifference) {
      const cells = e.find.length === 0 ? ['none', '', '', ''] : [fmt(median(e.find), 2), fmt(median(e.shrink), 2), `${median(e.found)} → ${median(e.moves)}`, median(e.find) + median(e.shrink) < 10 ? 'yes' : 'no'];
      perDifference.push([s.name, label.length > 60 ? `${label.slice(0, 60)}…` : label, ...cells]);
    }
  }
  printTable(
    `(g) diff: lockstep co-simulation (pairs of full games/s, one core) and the first shrunk witness (CPU s, median of ${SEARCH_RUNS} searches from seed 1, load and compile excluded)`,
    ['showcase', 'seats', 'pairs/s', 'witness s', 'moves', 'differences witnessed', '< 10 s'],
    rows,
  );
  printTable(
    `(g) diff: a witness per difference (CPU s to find and to shrink it, decisions found → shrunk; medians of ${SEARCH_RUNS})`,
    ['showcase', 'difference', 'find s', 'shrink s', 'decisions', '< 10 s'],
    perDifference,
  );
}
