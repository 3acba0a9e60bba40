import { describe, expect, it } from 'vitest';
import { differenceTargets, searchWitness, structuralDiff, witnessTest } from '../src/index.ts';
import { optionReadings } from '../src/option-readings.ts';
import { BASE, graphOf } from './fixtures.ts';

// A note the table keeps (a scratch var no player sees) that only the doubled bonus pays out: the variant notes one
// coin more. Under the default reading (plain) no player can see it; under `bonus_rule = doubled` a purse shows it.
const NOTED = BASE.replace('var pot: number = 0', 'var pot: number = 0\nvar last_paid: number = 0')
  .replace(
    'rule bonus on paid(amount) when bonus_rule == doubled {\n  cite "A doubled bonus pays twice."\n  for p in players where p.plan == leave {\n    move amount coin from bank to p.purse',
    'rule bonus on paid(amount) when bonus_rule == doubled {\n  cite "A doubled bonus pays twice."\n  for p in players where p.plan == leave {\n    move last_paid coin from bank to p.purse',
  )
  .replace(
    'ranking p by',
    'rule note_paid on paid(amount) before bonus {\n  cite "The pot paid is noted."\n  set last_paid = amount\n}\n\nranking p by',
  )
  .concat('\nvariant noted "Noted plus one" {\n  override rule note_paid on paid(amount) before bonus {\n    cite "The pot paid is noted."\n    set last_paid = amount + 1\n  }\n}\n');

const files = { '/s/luck.rules': NOTED };
const { graph: a, host } = graphOf(files, '/s/luck.rules');
const b = graphOf(files, '/s/luck.rules', 'noted').graph;
const diff = structuralDiff(a, b);

describe('a difference that shows only under another reading of an option', () => {
  it('finds the readings its readers test: the option of the rule that reads the var it writes', () => {
    expect(NOTED).toContain('move last_paid coin');
    const t = differenceTargets(diff, a, b).find((x) => x.nodes[0] === 'rule note_paid')!;
    expect(optionReadings(t, a, b, { a: {}, b: {} })).toEqual([{ bonus_rule: 'doubled' }]);
    // an option set on the command line stays as it is set
    expect(optionReadings(t, a, b, { a: { bonus_rule: 'plain' }, b: { bonus_rule: 'plain' } })).toEqual([]);
  });

  it('witnesses it with that reading, on what a player holds, and its test sets the option', () => {
    const verify = { host, path: '/s/luck_witness.rules', a: { extends: './luck.rules', variant: null, options: {} }, b: { extends: './luck.rules', variant: 'noted', options: {} } };
    const r = searchWitness({ graph: a, options: {} }, { graph: b, options: {} }, { steerBy: diff, players: 2, budgetSeconds: 600, verify });
    const d = r.differences.find((x) => x.label === 'rule note_paid')!;
    const w = d.witness!;
    expect(w.options).toEqual({ bonus_rule: 'doubled' });
    expect(w.found.reading).toBe('bonus_rule = doubled');
    expect(w.verified?.expect).toMatch(/^expect p\d\.purse\.coin == \d+$/);
    const text = witnessTest([{ label: d.label, witness: w }], verify.a, verify.b, { a: 'Luck', b: 'Luck (noted)', module: 'luck_witness' }).text;
    expect(text).toContain('  option bonus_rule = doubled\n');
  });
});
