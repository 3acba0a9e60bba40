// Showcase of docs/diff.md: Durango 2017 against the 2016 card (scenarios/durango, variant durango_2016).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { checkWitness, searchWitness, structuralDiff, witnessTest } from '@houserules/diff';

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
});
