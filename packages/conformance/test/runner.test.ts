import { describe, expect, it } from 'vitest';
import { run, tests } from './fixtures.ts';

const TWO_ROUNDS = `
test "two takers" {
  players 2
  advance
  p1 chooses take
  p2 chooses pass
  expect p1.purse.coin == 1 and p2.purse.coin == 0
  expect event took(p1, 1)
  expect not event took(p2)
  p1 chooses take
  p2 chooses take
  expect illegal p1 chooses take because greedy
  p1 chooses pass
  p2 chooses take
  expect game over winners [p1, p2]
  expect bank.coin == 6
}
`;

describe('running tests', () => {
  it('passes a test whose expectations hold: events with arguments, illegal moves with their reason, winners', () => {
    const r = run({ 'coins/tests/a.rules': tests(TWO_ROUNDS) });
    expect(r.files[0]!.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.files[0]!.tests.map((t) => [t.name, t.status, t.failure?.message])).toEqual([['two takers', 'passed', undefined]]);
    expect(r.passed).toBe(1);
  });

  it('runs on the engine\'s closures with codegen: false, never generating code (a page under a strict CSP)', () => {
    const real = globalThis.Function;
    let generated = 0;
    globalThis.Function = new Proxy(real, { construct: () => { generated++; throw new EvalError('code generation is refused here'); } });
    try {
      const r = run({ 'coins/tests/a.rules': tests(TWO_ROUNDS) }, { codegen: false });
      expect(r.files[0]!.tests.map((t) => t.status)).toEqual(['passed']);
    } finally {
      globalThis.Function = real;
    }
    expect(generated).toBe(0);
  });

  it('fails a wrong expectation with both sides, the step and its file:line:col, and the events before it', () => {
    const r = run({ 'coins/tests/a.rules': tests(`test "wrong" {\n  players 2\n  advance\n  p1 chooses take\n  p2 chooses take\n  expect p1.purse.coin == 3\n}\n`) });
    const t = r.files[0]!.tests[0]!;
    expect(t.status).toBe('failed');
    expect(t.failure).toMatchObject({ code: 'test/expectation-failed', expected: '3', actual: '1', file: 'coins/tests/a.rules', text: 'expect p1.purse.coin == 3' });
    expect(t.failure!.range.start).toMatchObject({ line: 8, column: 3 });
    expect(t.failure!.events.some((e) => e.includes('p2 chooses take'))).toBe(true);
    expect(r.failed).toBe(1);
  });

  it('shows a number past the language\'s range as a number, not as an empty name (a score of 2^87)', () => {
    const r = run({ 'coins/tests/a.rules': tests(`test "huge" {\n  players 2\n  expect bank.coin * 134217728 * 134217728 * 134217728 == 0\n}\n`) });
    const failure = r.files[0]!.tests[0]!.failure!;
    expect(failure.code).toBe('test/expectation-failed');
    expect(failure.actual).not.toBe('');
    expect(Number(failure.actual)).toBe(10 * 2 ** 81);
    expect(failure.expected).toBe('0');
  });

  it('shows the part of an `and` that fails', () => {
    const r = run({ 'coins/tests/a.rules': tests(`test "and" {\n  players 2\n  expect bank.coin == 10 and mint.coin == 0 and bank.coin == 9\n}\n`) });
    expect(r.files[0]!.tests[0]!.failure).toMatchObject({ expected: '9', actual: '10' });
  });

  it('reports the events that did happen when an expected event is missing', () => {
    const r = run({ 'coins/tests/a.rules': tests(`test "missing" {\n  players 2\n  advance\n  p1 chooses take\n  p2 chooses pass\n  expect event took(p2, 1)\n}\n`) });
    const f = r.files[0]!.tests[0]!.failure!;
    expect(f.code).toBe('test/event-missing');
    expect(f.expected).toBe('took(p2, 1)');
    expect(f.actual).toContain('took(p: p1, n: 1)');
  });

  it('fails when a move said to be illegal is accepted, and leaves the game as it was', () => {
    const r = run({ 'coins/tests/a.rules': tests(`test "legal" {\n  players 2\n  advance\n  expect illegal p1 chooses take\n  p1 chooses pass\n}\n`) });
    expect(r.files[0]!.tests[0]!.failure).toMatchObject({ code: 'test/move-legal' });
  });

  it('arranges through conserving moves: a finite pool cannot give what it lacks, an unlimited one can', () => {
    const r = run({
      'coins/tests/a.rules': tests(`
test "from nowhere" {
  players 2
  arrange {
    move 11 coin from bank to p1.purse
  }
}

test "from the mint" {
  players 2
  arrange {
    move 5 coin from mint to p1.purse
    move 2 coin from bank to p2.purse
  }
  expect p1.purse.coin == 5 and p2.purse.coin == 2 and bank.coin == 8
}
`),
    });
    const [nowhere, mint] = r.files[0]!.tests;
    expect(nowhere!.status).toBe('failed');
    expect(nowhere!.failure!.message).toContain('run/insufficient-tokens');
    expect(nowhere!.failure!.range.start.line).toBe(6);
    expect(mint!.status).toBe('passed');
  });

  it('offers the choices an arrange between moves made legal, and refuses those it made illegal', () => {
    const r = run({
      'coins/tests/a.rules': tests(`
test "arranged between moves" {
  players 2
  arrange {
    move 2 coin from bank to p1.purse
  }
  advance
  expect illegal p1 chooses take because greedy
  arrange {
    move 2 coin from p1.purse to bank
    move 2 coin from bank to p2.purse
  }
  p1 chooses take
  expect illegal p2 chooses take because greedy
  p2 chooses pass
  expect p1.purse.coin == 1
}
`),
    });
    const t = r.files[0]!.tests[0]!;
    expect([t.status, t.failure?.message]).toEqual(['passed', undefined]);
  });

  it('refuses a choice a constraint on a named choice forbids, naming the constraint', () => {
    const PICKS = `module picks

scenario "Picks" {
  players 2..2
}

token coin
pool bank { coin: unlimited }
per player {
  pool purse { coin }
}

flow {
  rounds 1 {
    turns {
      step offer
    }
  }
}

rule offer on offer {
  ask current to choose n in 1..3 as take_some then {
    move n coin from bank to current.purse
  }
}

forbid greedy on take_some(p, n) when n > p.purse.coin + 1 reason "at most one more than you hold"

test "named choice" {
  players 2
  advance
  expect illegal p1 chooses 2 because greedy
  p1 chooses 1
  arrange {
    move 2 coin from bank to p2.purse
  }
  p2 chooses 3
  expect p1.purse.coin == 1 and p2.purse.coin == 5
}

test "wrong reason" {
  players 2
  advance
  expect illegal p1 chooses 0 because greedy
}
`;
    const r = run({ 'picks/picks.rules': PICKS });
    expect(r.files[0]!.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const [named, wrong] = r.files[0]!.tests;
    expect([named!.status, named!.failure?.message]).toEqual(['passed', undefined]);
    // 0 is no option at all: refused, but not by the constraint
    expect(wrong!.failure?.code).toBe('test/wrong-reason');
  });

  it('runs options, seeds and agents: play until a condition, then to the end', () => {
    const r = run({ 'coins/tests/a.rules': tests(`test "agents" {\n  players 3\n  seed 5\n  play until round == 2 with first\n  expect round == 2\n  play with random, first\n  expect game over\n}\n`) });
    expect(r.files[0]!.tests[0]!.status).toBe('passed');
  });
});

describe('isolation', () => {
  const FOREVER = `module forever

scenario "Forever" {
  players 2..2
}

per player {
  var v: a | b = a
}
event ping

flow {
  rounds forever {
    step ask_all
  }
}

rule ask_all on ask_all {
  ask each p in players to choose p.v then {
  }
}

rule echo on ping {
  emit ping
}

test "runs away" {
  players 2
  play with random
}

test "loops" {
  players 2
  arrange {
    emit ping
  }
}

test "still runs" {
  players 2
  advance
  p1 chooses b
  p2 chooses a
  expect p1.v == b and p2.v == a
}
`;

  it('stops a runaway test and a rule loop, and runs the others', () => {
    const r = run({ 'forever/forever.rules': FOREVER }, { limits: { decisionBudget: 300, stepBudget: 500 } });
    const byName = Object.fromEntries(r.files[0]!.tests.map((t) => [t.name, t]));
    expect(byName['runs away']!.failure!.code).toBe('test/step-budget');
    expect(byName['loops']!.failure!.code).toBe('test/step-budget');
    expect(byName['still runs']!.status).toBe('passed');
  });

  it('stops a flow that never waits for a decision', () => {
    const spin = `module spin\n\nscenario "Spin" {\n  players 1..1\n}\n\nflow {\n  rounds forever {\n    step tick\n  }\n}\n\nrule tick on tick {\n  let _t = 1\n}\n\ntest "spins" {\n  players 1\n  advance\n}\n\ntest "fine" {\n  players 1\n  expect round == 0\n}\n`;
    const r = run({ 'spin/spin.rules': spin }, { limits: { flowStepBudget: 2000 } });
    expect(r.files[0]!.tests.map((t) => [t.name, t.failure?.code ?? 'passed'])).toEqual([['spins', 'test/step-budget'], ['fine', 'passed']]);
  });

  it('runs only the tests whose name contains the filter', () => {
    const r = run({ 'forever/forever.rules': FOREVER }, { filter: 'STILL' });
    expect(r.files[0]!.tests.map((t) => t.name)).toEqual(['still runs']);
  });
});

describe('bad input', () => {
  it('makes an assertion on an unknown name a compile error, not a failing test; other files still run', () => {
    const r = run({
      'coins/tests/bad.rules': tests(`test "typo" {\n  players 2\n  expect p1.pruse.coin == 0\n}\n`),
      'coins/tests/good.rules': tests(TWO_ROUNDS).replace('module coins_tests', 'module coins_good'),
    });
    const bad = r.files.find((f) => f.file.endsWith('bad.rules'))!;
    expect(bad.tests).toEqual([]);
    const err = bad.diagnostics.find((d) => d.severity === 'error')!;
    expect(err.code).toMatch(/^resolve\//);
    expect(err.range?.start.line).toBe(5);
    expect(r.brokenFiles).toBe(1);
    expect(r.passed).toBe(1);
  });

  it('makes a malformed test a diagnostic with a code and a range', () => {
    const r = run({ 'coins/tests/bad.rules': tests(`test "broken" {\n  players\n  advance\n}\n`) });
    const err = r.files[0]!.diagnostics.find((d) => d.severity === 'error')!;
    expect(err.code).toMatch(/^parse\//);
    expect(err.range).toBeDefined();
    expect(r.files[0]!.tests).toEqual([]);
  });

  it('rejects a seat beyond the players or an unknown event at compile time', () => {
    const r = run({ 'coins/tests/bad.rules': tests(`test "seat" {\n  players 2\n  expect event tooked\n}\n`) });
    expect(r.files[0]!.diagnostics.some((d) => d.code === 'resolve/unknown-event')).toBe(true);
  });
});

describe('actions', () => {
  const ACTS = `module acts

scenario "Acts" {
  players 2..2
}

token coin
pool bank { coin: unlimited }
per player {
  pool purse { coin }
}

flow {
  rounds 1 {
    turns {
      actions by current until pass
    }
  }
}

action grab(n in [1, 2, 3]) {
  move n coin from bank to actor.purse
}

action pass {
  let _done = 1
}

forbid too_many on grab(n) when actor.purse.coin + n > 4 reason "at most four"

test "taking actions" {
  players 2
  advance
  p1 does grab(3)
  expect p1.purse.coin == 3
  expect illegal p1 does grab(2) because too_many
  expect illegal p2 does grab(1)
  p1 does grab(1)
  p1 does pass
  p2 does grab(2)
  expect p2.purse.coin == 2 and p1.purse.coin == 4
}

test "a refused action fails the test with what was allowed" {
  players 2
  advance
  p1 does grab(3)
  p1 does grab(2)
}

test "an illegal move refused for another reason" {
  players 2
  advance
  expect illegal p2 does grab(1) because too_many
}
`;

  it('takes actions for seats and checks refusals with their constraint', () => {
    const r = run({ 'acts/acts.rules': ACTS });
    expect(r.files[0]!.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const [ok, refused, reason] = r.files[0]!.tests;
    expect(ok!.status).toBe('passed');
    expect(refused!.failure).toMatchObject({ code: 'test/move-refused', text: 'p1 does grab(2)' });
    expect(refused!.failure!.message).toContain('too_many');
    expect(refused!.failure!.actual).toContain('grab(1)');
    expect(reason!.failure).toMatchObject({ code: 'test/wrong-reason' });
  });
});

describe('dice', () => {
  const DICE = `module dice

scenario "Dice" {
  players 1..2
}

token pip
pool bank { pip: unlimited }
pool pot { pip }

flow {
  rounds 2 {
    step roll_once
  }
}

rule roll_once on roll_once {
  roll 2d6 as r
  move r pip from bank to pot
}

test "fixed faces" {
  players 1
  fix dice 3, 4, 6, 6
  advance
  expect pot.pip == 3 + 4 + 6 + 6
  expect game over
}

test "fixed faces, wrongly added" {
  players 1
  fix dice 3, 4, 6, 6
  advance
  expect pot.pip == 20
}
`;

  it('fixes the next dice faces', () => {
    const r = run({ 'dice/dice.rules': DICE });
    const [fixed, wrong] = r.files[0]!.tests;
    expect(fixed!.status).toBe('passed');
    expect(wrong!.failure).toMatchObject({ expected: '20', actual: '19' });
    expect(r.files[0]!.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('where tests live', () => {
  it('runs the tests of a scenario module from that module, and a test file only its own', () => {
    const withTest = `module coins_more extends "./coins.rules"\n\ntest "own" {\n  players 2\n  expect bank.coin == 10\n}\n`;
    const r = run({ 'coins/more.rules': withTest, 'coins/tests/a.rules': `module t extends "../more.rules"\n\ntest "mine" {\n  players 2\n  expect mint.coin == 0\n}\n` });
    expect(r.files.map((f) => [f.file, f.tests.map((t) => t.name)])).toEqual([
      ['coins/more.rules', ['own']],
      ['coins/tests/a.rules', ['mine']],
    ]);
  });
});
