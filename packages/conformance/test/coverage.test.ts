import { describe, expect, it } from 'vitest';
import { coverageShortfalls, normalizeSentence, readmeRows, splitSentences } from '../src/index.ts';
import { COINS, run, tests } from './fixtures.ts';

const TAKES = tests(`
test "a take" {
  cite "Each round every player may take a coin. A taker says so."
  players 2
  advance
  p1 chooses take
  p2 chooses pass
  expect event took(p1, 1)
}

test "nothing" {
  players 2
  expect bank.coin == 10
}
`);

describe('rule coverage', () => {
  it('counts the tests that fired each rule, with the sentence it cites', () => {
    const r = run({ 'coins/tests/a.rules': TAKES });
    expect(r.coverage).toHaveLength(1);
    const c = r.coverage[0]!;
    expect(c.title).toBe('Coins');
    expect(c.rules.map((x) => [x.name, x.tests, x.cite])).toEqual([
      ['offer', 1, 'Each round every player may take a coin.'],
      ['note', 1, 'A taker says so.'],
      ['never', 0, 'Nobody ever takes six.'],
    ]);
    expect(c.percent).toBe(66.6);
    expect(c.threshold).toBeNull();
  });

  it('lists the rulebook sentences no node cites and no test cites; the README marks flavour', () => {
    const plain = run({ 'coins/tests/a.rules': TAKES }).coverage[0]!.sentences!;
    expect(plain.total).toBe(5);
    expect(plain.unimplemented).toEqual(['The table is round.']);
    expect(plain.untested).toEqual(['Nobody holds more than two coins.', 'Most coins wins.', 'The table is round.']);
    const readme = '| sentence | implemented by |\n|---|---|\n| The table is round. | flavour: furniture |\n';
    const marked = run({ 'coins/tests/a.rules': TAKES, 'coins/README.md': readme }).coverage[0]!.sentences!;
    expect(marked.flavour).toBe(1);
    expect(marked.unimplemented).toEqual([]);
    expect(marked.untested).toEqual(['Nobody holds more than two coins.', 'Most coins wins.']);
  });

  it('lists the parts of cites that are not in the rulebook', () => {
    const typo = TAKES.replace('A taker says so.', 'A taker says so. A taker sings.');
    const c = run({ 'coins/tests/a.rules': typo }).coverage[0]!.sentences!;
    expect(c.unknownCites).toEqual(['Nobody ever takes six.', 'A taker sings.']);
  });

  it('fails under the threshold of the scenario’s conformance.json', () => {
    const short = run({ 'coins/tests/a.rules': TAKES, 'coins/conformance.json': '{ "coverage": 100 }' });
    expect(short.coverage[0]!.threshold).toBe(100);
    expect(coverageShortfalls(short)).toHaveLength(1);
    const enough = run({ 'coins/tests/a.rules': TAKES, 'coins/conformance.json': '{ "coverage": 60 }' });
    expect(coverageShortfalls(enough)).toEqual([]);
  });
});

describe('the rulebook threshold', () => {
  const settings = (n: number): string => `{ "coverage": { "coins": { "sentences": ${n} } } }`;

  it('fails while sentences are not implemented and tested, naming them; passes once they are', () => {
    const short = run({ 'coins/tests/a.rules': TAKES, 'coins/conformance.json': settings(100) });
    const c = short.coverage[0]!;
    expect(c.sentenceThreshold).toBe(100);
    // 2 of the 5 sentences are cited by a rule and by a test
    expect(c.sentences!.percent).toBe(40);
    const [message] = coverageShortfalls(short);
    expect(message).toContain('“The table is round.”');
    // at 40% only the fixture's cite of a sentence its rulebook lacks is left
    expect(coverageShortfalls(run({ 'coins/tests/a.rules': TAKES, 'coins/conformance.json': settings(40) }))).toEqual([
      'cites of Coins quote text its rulebook does not hold: “Nobody ever takes six.”',
    ]);
    const all = TAKES.replace(
      'cite "Each round every player may take a coin. A taker says so."',
      'cite "Each round every player may take a coin. A taker says so. Nobody holds more than two coins. Most coins wins. The table is round."',
    );
    const readme = '| sentence | implemented by |\n|---|---|\n| The table is round. | the coin rules |\n';
    // (the fixture's rule `never` cites a sentence its rulebook lacks: here it cites one it has)
    const coins = COINS.replace('cite "Nobody ever takes six."', 'cite "Most coins wins."');
    const full = run({ 'coins/coins.rules': coins, 'coins/tests/a.rules': all, 'coins/README.md': readme, 'coins/conformance.json': settings(100) });
    expect(full.coverage[0]!.sentences!.percent).toBe(100);
    expect(coverageShortfalls(full)).toEqual([]);
  });

  it('fails on a cite quoting text the rulebook does not hold', () => {
    const typo = TAKES.replace('A taker says so.', 'A taker says so. A taker sings.');
    const shortfalls = coverageShortfalls(run({ 'coins/tests/a.rules': typo, 'coins/conformance.json': settings(0) }));
    expect(shortfalls).toHaveLength(1);
    expect(shortfalls[0]).toContain('“A taker sings.”');
    expect(shortfalls[0]).toContain('“Nobody ever takes six.”');
  });

  it('fails when the rulebook cannot be read', () => {
    const elsewhere = COINS.replace('source "rulebook.txt"', 'source "no-such-rulebook.txt"');
    const shortfalls = coverageShortfalls(run({ 'coins/coins.rules': elsewhere, 'coins/tests/a.rules': TAKES, 'coins/conformance.json': settings(0) }));
    expect(shortfalls).toHaveLength(1);
    expect(shortfalls[0]).toContain('could not be read');
  });
});

describe('sentences', () => {
  it('splits lines into sentences, skips headings, keeps bullets and numbered steps', () => {
    expect(splitSentences('Setup\n\n1. Place the board. Then wait.\n• 8 Chests\nA: b c.\n')).toEqual(['1. Place the board.', 'Then wait.', '8 Chests', 'A: b c.']);
    // not after an abbreviation; German sentence ends and capitals too
    expect(splitSentences('Es gelten die Regeln (vgl. Seefahrer-Erweiterung) mit Ausnahmen. Über 3 Punkte zählen.\nTake one, e.g. Wool, back. Then go.\n')).toEqual([
      'Es gelten die Regeln (vgl. Seefahrer-Erweiterung) mit Ausnahmen.', 'Über 3 Punkte zählen.', 'Take one, e.g. Wool, back.', 'Then go.',
    ]);
    // a sentence may end in a closing quote
    expect(splitSentences('Production\nYou produce "silver."\nThey said “stop.”\n')).toEqual(['You produce "silver."', 'They said “stop.”']);
    expect(normalizeSentence('Players’ “Decision”:  ok')).toBe("players decision ok");
    expect(readmeRows('| a | flavour: x |\n|---|---|\n| b \\| c | `rule` |')).toEqual([{ sentence: 'a', flavour: true, names: [] }, { sentence: 'b c', flavour: false, names: ['rule'] }]);
  });
});
