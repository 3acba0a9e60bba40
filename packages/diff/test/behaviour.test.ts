import { describe, expect, it } from 'vitest';
import { checkWitness, replayWitness, searchWitness, structuralDiff, witnessTest, LockstepPair } from '../src/index.ts';
import { BASE, graphOf } from './fixtures.ts';

const files = { '/s/luck.rules': BASE };
const { graph: base, host } = graphOf(files, '/s/luck.rules');
const generous = graphOf(files, '/s/luck.rules', 'generous').graph;

describe('the behavioural diff', () => {
  it('finds a shrunk witness that passes on the first graph and fails on the second', () => {
    const r = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { steerBy: structuralDiff(base, generous), players: 2 });
    const w = r.witness!;
    expect(w).not.toBeNull();
    expect(w.divergence.kind).toBe('state');
    // only a leaver is paid, and the bonus then pays again: the first round's two decisions are enough
    expect(w.moves.length).toBeLessThanOrEqual(2);
    expect(w.moves.some((m) => m.endsWith('chooses leave'))).toBe(true);
    expect(w.divergence.rules).toEqual([{ rule: 'bonus', a: 0, b: 1 }]);
    // the witness replays to the same divergence
    expect(replayWitness(new LockstepPair({ graph: base, options: {} }, { graph: generous, options: {} }, 2), w.seed, w.moves)?.divergence.detail).toBe(w.divergence.detail);

    const texts = witnessTest(w, { extends: './luck.rules', variant: null, options: {} }, { extends: './luck.rules', variant: 'generous', options: {} }, { a: 'Luck', b: 'Luck (generous)', module: 'luck_witness' });
    expect(texts.text).toContain('module luck_witness extends "./luck.rules"');
    expect(texts.againstB).toContain('variant generous');
    const check = checkWitness(host, '/s/luck_witness.rules', texts);
    expect(check).toEqual({ passesOnA: true, failsOnB: true, failureOnB: 'test/expectation-failed', problem: null });
  });

  it('finds the option difference when an option is set on both sides, and none when the options make them equal', () => {
    const both = searchWitness({ graph: base, options: { bonus_rule: 'doubled' } }, { graph: generous, options: {} }, { players: 2, games: 20 });
    expect(both.witness).toBeNull();
    expect(both.exhausted).toBe('games');
    expect(both.summary).toMatch(/^no divergence in 20 games up to \d+ decisions/);
  });

  it('says "no divergence" between a graph and itself, and stops when its time budget runs out', () => {
    const same = searchWitness({ graph: base, options: {} }, { graph: base, options: {} }, { players: 3, games: 5 });
    expect(same.witness).toBeNull();
    expect(same.games).toBe(5);
    expect(same.depth).toBeGreaterThan(0);
    let t = 0;
    const slow = searchWitness({ graph: base, options: {} }, { graph: base, options: {} }, { players: 3, games: 1000, budgetSeconds: 1, now: () => (t += 400) });
    expect(slow.exhausted).toBe('seconds');
    expect(slow.games).toBeLessThan(1000);
    expect(slow.diagnostics.map((d) => d.code)).toEqual(['diff/budget-exhausted']);
  });

  it('reports a player count neither side allows, without throwing', () => {
    const r = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { players: 9 });
    expect(r.witness).toBeNull();
    expect(r.diagnostics.map((d) => d.code)).toEqual(['diff/no-common-player-count']);
  });

  it('plays both back ends alike: the same witness from closures and from generated code', () => {
    const opts = { players: 2, games: 30 } as const;
    const gen = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { ...opts, codegen: true });
    const clo = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { ...opts, codegen: false });
    expect(clo.witness?.moves).toEqual(gen.witness?.moves);
    expect(clo.witness?.seed).toBe(gen.witness?.seed);
  });
});
