import { describe, expect, it } from 'vitest';
import { check, compileTests, createMemoryHost } from '../src/index.ts';
import { PRELUDE } from './helpers.ts';

const TESTS = `
variant rich { }
test "a round pays everyone" {
  cite "Everyone takes what was found."
  players 3
  seed 7
  arrange { stack deck: chip(3) }
  advance
  p1 chooses go
  expect p2.purse.gem == 1
  expect event found(1)
  expect not event tick
  play until round == 2 with random, first
  expect game over winners [p1]
}
test "only in the rich variant" {
  variant rich
  expect bank.coin == 5
}
`;

describe('compileTests', () => {
  const host = createMemoryHost({ 'm.rules': PRELUDE + TESTS });

  it('lowers the test blocks of the base game, with seats as seat indexes', () => {
    const result = compileTests(host, 'm.rules');
    expect(result.diagnostics).toEqual([]);
    const tests = result.value!.tests;
    expect(tests.map((t) => t.name)).toEqual(['a round pays everyone']);
    const [test] = tests;
    expect(test!.players).toBe(3);
    expect(test!.seed).toBe(7);
    expect(test!.provenance.cite).toBe('Everyone takes what was found.');
    expect(test!.steps.map((s) => s.t)).toEqual(['arrange', 'advance', 'choose', 'expect', 'expectEvent', 'expectEvent', 'play', 'expectGameOver']);
    expect(test!.steps[2]).toMatchObject({ t: 'choose', seat: 0, value: { k: 'lit', v: 'go' } });
    expect(test!.steps[3]).toMatchObject({ t: 'expect', condition: { k: 'bin', op: '==', l: { k: 'count', pool: 'pool:purse', token: 'token:gem', of: { k: 'seat', index: 1 } } } });
    expect(test!.steps[0]).toMatchObject({ t: 'arrange', body: [{ s: 'stack', zone: { zone: 'zone:deck' }, cards: [{ kind: 'card:chip', count: 1, fields: { worth: 3 } }] }] });
  });

  it('lowers a variant\'s tests when that variant is compiled', () => {
    const result = compileTests(host, 'm.rules', { variant: 'rich' });
    expect(result.value!.tests.map((t) => t.name)).toEqual(['only in the rich variant']);
  });

  it('reports mistakes in tests like mistakes in rules', () => {
    const broken = createMemoryHost({ 'm.rules': `${PRELUDE}\ntest "t" {\n  expect p1.purse.gm == 1\n  expect event fund\n  variant ritch\n}\n` });
    const codes = check(broken, 'm.rules').diagnostics.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['resolve/unknown-token', 'resolve/unknown-event', 'resolve/unknown-variant']));
  });
});
