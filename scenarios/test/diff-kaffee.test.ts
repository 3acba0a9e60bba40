// Showcase of docs/diff.md: Diamond Islands (seed 000, English) against Kaffee für Catan (seed 004, German).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { checkWitness, differenceTargets, searchWitness, structuralDiff, witnessTest } from '@houserules/diff';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files: Record<string, string> = {};
for (const dir of ['catan', 'diamond-islands', 'kaffee']) {
  for (const f of readdirSync(join(root, dir))) if (f.endsWith('.rules')) files[join(root, dir, f)] = readFileSync(join(root, dir, f), 'utf8');
}
const host = createMemoryHost(files);
const islandsFile = join(root, 'diamond-islands/diamond-islands.rules');
const islands = compile(host, islandsFile).value!;
const kaffee = compile(host, join(root, 'kaffee/kaffee.rules')).value!;
const read = (f: string): string | undefined => files[f];
const diff = structuralDiff(islands, kaffee, { readA: read, readB: read });
const change = (kind: string, name: string) => diff.changes.find((c) => c.kind === kind && c.name === name);

describe('showcase: Diamond Islands against Kaffee für Catan', () => {
  it('names every differing sentence of the two cards, with the English and the German citation', () => {
    expect(diff.diagnostics).toEqual([]);
    const seen = (kind: string, name: string, status: string, parts?: string[]): void => {
      const c = change(kind, name);
      expect(c, `${kind} ${name}`).toBeDefined();
      expect(c!.status, `${kind} ${name}`).toBe(status);
      if (parts) expect(c!.parts.slice().sort(), `${kind} ${name}`).toEqual(parts.slice().sort());
    };
    // the robber's threshold: "3 or more" against "über 3"
    seen('derived', 'robber_threshold_reached', 'changed', ['definition', 'citation']);
    const robber = change('derived', 'robber_threshold_reached')!;
    expect(robber.a?.cite).toMatch(/only after at least one player has 3 or more victory points/);
    expect(robber.b?.cite).toMatch(/über 3 Siegpunkte/);
    expect(robber.source?.some((l) => l.op === '-' && l.text.includes('p.vp >= 3'))).toBe(true);
    expect(robber.source?.some((l) => l.op === '+' && l.text.includes('p.vp > 3'))).toBe(true);
    // the pirate's blocking: the same constraints, in Kaffee's own words (no effect on play)
    seen('constraint', 'pirate_blocks_building', 'changed', ['reason', 'citation']);
    seen('constraint', 'pirate_pins_ships', 'changed', ['reason', 'citation']);
    // the pirate's victims: "a ship or trading route" (an option) against "dessen Schiff"
    seen('derived', 'beside_pirate', 'changed');
    seen('option', 'pirate_victims', 'removed');
    // the end: 14 points, the supply and the mines against three villages
    seen('end', 'fourteen_points', 'changed');
    seen('end', 'general_supply_exhausted', 'removed');
    seen('end', 'two_mines_exhausted', 'removed');
    seen('end', 'general_supply_short', 'removed');
    seen('end', 'three_villages_left', 'added');
    seen('option', 'coffee_end', 'added');
    // empty posts: the mine's option against a village that pays nothing
    seen('option', 'empty_mine_route', 'removed');
    seen('derived', 'pays_on', 'changed');
    seen('rule', 'trading_route_established', 'changed');
    // the general supply short
    seen('rule', 'supply_short_ends_game', 'removed');
    seen('option', 'shortfall', 'changed', ['type', 'default', 'documentation', 'citation']);
    // trade, then build against any order
    seen('option', 'trade_build_order', 'changed', ['default', 'documentation', 'citation']);
    expect(change('option', 'trade_build_order')!.b?.cite).toMatch(/in beliebiger Reihenfolge/);
    // the robber on a mine (a village is a corner: no such sentence in Kaffee)
    seen('option', 'mine_under_robber', 'removed');
    // no building on the trading islands; where the starting settlements stand
    seen('constraint', 'trade_islands_unsettled', 'changed');
    expect(diff.renamed).toContainEqual(expect.objectContaining({ kind: 'constraint', from: 'start_on_main_island', to: 'start_on_large_islands' }));
    // what reads a changed threshold changed with it
    expect(change('derived', 'robber_free')).toMatchObject({ status: 'reads-changed', through: [{ kind: 'derived', name: 'extra_vp' }, { kind: 'derived', name: 'robber_threshold_reached' }] });
    // the same words in both modules are no difference: the shared rules of Seafarers and the base game
    expect(change('rule', 'seven')?.status).toBe('reads-changed');
    expect(diff.unchanged).toBeGreaterThan(200);
  });

  it('witnesses the map at set-up, and the trade/build order with Kaffee\'s sentence taken alone into Diamond Islands', () => {
    // two of the differences (the suite's budget); `houserules diff --behaviour` looks for every one
    const some = { ...diff, changes: diff.changes.filter((c) => (c.kind === 'board' && c.name === 'island') || (c.kind === 'option' && c.name === 'trade_build_order')) };
    const r = searchWitness({ graph: islands, options: {} }, { graph: kaffee, options: {} }, { steerBy: some, players: 4, games: 40, budgetSeconds: 120, isolate: { host, fileA: islandsFile, readB: read } });
    const [order, board] = [r.differences.find((d) => d.label === 'option trade_build_order')!, r.differences.find((d) => d.label === 'board island')!];
    // the maps differ: the games part at the first settlement
    expect(board.witness?.moves).toEqual([]);
    expect(board.witness?.divergence.kind).toBe('options');
    // every game of the two cards diverges at set-up, so the order is shown with only Kaffee's default taken into Diamond Islands
    expect(order.elsewhere).toBeGreaterThan(0);
    expect(order.isolation).toBe('isolated');
    expect(order.isolatedDeclarations).toBe('option trade_build_order = any_order');
    expect(order.witness?.divergence.kind).toBe('options');
    expect(order.witness?.divergence.detail).toMatch(/legal only in the second: p\d does offer_trade/);
    expect(order.witness!.moves.length).toBeLessThan(order.witness!.found.moves);

    const witnesses = [board, order].map((d) => ({ label: d.label, witness: d.witness!, isolated: d.isolation === 'isolated' ? d.isolatedDeclarations : null }));
    const texts = witnessTest(witnesses, { extends: './diamond-islands.rules', variant: null, options: {} }, { extends: '../kaffee/kaffee.rules', variant: null, options: {} }, { a: 'Diamond Islands', b: 'Kaffee für Catan', module: 'islands_witness' });
    expect(texts.isolated.map((x) => x.label)).toEqual(['option trade_build_order']);
    const check = checkWitness(host, join(root, 'diamond-islands/islands_witness.rules'), texts);
    expect(check).toMatchObject({ passesOnA: true, failsOnB: true, problem: null });
    expect(check.tests?.map((t) => t.failureOnB)).toEqual(['test/move-illegal', 'test/move-legal']);
  });

  it('witnesses the robber\'s threshold by what a player sees: with Kaffee\'s "über 3" taken alone, a 7 at 3 points offers the robber on Diamond Islands only', () => {
    const some = { ...diff, changes: diff.changes.filter((c) => c.kind === 'derived' && c.name === 'robber_threshold_reached') };
    const verify = { host, path: join(root, 'diamond-islands/robber_witness.rules'), a: { extends: './diamond-islands.rules', variant: null, options: {} }, b: { extends: '../kaffee/kaffee.rules', variant: null, options: {} } };
    const r = searchWitness({ graph: islands, options: {} }, { graph: kaffee, options: {} }, { steerBy: some, players: 4, budgetSeconds: 300, isolate: { host, fileA: islandsFile, readB: read }, verify });
    const d = r.differences[0]!;
    const w = d.witness!;
    expect(w).not.toBeNull();
    expect(d.direction).toBe('plus');
    // it ends on the options offered (the robber is a choice on one side only), not on the threshold's own value
    expect(w.divergence.kind).toBe('options');
    expect(w.verified?.expect).toMatch(/^expect (legal p\d chooses land_robber|p\d asked)/);
    expect(w.verified?.expect).not.toMatch(/robber_threshold_reached/);
    expect(w.found.phase).toBe('arranged');
    expect(w.moves.length).toBeLessThanOrEqual(30);
    const texts = witnessTest([{ label: d.label, witness: w, isolated: d.isolatedDeclarations, direction: 'plus' }], verify.a, verify.b, { a: 'Diamond Islands', b: 'Kaffee für Catan', module: 'robber_witness' });
    expect(checkWitness(host, verify.path, texts)).toMatchObject({ passesOnA: true, failsOnB: true, problem: null });
  });

  it('witnesses two of Diamond Islands\' ends from the pools they count, emptied: the game is over there, and goes on without the end', () => {
    const some = { ...diff, changes: diff.changes.filter((c) => c.kind === 'end' && (c.name === 'general_supply_exhausted' || c.name === 'two_mines_exhausted')) };
    const verify = { host, path: join(root, 'diamond-islands/ends_witness.rules'), a: { extends: './diamond-islands.rules', variant: null, options: {} }, b: { extends: '../kaffee/kaffee.rules', variant: null, options: {} } };
    const r = searchWitness({ graph: islands, options: {} }, { graph: kaffee, options: {} }, { steerBy: some, players: 4, budgetSeconds: 300, isolate: { host, fileA: islandsFile, readB: read }, verify });
    for (const d of r.differences) {
      const w = d.witness!;
      expect(w, d.label).not.toBeNull();
      expect(d.isolatedDeclarations).toBe(`remove ${d.label}`);
      expect(w.found.arrangement, d.label).toMatch(/^guard of end \w+: .*pools it counts empty$/);
      // the supply, or two mines (a region of the map), emptied into the last player's diamonds
      expect(w.arrange?.some((l) => /^ {2}move all diamond from (general|hex\(-?\d+, -?\d+\)\.stock) to p4\.gems$/.test(l)), d.label).toBe(true);
      // `expect game over by E` names an end the isolated side lacks: the line that compiles on both is kept
      expect(w.verified?.expect, d.label).toMatch(/^expect game over( winners \[p\d(, p\d)*\])?$/);
      const texts = witnessTest([{ label: d.label, witness: w, isolated: d.isolatedDeclarations, direction: 'plus' }], verify.a, verify.b, { a: 'Diamond Islands', b: 'Kaffee für Catan', module: 'ends_witness' });
      expect(checkWitness(host, verify.path, texts), d.label).toMatchObject({ passesOnA: true, failsOnB: true, problem: null });
    }
  });

  it('witnesses the third, the general supply short, from the flag its end reads turned (a payout sets it)', () => {
    const some = { ...diff, changes: diff.changes.filter((c) => c.kind === 'end' && c.name === 'general_supply_short') };
    const verify = { host, path: join(root, 'diamond-islands/short_witness.rules'), a: { extends: './diamond-islands.rules', variant: null, options: {} }, b: { extends: '../kaffee/kaffee.rules', variant: null, options: {} } };
    const r = searchWitness({ graph: islands, options: {} }, { graph: kaffee, options: {} }, { steerBy: some, players: 4, budgetSeconds: 300, isolate: { host, fileA: islandsFile, readB: read }, verify });
    const d = r.differences[0]!;
    const w = d.witness!;
    expect(w).not.toBeNull();
    expect(w.found.arrangement).toBe('guard of end general_supply_short: supply_short set');
    expect(w.arrange).toContain('  set supply_short = true');
    expect(w.verified?.expect).toMatch(/^expect game over/);
    const texts = witnessTest([{ label: d.label, witness: w, isolated: d.isolatedDeclarations, direction: 'plus' }], verify.a, verify.b, { a: 'Diamond Islands', b: 'Kaffee für Catan', module: 'short_witness' });
    expect(checkWitness(host, verify.path, texts)).toMatchObject({ passesOnA: true, failsOnB: true, problem: null });
  });
});

describe('differences only by the names Kaffee gave what Diamond Islands has', () => {
  const targets = differenceTargets(diff, islands, kaffee);
  const target = (key: string) => targets.find((t) => t.nodes[0] === key);
  it('are no difference in play: the renamed token and pool, and what reads them the same way', () => {
    // diamond → bean and gems → beans are *renamed?* pairs; once Kaffee's names are read as Diamond Islands', these are the same
    for (const key of ['token diamond', 'token bean', 'pool gems', 'pool beans', 'derived extra_vp', 'ranking ranking']) {
      expect(target(key)?.noEffect, key).toMatch(/the rules play the same/);
    }
  });
  it('keeps what differs in meaning besides the names: the jungle corners are not the mines’ corners, the robber’s threshold', () => {
    // trade_islands_unsettled reads mine_corner / jungle_corner: a renamed pair whose definitions differ (a mine, the jungle islands)
    expect(target('constraint trade_islands_unsettled')?.noEffect).toBeNull();
    expect(target('derived robber_threshold_reached')?.noEffect).toBeNull();
    expect(target('rule chart_the_way_to_trade')?.noEffect).toBeNull();
  });
});
