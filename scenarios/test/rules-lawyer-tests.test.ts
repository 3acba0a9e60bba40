// What a rules lawyer asks of a test: roll a named hex's number (`fix dice to`), arrange a hex's
// number, which ending fired (`expect game over by`), one expectation per reading (`… when`), the
// order of two events (`expect event A before B`), and what left a candidate out (`because` a choice).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTestFiles, runSuite, type TestResult } from '@houserules/conformance';
import { hostWith } from './overlay-host.ts';

const scenarios = resolve(__dirname, '..');

function results(file: string, text: string): TestResult[] {
  const path = resolve(scenarios, file);
  const host = hostWith(new Map([[path, text]]));
  const r = runSuite({ host, files: findTestFiles(host, [path]) });
  const broken = r.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error'));
  if (broken.length > 0) throw new Error(JSON.stringify(broken.map((d) => [d.code, d.message, d.range?.start.line])));
  return r.files.flatMap((f) => f.tests);
}

const outcome = (t: TestResult): [string, string | undefined] => [t.status, t.failure ? `${t.failure.code}: ${t.failure.message}` : undefined];

describe('tests that say what a rules lawyer asks', () => {
  it('Catan: a hex given its number, that number rolled, what it produced', () => {
    const [t] = results('catan/tests/lawyer.rules', `module catan_lawyer extends "../base.rules"

test "the forest at the centre on an 8, the 8 rolled" {
  players 3
  arrange {
    set setup_done = true
    place robber at hex(2, -2)
    set hex(0, 0).kind = forest
    set hex(0, 0).value = 8
    place settlement of p1 at corner(0, 0, 0)
  }
  fix dice to hex(0, 0).value
  advance
  p1 does roll_dice
  expect event dice_rolled(8)
  expect hex(0, 0).value == 8
  expect p1.hand.lumber == 1
}
`);
    expect(outcome(t!)).toEqual(['passed', undefined]);
  });

  it('Catan: which end condition ended the game, and a wrong one named', () => {
    const tests = results('catan/tests/lawyer.rules', `module catan_lawyer extends "../base.rules"

test "the round limit ends it" {
  players 3
  option round_limit = 1
  play with first
  expect game over by round_limit_reached
}

test "not by ten points" {
  players 3
  option round_limit = 1
  play with first
  expect game over by ten_points
}
`);
    expect(tests.map(outcome)).toEqual([
      ['passed', undefined],
      ['failed', 'test/wrong-ending: the game ended another way'],
    ]);
  });

  it('Diamant: an expectation per reading, two events in order, a choice that leaves out a value', () => {
    const tests = results('diamant/tests/lawyer.rules', `module diamant_lawyer extends "../diamant.rules"

test "leftovers by reading" {
  option leftover_sharing in all
  players 3
  arrange {
    stack expedition: treasure(4), treasure(7)
  }
  advance
  p1 chooses continue
  p2 chooses continue
  p3 chooses continue
  expect event plans_revealed before explored
  p1 chooses exit
  p2 chooses exit
  p3 chooses continue
  expect p1.chest.ruby + p1.carried.ruby == 3 when leftover_sharing == per_card
  expect p1.chest.ruby + p1.carried.ruby == 4 when leftover_sharing == pooled
}

test "plans before the card, in that order only" {
  players 3
  advance
  p1 chooses continue
  p2 chooses continue
  p3 chooses continue
  expect event explored before plans_revealed
}
`);
    expect(tests.map((t) => [t.name, ...outcome(t)])).toEqual([
      ['leftovers by reading (leftover_sharing = per_card)', 'passed', undefined],
      ['leftovers by reading (leftover_sharing = pooled)', 'passed', undefined],
      ['plans before the card, in that order only', 'failed', 'test/event-order: event explored did not happen before plans_revealed'],
    ]);
  });

  it('high card: a choice that leaves a value out is the reason named, not a constraint', () => {
    const tests = results('examples/high-card/tests/lawyer.rules', `module high_card_lawyer extends "../high-card.rules"

test "nobody peeks at their own hand" {
  players 3
  advance
  expect illegal p1 chooses p1 because peek_at
}
`);
    expect(tests.map(outcome)).toEqual([['passed', undefined]]);
  });
});
