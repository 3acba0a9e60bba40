import { describe, expect, it } from 'vitest';
import type { Value } from '@houserules/schema';
import { createGame, mctsAgent, MAX_PLAYOUT_DECISIONS, MAX_SEARCH_ITERATIONS, MAX_SEARCH_MS, playGame, randomAgent } from '../src/index.ts';
import { deckGame } from './deck-game.ts';
import { load } from './graph-builder.ts';

const codes = (r: { diagnostics: { code: string }[] }) => r.diagnostics.map((d) => d.code);

describe('the mcts agent', () => {
  const lg = load(deckGame());

  it('plays the best move of a small game: always takes the most coins', () => {
    const mcts = mctsAgent(lg, { iterations: 200 }, 3).value!;
    const r = playGame(lg, { seed: 5, players: 2 }, [mcts, randomAgent(9)]);
    expect(r.diagnostics).toEqual([]);
    const taken = r.game!.log.filter((e) => e.event === '$answer' && (e.data as { seat: number }).seat === 0).map((e) => (e.data as { move: { value: number } }).move.value);
    expect(taken).toEqual([2, 2, 2]);
  });

  it('is reproducible: the same seed and game give the same game', () => {
    const play = (seed: number) => {
      const a = mctsAgent(lg, { iterations: 30, c: 5 }, seed).value!;
      const b = mctsAgent(lg, { iterations: 30, c: 5 }, seed + 1).value!;
      return playGame(lg, { seed: 11, players: 2 }, [a, b]).game!.stateHash();
    };
    expect(play(1)).toBe(play(1));
  });

  it('refuses parameters it does not take and values beyond its budgets', () => {
    for (const params of <Record<string, Value>[]>[
      { iteration: 10 },
      { iterations: 0 },
      { iterations: MAX_SEARCH_ITERATIONS + 1 },
      { iterations: 2.5 },
      { ms: 0 },
      { ms: MAX_SEARCH_MS + 1 },
      { c: 0 },
      { c: -1 },
      { c: 'wide' },
      { depth: 0 },
      { depth: MAX_PLAYOUT_DECISIONS + 1 },
      { rollout: 'no_such_policy' },
      { rollout: 3 },
    ]) {
      const made = mctsAgent(lg, params);
      expect(made.value, JSON.stringify(params)).toBeNull();
      expect(codes(made), JSON.stringify(params)).toEqual(['run/bad-agent-param']);
    }
  });

  it('answers -1 when the seat has nothing to decide, and the only option at once', () => {
    const game = createGame(lg, { seed: 2, players: 2 }).value!;
    const mcts = mctsAgent(lg, {}, 1).value!;
    const waiting = game.nextSeat();
    expect(mcts.choose(game, 1 - waiting)).toBe(-1);
    expect(mcts.lastStats).toBeNull();
    expect(typeof mcts.choose(game, waiting)).toBe('number');
    expect(mcts.lastStats!.iterations).toBe(400);
  });

  it('searches in slices that a caller can stop between', () => {
    const game = createGame(lg, { seed: 2, players: 2 }).value!;
    const mcts = mctsAgent(lg, { iterations: 100 }, 1).value!;
    const run = mcts.start(game, game.nextSeat());
    expect(run.step(10)).toBe(true);
    expect(run.stats.iterations).toBe(10);
    const pick = run.answer();
    expect(pick).toBeGreaterThanOrEqual(0);
    expect(pick).toBeLessThan(game.optionCount(game.nextSeat()));
    while (run.step(50));
    expect(run.stats.iterations).toBe(100);
  });

  it('leaves the real game untouched while it searches', () => {
    const game = createGame(lg, { seed: 4, players: 2 }).value!;
    const before = game.stateHash();
    const log = game.log.length;
    mctsAgent(lg, { iterations: 50 }, 1).value!.choose(game, game.nextSeat());
    expect(game.stateHash()).toBe(before);
    expect(game.log.length).toBe(log);
  });
});
