import { describe, expect, it } from 'vitest';
import { definitionsAt, referencesAt, renameAt } from '../src/testing/index.ts';
import { CATAN_BASE, CATAN_BASE_FILE, CATAN_FIVE_SIX, CATAN_FIVE_SIX_FILE, GEMS, cursorIn } from './fixtures.ts';

const catan = { [CATAN_BASE_FILE]: CATAN_BASE };
const FILE = '/scenarios/test/test.rules';

function lineOf(text: string, what: string): number {
  return text.slice(0, text.indexOf(what)).split('\n').length;
}

describe('go to definition', () => {
  it('of a name goes to its declaration in the same module', () => {
    expect(definitionsAt({ text: `${GEMS}rule r on explore {\n  set current.in_c<|>ave = false\n}\n` })).toEqual([`${FILE}:in_cave@7`]);
  });

  it('of a name declared in the extended base goes into base.rules', () => {
    const text = cursorIn(CATAN_FIVE_SIX, 'bank', 'move 1 brick from actor.hand to ');
    const defs = definitionsAt({ text, file: CATAN_FIVE_SIX_FILE, files: catan });
    expect(defs).toHaveLength(1);
    expect(defs[0]).toMatch(new RegExp(`^${CATAN_BASE_FILE}:bank@`));
  });

  it('of an overriding declaration goes to what it overrides', () => {
    const text = cursorIn(CATAN_FIVE_SIX, 'island', 'override board ');
    expect(definitionsAt({ text, file: CATAN_FIVE_SIX_FILE, files: catan })[0]).toMatch(new RegExp(`^${CATAN_BASE_FILE}:island@`));
  });

  it('of a module reference goes to the module', () => {
    const text = cursorIn(CATAN_FIVE_SIX, '"./base.rules"');
    expect(definitionsAt({ text, file: CATAN_FIVE_SIX_FILE, files: catan })[0]).toMatch(new RegExp(`^${CATAN_BASE_FILE}:catan.base@`));
  });

  it('of a local goes to its binding; of an enum member to its type', () => {
    const rule = `${GEMS}rule r on explored(c) {\n  let v = c<|>\n}\n`;
    expect(definitionsAt({ text: rule })).toEqual([`${FILE}:c@${lineOf(rule, 'rule r on explored(c)')}`]);
    expect(definitionsAt({ text: `${GEMS}end e when all(p in players: p.plan == lea<|>ve)\n` })).toEqual([`${FILE}:leave@${lineOf(GEMS, 'var plan:')}`]);
  });

  it('of what the language declares is nowhere', () => {
    expect(definitionsAt({ text: `${GEMS}rule r on game_st<|>art { }\n` })).toEqual([]);
  });
});

describe('find references', () => {
  it('finds every use across the modules, with or without the declarations', () => {
    const text = cursorIn(CATAN_FIVE_SIX, 'bank', 'move 1 brick from actor.hand to ');
    const all = referencesAt({ text, file: CATAN_FIVE_SIX_FILE, files: catan });
    expect(all.filter((r) => r.startsWith(CATAN_BASE_FILE)).length).toBeGreaterThan(5);
    expect(all.filter((r) => r.startsWith(CATAN_FIVE_SIX_FILE)).length).toBeGreaterThan(0);
    const uses = referencesAt({ text, file: CATAN_FIVE_SIX_FILE, files: catan }, false);
    expect(uses.length).toBe(all.length - 1);
  });

  it('of a rule includes its overrides', () => {
    const text = cursorIn(CATAN_FIVE_SIX, 'place_harbours', 'override rule ');
    const refs = referencesAt({ text, file: CATAN_FIVE_SIX_FILE, files: catan });
    expect(refs.some((r) => r.startsWith(`${CATAN_BASE_FILE}:place_harbours`))).toBe(true);
    expect(refs.some((r) => r.startsWith(`${CATAN_FIVE_SIX_FILE}:place_harbours`))).toBe(true);
  });
});

describe('rename', () => {
  it('renames a declaration and every use in the module', () => {
    const result = renameAt({ text: `${GEMS}rule r on explore {\n  set current.in_c<|>ave = false\n}\nend e when all(p in players: not p.in_cave)\n` }, 'inside');
    if ('refused' in result) throw new Error(result.refused);
    const after = result.files[FILE]!;
    expect(after).not.toContain('in_cave');
    expect(after.match(/\binside\b/g)?.length).toBe(3);
  });

  it('renames across modules when the base is writable, overrides included', () => {
    const text = cursorIn(CATAN_FIVE_SIX, 'place_harbours', 'override rule ');
    const result = renameAt({ text, file: CATAN_FIVE_SIX_FILE, files: catan, writableFiles: true }, 'set_harbours');
    if ('refused' in result) throw new Error(result.refused);
    expect(Object.keys(result.files).sort()).toEqual([CATAN_BASE_FILE, CATAN_FIVE_SIX_FILE].sort());
    expect(result.files[CATAN_BASE_FILE]).toContain('rule set_harbours on');
    expect(result.files[CATAN_FIVE_SIX_FILE]).toContain('override rule set_harbours on');
    // comments keep their words: only names are renamed
    expect(result.files[CATAN_BASE_FILE]).not.toMatch(/rule place_harbours\b/);
    expect(result.files[CATAN_BASE_FILE]).toContain('overrides `place_harbours`');
  });

  it('refuses where the name is written in a read-only module', () => {
    const text = cursorIn(CATAN_FIVE_SIX, 'place_harbours', 'override rule ');
    const result = renameAt({ text, file: CATAN_FIVE_SIX_FILE, files: catan }, 'set_harbours');
    expect(result).toEqual({ refused: expect.stringContaining('read-only') });
  });

  it('refuses a name the language declares, a reserved word, a non-name and a collision', () => {
    expect(renameAt({ text: `${GEMS}rule r on explore {\n  set curr<|>ent.in_cave = false\n}\n` }, 'x')).toEqual({ refused: expect.stringContaining('declared by the language') });
    const onVar = `${GEMS}rule r on explore {\n  set current.in_c<|>ave = false\n}\n`;
    expect(renameAt({ text: onVar }, 'rule')).toEqual({ refused: expect.stringContaining('reserved') });
    expect(renameAt({ text: onVar }, '2nd')).toEqual({ refused: expect.stringContaining('not a name') });
    expect(renameAt({ text: onVar }, 'chest')).toEqual({ refused: expect.stringContaining('already declared') });
    expect(renameAt({ text: `${GEMS}end e when all(p in players: p.plan == lea<|>ve)\n` }, 'stay')).toEqual({ refused: expect.stringContaining('already one of') });
  });

  it('renames a local only in its own body', () => {
    const text = `${GEMS}rule a on explored(c) {\n  let n<|> = 1\n  emit explored(c)\n  let m = n + n\n}\nrule b on explore {\n  let n = 2\n  let k = n\n}\n`;
    const result = renameAt({ text }, 'count_here');
    if ('refused' in result) throw new Error(result.refused);
    const after = result.files[FILE]!;
    expect(after.match(/count_here/g)?.length).toBe(3);
    expect(after).toContain('let n = 2');
  });
});
