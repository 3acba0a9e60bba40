import { createMemoryHost } from '@houserules/compiler';
import { describe, expect, it } from 'vitest';
import { findTestFiles, runSuite } from '../src/index.ts';
import { run, tests } from './fixtures.ts';

/** A little card game: each player holds a hand only they see; the deck is face down; the table is open. */
const HANDS = `module hands

scenario "Hands" {
  players 2..3
}

card number { value: number }
zone deck: hidden { number(1), number(2), number(3), number(4), number(5), number(6) }
zone table: public
per player {
  zone hand: owner
}
option bonus: none | double = none "Whether a played card counts twice."
option target: number = 3
event played(p: player, c: card)
per player {
  var score: number = 0
}

flow {
  rounds 2 {
    turns {
      step deal
      step play
    }
  }
}

rule deal on deal {
  draw top of deck to current.hand as c
}

rule play on play {
  ask current to choose c in current.hand as card_to_play then {
    move card c to table
    set current.score = current.score + (if bonus == double then 2 * c.value else c.value)
    emit played(current, c)
  }
}
`;

function runHands(body: string) {
  const h = createMemoryHost({ 'hands/hands.rules': HANDS, 'hands/tests/t.rules': `module hands_tests extends "../hands.rules"\n\n${body}` });
  return runSuite({ host: h, files: findTestFiles(h, ['hands/tests/t.rules']) });
}

