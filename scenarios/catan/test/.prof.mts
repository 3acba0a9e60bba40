import { readFileSync } from 'node:fs';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, policyAgent, randomAgent } from '@houserules/engine';
const file = process.argv[2]!;
const c = compile(createMemoryHost({ [file]: readFileSync(file, 'utf8') }), file);
const errs = c.diagnostics.filter((d) => d.severity === 'error');
if (errs.length) { console.log(errs); process.exit(1); }
const lg = loadGraph(c.value!, {}).value!;
const kind = process.argv[3] ?? 'builder';
const N = Number(process.argv[4] ?? 50);
const t0 = performance.now();
let rounds = 0, bad = 0;
for (let i = 0; i < N; i++) {
  const r = playGame(lg, { seed: i, players: 4, checkInvariants: process.env.NOINV ? false : true, recordLog: false }, (seat) => kind === 'random' ? randomAgent(i * 8 + seat) : policyAgent(lg, kind, {}, i * 8 + seat).value!, { maxSteps: 200000 });
  if (r.diagnostics.length > 0 || !r.outcome) bad++;
  rounds += r.game?.round ?? 0;
}
const ms = performance.now() - t0;
console.log(kind, `${N} games ${Math.round(ms)} ms, ${(N / ms * 1000).toFixed(1)} games/s, avg rounds ${(rounds / N).toFixed(1)}, bad ${bad}`);
