// Every array of game state keeps V8's small-integer (Smi) elements through whole
// games (docs/design/compiled-rules.md, "Done so far"). One double stored into
// any of them — a value read from a Float64Array, say — turns that array, and
// every array later made at the same place, into an array of doubles for the rest
// of the process; nothing else would notice but the speed. V8's own test
// functions tell the element kind (natives syntax, switched on for this file).
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent, type Game } from '@houserules/engine';

setFlagsFromString('--allow-natives-syntax');
// compiled after the flag is set, so the % call parses
const hasSmiElements = new Function('a', 'return %HasSmiElements(a)') as (a: unknown) => boolean;

const here = (f: string): string => fileURLToPath(new URL(`../${f}`, import.meta.url));

function load(entry: string) {
  const file = here(entry);
  const compiled = compile(createMemoryHost({ [file]: readFileSync(file, 'utf8') }), file);
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadGraph(compiled.value);
  expect(loaded.diagnostics).toEqual([]);
  return loaded.value!;
}

/** the game's arrays of numbers (non-empty, not typed arrays) whose elements are not all Smis, by name */
function nonSmiArrays(game: Game): string[] {
  const arrays: [string, unknown][] = Object.entries(game).filter(([, v]) => Array.isArray(v) && v.length > 0 && typeof v[0] === 'number');
  game.zoneCards.forEach((z, i) => arrays.push([`zoneCards[${i}]`, z]));
  game.lists.forEach((l, i) => arrays.push([`lists[${i}]`, l]));
  return arrays.filter(([, a]) => (a as unknown[]).length > 0 && !hasSmiElements(a)).map(([name]) => name);
}

describe('game state in small integers', () => {
  it('is the natives check itself working: an array holding a double is not Smi', () => {
    expect(hasSmiElements([1, 2, 3])).toBe(true);
    expect(hasSmiElements([1, 2.5])).toBe(false);
  });

  it.each([
    ['catan/base.rules', { round_limit: 500 }],
    ['diamant/diamant.rules', {}],
  ])('%s: every state array keeps Smi elements through random games', (entry, options) => {
    const lg = load(entry);
    for (let seed = 1; seed <= 4; seed++) {
      const result = playGame(lg, { seed, players: 4, options, recordLog: false }, [randomAgent(seed)]);
      expect(result.outcome).not.toBeNull();
      expect(nonSmiArrays(result.game!)).toEqual([]);
    }
  });
});
