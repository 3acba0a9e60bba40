import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent } from '@houserules/engine';
import { DiamantBaseline, ROUNDS } from '../src/diamant-baseline.ts';

const GAMES = 3000;
const PLAYERS = 4;

class Stat {
  n = 0;
  sum = 0;
  squares = 0;
  add(x: number): void {
    this.n++;
    this.sum += x;
    this.squares += x * x;
  }
  get mean(): number {
    return this.sum / this.n;
  }
  /** standard error of the mean */
  get se(): number {
    const variance = (this.squares - (this.sum * this.sum) / this.n) / (this.n - 1);
    return Math.sqrt(variance / this.n);
  }
}

/** The two means agree within five standard errors (seeds are fixed, so this is deterministic). */
function expectSameMean(a: Stat, b: Stat): void {
  expect(Math.abs(a.mean - b.mean)).toBeLessThan(5 * Math.hypot(a.se, b.se));
}

describe('the baseline plays the same game as the interpreter', () => {
  it('agrees on score, cards revealed and traps sprung per game with random agents', () => {
    const file = join(dirname(fileURLToPath(import.meta.url)), '../../../scenarios/diamant/diamant.rules');
    const compiled = compile(createMemoryHost({ [file]: readFileSync(file, 'utf8') }), file);
    expect(compiled.value).not.toBeNull();
    const loaded = loadGraph(compiled.value).value!;
    const rules = loaded.rules.map((r) => r.id);
    const reveal = rules.indexOf('rule:reveal_card');
    const trap = rules.indexOf('rule:trap_springs');
    expect(reveal).toBeGreaterThanOrEqual(0);
    expect(trap).toBeGreaterThanOrEqual(0);

    const engine = { score: new Stat(), cards: new Stat(), traps: new Stat() };
    for (let seed = 1; seed <= GAMES; seed++) {
      const agents = Array.from({ length: PLAYERS }, (_, seat) => randomAgent(seed * 16 + seat));
      const { outcome, game } = playGame(loaded, { seed, players: PLAYERS, recordLog: false }, agents);
      for (const r of outcome!.ranking) engine.score.add(Number(r.score[0]));
      engine.cards.add(game!.ruleFiringCounts[reveal]!);
      engine.traps.add(game!.ruleFiringCounts[trap]!);
    }

    const baseline = { score: new Stat(), cards: new Stat(), traps: new Stat() };
    const g = new DiamantBaseline(PLAYERS);
    for (let seed = 1; seed <= GAMES; seed++) {
      g.start(seed);
      let traps = 0;
      for (let r = 0; r < ROUNDS; r++) if (g.playRound() === 'trap') traps++;
      for (let p = 0; p < PLAYERS; p++) baseline.score.add(g.score(p));
      baseline.cards.add(g.reveals);
      baseline.traps.add(traps);
    }

    expectSameMean(engine.score, baseline.score);
    expectSameMean(engine.cards, baseline.cards);
    expectSameMean(engine.traps, baseline.traps);
  });
});
