// Policies may read what their player knows (issue 26 item 3): `known(self, Z)` lists the cards of Z the
// player has been shown, has looked at or sees where they lie; reading another's knowledge, or a hidden
// card the player does not know, is type/policy-sees-hidden.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '@houserules/compiler';
import { createGame, policyAgent, type Game } from '@houserules/engine';
import { hostWith } from './overlay-host.ts';
import { loadScenario } from './load-scenario.ts';

const scenarios = resolve(import.meta.dirname, '..');
const errorsOf = (policy: string): string[] => {
  const file = resolve(scenarios, 'examples/high-card/knowledge-check.rules');
  const text = `module knowledge_check extends "./high-card.rules"\n\n${policy}\n`;
  const compiled = compile(hostWith(new Map([[file, text]])), file);
  return compiled.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
};

describe('a policy reads what its player knows', () => {
  it('known(self, another’s hand) is allowed; known(another, …) and the hand itself are not', () => {
    expect(errorsOf('policy a "" {\n  prefer played_card(first(c in self.hand)) when any(q in players where q != self: size(known(self, q.hand)) > 0)\n}')).toEqual([]);
    expect(errorsOf('policy b "" {\n  prefer played_card(first(c in self.hand)) when any(q in players where q != self: size(known(q, self.hand)) > 0)\n}')).toEqual(['type/policy-sees-hidden']);
    expect(errorsOf('policy c "" {\n  prefer played_card(first(c in self.hand)) when any(q in players where q != self: size(q.hand) > 0 and any(k in q.hand: k.value > 4))\n}')).toEqual(['type/policy-sees-hidden']);
    expect(errorsOf('policy d "" {\n  prefer played_card(first(c in self.hand)) when size(known(self, deck)) > 0\n}')).toEqual([]);
    expect(errorsOf('policy e "" {\n  prefer played_card(first(c in known(self, deck)))\n}')).toEqual([]);
  });

  it('known(p, Z) is a list of cards: a zone of numbers is a type error', () => {
    expect(errorsOf('derive k: number = size(known(first(q in players), 1..3))')).toContain('type/mismatch');
  });

  it('high card’s shrewd policy weighs the cards its player knows in the others’ hands, and only those', () => {
    const lg = loadScenario('examples/high-card/high-card.rules');
    const shrewd = policyAgent(lg, 'shrewd', {}, 1).value!;
    const hand = (g: Game, seat: number): number[] => {
      const z = [...g.zoneInstDecl].findIndex((d, i) => lg.zones[d]!.name === 'hand' && g.zoneInstOwner[i] === seat);
      return g.zoneCards[z]!.slice(0, g.zoneLen[z]);
    };
    const value = (g: Game, c: number): number => g.fieldVals[c * g.fieldWidth + lg.cardKinds[g.cardKind[c]!]!.fields[0]!.index]!;
    const outcomes = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) {
      // 3 players; each looks at the hand of the first other player offered: seat 0 sees seat 1's, not seat 2's
      const game = createGame(lg, { seed, players: 3 }).value!;
      for (let n = 0; n < 10 && lg.asks[game.openAsk(game.nextSeat())]?.id.includes('peek'); n++) game.applyOption(game.nextSeat(), 0);
      const mine = hand(game, 0).map((c) => value(game, c));
      const known = [...hand(game, 1), ...hand(game, 2)].filter((c) => game.knows(0, c)).map((c) => value(game, c));
      const all = [...hand(game, 1), ...hand(game, 2)].map((c) => value(game, c));
      const pick = shrewd.choose(game, 0) as number;
      const played = value(game, game.optionValue(0, pick));
      const beatsKnown = known.every((v) => v < Math.max(...mine));
      expect(played, `seed ${seed}`).toBe(beatsKnown ? Math.max(...mine) : Math.min(...mine));
      if (Math.max(...mine) !== Math.min(...mine)) outcomes.add(`${beatsKnown}/${all.every((v) => v < Math.max(...mine))}`);
    }
    // both choices seen, and a game where a card it does not know would have changed its mind
    expect(outcomes).toContain('true/false');
    expect(outcomes).toContain('false/false');
  });
});
