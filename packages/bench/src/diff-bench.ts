import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { check, compile, createMemoryHost, type ModuleHost } from '@houserules/compiler';
import { LockstepPair, searchWitness, structuralDiff } from '@houserules/diff';
import type { RuleGraph } from '@houserules/schema';

/** every .rules file under the scenarios folder, in memory (scenarios extend each other's modules) */
function scenariosHost(dir: string): ModuleHost {
  const files: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.rules')) files[p] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return createMemoryHost(files);
}
let host: ModuleHost | null = null;
import { fmt, median, printTable } from './harness.ts';

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

export function runDiffBench(scenariosDir: string): void {
  const rows: string[][] = [];
  for (const s of showcases(scenariosDir)) {
    const a = graphOf(scenariosDir, s.a);
    const b = graphOf(scenariosDir, s.b);
    if (!a || !b) {
      rows.push([s.name, 'does not compile', '', '', '', '']);
      continue;
    }
    const players = Math.max(a.scenario.players.min, b.scenario.players.min, Math.min(4, a.scenario.players.max, b.scenario.players.max));
    // throughput of the pair itself: each graph against itself, so every game runs to its end
    const same = lockstepRate(new LockstepPair({ graph: a, options: {} }, { graph: a, options: {} }, players));
    const times: number[] = [];
    let moves = 0;
    let found = true;
    const steer = structuralDiff(a, b);
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      const r = searchWitness({ graph: a, options: {} }, { graph: b, options: {} }, { players, steerBy: steer, budgetSeconds: 30 });
      times.push(performance.now() - t0);
      if (!r.witness) found = false;
      else moves = r.witness.moves.length;
    }
    const t = median(times) / 1000;
    rows.push([s.name, `${players}`, fmt(same.pairs, 0), found ? fmt(t, 2) : 'none found', found ? `${moves}` : '—', found && t < 10 ? 'yes' : 'no']);
  }
  printTable(
    '(g) diff: lockstep co-simulation (pairs of full games/s, one core) and the time to the first shrunk witness (median of 3, load and compile excluded)',
    ['showcase', 'seats', 'pairs/s', 'witness s', 'moves', '< 10 s'],
    rows,
  );
}
