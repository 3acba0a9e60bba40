// The showcases of docs/diff.md: two printings compared, and each difference proved by a shrunk witness test.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost, type ModuleHost } from '@houserules/compiler';
import { checkWitness, searchWitness, structuralDiff, witnessTest } from '@houserules/diff';
import type { RuleGraph } from '@houserules/schema';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const diamantFile = join(root, 'diamant/diamant.rules');
const diamantText = readFileSync(diamantFile, 'utf8');

function compiled(host: ModuleHost, file: string, variant?: string): RuleGraph {
  const r = compile(host, file, variant ? { variant } : {});
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.value!;
}

describe('showcase: Diamant against Incan Gold', () => {
  const host = createMemoryHost({ [diamantFile]: diamantText });
  const diamant = compiled(host, diamantFile);
  const incan = compiled(host, diamantFile, 'incan_gold');
  const read = (f: string): string | undefined => (f === diamantFile ? diamantText : undefined);

  it('differs in the leftovers option only, and in the two rules that read it', () => {
    const d = structuralDiff(diamant, incan, { readA: read, readB: read });
    expect(d.diagnostics).toEqual([]);
    expect(d.changes.map((c) => `${c.status} ${c.kind} ${c.name}`).sort()).toEqual([
      'changed option leftover_sharing',
      'reads-changed rule share_leftovers_per_card',
      'reads-changed rule share_leftovers_pooled',
    ]);
    expect(d.renamed).toEqual([]);
  });

  it('has a witness of a few decisions that passes on Diamant and fails on Incan Gold', () => {
    const r = searchWitness({ graph: diamant, options: {} }, { graph: incan, options: {} }, { steerBy: structuralDiff(diamant, incan), budgetSeconds: 600 });
    const w = r.witness!;
    expect(w).not.toBeNull();
    expect(w.moves.length).toBeLessThanOrEqual(20);
    // the step that diverges is where several leave together: one leftovers rule fires on each side
    expect(w.divergence.rules.map((x) => x.rule).sort()).toEqual(['share_leftovers_per_card', 'share_leftovers_pooled']);
    const texts = witnessTest(w, { extends: './diamant.rules', variant: null, options: {} }, { extends: './diamant.rules', variant: 'incan_gold', options: {} }, { a: 'Diamant', b: 'Incan Gold', module: 'diamant_witness' });
    const check = checkWitness(host, join(root, 'diamant/diamant_witness.rules'), texts);
    expect(check.problem).toBeNull();
    expect(check.passesOnA && check.failsOnB).toBe(true);
  });
});

describe('showcase: a scenario against itself, reformatted and reordered', () => {
  it('shows no difference', () => {
    // comments and layout changed, locals renamed, rules of other events and the policies moved
    const cut = (text: string, from: string, to: string): [string, string] => {
      const i = text.indexOf(from);
      const j = text.indexOf(to, i);
      expect(i).toBeGreaterThanOrEqual(0);
      return [text.slice(0, i) + text.slice(j), text.slice(i, j)];
    };
    let text = diamantText.replaceAll('\n  ', '\n    ').replaceAll('// ──', '// reordered ──');
    let moved: string;
    [text, moved] = cut(text, 'rule clear_path on round_end', 'rule exchange_rubies');
    text = text.replace('rule shuffle_expedition on game_start', `${moved}rule shuffle_expedition on game_start`);
    [text, moved] = cut(text, 'policy cautious', '// reordered ── Variants');
    text = text.replace('// reordered ── Setup and rounds', `${moved}// reordered ── Setup and rounds`);
    text = text.replace('for p in players {\n      set p.in_cave = true', 'for explorer in players {\n      set explorer.in_cave = true');
    expect(text).toContain('set explorer.in_cave = true');
    const other = join(root, 'diamant/reordered.rules');
    const host = createMemoryHost({ [diamantFile]: diamantText, [other]: text });
    const d = structuralDiff(compiled(host, diamantFile), compiled(host, other), { readA: host.readFile.bind(host), readB: host.readFile.bind(host) });
    expect(d.changes).toEqual([]);
    expect(d.unchanged).toBe(d.shared);
    const v = structuralDiff(compiled(host, diamantFile, 'incan_gold'), compiled(host, other, 'incan_gold'));
    expect(v.changes).toEqual([]);
  });
});

describe('showcase: two readings of diamond mines’ short_payout', () => {
  const minesDir = join(root, 'diamond-mines');
  const files = Object.fromEntries(
    [join(minesDir, 'base.rules'), join(minesDir, 'mines.rules'), join(root, 'catan/base.rules')].map((f) => [f, readFileSync(f, 'utf8')]),
  );
  const host = createMemoryHost(files);
  const file = join(minesDir, 'base.rules');
  const mines = compiled(host, file);
  const a = { extends: './base.rules', variant: null, options: {} };
  const b = { extends: './base.rules', variant: null, options: { short_payout: 'mine_paid_first' } };

  it('is witnessed from an arrangement made from the guard: a mine and the general supply low, three settlements on it, its number rolled', () => {
    const read = (f: string): string | undefined => host.readFile(f);
    const diff = structuralDiff(mines, mines, { readA: read, readB: read, optionsA: a.options, optionsB: b.options });
    const r = searchWitness({ graph: mines, options: a.options }, { graph: mines, options: b.options }, {
      steerBy: diff,
      players: 4,
      budgetSeconds: 600,
      verify: { host, path: join(minesDir, 'short_witness.rules'), a, b },
    });
    const d = r.differences.find((x) => x.label === 'option short_payout')!;
    const w = d.witness!;
    expect(w).not.toBeNull();
    expect(w.found.phase).toBe('arranged');
    expect(w.found.arrangement).toMatch(/^guard of option short_payout: /);
    expect(w.arrange).toContain('  place settlement of p1 at corner(0, -2, 0)');
    expect(w.moves.length).toBeLessThanOrEqual(30);
    // what a player sees: a hand of diamonds (nothing paid on the first reading, the mine's one diamond on the second)
    expect(w.verified?.expect).toMatch(/^expect p\d\.gems\.diamond == \d+$/);
    const texts = witnessTest([{ label: d.label, witness: w }], a, b, { a: 'nothing_paid', b: 'mine_paid_first', module: 'short_witness' });
    expect(checkWitness(host, join(minesDir, 'short_witness.rules'), texts)).toMatchObject({ passesOnA: true, failsOnB: true, problem: null });
  });
});
