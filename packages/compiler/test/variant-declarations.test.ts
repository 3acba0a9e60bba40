import { describe, expect, it } from 'vitest';
import { compileText, errorsOf } from './helpers.ts';

/** A card game for 2–4 whose "big table" variant seats six: more cards, a new suit, a third plan, a bigger purse. */
const GAME = `module table

scenario "Table" {
  source "rulebook.txt"
  players 2..4
}

token chip
pool bank { chip: 20 }
card number { value: number }
zone deck: hidden { number(1), number(2), number(3) }
per player {
  pool purse { chip max 3 }
  var plan: stay | go = stay
  zone hand: owner
}
event dealt(n: number)
flow {
  rounds 1 {
    step deal
  }
}
rule deal on deal {
  for p in players {
    draw top of deck to p.hand as c
    emit dealt(c.value)
    if p.plan == go {
      move 1 chip from bank to p.purse
    }
  }
}
rule note on dealt(n) {
  let _n = n
}

variant big_table "Six players, a fourth card and suits" {
  scenario "Table for six" {
    players 3..6
  }
  override card number { value: number, suit: red | blue }
  override zone deck: hidden { number(1, red), number(2, red), number(3, blue), number(4, blue), number(5, red), number(6, blue) }
  override var plan: stay | go | wait = wait
  override pool purse { chip max 5 }
  override option generous: bool = true
}

option generous: bool = false
`;

describe('a variant replaces any declaration', () => {
  it('compiles the base game unchanged', () => {
    const { graph, diagnostics } = compileText(GAME);
    expect(errorsOf(diagnostics)).toEqual([]);
    expect(graph!.scenario).toMatchObject({ title: 'Table', players: { min: 2, max: 4 }, source: 'rulebook.txt' });
    expect(graph!.zones.find((z) => z.name === 'deck')!.contents).toHaveLength(3);
  });

  it('takes the variant’s scenario block (players, title) and keeps what it does not say (the source)', () => {
    const { graph, diagnostics } = compileText(GAME, 'big_table');
    expect(errorsOf(diagnostics)).toEqual([]);
    expect(graph!.scenario).toMatchObject({ title: 'Table for six', players: { min: 3, max: 6 }, source: 'rulebook.txt', variant: 'big_table' });
  });

  it('replaces a zone’s cards, a card kind’s fields, an enum, a per-player pool and an option, keeping their scope', () => {
    const { graph } = compileText(GAME, 'big_table');
    const g = graph!;
    expect(g.zones.find((z) => z.name === 'deck')!.contents).toHaveLength(6);
    expect(g.cardKinds.find((k) => k.name === 'number')!.fields.map((f) => f.name)).toEqual(['value', 'suit']);
    const plan = g.vars.find((v) => v.name === 'plan')!;
    expect(plan).toMatchObject({ scope: 'player', type: { t: 'enum', values: ['stay', 'go', 'wait'] } });
    const purse = g.pools.find((p) => p.name === 'purse')!;
    expect(purse.scope).toBe('player');
    expect(JSON.stringify(purse)).toContain('5');
    expect(g.options.find((o) => o.name === 'generous')!.default).toBe(true);
  });

  it('a replacement is checked like a declaration: a card spec that no longer fits is an error at the spec', () => {
    const broken = GAME.replace('override zone deck: hidden { number(1, red), number(2, red), number(3, blue), number(4, blue), number(5, red), number(6, blue) }\n', '');
    const { diagnostics } = compileText(broken, 'big_table');
    expect(errorsOf(diagnostics).map((d) => d.code)).toContain('type/arity');
  });

  it('overriding a declaration that does not exist says so, with the names there are', () => {
    const { diagnostics } = compileText(GAME.replace('override zone deck:', 'override zone decks:'), 'big_table');
    const d = errorsOf(diagnostics).find((x) => x.code === 'resolve/unknown-override-target');
    expect(d?.hint).toContain('deck');
  });

  it('declaring a base’s zone again without `override` is a duplicate whose hint says how to replace it', () => {
    const { diagnostics } = compileText(GAME.replace('override zone deck:', 'zone deck:'), 'big_table');
    const d = errorsOf(diagnostics).find((x) => x.code === 'resolve/duplicate');
    expect(d?.hint).toContain('override zone deck');
  });
});
