import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, createMemoryHost } from '@houserules/compiler';
import { LockstepPair } from '@houserules/diff';
import { createGame, loadGraph } from '@houserules/engine';
const dir = '/work/wt/diff/scenarios';
const files: Record<string, string> = {};
const walk = (d: string): void => { for (const e of readdirSync(d, { withFileTypes: true })) { if (e.name === 'node_modules') continue; const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('.rules')) files[p] = readFileSync(p, 'utf8'); } };
walk(dir);
const host = createMemoryHost(files);
const which = process.argv[2] ?? 'durango';
const a = compile(host, join(dir, which === 'durango' ? 'durango/durango.rules' : 'diamant/diamant.rules')).value!;
const pair = new LockstepPair({ graph: a, options: {} }, { graph: a, options: {} }, 4);
const N = Number(process.argv[3] ?? 5);
let steps = 0;
let t0 = process.cpuUsage();
for (let s = 1; s <= N; s++) {
  const g = pair.start(s)!;
  let k = 0;
  while (!g.over && !g.divergence && k < 400) { const l = g.legal(); if (!l.length) break; g.play(l[(k++ * 7 + s) % l.length]!); steps++; }
}
let c = process.cpuUsage(t0);
console.log(`lockstep: ${steps} steps, ${((c.user + c.system) / steps).toFixed(0)} µs/step`);

// engine alone: one game, same move choice by index
const lg = loadGraph(a, { codegen: true }).value!;
let st2 = 0;
t0 = process.cpuUsage();
for (let s = 1; s <= N; s++) {
  const g = createGame(lg, { seed: s, players: 4, options: {} }).value!;
  let k = 0;
  while (!g.isOver && k < 400) { const p = g.pending(); if (!p.length) break; const d = p[0]!; const m = d.options[(k++ * 7 + s) % d.options.length]!; g.apply(d.seat, m); st2++; }
}
c = process.cpuUsage(t0);
console.log(`engine alone: ${st2} steps, ${((c.user + c.system) / st2).toFixed(0)} µs/step`);
