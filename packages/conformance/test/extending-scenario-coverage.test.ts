import { describe, expect, it } from 'vitest';
import { coverageShortfalls } from '../src/index.ts';
import { run } from './fixtures.ts';

/** A scenario module that extends the coins scenario: its own scenario block, rulebook, one new rule, one override. */
const MORE = `module coins.more extends "./coins.rules"

scenario "More coins" {
  source "more.txt"
  players 3..4
}

rule bonus on took(p, n) {
  cite "A taker takes a bonus."
  move 1 coin from mint to p.purse
}

override rule never on took(p, n) when n > 9 {
  cite "Nobody ever takes ten."
  let _z = n
}
`;

const MORE_RULEBOOK = 'A taker takes a bonus. Nobody ever takes ten.\n';

const BASE_TESTS = `module coins_tests extends "../coins.rules"

test "nothing happens before the first step" {
  players 2
  expect bank.coin == 10
}
`;

const MORE_TESTS = `module more_tests extends "../more.rules"

test "a bonus" {
  cite "A taker takes a bonus."
  players 3
  advance
  p1 chooses take
  p2 chooses pass
  p3 chooses pass
  expect p1.purse.coin == 2
}
`;

function suite(extra: Record<string, string> = {}) {
  return run({ 'coins/more.rules': MORE, 'coins/more.txt': MORE_RULEBOOK, 'coins/tests/base.rules': BASE_TESTS, 'coins/tests/more.rules': MORE_TESTS, ...extra });
}

describe('coverage of a scenario module that extends another', () => {
  it('is computed per scenario module, with inherited rules covered by the extension’s own tests', () => {
    const r = suite();
    expect(r.failed).toBe(0);
    expect(r.coverage.map((c) => [c.module, c.scenario, c.title])).toEqual([
      ['coins', 'coins/coins.rules', 'Coins'],
      ['coins.more', 'coins/more.rules', 'More coins'],
    ]);
    const [base, more] = r.coverage;
    // the base's test fires nothing: the extension's firings do not count for the base
    expect(base!.rules.map((x) => [x.name, x.tests, x.own])).toEqual([['offer', 0, true], ['note', 0, true], ['never', 0, true]]);
    expect(base!.percent).toBe(0);
    // inherited offer and note fire in the extension's test; never is overridden and bonus added
    expect(more!.rules.map((x) => [x.name, x.tests, x.own])).toEqual([['offer', 1, false], ['note', 1, false], ['never', 0, true], ['bonus', 1, true]]);
    expect(more!.percent).toBe(75);
    expect(more!.ownPercent).toBe(50);
  });

  it('reads each scenario’s own rulebook', () => {
    const [base, more] = suite().coverage;
    expect(base!.sentences?.total).toBe(5);
    expect(more!.sentences?.total).toBe(2);
    expect(more!.sentences?.untested).toEqual(['Nobody ever takes ten.']);
    expect(more!.sentences?.unimplemented).toEqual([]);
  });

  it('accepts inherited rules citing the base rulebook and reports cites found in neither, with or without a final period', () => {
    const [, more] = suite().coverage;
    // `note` is inherited and cites the base rulebook; the fixture's base rule `never` cites a sentence of no rulebook
    expect(more!.sentences?.unknownCites).toEqual(['Nobody ever takes six.']);
    const stray = `${MORE}\nrule stray on took(p, n) {\n  cite "a taker hums a tune"\n  let _y = n\n}\n`;
    const [, withStray] = suite({ 'coins/more.rules': stray }).coverage;
    expect([...withStray!.sentences!.unknownCites].sort()).toEqual(['Nobody ever takes six.', 'a taker hums a tune']);
  });

  it('applies a number in conformance.json to every scenario module of the folder', () => {
    const r = suite({ 'coins/conformance.json': '{ "coverage": 70 }' });
    expect(r.coverage.map((c) => [c.threshold, c.ownThreshold])).toEqual([[70, null], [70, null]]);
    expect(coverageShortfalls(r)).toHaveLength(1);
  });

  it('takes thresholds per module name, for all rules and for the rules the module adds or overrides', () => {
    const r = suite({ 'coins/conformance.json': '{ "coverage": { "coins.more": { "all": 75, "own": 60 } } }' });
    expect(r.coverage.map((c) => [c.threshold, c.ownThreshold])).toEqual([[null, null], [75, 60]]);
    expect(coverageShortfalls(r)).toHaveLength(1);
    const named = suite({ 'coins/conformance.json': '{ "coverage": { "coins": 0, "coins.more": 75 } }' });
    expect(named.coverage.map((c) => [c.threshold, c.ownThreshold])).toEqual([[0, null], [75, null]]);
    expect(coverageShortfalls(named)).toEqual([]);
  });
});
