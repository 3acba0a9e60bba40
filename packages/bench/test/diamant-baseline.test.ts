import { describe, expect, it } from 'vitest';
import { CARD_COUNT, DiamantBaseline, ROUNDS } from '../src/diamant-baseline.ts';

/** Rubies are conserved: what the reserve paid out is somewhere in play. */
function rubiesInPlay(g: DiamantBaseline): number {
  let total = g.reserveRuby;
  for (let p = 0; p < g.players; p++) total += g.carried[p]! + g.chestRuby[p]!;
  for (let c = 0; c < CARD_COUNT; c++) total += g.cardGems[c]!;
  return total;
}

function relicValueOfFirst(n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) v += k < 3 ? 5 : 10;
  return v;
}

describe('hand-written Diamant baseline', () => {
  for (const players of [3, 4, 8]) {
    it(`plays ${ROUNDS} rounds correctly with ${players} players over many seeds`, () => {
      const g = new DiamantBaseline(players);
      let trapsSprung = 0;
      let someoneScored = false;
      for (let seed = 1; seed <= 300; seed++) {
        g.start(seed);
        let removedTraps = 0;
        for (let r = 0; r < ROUNDS; r++) {
          const end = g.playRound();
          expect(g.round).toBe(r + 1);
          expect(rubiesInPlay(g)).toBe(0);
          expect(g.reserveDiamond + g.chestDiamond.reduce((a, b) => a + b, 0)).toBe(0);
          // After a round nobody is in the cave, nobody carries, nothing lies on cards.
          expect(g.pathSize).toBe(0);
          expect(Array.from(g.carried).every((x) => x === 0)).toBe(true);
          expect(Array.from(g.cardGems).every((x) => x === 0)).toBe(true);
          expect(Array.from(g.chestRuby).every((x) => x < 5)).toBe(true);
          if (end === 'trap') {
            trapsSprung++;
            removedTraps++;
          }
          // Every card is either in the deck or out of the game, exactly once.
          const seen = new Uint8Array(CARD_COUNT);
          for (let i = 0; i < g.deckSize; i++) seen[g.deck[i]!]!++;
          for (let c = 0; c < CARD_COUNT; c++) expect(seen[c]! + g.removed[c]!).toBe(1);
          // One card of each sprung pair left: 15 traps minus those removed remain.
          let trapsInDeck = 0;
          for (let i = 0; i < g.deckSize; i++) if (g.cardTrap[g.deck[i]!]! >= 0) trapsInDeck++;
          expect(trapsInDeck).toBe(15 - removedTraps);
        }
        let relics = 0;
        let relicValues = 0;
        for (let p = 0; p < players; p++) {
          relics += g.relicsHeld[p]!;
          relicValues += g.relicValue[p]!;
          expect(g.score(p)).toBe(g.chestRuby[p]! + 5 * g.chestDiamond[p]! + g.relicValue[p]!);
          if (g.score(p) > 0) someoneScored = true;
        }
        expect(relics).toBe(g.relicsCollected);
        expect(relicValues).toBe(relicValueOfFirst(g.relicsCollected));
        const winners = g.winners();
        expect(winners.length).toBeGreaterThan(0);
        const best = Math.max(...Array.from({ length: players }, (_, p) => g.score(p)));
        for (const w of winners) expect(g.score(w)).toBe(best);
      }
      expect(trapsSprung).toBeGreaterThan(0);
      expect(someoneScored).toBe(true);
    });
  }

  it('is deterministic for a seed and varies across seeds', () => {
    const a = new DiamantBaseline(4);
    const b = new DiamantBaseline(4);
    a.play(42);
    b.play(42);
    expect(Array.from({ length: 4 }, (_, p) => a.score(p))).toEqual(Array.from({ length: 4 }, (_, p) => b.score(p)));
    const scores = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      a.play(seed);
      scores.add(Array.from({ length: 4 }, (_, p) => a.score(p)).join(','));
    }
    expect(scores.size).toBeGreaterThan(10);
  });
});