function outcomes(r: ReturnType<typeof runSuite>): [string, string, string | undefined][] {
  expect(r.files[0]!.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.files[0]!.tests.map((t) => [t.name, t.status, t.failure?.code]);
}

describe('expect not game over', () => {
  it('passes while the game goes on and fails, with the outcome, once it is over', () => {
    const r = run({
      'coins/tests/a.rules': tests(`
test "goes on" {
  players 2
  advance
  expect not game over
}

test "is over" {
  players 2
  play with first
  expect not game over
}
`),
    });
    expect(outcomes(r)).toEqual([['goes on', 'passed', undefined], ['is over', 'failed', 'test/game-over']]);
  });

  it('is a compile error with winners (a game that goes on has none)', () => {
    const r = run({ 'coins/tests/a.rules': tests(`test "t" {\n  players 2\n  expect not game over winners [p1]\n}\n`) });
    expect(r.files[0]!.diagnostics.map((d) => d.code)).toContain('type/mismatch');
  });
});

describe('expect event E N times', () => {
  it('counts the events since the last move, and over the current round with `this round`', () => {
    const r = run({
      'coins/tests/a.rules': tests(`
test "two takers in one round" {
  players 3
  advance
  p1 chooses take
  p2 chooses take
  p3 chooses pass
  expect event took 2 times
  expect event took(p1, 1) 1 times
  expect event took(p3) 0 times
  p1 chooses take
  expect event took 0 times
  expect event took 0 times this round
}

test "three is wrong" {
  players 3
  advance
  p1 chooses take
  p2 chooses take
  p3 chooses pass
  expect event took 3 times
}
`),
    });
    expect(outcomes(r)).toEqual([['two takers in one round', 'passed', undefined], ['three is wrong', 'failed', 'test/event-count']]);
    expect(r.files[0]!.tests[1]!.failure).toMatchObject({ expected: '3 times', actual: '2 times' });
  });

  it('`this round` sees the events of earlier moves in the same round (the round the game is in now)', () => {
    const r = runHands(`
test "two cards played in round one" {
  players 3
  advance
  p1 chooses first(c in p1.hand)
  p2 chooses first(c in p2.hand)
  expect event played 1 times
  expect event played 2 times this round
}
`);
    expect(outcomes(r)).toEqual([['two cards played in round one', 'passed', undefined]]);
  });
});

describe('what a seat is asked, and its options', () => {
  it('checks that a seat is (not) asked, which choice, and exactly its options', () => {
    const r = run({
      'coins/tests/a.rules': tests(`
test "both are asked to choose" {
  players 2
  advance
  expect p1 asked choice options [take, pass]
  expect p2 asked
  p1 chooses take
  expect not p1 asked
  expect p2 asked choice
  expect legal p2 chooses pass
  expect p2 asked
}

test "wrong options" {
  players 2
  advance
  expect p1 asked choice options [take]
}

test "not asked" {
  players 2
  advance
  p1 chooses take
  expect p1 asked
}
`),
    });
    expect(outcomes(r)).toEqual([
      ['both are asked to choose', 'passed', undefined],
      ['wrong options', 'failed', 'test/wrong-options'],
      ['not asked', 'failed', 'test/not-asked'],
    ]);
  });

  it('names a choice by its `as` name; `expect legal` fails with the options there are', () => {
    const r = runHands(`
test "the current player plays a card of their hand" {
  players 2
  advance
  expect p1 asked card_to_play
  expect not p2 asked
  expect legal p1 chooses first(c in p1.hand)
  expect legal p1 chooses first(c in deck)
}
`);
    expect(outcomes(r)).toEqual([['the current player plays a card of their hand', 'failed', 'test/move-illegal']]);
    expect(r.files[0]!.tests[0]!.failure!.text).toBe('expect legal p1 chooses first(c in deck)');
  });

  it('an unknown choice name is a compile error with a suggestion', () => {
    const r = runHands(`test "t" {\n  players 2\n  advance\n  expect p1 asked card_to_ply\n}\n`);
    const d = r.files[0]!.diagnostics.find((x) => x.code === 'resolve/unknown-name');
    expect(d?.hint).toContain('card_to_play');
  });
});

describe('what a seat can see', () => {
  it('follows the zones’ visibility: one’s own hand and the table, not another’s hand nor the deck', () => {
    const r = runHands(`
test "hands are private" {
  players 2
  advance
  expect p1 sees p1.hand
  expect not p2 sees p1.hand
  expect not p1 sees deck
  expect p2 sees table
  expect p1 sees first(c in p1.hand)
  expect not p2 sees first(c in p1.hand)
  p1 chooses first(c in p1.hand)
  expect p2 sees first(c in table)
}

test "wrong" {
  players 2
  advance
  expect p2 sees p1.hand
}
`);
    expect(outcomes(r)).toEqual([['hands are private', 'passed', undefined], ['wrong', 'failed', 'test/sees']]);
  });
});

describe('one test over each reading of an option', () => {
  it('runs once per listed value, or per value of the type with `in all`, named after the reading', () => {
    const r = runHands(`
test "a played card scores" {
  players 2
  option bonus in all
  option target in [3, 4]
  arrange {
    stack deck: number(5)
  }
  advance
  p1 chooses first(c in p1.hand)
  expect p1.score == (if bonus == double then 10 else 5)
  expect target >= 3
}
`);
    expect(outcomes(r)).toEqual([
      ['a played card scores (bonus = none, target = 3)', 'passed', undefined],
      ['a played card scores (bonus = none, target = 4)', 'passed', undefined],
      ['a played card scores (bonus = double, target = 3)', 'passed', undefined],
      ['a played card scores (bonus = double, target = 4)', 'passed', undefined],
    ]);
  });

  it('a reading that fails fails alone', () => {
    const r = runHands(`
test "scores five" {
  players 2
  option bonus in [none, double]
  arrange {
    stack deck: number(5)
  }
  advance
  p1 chooses first(c in p1.hand)
  expect p1.score == 5
}
`);
    expect(outcomes(r)).toEqual([
      ['scores five (bonus = none)', 'passed', undefined],
      ['scores five (bonus = double)', 'failed', 'test/expectation-failed'],
    ]);
  });

  it('`in all` over a number option is a compile error that says what to write', () => {
    const r = runHands(`test "t" {\n  players 2\n  option target in all\n}\n`);
    const d = r.files[0]!.diagnostics.find((x) => x.code === 'type/mismatch');
    expect(d?.hint).toContain('option target in [');
  });
});
