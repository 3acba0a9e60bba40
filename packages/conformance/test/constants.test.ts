import { compileSource, createMemoryHost } from '@houserules/compiler';
import { format } from '@houserules/syntax';
import { describe, expect, it } from 'vitest';
import { findTestFiles, runSuite } from '../src/index.ts';

// Named constant lists: `const colours = [red, yellow, blue]` in card specs, loops and tests; a
// variant overrides it once and every use follows.
const SETS = `module colour_sets

scenario "Colour sets" {
  players 2..2
}

const colours = [red, yellow, blue]
const ranks = 1..3
card tile { colour: red | yellow | blue | green, rank: number }
zone deck: public { tile(colours, ranks) }
var kinds: number = 0

flow {
  step count_colours
}

rule count_colours on count_colours {
  for c in colours {
    if any(t in deck where t.colour == c) {
      set kinds = kinds + 1
    }
  }
}

ranking p by kinds desc ties shared

variant four "With green" {
  override const colours = [red, yellow, blue, green]
}
`;

const TESTS = `module sets_tests extends "../sets.rules"

test "one card of each colour and rank" {
  players 2
  advance
  expect count(c in deck) == 9
  expect kinds == 3
  expect size(colours) == 3
  expect first(c in deck).colour == red and first(c in deck).rank == 1
}

test "the variant's colours" {
  variant four
  players 2
  advance
  expect count(c in deck) == 12
  expect kinds == 4
}
`;

describe('const', () => {
  it('names a list for card specs (every combination), loops and tests; a variant overrides it', () => {
    const host = createMemoryHost({ 'sets/sets.rules': SETS, 'sets/tests/sets.rules': TESTS });
    const r = runSuite({ host, files: findTestFiles(host, ['sets/tests/sets.rules']) });
    expect(r.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error'))).toEqual([]);
    expect(r.files.flatMap((f) => f.tests).map((t) => [t.name, t.status, t.failure?.message, t.failure?.actual])).toEqual([
      ['one card of each colour and rank', 'passed', undefined, undefined],
      ['the variant\u2019s colours'.replace('\u2019', "'"), 'passed', undefined, undefined],
    ]);
  });

  it('a constant is written out, is never set, is reported unused, and formats as written', () => {
    const codes = (source: string) => compileSource(source).diagnostics.map((d) => d.code);
    expect(codes(SETS.replace('const ranks = 1..3', 'const ranks = 1..player_count'))).toContain('type/mismatch');
    expect(codes(SETS.replace('set kinds = kinds + 1', 'set colours = [red]'))).toContain('type/not-assignable');
    expect(codes(SETS.replace('const ranks = 1..3', 'const ranks = 1..3\nconst spare = [1, 2]'))).toEqual(['lint/unused-declaration']);
    expect(format(SETS).value).toContain('const colours = [red, yellow, blue]');
  });
});
