import { compileSource, createMemoryHost } from '@houserules/compiler';
import { describe, expect, it } from 'vitest';
import { findTestFiles, runSuite } from '../src/index.ts';

// "The highest card of the row": max/min by a key give the element; sorted gives the list.
const ROW = `module row_game

scenario "Row" {
  players 2..2
}

card number_card { value: number, colour: red | blue }
zone row: public { number_card(4, red), number_card(9, blue), number_card(2, red), number_card(9, red), number_card(5, blue) }
zone taken: public
var highest: number = 0
var order_up: list of number = []
var order_down: list of number = []
var first_red: number = 0

flow {
  step look
}

rule look on look {
  set highest = max(c in row by c.value).value
  set first_red = min(c in row where c.colour == red by c.value).value
  set order_up = list(c in sorted(c in row by c.value): c.value)
  let down = sorted(c in row by c.value desc)
  set order_down = list(c in down: c.value)
  move card max(c in row by c.value) to taken
}

ranking p by 0 desc ties shared
`;

const TESTS = `module row_tests extends "../row.rules"

test "max by, min by and sorted" {
  players 2
  advance
  expect highest == 9
  expect first_red == 2
  expect order_up == [2, 4, 5, 9, 9]
  expect order_down == [9, 9, 5, 4, 2]
  expect first(c in taken).colour == blue
  expect count(c in row) == 4
  expect max(c in taken by c.value).value == 9
  expect max(c in taken where c.value > 100 by c.value) == none
  expect sorted(n in [3, 1, 2]) == [1, 2, 3]
}
`;

describe.each([true, false])('ordered aggregates (generated code: %s)', (codegen) => {
  it('max by is the element with the greatest key (the first on a tie); sorted is stable, either way', () => {
    const host = createMemoryHost({ 'row/row.rules': ROW, 'row/tests/row.rules': TESTS });
    const r = runSuite({ host, files: findTestFiles(host, ['row/tests/row.rules']) }, { codegen });
    expect(r.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error'))).toEqual([]);
    expect(r.files.flatMap((f) => f.tests).map((t) => [t.status, t.failure?.message, t.failure?.actual])).toEqual([['passed', undefined, undefined]]);
  });
});

describe('ordered aggregates: mistakes', () => {
  it('by on an aggregate that does not order, and a value with by, are type/aggregate-order', () => {
    const codes = (expr: string) => compileSource(ROW.replace('set highest = max(c in row by c.value).value', `set highest = ${expr}`)).diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
    expect(codes('count(c in row by c.value)')).toEqual(['type/aggregate-order']);
    expect(codes('max(c in row by c.value: c.value)')).toEqual(['type/aggregate-order']);
    expect(codes('max(c in row: c.value)')).toEqual([]);
  });
});
