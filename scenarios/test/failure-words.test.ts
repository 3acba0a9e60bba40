// A failing test reports in the author's words: legal moves as a test writes them
// (`place_start_road(edge(0, 0, 1))`, never `place_start_road(143)`), seats as p1…, refused
// actions by their name (`refuses action wait`, never `action:wait`).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTestFiles, runSuite, type TestResult } from '@houserules/conformance';
import { createMemoryHost } from '@houserules/compiler';
import { hostWith } from './overlay-host.ts';

const scenarios = resolve(__dirname, '..');

function runOne(host: ReturnType<typeof hostWith>, file: string): TestResult {
  const r = runSuite({ host, files: findTestFiles(host, [file]) });
  const t = r.files.flatMap((f) => f.tests)[0];
  if (!t) throw new Error(JSON.stringify(r.files.map((f) => f.diagnostics)));
  return t;
}

describe('a failing test names moves and seats as the author writes them', () => {
  it('Catan: a refused move lists the legal ones with their sites', () => {
    const file = resolve(scenarios, 'catan/tests/words.rules');
    const host = hostWith(new Map([[file, `module catan_words extends "../base.rules"

test "a road before the settlement" {
  players 3
  advance
  p1 does place_start_road(edge(0, 0, 0))
}
`]]));
    const failure = runOne(host, file).failure!;
    expect(failure.code).toBe('test/move-refused');
    expect(failure.actual).toMatch(/^p1 may: place_start_settlement\(corner\(-?\d+, -?\d+, \d\)\)/);
    expect(failure.actual).not.toMatch(/place_start_settlement\(\d+\)/);
    expect(failure.message).toMatch(/place_start_road\(edge\(0, 0, 0\)\)/);
  });

  it('a constraint refuses an action by its name', () => {
    const host = createMemoryHost({
      'w/w.rules': `module w

scenario "W" {
  players 2..2
}

flow {
  turns {
    actions by current until pass
  }
}

action wait by current {
  let _x = 1
}

action pass by current {
  let _y = 1
}

forbid no_waiting on wait when true reason "nobody waits"

ranking p by 0 desc ties shared
`,
      'w/tests/w.rules': `module w_tests extends "../w.rules"

test "wait" {
  players 2
  advance
  p1 does wait
}
`,
    });
    const failure = runOne(host, 'w/tests/w.rules').failure!;
    expect(failure.message).toMatch(/refuses action wait/);
    expect(failure.message).not.toMatch(/action:wait/);
    expect(failure.actual).toBe('p1 may: pass');
  });
});
