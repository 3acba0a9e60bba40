import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, createMemoryHost } from '@houserules/compiler';
import { LockstepPair } from '@houserules/diff';
const dir = '/work/wt/diff/scenarios';
const files: Record<string, string> = {};
const walk = (d: string): void => { for (const e of readdirSync(d, { withFileTypes: true })) { if (e.name === 'node_modules') continue; const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('.rules')) files[p] = readFileSync(p, 'utf8'); } };
walk(dir);
const host = createMemoryHost(files);
const a = compile(host, join(dir, process.argv[2] ?? 'durango/durango.rules')).value!;
const pair = new LockstepPair({ graph: a, options: {} }, { graph: a, options: {} }, 4);
const g = pair.start(3)!;
for (let k = 0; k < 150 && !g.over; k++) { const l = g.legal(); g.play(l[(k * 7 + 3) % l.length]!); }
const rows: [string, number][] = [];
for (const q of pair.quantities) { const t0 = process.hrtime.bigint(); for (let i = 0; i < 200; i++) q.a(g.ga); rows.push([q.text, Number(process.hrtime.bigint() - t0) / 200 / 1000]); }
rows.sort((x, y) => y[1] - x[1]);
console.log(pair.quantities.length, 'quantities; total µs', rows.reduce((s, r) => s + r[1], 0).toFixed(1));
for (const r of rows.slice(0, 15)) console.log(r[1].toFixed(2), r[0]);
