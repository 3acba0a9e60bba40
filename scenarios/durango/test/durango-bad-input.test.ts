// Durango written wrong: each mistake is a diagnostic with its code and the range of the words at
// fault, never an exception (illegal moves in play are refused by name in tests/*.rules).
import { describe, expect, it } from 'vitest';
import { check, compile } from '@houserules/compiler';
import type { Diagnostic } from '@houserules/schema';
import { readFileSync } from 'node:fs';
import { durangoFile, durangoHost } from './load-durango.ts';

const scenario = readFileSync(durangoFile, 'utf8');

/** the scenario with `from` replaced by `to` (once; `from` must occur) */
function edited(from: string, to: string): string {
  expect(scenario).toContain(from);
  return scenario.replace(from, to);
}

/** the diagnostics of the edited scenario (every variant checked), and the text each one's range covers */
function diagnose(text: string): { d: Diagnostic; covers: string }[] {
  const r = check(durangoHost(text), durangoFile);
  return r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({ d, covers: d.range ? text.slice(d.range.start.offset, d.range.end.offset) : '' }));
}

describe('Durango: bad input', () => {
  it('compiles as shipped, both printings', () => {
    expect(diagnose(scenario)).toEqual([]);
    expect(compile(durangoHost(), durangoFile, { variant: 'durango_2016' }).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('board/dangling-edge: a town path to a spot that does not exist', () => {
    const found = diagnose(edited('tracks: corner 1 to hotel', 'tracks: corner 1 to saloon'));
    expect(found.map((f) => [f.d.code, f.covers])).toContainEqual(['board/dangling-edge', 'saloon']);
    expect(found.find((f) => f.d.code === 'board/dangling-edge')!.d.file).toBe(durangoFile);
  });

  it('board/dangling-edge: a town path from a corner the hex does not have', () => {
    const found = diagnose(edited('trail: corner 5 to station', 'trail: corner 6 to station'));
    expect(found.map((f) => [f.d.code, f.covers])).toContainEqual(['board/dangling-edge', 'corner 6']);
  });

  it('type/no-such-member: a rule naming a spot the town does not have', () => {
    const found = diagnose(`${scenario}\nderive saloon: corner = durango_hex.saloon\n`);
    const d = found.find((f) => f.d.code === 'type/no-such-member');
    expect(d?.covers).toBe('saloon');
    expect(d?.d.hint).toContain('station');
  });

  it('resolve/unknown-override-target: a variant overriding a rule the scenario does not have', () => {
    const found = diagnose(edited('  override rule roll_produces on dice_rolled(total) when total != 7 {\n    cite "You must', '  override rule roll_silver on dice_rolled(total) when total != 7 {\n    cite "You must'));
    expect(found.map((f) => [f.d.code, f.covers])).toContainEqual(['resolve/unknown-override-target', 'roll_silver']);
  });

  it('resolve/unknown-override-target: a variant overriding a constraint the scenario does not have', () => {
    const found = diagnose(edited('  override forbid one_road_into_town on build_road(e)', '  override forbid one_road_in_town on build_road(e)'));
    const d = found.find((f) => f.d.code === 'resolve/unknown-override-target');
    expect(d?.covers).toBe('one_road_in_town');
  });
});
