import { createMemoryHost } from '@houserules/compiler';
import { describe, expect, it } from 'vitest';
import { findTestFiles, runSuite } from '../src/index.ts';

// `turns from P`: the player who took the last row starts the next round, in every turn order.
const ROWS = `module rows

scenario "Rows" {
  players 3..4
}

var last_taker: player = none
per player {
  var took: number = 0
}
event took_row(p: player)

flow {
  rounds 3 {
    turns from if last_taker == none then first(p in players) else last_taker {
      step take
    }
  }
}

rule take on take {
  ask current to choose n in 0..1 as taking then {
    if n == 1 {
      set current.took = current.took + 1
      set last_taker = current
      emit took_row(current)
    }
  }
}

ranking p by p.took desc ties shared
`;

const TESTS = `module rows_tests extends "../rows.rules"

test "the player who took the last row starts the next round, and the turns go round from there" {
  players 4
  advance
  expect current == p1
  p1 chooses 0
  p2 chooses 0
  p3 chooses 1
  p4 chooses 0
  expect round == 2
  expect current == p3
  p3 chooses 0
  expect current == p4
  p4 chooses 0
  expect current == p1
  p1 chooses 0
  expect current == p2
  p2 chooses 1
  expect round == 3
  expect current == p2
}
`;

function run(source: string, codegen: boolean) {
  const host = createMemoryHost({ 'rows/rows.rules': source, 'rows/tests/rows.rules': TESTS });
  return runSuite({ host, files: findTestFiles(host, ['rows/tests/rows.rules']) }, { codegen });
}

describe.each([true, false])('turns from P (generated code: %s)', (codegen) => {
  it('start at P and go round in seat order', () => {
    const r = run(ROWS, codegen);
    expect(r.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error'))).toEqual([]);
    expect(r.files.flatMap((f) => f.tests).map((t) => [t.status, t.failure?.message])).toEqual([['passed', undefined]]);
  });

  it('in reverse order from P, and a P who is no player stops the game', () => {
    const reverse = ROWS.replace('turns from', 'turns in reverse order from');
    const tests = `module rows_tests extends "../rows.rules"

test "reverse from p3" {
  players 4
  advance
  p1 chooses 0
  p4 chooses 0
  p3 chooses 1
  p2 chooses 0
  expect current == p3
  p3 chooses 0
  expect current == p2
}
`;
    const host = createMemoryHost({ 'rows/rows.rules': reverse, 'rows/tests/rows.rules': tests });
    const r = runSuite({ host, files: findTestFiles(host, ['rows/tests/rows.rules']) }, { codegen });
    expect(r.files.flatMap((f) => f.tests).map((t) => [t.status, t.failure?.message])).toEqual([['passed', undefined]]);
    const broken = run(ROWS.replace('then first(p in players) else last_taker', 'then none else last_taker'), codegen);
    const failure = broken.files.flatMap((f) => f.tests)[0]!.failure;
    expect(failure?.code).toBe('test/run-error');
    expect(failure?.message).toMatch(/run\/no-such-player/);
  });
});
