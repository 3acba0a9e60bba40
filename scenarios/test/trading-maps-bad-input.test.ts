// Maps that break what the diamond and coffee cards say are reported with a code and the place in
// the scenario, never a crash: a mine no ship can reach (the invariant mines_reached_by_ship, at its
// declaration), a village corner that is not on the board (board/unknown-site, at the corner).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { createGame, loadGraph } from '@houserules/engine';

const dir = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string): string => readFileSync(dir + file, 'utf8');

/** compiles `entry` (replacing its text) with the Catan modules it extends */
function compileWith(entry: string, text: string): ReturnType<typeof compile> {
  const files = { [dir + entry]: text, [dir + 'catan/seafarers.rules']: read('catan/seafarers.rules'), [dir + 'catan/base.rules']: read('catan/base.rules') };
  return compile(createMemoryHost(files), dir + entry);
}

function lineOf(text: string, fragment: string): number {
  return text.slice(0, text.indexOf(fragment)).split('\n').length;
}

describe('bad maps for the trading scenarios', () => {
  it('a diamond mine no ship can reach breaks mines_reached_by_ship at game start, at its declaration', () => {
    const original = read('diamond-islands/diamond-islands.rules');
    // the south-west mine moved far out: the frame around it touches nothing else
    const text = original.replace('(-5, 4) mine 4', '(-11, 4) mine 4').replace('(-1, 4) (-5, 4)]', '(-1, 4) (-11, 4)]');
    expect(text).not.toBe(original);
    const compiled = compileWith('diamond-islands/diamond-islands.rules', text);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const game = createGame(loadGraph(compiled.value).value!, { seed: 1, players: 3, checkInvariants: true }).value!;
    expect(game.error?.code).toBe('run/invariant');
    expect(game.error?.message).toContain('mines_reached_by_ship');
    expect(game.error?.file).toBe(dir + 'diamond-islands/diamond-islands.rules');
    expect(game.error?.range?.start.line).toBe(lineOf(text, 'invariant mines_reached_by_ship'));
    // the map as shipped holds
    const shipped = createGame(loadGraph(compileWith('diamond-islands/diamond-islands.rules', original).value).value!, { seed: 1, players: 3, checkInvariants: true }).value!;
    expect(shipped.error).toBeNull();
  });

  it('a mine touching the main island breaks mines_are_islands', () => {
    const text = read('diamond-islands/diamond-islands.rules').replace('(2, 0) sea', '(2, 0) mine 6').replace('region mines = [', 'region mines = [(2, 0) ');
    const compiled = compileWith('diamond-islands/diamond-islands.rules', text);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const game = createGame(loadGraph(compiled.value).value!, { seed: 1, players: 3, checkInvariants: true }).value!;
    expect(game.error?.code).toBe('run/invariant');
    expect(game.error?.message).toContain('mines_are_islands');
    expect(game.error?.range?.start.line).toBe(lineOf(text, 'invariant mines_are_islands'));
  });

  it('a village corner that is not on the board is board/unknown-site at the corner, when compiling', () => {
    const original = read('kaffee/kaffee.rules');
    const text = original.replace('corner(1, 0, 3), corner(1, 0, 1)', 'corner(1, 0, 3), corner(9, 9, 1)');
    expect(text).not.toBe(original);
    const compiled = compileWith('kaffee/kaffee.rules', text);
    const found = compiled.diagnostics.filter((d) => d.code === 'board/unknown-site');
    expect(found).toHaveLength(1);
    const d = found[0]!;
    expect(d.severity).toBe('error');
    expect(text.slice(d.range!.start.offset, d.range!.end.offset)).toBe('corner(9, 9, 1)');
    // and a corner index out of 0..5
    const bad = compileWith('kaffee/kaffee.rules', original.replace('set corner(1, 0, 1).village_number = 11', 'set corner(1, 0, 7).village_number = 11'));
    expect(bad.diagnostics.map((x) => x.code)).toContain('board/unknown-site');
  });

  it('a village off the jungle islands breaks villages_on_jungle_islands', () => {
    const text = read('kaffee/kaffee.rules').replace('corner(1, 0, 3), corner(1, 0, 1)', 'corner(1, 0, 3), corner(0, 0, 5)');
    const compiled = compileWith('kaffee/kaffee.rules', text);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const game = createGame(loadGraph(compiled.value).value!, { seed: 1, players: 3, checkInvariants: true }).value!;
    expect(game.error?.code).toBe('run/invariant');
    expect(game.error?.message).toContain('villages_on_jungle_islands');
  });
});
