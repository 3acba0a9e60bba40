import { describe, expect, it } from 'vitest';
import type { RuleGraph } from '@houserules/schema';
import { firstLegalAgent, playGame, policyAgent, randomAgent, scriptedAgent, type Move } from '../src/index.ts';
import { deckGame } from './deck-game.ts';
import { at, bin, count, ctx, lit, load } from './graph-builder.ts';

const askId = 'rule:draw_and_take/ask1';
const take = (value: number): Move => ({ kind: 'choice', ask: askId, value });

/** the deck game with a policy: take 2 while holding less than `limit`, else take 0 */
function withPolicy(): RuleGraph {
  const g = deckGame();
  g.policies = [
    {
      id: 'policy:modest',
      name: 'modest',
      status: 'active',
      params: [{ name: 'limit', type: { t: 'number' }, default: 3 }],
      preferences: [
        { target: askId, kind: 'value', args: [lit(2)], when: bin('<', count('pool:purse', 'token:coin', ctx('self')), { k: 'local', name: 'limit' }) },
        { target: askId, kind: 'value', args: [lit(0)] },
      ],
      provenance: at,
    },
  ];
  return g;
}

const purses = (r: ReturnType<typeof playGame>) => r.game!.view(0).pools.purse;

describe('agents', () => {
  const loaded = load(withPolicy());
  const config = { seed: 5, players: 2 };

  it('first-legal always takes the first option', () => {
    const r = playGame(loaded, config, [firstLegalAgent(), firstLegalAgent()]);
    expect(r.steps).toBe(6);
    expect(purses(r)).toEqual([{ coin: 0 }, { coin: 0 }]);
  });

  it('random agents are reproducible from their seeds and only make legal moves', () => {
    const a = playGame(loaded, config, [randomAgent(7), randomAgent(8)]);
    const b = playGame(loaded, config, [randomAgent(7), randomAgent(8)]);
    expect(a.diagnostics).toEqual([]);
    expect(a.game!.log).toEqual(b.game!.log);
    const answers = a.game!.log.filter((e) => e.event === '$answer').map((e) => (e.data.move as { value: number }).value);
    expect(answers.every((v) => v === 0 || v === 1 || v === 2)).toBe(true);
    const many = new Set(Array.from({ length: 20 }, (_, s) => JSON.stringify(purses(playGame(loaded, config, [randomAgent(s), randomAgent(s + 100)])))));
    expect(many.size).toBeGreaterThan(1);
  });

  it('a reseeded random agent plays as a new one of that seed, whatever it drew before', () => {
    const a = randomAgent(1);
    const b = randomAgent(2);
    playGame(loaded, config, [a, b]);
    a.reseed(7);
    b.reseed(8);
    const reseeded = playGame(loaded, config, [a, b]);
    expect(reseeded.game!.log).toEqual(playGame(loaded, config, [randomAgent(7), randomAgent(8)]).game!.log);
  });

  it("a factory makes each seat's agent once: a seat plays as the same agent all game", () => {
    const made: number[] = [];
    const byFactory = playGame(loaded, config, (seat) => {
      made.push(seat);
      return randomAgent(7 + seat);
    });
    expect(made.sort()).toEqual([0, 1]);
    // the same game as with the agents made up front (a scripted agent made anew would replay its first move)
    expect(byFactory.game!.log).toEqual(playGame(loaded, config, [randomAgent(7), randomAgent(8)]).game!.log);
    const fresh = playGame(loaded, config, () => scriptedAgent([take(1), take(2), take(0)]));
    expect(fresh.diagnostics).toEqual([]);
    expect(purses(fresh)).toEqual([{ coin: 3 }, { coin: 3 }]);
  });

  it('scripted agents play their moves and report an illegal one', () => {
    const r = playGame(loaded, config, [scriptedAgent([take(1), take(2), take(0)]), scriptedAgent([take(2), take(2), take(2)])]);
    expect(r.diagnostics).toEqual([]);
    expect(purses(r)).toEqual([{ coin: 3 }, { coin: 6 }]);
    const bad = playGame(loaded, config, [scriptedAgent([take(5)]), firstLegalAgent()]);
    expect(bad.diagnostics.map((d) => d.code)).toEqual(['run/illegal-move']);
    const short = playGame(loaded, config, [scriptedAgent([take(1)]), firstLegalAgent()]);
    expect(short.diagnostics.map((d) => d.code)).toEqual(['run/script-exhausted']);
  });

  it('policy agents follow their preferences with self bound to the deciding seat', () => {
    const modest = policyAgent(loaded, 'modest').value!;
    const r = playGame(loaded, config, [modest, firstLegalAgent()]);
    // 2 (holding 0 < 3), 2 (holding 2 < 3), then 0 (holding 4)
    expect(purses(r)).toEqual([{ coin: 4 }, { coin: 0 }]);
    const generous = policyAgent(loaded, 'modest', { limit: 100 }).value!;
    expect(purses(playGame(loaded, config, [generous, generous]))).toEqual([{ coin: 6 }, { coin: 6 }]);
    expect(policyAgent(loaded, 'nobody').diagnostics.map((d) => d.code)).toEqual(['run/unknown-policy']);
    expect(policyAgent(loaded, 'modest', { nope: 1 }).diagnostics.map((d) => d.code)).toEqual(['run/unknown-policy-param']);
  });

  it('reports a bad configuration instead of playing', () => {
    expect(playGame(loaded, { seed: 1, players: 5 }, [firstLegalAgent()]).diagnostics.map((d) => d.code)).toEqual(['run/bad-player-count']);
  });
});
