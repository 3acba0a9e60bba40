import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, policyAgent, randomAgent } from '@houserules/engine';
const file = fileURLToPath(new URL('../base.rules', import.meta.url));
it('speed', () => {
  const c = compile(createMemoryHost({ [file]: readFileSync(file, 'utf8') }), file);
  console.log(c.diagnostics.filter((d) => d.severity === 'error'));
  const lg = loadGraph(c.value!, {}).value!;
  for (const kind of ['random', 'builder']) {
    const t0 = performance.now();
    let rounds = 0, bad = 0, turns = 0;
    const N = 200;
    for (let i = 0; i < N; i++) {
      const r = playGame(lg, { seed: i, players: 4, checkInvariants: true, recordLog: false }, (seat) => kind === 'random' ? randomAgent(i * 8 + seat) : policyAgent(lg, 'builder', {}, i * 8 + seat).value!);
      if (r.diagnostics.length > 0 || !r.outcome) { bad++; if (bad < 4) console.log(i, r.diagnostics.map((d) => d.code + ' ' + d.message).join('; ')); }
      rounds += r.game?.round ?? 0; turns += (r.game as any)?.turn ?? 0;
    }
    const ms = performance.now() - t0;
    console.log(kind, `${N} games ${Math.round(ms)} ms, ${(N / ms * 1000).toFixed(1)} games/s, avg rounds ${(rounds / N).toFixed(1)}, avg turn ${(turns/N).toFixed(1)}, bad ${bad}`);
  }
}, 600_000);
