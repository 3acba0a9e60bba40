import { describe, expect, it } from 'vitest';
import { loadGraph, playGame, randomAgent } from '../src/index.ts';
import { deckGame } from './deck-game.ts';

describe('generated code', () => {
  it('plays exactly like the closure compiler', () => {
    const generated = loadGraph(deckGame()).value!;
    const closures = loadGraph(deckGame(), { codegen: false }).value!;
    for (let seed = 0; seed < 50; seed++) {
      const a = playGame(generated, { seed, players: 2 }, [randomAgent(seed), randomAgent(seed + 1)]);
      const b = playGame(closures, { seed, players: 2 }, [randomAgent(seed), randomAgent(seed + 1)]);
      expect(a.game!.log).toEqual(b.game!.log);
      expect(a.outcome).toEqual(b.outcome);
    }
  });
});
