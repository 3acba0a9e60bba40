import { describe, expect, it } from 'vitest';
import { compileText, errorsOf } from './helpers.ts';

const DECK = (spec: string): string => `module numbers
card number_card { value: number }
card colour_card { value: number, colour: red | blue }
zone deck: hidden { ${spec} }
zone out: hidden
flow {
  rounds 1 {
    step deal
  }
}
rule deal on deal {
  shuffle deck
  for _i in 1..9 {
    draw top of deck to out as _c
  }
}
`;

describe('ranges in card specs', () => {
  it('`number_card(3..35)` is 33 cards numbered 3 to 35, the first on top', () => {
    const { graph, diagnostics } = compileText(DECK('number_card(3..35)'));
    expect(errorsOf(diagnostics)).toEqual([]);
    const contents = graph!.zones.find((z) => z.name === 'deck')!.contents;
    expect(contents).toHaveLength(33);
    expect(contents[0]).toEqual({ kind: 'card:number_card', count: 1, fields: { value: 3 } });
    expect(contents[32]!.fields.value).toBe(35);
  });

  it('combines with counts, named fields and other fields: `2 of colour_card(colour: red, value: 1..3)`', () => {
    const { graph } = compileText(DECK('2 of colour_card(colour: red, value: 1..3), colour_card(9, blue)'));
    const contents = graph!.zones.find((z) => z.name === 'deck')!.contents;
    expect(contents.map((c) => [c.count, c.fields.value, c.fields.colour])).toEqual([[2, 1, 'red'], [2, 2, 'red'], [2, 3, 'red'], [1, 9, 'blue']]);
  });

  it('a backwards range numbers no card and says which was meant; a range past the budget is refused', () => {
    const back = errorsOf(compileText(DECK('number_card(35..3)')).diagnostics);
    expect(back.map((d) => d.code)).toEqual(['type/empty-range']);
    expect(back[0]!.hint).toContain('3..35');
    expect(errorsOf(compileText(DECK('number_card(1..1000000)')).diagnostics).map((d) => d.code)[0]).toMatch(/^limit\//);
  });
});
