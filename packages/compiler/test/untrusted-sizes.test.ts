// Scenario files are untrusted: every size a file can make big is refused at
// compile time with its own code, at the place it is written, before it costs
// memory or time; nesting of any kind is bounded; nothing throws. Each input is
// generated here (no big committed files).
import { describe, expect, it } from 'vitest';
import {
  MAX_BOARD_RADIUS,
  MAX_CARDS,
  MAX_DICE,
  MAX_NUMBER,
  MAX_PLAYERS,
  MAX_RANGE_LENGTH,
} from '@houserules/schema';
import { MAX_NESTING } from '@houserules/syntax';
import { check, compileSource, MAX_DIAGNOSTICS_PER_FILE } from '../src/index.ts';

const HEAD = (players = '2..4') => `scenario "T" {\n  players ${players}\n}\n\nflow {\n  rounds 1 {\n    step go\n  }\n}\n`;
const codes = (text: string): string[] => compileSource(text).diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);

describe('compile-time budgets', () => {
  it.each([
    ['players 5..2', HEAD('5..2'), 'type/bad-player-range'],
    ['players 0..0', HEAD('0..0'), 'type/bad-player-range'],
    [`players 1..${MAX_PLAYERS + 1}`, HEAD(`1..${MAX_PLAYERS + 1}`), 'limit/players'],
    ['players 1..100000', HEAD('1..100000'), 'limit/players'],
  ])('refuses %s', (_what, text, code) => {
    expect(codes(text)).toEqual([code]);
    expect(compileSource(text).diagnostics[0]!.range).toBeDefined();
  });

  it('accepts the largest player range within the budget', () => {
    expect(codes(HEAD(`1..${MAX_PLAYERS}`))).toEqual([]);
  });

  it.each([
    ['a radius of 100,000', 'board b: hex radius 100000 {\n}\n'],
    [`a radius of ${MAX_BOARD_RADIUS + 1}`, `board b: hex radius ${MAX_BOARD_RADIUS + 1} {\n}\n`],
    ['a radius that its frame takes past the hex budget', `board b: hex radius ${MAX_BOARD_RADIUS} {\n  frame 10 sea\n}\n`],
    ['a frame of 1,000 rings', 'board b: hex radius 1 {\n  frame 1000 sea\n}\n'],
    ['a map hex far out', 'board b: hex map {\n  (0, 0) forest\n  (5000, 0) forest\n} {\n}\n'],
    ['a kinds list of a billion hexes', 'board b: hex radius 1 {\n  kinds [1000000000 of forest]\n}\n'],
  ])('refuses a board with %s', (_what, board) => {
    const errors = codes(`${HEAD()}${board}`);
    expect(errors).toContain('limit/board-size');
  });

  it('refuses a zone of 2^29 cards, and one just over the card budget', () => {
    expect(codes(`${HEAD()}card t\nzone z: hidden {\n  536870911 of t\n}\n`)).toContain('limit/cards');
    expect(codes(`${HEAD()}card t\nzone z: hidden {\n  ${MAX_CARDS + 1} of t\n}\n`)).toContain('limit/cards');
    expect(codes(`${HEAD()}card t\nzone z: hidden {\n  ${MAX_CARDS} of t\n}\n`)).not.toContain('limit/cards');
  });

  it('refuses dice beyond the budget, and no dice at all', () => {
    const roll = (dice: string) => `${HEAD()}rule r on go {\n  roll ${dice} as n\n}\n`;
    expect(codes(roll('99999999999d99999999999'))).toContain('limit/dice');
    expect(codes(roll(`${MAX_DICE + 1}d6`))).toContain('limit/dice');
    expect(codes(roll('0d6'))).toContain('limit/dice');
    expect(codes(roll(`${MAX_DICE}d6`))).not.toContain('limit/dice');
  });

  it('refuses a range of constants longer than the budget, in `for` and in aggregates', () => {
    const body = (stmt: string) => `${HEAD()}var v: number = 0\nrule r on go {\n  ${stmt}\n}\n`;
    expect(codes(body('for i in 0..536870911 {\n    set v = v + 1\n  }'))).toEqual(['limit/range-length']);
    expect(codes(body('set v = sum(i in 0..536870911: i)'))).toEqual(['limit/range-length']);
    expect(codes(body(`set v = sum(i in 1..${MAX_RANGE_LENGTH + 1}: i)`))).toEqual(['limit/range-length']);
    expect(codes(body(`set v = sum(i in 1..${MAX_RANGE_LENGTH}: 1)`))).toEqual([]);
  });

  it('refuses number literals beyond ±2^29 and accepts the largest', () => {
    expect(codes(`${HEAD()}derive d: number = ${MAX_NUMBER + 1}\n`)).toEqual(['parse/invalid-number']);
    expect(codes(`${HEAD()}derive d: number = 9007199254740993\n`)).toEqual(['parse/invalid-number']);
    expect(codes(`${HEAD()}derive d: number = ${MAX_NUMBER}\n`)).toEqual([]);
  });

  it('refuses a pool of 500,000,000 tokens (checked on the lowered graph) and one of 2^31', () => {
    expect(codes(`${HEAD()}token gem\npool bank { gem: 500000000 }\n`)).toEqual(['limit/pool-size']);
    expect(codes(`${HEAD()}token gem\npool bank { gem: 2147483648 }\n`)).toEqual(['parse/invalid-number']);
    expect(codes(`${HEAD()}token gem\npool bank { gem: 19 }\n`)).toEqual([]);
  });
});

