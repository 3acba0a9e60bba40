// lint/unused-declaration reports what the author of a file can act on, where they can act on it:
// declarations planted unused in a module, an extension and a test file are found, each at its
// own line, and nothing else is — not the base module's declarations an extension's override
// leaves unread, not a test helper that only a variant's tests read, not the follow-ons of a typo.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '@houserules/compiler';
import type { Diagnostic } from '@houserules/schema';
import { hostWith } from './overlay-host.ts';
import { scenarioHost } from './load-scenario.ts';

const scenarios = resolve(__dirname, '..');
const at = (file: string): string => resolve(scenarios, file);

/** the lint/unused-declaration warnings of checking `entry`, as `file:line name` */
function unused(entry: string, overlay: Record<string, string> = {}): string[] {
  const host = hostWith(new Map(Object.entries(overlay).map(([f, text]) => [at(f), text])));
  const result = check(host, at(entry));
  return result.diagnostics
    .filter((d: Diagnostic) => d.code === 'lint/unused-declaration')
    .map((d) => `${(d.file ?? '').slice(scenarios.length + 1)}:${d.range?.start.line} ${/`([^`]+)`/.exec(d.message)?.[1]}`)
    .sort();
}

function errors(entry: string, overlay: Record<string, string>): string[] {
  const host = hostWith(new Map(Object.entries(overlay).map(([f, text]) => [at(f), text])));
  return check(host, at(entry)).diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}

const read = (file: string): string => scenarioHost.readFile(at(file))!;

describe('lint/unused-declaration', () => {
  it('finds a var planted unused in a module, at its line', () => {
    const diamant = read('diamant/diamant.rules').replace('module diamant\n', 'module diamant\n\nvar never_read: number = 0\n');
    expect(unused('diamant/diamant.rules', { 'diamant/diamant.rules': diamant })).toEqual(['diamant/diamant.rules:6 never_read']);
  });

  it('in an extension that overrides the ending and the longest road: only its own unused option, in its own file', () => {
    const extension = `module catan_short extends "../catan/base.rules"

scenario "Short Catan" {
  players 3..4
}

option spare: number = 3 "Nothing reads this."

override end ten_points when in_own_turn and current.vp >= 8 during own turn winners [current]

remove rule longest_road
`;
    expect(unused('short/short.rules', { 'short/short.rules': extension })).toEqual(['short/short.rules:7 spare']);
  });

  it('in a test file: an unused helper is found; one that only a variant’s tests read is not', () => {
    const tests = `module diamant_helper_tests extends "../diamant.rules"

derive spare_helper: number = 2
derive rounds_left: number = 5 - round

test "a variant's test reads its helper" {
  variant incan_gold
  players 3
  expect rounds_left == 5
}
`;
    expect(unused('diamant/tests/helpers.rules', { 'diamant/tests/helpers.rules': tests })).toEqual(['diamant/tests/helpers.rules:3 spare_helper']);
  });

  it('a mistyped override is an error, with no follow-on warning about what it meant to read', () => {
    const extension = `module catan_typo extends "../catan/base.rules"

scenario "Typo" {
  players 3..4
}

option harvest: number = 2 "Read only by the override below."

override rule produc on dice_rolled(total) when total != harvest {
  let _t = total
}
`;
    const overlay = { 'typo/typo.rules': extension };
    expect(errors('typo/typo.rules', overlay).length).toBeGreaterThan(0);
    expect(unused('typo/typo.rules', overlay)).toEqual([]);
  });

  it.each(['diamant/diamant.rules', 'catan/base.rules', 'catan/seafarers.rules', 'durango/tests/durango-production.rules', 'durango/tests/durango-2016.rules', 'diamond-islands/diamond-islands.rules'])(
    'finds nothing in the shipped %s',
    (file) => {
      expect(unused(file)).toEqual([]);
    },
  );
});
