// The one formatter of log lines (LogWords): what the test reports, the CLI and the playground print for a game.
import { firstLegalAgent, playGame, randomAgent, type Game, type LoadedGraph } from '@houserules/engine';
import { LogWords, describeLogEntry, recentEvents } from '@houserules/conformance';
import { describe, expect, it } from 'vitest';
import { loadScenario } from './load-scenario.ts';

function played(file: string, players: number, seed: number, agent: 'random' | 'first' = 'random'): { lg: LoadedGraph; game: Game } {
  const lg = loadScenario(file);
  const result = playGame(lg, { seed, players }, (seat) => (agent === 'first' ? firstLegalAgent() : randomAgent(seed * 10 + seat)), { maxSteps: 400 });
  return { lg, game: result.game! };
}

describe('LogWords: a game log in the author’s words', () => {
  it('writes every entry of a Diamant game as a sentence, in the words a test writes', () => {
    const { lg, game } = played('diamant/diamant.rules', 3, 5);
    const words = new LogWords(lg, game);
    const lines = game.log.map((e) => words.line(e));
    expect(lines[0]).toBe('r0 start: seed 5, 3 players');
    expect(lines.some((l) => /^r1 t?\d* ?p[123] chooses (continue|exit)$/.test(l))).toBe(true);
    expect(lines.some((l) => /reveals (treasure\(\d+\)|trap\(\w+\)|relic\w*) from \w+ to \w+/.test(l))).toBe(true);
    expect(lines.some((l) => /shuffles \w+/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/game over \([\w-]+\)(: (p\d(, )?)+ wins?)?$/);
    // no ids, raw seats or JSON in any line
    for (const l of lines) expect(l).not.toMatch(/\w+:\w+\b(?!\))|\[object|undefined|NaN|\{"|\/ask\d/);
    // the report's line is the shared one
    expect(game.log.map((e) => describeLogEntry(e, game, lg))).toEqual(lines);
    expect(recentEvents(game, lg, 3)).toEqual(lines.slice(-3));
  });

  it('names an action by its name and its arguments by their types: sites by coordinates', () => {
    const { lg, game } = played('catan/base.rules', 3, 2, 'first');
    const words = new LogWords(lg, game);
    const answers = game.log.filter((e) => e.event === '$answer').map((e) => words.entry(e));
    expect(answers[0]).toMatch(/^p1 does place_start_settlement\(corner\(-?\d, -?\d, \d\)\)$/);
    expect(answers.some((a) => /^p\d does place_start_road\(edge\(-?\d, -?\d, \d\)\)$/.test(a))).toBe(true);
    // an action without arguments is its name alone
    expect(answers.some((a) => /^p\d does [a-z_]+$/.test(a))).toBe(true);
    expect(game.log.filter((e) => e.event === '$roll').map((e) => words.entry(e))[0]).toMatch(/^rolls 2d6: \d+$/);
  });

  it('writes a seat’s redacted log: another’s secret answer and a face-down draw', () => {
    const { lg, game } = played('examples/high-card/high-card.rules', 2, 4);
    const words = new LogWords(lg, game);
    const seen = game.redactedLog(0).map((e) => words.entry(e));
    // the cards played secretly were revealed together once both had chosen (a game played to its end)
    expect(seen.some((l) => /^p2 chooses number_card\(\d+\)$/.test(l))).toBe(true);
    expect(words.entry({ event: '$answer', data: { seat: 1, secret: true } })).toBe('p2 chooses (secretly)');
    expect(seen.some((l) => /^draws a card from \w+ to p2\.hand$/.test(l))).toBe(true);
    // p1's own draws name the card
    expect(seen.some((l) => /^draws number_card\(\d+\) from \w+ to p1\.hand$/.test(l) || /^reveals number_card\(\d+\) from \w+ to p1\.hand$/.test(l))).toBe(true);
  });

  it('passes every piece of scenario text through text(), which a terminal overrides', () => {
    const { lg, game } = played('diamant/diamant.rules', 3, 5);
    class Shouting extends LogWords {
      override text(raw: unknown): string {
        return String(raw).toUpperCase();
      }
    }
    const loud = new Shouting(lg, game);
    const end = game.log.at(-1)!;
    // Diamant ends when its flow does: the reason is scenario text too
    expect(loud.entry(end)).toMatch(/^game over \(FLOW\): p\d/);
    const answer = game.log.find((e) => e.event === '$answer')!;
    expect(loud.entry(answer)).toMatch(/^p\d chooses (CONTINUE|EXIT)$/);
  });
});
