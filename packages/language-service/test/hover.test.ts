import { describe, it } from 'vitest';
import { expectHover } from '../src/testing/index.ts';
import { CATAN_BASE, CATAN_BASE_FILE, CATAN_FIVE_SIX, CATAN_FIVE_SIX_FILE, DIAMANT, DIAMANT_FILE, GEMS, cursorIn } from './fixtures.ts';

describe('hover shows', () => {
  it("a rule's declaration, the sentence it cites, what triggers it and what it emits", () => {
    expectHover({ text: cursorIn(DIAMANT, 'reveal_card', 'rule '), file: DIAMANT_FILE }, {
      contains: ['rule reveal_card on', 'Triggered by', 'Emits `explored`', '> '],
    });
  });

  it("an option's type, documentation and default", () => {
    expectHover({ text: `${GEMS}rule r on explore when shar<|>ing == pooled { }\n` }, {
      contains: ['option sharing: per_card | pooled = per_card', 'How leftovers are shared.', 'Default: `per_card`'],
    });
  });

  it("a local's type", () => {
    expectHover({ text: `${GEMS}rule r on explored(c) {\n  for p in players {\n    set p<|>.in_cave = false\n  }\n}\n` }, { contains: ['p: player', '*local*'] });
  });

  it('a per-player declaration, a card field and an enum member', () => {
    expectHover({ text: `${GEMS}rule r on explore {\n  set current.in_c<|>ave = false\n}\n` }, { contains: ['per player: var in_cave: bool = true'] });
    expectHover({ text: `${GEMS}rule r on explored(c) when c is treasure {\n  let v = c.val<|>ue\n}\n` }, { contains: ['treasure.value: number'] });
    expectHover({ text: `${GEMS}end e when all(p in players: p.plan == lea<|>ve)\n` }, { contains: ['leave', 'stay | leave'] });
  });

  it('what the language declares: context names, built-in events and functions', () => {
    expectHover({ text: `${GEMS}rule r on explore {\n  set curr<|>ent.in_cave = false\n}\n` }, { contains: ['current: player', 'whose turn'] });
    expectHover({ text: `${GEMS}rule r on game_st<|>art { }\n` }, { contains: ['event game_start', 'built-in event'] });
    expectHover({ text: `${GEMS}derive d: number = mi<|>n(1, 2)\n` }, { contains: ['min(a: number, b: number): number'] });
  });

  it('a base declaration overridden in an extension, from the extension', () => {
    expectHover({ text: cursorIn(CATAN_FIVE_SIX, 'island', 'override board '), file: CATAN_FIVE_SIX_FILE, files: { [CATAN_BASE_FILE]: CATAN_BASE } }, {
      contains: ['board island', 'Overridden in `catan.five_six`'],
    });
  });

  it('the type of an expression that is no name', () => {
    expectHover({ text: `${GEMS}derive d: number = 1 <|>+ 2\n` }, { contains: ['type `number`'] });
  });

  it('nothing for a keyword or white space, and never a placeholder name', () => {
    expectHover({ text: `${GEMS}ru<|>le r on explore { }\n` }, { excludes: ['$missing'] });
    expectHover({ text: `${GEMS}rule r on explore {\n  let x = <|>\n}\n` }, { excludes: ['$missing'] });
  });
});
