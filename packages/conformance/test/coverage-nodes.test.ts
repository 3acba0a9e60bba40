import { describe, expect, it } from 'vitest';
import { createMemoryHost } from '@houserules/compiler';
import { coverageShortfalls, findTestFiles, runSuite } from '../src/index.ts';
import { run, tests } from './fixtures.ts';

// Coverage beyond rules: the actions a test took and the constraints a test saw refuse a move;
// and a README's sentence table names only what the scenario has.

describe('coverage of actions and constraints', () => {
  it('counts the tests that saw a constraint refuse a move; an action nobody took is at 0', () => {
    const r = run({
      'coins/tests/a.rules': tests(`
test "greedy is refused" {
  players 2
  advance
  p1 chooses take
  p2 chooses take
  p1 chooses take
  p2 chooses pass
  expect illegal p1 chooses take because greedy
}
`),
    });
    const c = r.coverage[0]!;
    expect(c.constraints?.map((x) => [x.name, x.tests])).toEqual([['greedy', 1]]);
    expect(c.constraintPercent).toBe(100);
    expect(c.actions).toEqual([]);
  });

  it('counts the tests that took an action; an action nobody took is at 0', () => {
    const host = createMemoryHost({
      'bank/bank.rules': `module bank

scenario "Bank" {
  players 2..2
}

token coin
pool vault { coin: 10 }
per player {
  pool purse { coin }
}

flow {
  turns {
    actions by current until pass
  }
}

action donate by current {
  move 1 coin from vault to current.purse
}

action hoard by current {
  move 2 coin from vault to current.purse
}

action pass by current {
  let _x = 1
}

ranking p by p.purse.coin desc ties shared
`,
      'bank/tests/bank.rules': `module bank_tests extends "../bank.rules"

test "a donation" {
  players 2
  advance
  p1 does donate
  p1 does pass
}
`,
    });
    const r = runSuite({ host, files: findTestFiles(host, ['bank/tests/bank.rules']) });
    const c = r.coverage[0]!;
    expect(c.actions?.map((x) => [x.name, x.tests])).toEqual([['donate', 1], ['hoard', 0], ['pass', 1]]);
    expect(c.actionPercent).toBe(66.6);
  });
});

describe('the README sentence table', () => {
  it('names only what the scenario has: a name it lacks is a shortfall, a keyword or builtin is not', () => {
    const readme = '| sentence | implemented by |\n|---|---|\n| Nobody holds more than two coins. | `greedy`, `no_such_rule_at_all`, the `ranking`, `size` |\n';
    const r = run({ 'coins/tests/a.rules': tests('test "t" {\n  players 2\n}\n'), 'coins/README.md': readme });
    expect(r.coverage[0]!.sentences?.unknownNames).toEqual(['no_such_rule_at_all']);
    expect(coverageShortfalls(r).join('\n')).toMatch(/no_such_rule_at_all/);
    const fixed = run({ 'coins/tests/a.rules': tests('test "t" {\n  players 2\n}\n'), 'coins/README.md': readme.replace(', `no_such_rule_at_all`', '') });
    expect(fixed.coverage[0]!.sentences?.unknownNames ?? []).toEqual([]);
    expect(coverageShortfalls(fixed)).toEqual([]);
  });
});
