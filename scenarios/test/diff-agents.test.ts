// Issue 25 item 2: the witness search plays some of its games by the scenario's own policies (and by `--agents`).
// A difference that shows only late in a game — the points a win needs — is never reached by random games of
// Catan (a random player hardly builds), but a game played by `builder` gets there.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { answerIndex, searchWitness, seatAgents, seatAgentsText, structuralDiff, type SearchAgent, type WitnessTarget } from '@houserules/diff';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const baseFile = join(root, 'catan/base.rules');
const host = createMemoryHost({ [baseFile]: readFileSync(baseFile, 'utf8') });
const catan = compile(host, baseFile).value!;
const ten = { points_to_win: 10 };
const eleven = { points_to_win: 11 };
const diff = structuralDiff(catan, catan, { optionsA: ten, optionsB: eleven });

/** the same games (seeds, count, depth), from the start only, with or without games played by agents */
const search = (agentGames: boolean) =>
  searchWitness({ graph: catan, options: ten }, { graph: catan, options: eleven }, {
    steerBy: diff,
    players: 4,
    games: 12,
    arrange: false,
    shrink: false,
    budgetSeconds: 600,
    agentGames,
    verify: {
      host,
      path: join(root, 'catan/agents_witness.rules'),
      a: { extends: './base.rules', variant: null, options: ten } satisfies WitnessTarget,
      b: { extends: './base.rules', variant: null, options: eleven } satisfies WitnessTarget,
    },
  });

describe('witness games played by the scenario’s policies', () => {
  it('finds the points a win needs in a game builder plays, verified on both sides', () => {
    const d = search(true).differences.find((x) => x.label === 'option points_to_win')!;
    expect(d.witness).not.toBeNull();
    expect(d.witness!.found.phase).toBe('played');
    expect(d.witness!.found.agents).toMatch(/builder/);
    // a player reaches 10 points: the first game is won, the second goes on
    expect(d.witness!.divergence.kind).toBe('outcome');
    expect(d.witness!.verified?.expect).toMatch(/^expect game over/);
  });

  it('finds nothing in the same number of random and steered games', () => {
    const d = search(false).differences.find((x) => x.label === 'option points_to_win')!;
    expect(d.witness).toBeNull();
  });
});

describe('seat mixes', () => {
  const agent = (label: string): SearchAgent => ({ label, make: () => ({ name: label, choose: () => 0 }) });
  const [x, y] = [agent('builder'), agent('mcts(iterations=50)')];
  it('plays every seat by one agent in turn, then every other seat by agents and the rest by the search', () => {
    expect(seatAgents([x, y], 4, 0).map((s) => s?.label ?? null)).toEqual(['builder', 'builder', 'builder', 'builder']);
    expect(seatAgents([x, y], 4, 2).map((s) => s?.label ?? null)).toEqual(['mcts(iterations=50)', 'mcts(iterations=50)', 'mcts(iterations=50)', 'mcts(iterations=50)']);
    const mixed = seatAgents([x, y], 4, 1);
    expect(mixed.filter((s) => s === null)).toHaveLength(2);
    expect(seatAgentsText(mixed)).toMatch(/the search's picks for p\d and p\d/);
    expect(seatAgents([], 3, 0)).toEqual([null, null, null]);
  });
  it('takes an agent’s answer as an index or as the move it names', () => {
    const options = [
      { kind: 'action' as const, action: 'end_turn', args: [] },
      { kind: 'action' as const, action: 'build_road', args: [7] },
    ];
    expect(answerIndex(1, options)).toBe(1);
    expect(answerIndex(5, options)).toBe(-1);
    expect(answerIndex({ kind: 'action', action: 'build_road', args: [7] }, options)).toBe(1);
    expect(answerIndex({ kind: 'action', action: 'build_road', args: [8] }, options)).toBe(-1);
  });
});
