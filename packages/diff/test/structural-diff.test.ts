import { describe, expect, it } from 'vitest';
import { structuralDiff, type NodeChange } from '../src/index.ts';
import { BASE, graphOf, read } from './fixtures.ts';

const key = (c: NodeChange): string => `${c.status} ${c.kind} ${c.name}`;

function diffOf(a: string, b: string, variantB?: string) {
  const fa = { '/s/a.rules': a };
  const fb = { '/s/b.rules': b };
  const ga = graphOf(fa, '/s/a.rules').graph;
  const gb = graphOf(fb, '/s/b.rules', variantB).graph;
  return structuralDiff(ga, gb, { readA: read(fa), readB: read(fb) });
}

describe('the structural diff', () => {
  it('finds no difference between a scenario and itself reformatted, commented, reordered and with locals renamed', () => {
    let b = BASE.replace('rule pay_leavers on paid(amount) {', '// leavers are paid first\nrule pay_leavers   on paid(amount)   {')
      .replace('for p in players where p.plan == leave {\n    move amount coin from bank to p.purse\n  }\n}\n\nrule bonus', 'for q in players where q.plan == leave {\n        move amount coin from bank to q.purse\n  }\n}\n\nrule bonus');
    // move the deal rule below the others (it hears another event, so firing order is the same)
    const deal = 'rule deal on deal {\n  cite "Put three coins in the pot."\n  set pot = pot + 3\n}\n';
    b = b.replace(deal, '') + '\n' + deal;
    expect(b).not.toBe(BASE);
    const d = diffOf(BASE, b);
    expect(d.changes).toEqual([]);
    expect(d.diagnostics).toEqual([]);
    expect(d.unchanged).toBe(d.shared);
  });

  it('reports a changed rule by part, with its source diff, both locations and citations', () => {
    const b = BASE.replace('set pot = pot + 3', 'set pot = pot + 4').replace('cite "Leavers share the pot."', 'cite "Leavers split the pot."');
    const d = diffOf(BASE, b);
    const deal = d.changes.find((c) => c.name === 'deal')!;
    expect(deal.status).toBe('changed');
    expect(deal.parts).toEqual(['effects']);
    expect(deal.a?.file).toBe('/s/a.rules');
    expect(deal.b?.file).toBe('/s/b.rules');
    expect(deal.a?.cite).toBe('Put three coins in the pot.');
    expect(deal.source?.filter((l) => l.op !== ' ').map((l) => `${l.op}${l.text.trim()}`)).toEqual(['-set pot = pot + 3', '+set pot = pot + 4']);
    const pay = d.changes.find((c) => c.name === 'pay_leavers')!;
    expect(pay.parts).toEqual(['citation']);
  });

  it('reports rules changed only through a derived value or an option default they read', () => {
    const b = BASE.replace('derive worth: number = purse.coin', 'derive worth: number = purse.coin + 1');
    const d = diffOf(BASE, b);
    expect(d.changes.map(key).sort()).toEqual(['changed derived worth', 'reads-changed ranking ranking']);
    const v = diffOf(BASE, BASE, 'generous');
    expect(v.changes.map(key).sort()).toEqual(['changed option bonus_rule', 'reads-changed rule bonus']);
    expect(v.changes.find((c) => c.name === 'bonus_rule')!.source).toEqual([
      { op: '-', text: 'option bonus_rule = plain' },
      { op: '+', text: 'option bonus_rule = doubled' },
    ]);
  });

  it('offers an added and a removed rule that mean the same as renamed?', () => {
    const d = diffOf(BASE, BASE.replace('rule pay_leavers on', 'rule pay_the_leavers on'));
    expect(d.changes.map(key).sort()).toEqual(['added rule pay_the_leavers', 'removed rule pay_leavers']);
    expect(d.renamed).toEqual([expect.objectContaining({ kind: 'rule', from: 'pay_leavers', to: 'pay_the_leavers', similarity: 1 })]);
  });

  it('reports a new firing order of two rules on one event as timing', () => {
    const bonusAt = BASE.indexOf('rule bonus');
    const bonus = BASE.slice(bonusAt, BASE.indexOf('ranking p'));
    const b = BASE.replace(bonus, '').replace('rule pay_leavers', `${bonus}rule pay_leavers`);
    const d = diffOf(BASE, b);
    expect(d.changes.map(key).sort()).toEqual(['changed rule bonus', 'changed rule pay_leavers']);
    expect(d.changes.every((c) => c.parts.includes('timing'))).toBe(true);
  });

  it('compares what is in force: a variant that overrides a rule is compared by its override', () => {
    const withOverride = BASE.replace('variant generous "Generous" {', 'variant generous "Generous" {\n  override rule deal on deal {\n    cite "Put five coins in the pot."\n    set pot = pot + 5\n  }');
    const files = { '/s/a.rules': withOverride };
    const base = graphOf(files, '/s/a.rules').graph;
    const variant = graphOf(files, '/s/a.rules', 'generous').graph;
    expect(variant.rules.filter((r) => r.name === 'deal').length).toBe(2);
    const d = structuralDiff(base, variant, { readA: read(files), readB: read(files) });
    const deal = d.changes.find((c) => c.name === 'deal')!;
    expect(deal.parts.sort()).toEqual(['citation', 'effects']);
    expect(deal.b?.cite).toBe('Put five coins in the pot.');
    expect(deal.source?.some((l) => l.op === '+' && l.text.includes('pot + 5'))).toBe(true);
    // against itself the variant (and its overridden base rule) shows no difference
    expect(structuralDiff(variant, variant).changes).toEqual([]);
  });

  it('says when two scenarios share no declaration, and refuses graphs of different schema versions', () => {
    const other = `module other\nscenario "Other" { players 2..2 }\ntoken bean\npool sack { bean: 3 }\nflow { rounds 1 { step go } }\nrule go on go { move 1 bean from sack to sack }\n`;
    const d = diffOf(BASE, other);
    expect(d.diagnostics.map((x) => x.code)).toEqual(['diff/unrelated-scenarios']);
    const g = graphOf({ '/s/a.rules': BASE }, '/s/a.rules').graph;
    const newer = { ...g, version: 2 } as unknown as typeof g;
    const v = structuralDiff(g, newer);
    expect(v.diagnostics.map((x) => x.code)).toEqual(['diff/schema-version']);
    expect(v.changes).toEqual([]);
  });
});