describe('nesting without brackets', () => {
  const deep = (body: string) => `${HEAD()}var v: number = 0\n${body}\n`;
  it.each([
    ['an else-if chain of 1,000', `rule r on go {\n  if v == 0 {\n    set v = 1\n  }${Array.from({ length: 1000 }, (_, i) => ` else if v == ${i} {\n    set v = 1\n  }`).join('')}\n}`],
    ['10,000 `not`', `derive d: bool = ${'not '.repeat(10_000)}true`],
    ['10,000 unary `-`', `derive d: number = ${'- '.repeat(10_000)}1`],
    ['10,000 `and`', `derive d: bool = true${' and true'.repeat(10_000)}`],
    ['10,000 `+`', `derive d: number = 1${' + 1'.repeat(10_000)}`],
    ['10,000 `.x`', `derive d: number = v${'.x'.repeat(10_000)}`],
    ['5,000 brackets', `derive d: number = ${'('.repeat(5000)}1${')'.repeat(5000)}`],
  ])('%s is parse/too-deeply-nested, not an internal error', (_what, body) => {
    const result = compileSource(deep(body));
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code)).toEqual(['parse/too-deeply-nested']);
    expect(errors[0]!.range).toBeDefined();
  });

  it(`accepts nesting up to the budget (${MAX_NESTING})`, () => {
    const chain = `derive d: number = 1${' + 1'.repeat(MAX_NESTING - 10)}`;
    expect(codes(deep(chain))).toEqual([]);
  });
});

describe('many diagnostics', () => {
  it(`reports the first ${MAX_DIAGNOSTICS_PER_FILE} of 130,000 and a count, without overflowing`, () => {
    const text = `${HEAD()}${'$\n'.repeat(130_000)}`;
    const result = compileSource(text);
    expect(result.diagnostics.length).toBe(MAX_DIAGNOSTICS_PER_FILE + 1);
    const last = result.diagnostics.at(-1)!;
    expect(last.code).toBe('limit/diagnostics');
    expect(last.message).toMatch(/129800 more/);
  });

  it('stops lowering after its error budget on thousands of unknown names', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `derive d${i}: number = nope${i}`).join('\n');
    const result = check({ readFile: (p) => (p === 'm.rules' ? `${HEAD()}${lines}\n` : undefined), resolvePath: (_f, r) => r, findModule: () => undefined }, 'm.rules');
    expect(result.diagnostics.map((d) => d.code)).toContain('limit/diagnostics');
    expect(result.diagnostics.length).toBeLessThanOrEqual(MAX_DIAGNOSTICS_PER_FILE + 2);
  });
});

describe('names JavaScript objects reserve', () => {
  it.each([
    ['an option', 'option __proto__: number = 1 "x"'],
    ['an event parameter', 'event ping(__proto__: number)'],
    ['an enum member', 'option o: a | constructor = a "x"'],
    ['a var', 'var prototype: number = 0'],
    ['a card field', 'card t { constructor: number }'],
  ])('refuses one as %s', (_what, decl) => {
    expect(codes(`${HEAD()}${decl}\n`)).toContain('resolve/reserved-name');
  });
});

describe('ranking keys', () => {
  it('must be numbers (or bools): an enum key would rank by an internal index', () => {
    const text = `${HEAD()}per player {\n  var colour: red | blue = red\n  var score: number = 0\n}\n`;
    expect(codes(`${text}ranking p by p.colour desc ties shared\n`)).toEqual(['type/mismatch']);
    expect(codes(`${text}ranking p by p.score desc ties shared\n`)).toEqual([]);
  });
});
