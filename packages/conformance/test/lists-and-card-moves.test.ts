import { createMemoryHost } from '@houserules/compiler';
import { describe, expect, it } from 'vitest';
import { findTestFiles, runSuite, type SuiteResult, type TestResult } from '../src/index.ts';

// Behaviour that once went wrong without a word: a list given to an event, a list in
// `expect event`, `move card` of no card, a card move missing from the log. Each runs on
// generated code and on the engine's closures alike.

const CLUES = `module clues

scenario "Clues" {
  players 2..2
}

card tile { value: number }
zone deck: public { tile(1..5) }
zone table: public
zone box: hidden
event told(slots: list of number)
var total: number = 0
var heard: number = 0

flow {
  step tell
}

rule tell on tell {
  emit told([7, 8, 9])
  emit told(list(c in deck where c.value >= 4: c.value))
}

rule hear on told(slots) {
  set heard = heard + count(s in slots)
  for s in slots {
    set total = total + s
  }
}

ranking p by total desc ties shared
`;

const TESTS = `module clues_tests extends "../clues.rules"

test "a list literal reaches the rule as a list" {
  players 2
  advance
  expect heard == 5
  expect total == 7 + 8 + 9 + 4 + 5
}

test "expect event compares list arguments element by element" {
  players 2
  advance
  expect event told([7, 8, 9])
  expect event told([4, 5])
  expect not event told([7, 8])
  expect not event told([9, 8, 7])
}

test "moving no card is an error" {
  players 2
  arrange {
    move card first(c in deck where c.value == 99) to table
  }
}

test "a card move is in the log" {
  players 2
  arrange {
    move card first(c in deck where c.value == 3) to box
    move cards from deck to table
  }
  expect count(c in box) == 0
}
`;

function run(codegen: boolean): SuiteResult {
  const host = createMemoryHost({ 'clues/clues.rules': CLUES, 'clues/tests/clues.rules': TESTS });
  return runSuite({ host, files: findTestFiles(host, ['clues/tests/clues.rules']) }, { codegen });
}

function test(r: SuiteResult, name: string): TestResult {
  const found = r.files.flatMap((f) => f.tests).find((t) => t.name === name);
  if (!found) throw new Error(`no test ${name}: ${JSON.stringify(r.files.map((f) => f.diagnostics))}`);
  return found;
}

describe.each([true, false])('lists and card moves (generated code: %s)', (codegen) => {
  const r = run(codegen);

  it('an event with a list parameter delivers the list, not its length', () => {
    expect(test(r, 'a list literal reaches the rule as a list').status).toBe('passed');
  });

  it('expect event matches a list argument only when every element matches in order', () => {
    expect(test(r, 'expect event compares list arguments element by element').failure).toBeUndefined();
  });

  it('move card of no card stops the game with run/no-card, at the statement that moved it', () => {
    const failed = test(r, 'moving no card is an error');
    expect(failed.status).toBe('failed');
    expect(failed.failure?.code).toBe('test/run-error');
    expect(failed.failure?.message).toMatch(/run\/no-card/);
  });

  it('a card move leaves a line in the log (the failing test lists it)', () => {
    const events = test(r, 'a card move is in the log').failure?.events ?? [];
    expect(events).toContainEqual(expect.stringMatching(/moves tile\(3\) from deck to box$/));
    expect(events).toContainEqual(expect.stringMatching(/moves 4 cards from deck to table$/));
  });
});
