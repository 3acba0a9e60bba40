import { describe, expect, it } from 'vitest';
import { run } from './fixtures.ts';

/** A scenario module extending the coins scenario, with a failing test of its own. */
const MORE = `module coins.more extends "./coins.rules"

// a comment before the test
test "its own, wrong" {
  players 2
  advance
  // a comment between steps
  p1 chooses take
  p2 chooses pass
  expect p1.purse.coin == 5
}
`;

/** A test module extending the extension: each test fails at a different kind of step. */
const TESTS = `// tests of the extension
module more_tests extends "../more.rules"

test "a wrong expectation" {
  players 2
  advance
  p1 chooses take
  p2 chooses pass
  // the purse holds one coin
  expect p1.purse.coin == 2
}

test "a missing event" {
  players 2
  advance
  p1 chooses pass
  p2 chooses pass
      expect event took(p1, 1)
}

test "a refused move" {
  players 2
  advance
  p2 chooses take
  p2 chooses take
}

test "an arrange that cannot happen" {
  players 2
  arrange {
    move 11 coin from bank to p1.purse
  }
}

test "not over" {
  players 2
  advance
  expect game over
}
`;

describe('the location of a failing step in a module that extends another', () => {
  const r = run({ 'coins/more.rules': MORE, 'coins/tests/more.rules': TESTS });
  const at = (file: string, name: string) => {
    const t = r.files.find((f) => f.file === file)!.tests.find((x) => x.name === name)!;
    expect(t.status).toBe('failed');
    return [t.failure!.file, t.failure!.range.start.line, t.failure!.range.start.column, t.failure!.text];
  };

  it('is the step’s own file:line:col in the scenario module', () => {
    expect(at('coins/more.rules', 'its own, wrong')).toEqual(['coins/more.rules', 10, 3, 'expect p1.purse.coin == 5']);
  });

  it('is the step’s own file:line:col in a test module, whatever the step', () => {
    const file = 'coins/tests/more.rules';
    expect(at(file, 'a wrong expectation')).toEqual([file, 10, 3, 'expect p1.purse.coin == 2']);
    expect(at(file, 'a missing event')).toEqual([file, 18, 7, 'expect event took(p1, 1)']);
    expect(at(file, 'a refused move')).toEqual([file, 25, 3, 'p2 chooses take']);
    expect(at(file, 'an arrange that cannot happen')).toEqual([file, 30, 3, 'arrange { move 11 coin from bank to p1.purse }']);
    expect(at(file, 'not over')).toEqual([file, 38, 3, 'expect game over']);
  });

  it('is the test itself when the game cannot start and the test has no steps', () => {
    const broken = `module broken extends "../coins.rules"\n\ninvariant rich_bank: bank.coin > 10\n\ntest "no steps" {\n  players 2\n}\n\ntest "one step" {\n  players 2\n  expect round == 0\n}\n`;
    const tests = run({ 'coins/tests/broken.rules': broken }).files[0]!.tests;
    expect(tests.map((t) => [t.status, t.failure?.code, t.failure?.range.start.line, t.failure?.range.start.column])).toEqual([
      ['failed', 'test/run-error', 5, 1],
      ['failed', 'test/run-error', 11, 3],
    ]);
  });
});
