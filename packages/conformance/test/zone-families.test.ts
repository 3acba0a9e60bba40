import { compileSource, createMemoryHost } from '@houserules/compiler';
import { createGame, loadGraph } from '@houserules/engine';
import { describe, expect, it } from 'vitest';
import { findTestFiles, runSuite } from '../src/index.ts';

// Rows of cards as one family of zones: `zone row[1..3]: public`, `move card c to row[r]`.
const ROWS = `module rows_of_cards

scenario "Rows of cards" {
  players 2..2
}

card number_card { value: number }
zone deck: public { number_card(1..6) }
zone row[1..3]: public

flow {
  step lay
}

rule lay on lay {
  for r in 1..3 {
    move card first(c in deck) to row[r]
    move card first(c in deck) to row[r]
  }
}

ranking p by 0 desc ties shared
`;

const TESTS = `module rows_tests extends "../rows.rules"

test "two cards a row, each row its own zone" {
  players 2
  advance
  expect count(c in deck) == 0
  expect count(c in row[1]) == 2 and count(c in row[2]) == 2 and count(c in row[3]) == 2
  expect sum(c in row[3]: c.value) == 11
  expect sum(r in 1..3: count(c in row[r] where c.value > 2)) == 4
}

test "a key outside the family stops the game" {
  players 2
  arrange {
    move card first(c in deck) to row[count(c in deck)]
  }
}
`;

describe.each([true, false])('families of zones (generated code: %s)', (codegen) => {
  it('each key is a zone of its own; a key outside the family is run/key-out-of-range', () => {
    const host = createMemoryHost({ 'rows/rows.rules': ROWS, 'rows/tests/rows.rules': TESTS });
    const r = runSuite({ host, files: findTestFiles(host, ['rows/tests/rows.rules']) }, { codegen });
    expect(r.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error'))).toEqual([]);
    const [good, bad] = r.files.flatMap((f) => f.tests);
    expect([good!.status, good!.failure?.message]).toEqual(['passed', undefined]);
    expect(bad!.failure?.message).toMatch(/run\/key-out-of-range/);
  });
});

describe('families of zones', () => {
  it('the view and the log name each zone by its key', () => {
    const game = createGame(loadGraph(compileSource(ROWS).value!).value!, { seed: 1, players: 2 }).value!;
    const zones = game.view(0).zones as Record<string, { count: number }>;
    expect(Object.keys(zones)).toEqual(['deck', 'row[1]', 'row[2]', 'row[3]']);
    expect(zones['row[2]']!.count).toBe(2);
    expect(game.log.filter((e) => e.event === '$move').map((e) => e.data['to'])).toEqual(['row[1]', 'row[1]', 'row[2]', 'row[2]', 'row[3]', 'row[3]']);
  });

  it('a family named without a key, a constant key outside it, a family per player, too many zones: diagnostics', () => {
    const codes = (source: string) => compileSource(source).diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
    expect(codes(ROWS.replace('to row[r]\n    move', 'to row\n    move'))).toEqual(['type/zone-needs-key']);
    expect(codes(ROWS.replace('to row[r]\n    move', 'to row[4]\n    move'))).toEqual(['type/key-out-of-range']);
    expect(codes(ROWS.replace('zone row[1..3]: public', 'per player {\n  zone row[1..3]: public\n}'))).toContain('type/zone-family-scope');
    expect(codes(ROWS.replace('zone row[1..3]: public', 'zone row[1..5000]: public'))).toEqual(['limit/zone-keys']);
  });
});
