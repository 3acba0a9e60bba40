import { createMemoryHost } from '@houserules/compiler';
import { describe, expect, it } from 'vitest';
import { findEntryFiles } from '../src/scenario-entries.ts';

const BASE = `module base
scenario "Base" { players 2..2 }
var score: number = 0
flow { step go }
ranking p by score desc ties shared
`;

describe('findEntryFiles', () => {
  it('a test module stays a test module when it declares derived values, policies or invariants for its tests', () => {
    const files = {
      'base.rules': BASE,
      'tests/plain.rules': 'module plain extends "../base.rules"\n\ntest "t" {\n  players 2\n}\n',
      'tests/helpers.rules': 'module helpers extends "../base.rules"\n\nderive doubled: number = 2 * score\n\ninvariant small: score < 10\n\ntest "t" {\n  players 2\n  expect doubled == 0\n}\n',
      'house.rules': 'module house extends "./base.rules"\n\nrule extra on go {\n  set score = 1\n}\n\ntest "t" {\n  players 2\n}\n',
    };
    const found = findEntryFiles(createMemoryHost(files), Object.keys(files));
    expect([...found.testModules].sort()).toEqual(['tests/helpers.rules', 'tests/plain.rules']);
    // a module that adds a rule changes the game: a scenario of its own, even with tests in it
    expect(found.entries).toContain('house.rules');
    expect(found.testModules.has('house.rules')).toBe(false);
  });
});
