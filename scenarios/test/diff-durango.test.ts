// Showcase of docs/diff.md: Durango 2017 against the 2016 card (scenarios/durango, variant durango_2016).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { checkWitness, differenceTargets, involves, isolateDifference, LockstepPair, replayWitness, searchWitness, structuralDiff, verifyWitness, witnessTest } from '@houserules/diff';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const durango = join(root, 'durango/durango.rules');
const base = join(root, 'catan/base.rules');
const host = createMemoryHost({ [durango]: readFileSync(durango, 'utf8'), [base]: readFileSync(base, 'utf8') });
const y2017 = compile(host, durango).value!;
const y2016 = compile(host, durango, { variant: 'durango_2016' }).value!;

describe('showcase: Durango 2017 against 2016', () => {
  it('reports the printing differences of the seed and nothing else', () => {
    const d = structuralDiff(y2017, y2016, { readA: host.readFile.bind(host), readB: host.readFile.bind(host) });
    expect(d.diagnostics).toEqual([]);
    const changes = Object.fromEntries(d.changes.map((c) => [`${c.status} ${c.kind} ${c.name}`, c.parts.sort()]));
    expect(changes).toEqual({
      // the path and spot wording: the limits read the same, only their words differ
      'changed constraint one_road_into_town': ['citation', 'reason'],
      'changed constraint one_settlement_in_town': ['citation', 'reason'],
      // "must build to it legally"
      'added constraint built_to_legally': [],
      // roads do not block intersections on the tile (an option: the sentence can be read two ways)
      'changed constraint settlement_connected': ['citation', 'guard'],
      'added option roads_do_not_block': [],
      // silver chosen after everyone else
      'changed rule roll_produces': ['citation', 'effects'],
      // the Longest Road sentence, worded differently
      'changed derived road_length': ['citation'],
    });
    const silver = d.changes.find((c) => c.name === 'roll_produces')!;
    expect(silver.b?.cite).toMatch(/after all other players have taken their resources/);
    // 2017's silver with the roll's production (its default silver_timing) is gone; the choice after it stays
    expect(silver.source?.some((l) => l.op === '-' && l.text.includes('emit choosing_silver(total, true)'))).toBe(true);
    expect(silver.source?.some((l) => l.op === ' ' && l.text.includes('emit choosing_silver(total, false)'))).toBe(true);
  });

  it('finds a game where a settlement in town is legal only on the 2016 card, and writes it as a test', () => {
    // the search from seed 1 is what `houserules diff` and the bench run; here one game from the seed it finds, unshrunk, keeps the suite fast
    const r = searchWitness({ graph: y2017, options: {} }, { graph: y2016, options: {} }, { players: 4, seed: 50, games: 1, shrink: false, budgetSeconds: 120 });
    const w = r.witness!;
    expect(w).not.toBeNull();
    expect(w.divergence.kind).toBe('options');
    expect(w.divergence.detail).toMatch(/only in the second: p\d does build_settlement\(hex\(0, 0\)\.(station|hotel|store)/);
    // the 2017 card's connection rule refuses it: the witness of that difference (docs/diff.md, "A witness per difference")
    expect(w.divergence.touched).toContain('constraint settlement_connected');
    expect(w.divergence.touched).not.toContain('constraint built_to_legally');
    const texts = witnessTest(w, { extends: './durango.rules', variant: null, options: {} }, { extends: './durango.rules', variant: 'durango_2016', options: {} }, { a: 'Durango 2017', b: 'Durango 2016', module: 'durango_witness' });
    const check = checkWitness(host, join(root, 'durango/durango_witness.rules'), texts);
    expect(check).toMatchObject({ passesOnA: true, failsOnB: true, failureOnB: 'test/move-legal', problem: null });
  });

  it('shows "must build to it legally" at work inside 2016: the 2016 card without only that sentence, against the 2016 card', () => {
    const read = host.readFile.bind(host);
    const diff = structuralDiff(y2017, y2016, { readA: read, readB: read });
    const targets = differenceTargets(diff, y2017, y2016);
    const limit = targets.find((t) => t.nodes[0] === 'constraint built_to_legally')!;
    // taken alone into 2017 it adds nothing: 2017 already asks for a road to every settlement
    const plus = isolateDifference(limit, y2017, y2016, { host, fileA: durango, readB: read });
    if ('problem' in plus) throw new Error(plus.problem);
    // the game `houserules diff --behaviour --budget-seconds 40` found (seed 1, shrunk to 38 decisions), played again
    const moves = [
      'p1 does place_start_settlement(corner(0, -2, 5))',
      'p1 does place_start_road(edge(0, -2, 4))',
      'p2 does place_start_settlement(corner(-1, -1, 1))',
      'p2 does place_start_road(edge(-1, -1, 0))',
      'p3 does place_start_settlement(corner(-2, 0, 4))',
      'p3 does place_start_road(edge(-2, 0, 3))',
      'p4 does place_start_settlement(corner(2, -2, 1))',
      'p4 does place_start_road(edge(2, -2, 0))',
      'p4 does place_start_settlement(corner(2, 0, 0))',
      'p4 does place_start_road(edge(2, 0, 0))',
      'p3 does place_start_settlement(corner(2, -1, 2))',
      'p3 does place_start_road(edge(2, -1, 1))',
      'p2 does place_start_settlement(corner(2, -2, 5))',
      'p2 does place_start_road(edge(2, -2, 4))',
      'p1 does place_start_settlement(corner(0, 2, 1))',
      'p1 does place_start_road(edge(0, 2, 0))',
      'p1 does roll_dice',
      'p1 does end_turn',
      'p2 does roll_dice',
      'p2 does end_turn',
      'p3 does roll_dice',
      'p3 does end_turn',
      'p4 does roll_dice',
      'p4 does end_turn',
      'p1 does roll_dice',
      'p1 does end_turn',
      'p2 does roll_dice',
      'p2 chooses hex(1, -1)',
      'p2 does end_turn',
      'p3 does roll_dice',
      'p3 does offer_trade',
      'p3 chooses add_give',
      'p3 chooses lumber',
      'p3 chooses add_want',
      'p3 chooses wool',
      'p3 chooses make_offer',
      'p2 chooses accept',
      'p3 chooses p2',
    ];
    expect(replayWitness(new LockstepPair({ graph: y2017, options: {} }, { graph: plus.graph, options: {} }, 4), 1, moves)).toBeNull();
    // 2016 without it (2017 with every other difference taken): a settlement in town is legal there, not on the 2016 card
    const minus = isolateDifference(targets.filter((t) => t !== limit), y2017, y2016, { host, fileA: durango, readB: read });
    if ('problem' in minus) throw new Error(minus.problem);
    const shown = replayWitness(new LockstepPair({ graph: minus.graph, options: {} }, { graph: y2016, options: {} }, 4), 1, moves, 0, (d) => involves(d, limit))!;
    expect(shown).not.toBeNull();
    expect(shown.divergence.touched).toContain('constraint built_to_legally');
    const verified = verifyWitness({ players: 4, seed: 1, moves: shown.moves }, shown.divergence.candidates, { host, path: join(root, 'durango/durango_witness.rules'), a: { extends: './durango.rules', variant: null, options: {} }, b: { extends: './durango.rules', variant: 'durango_2016', options: {} } }, { direction: 'minus', declarations: minus.declarations });
    expect(verified).toMatchObject({ expect: expect.stringMatching(/^expect legal p\d does build_settlement\(hex\(0, 0\)\.(station|hotel|store)\)$/), failureOnB: 'test/move-illegal' });
  });

  it('shows the silver chosen after everyone else by a hand: settlers in town, the town\'s number rolled (an arrangement made from the guard)', () => {
    const read = host.readFile.bind(host);
    const diff = structuralDiff(y2017, y2016, { readA: read, readB: read });
    const some = { ...diff, changes: diff.changes.filter((c) => c.name === 'roll_produces') };
    const a = { extends: './durango.rules', variant: null, options: {} };
    const b = { extends: './durango.rules', variant: 'durango_2016', options: {} };
    const verify = { host, path: join(root, 'durango/silver_witness.rules'), a, b };
    const r = searchWitness({ graph: y2017, options: {} }, { graph: y2016, options: {} }, { steerBy: some, players: 4, budgetSeconds: 300, isolate: { host, fileA: durango, readB: read }, verify });
    const d = r.differences[0]!;
    const w = d.witness!;
    expect(w).not.toBeNull();
    // its guard names the town (`durango_hex`: hex(0, 0)), what lies inside it and its number against the roll
    expect(w.found.arrangement).toMatch(/^guard of rule roll_produces: pieces on hex\(0, 0\)/);
    expect(w.arrange).toContain('  place settlement of p1 at hex(0, 0).station');
    expect(w.moves.length).toBeLessThanOrEqual(30);
    // what a player sees (a hand, the options offered), not the event or a scratch var such as `owed_now`
    expect(w.verified?.expect).toMatch(/^expect (p\d\.hand\.\w+ == \d+|(not )?p\d asked|(il)?legal .*)$/);
    const texts = witnessTest([{ label: d.label, witness: w, isolated: d.isolation === 'isolated' ? d.isolatedDeclarations : null, direction: d.direction ?? null }], a, b, { a: 'Durango', b: 'Durango 2016', module: 'silver_witness' });
    expect(checkWitness(host, verify.path, texts)).toMatchObject({ passesOnA: true, failsOnB: true, problem: null });
  });
});
