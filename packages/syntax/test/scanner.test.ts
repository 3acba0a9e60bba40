import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Lexer, type IToken } from 'chevrotain';
import DIAMANT from '../../../scenarios/diamant/diamant.rules?raw';
import ALL from './fixtures/all-constructs.rules?raw';
import { scanTokens } from '../src/scan-tokens.ts';
import { lexerTokens } from '../src/tokens.ts';

/** The reference: chevrotain's own lexer over the same token patterns. */
const reference = new Lexer(lexerTokens, { positionTracking: 'full', ensureOptimizations: true });

const shape = (t: IToken) => ({
  image: t.image, type: t.tokenType.name, startOffset: t.startOffset, endOffset: t.endOffset,
  startLine: t.startLine, endLine: t.endLine, startColumn: t.startColumn, endColumn: t.endColumn,
});

function expectSameAsReference(text: string): void {
  const expected = reference.tokenize(text);
  const actual = scanTokens(text);
  expect(actual.tokens.map(shape)).toEqual(expected.tokens.map(shape));
  expect(actual.comments.map(shape)).toEqual((expected.groups['comments'] ?? []).map(shape));
  expect(actual.errors).toEqual(expected.errors.map((e) => ({ offset: e.offset, length: e.length, line: e.line, column: e.column })));
}

const alphabet = [
  ' ', '\t', '\n', '\r', '\r\n', '\f', '\v', '\uFEFF', '\u2028', 'a', 'Z', '_', 'd', 'x', '0', '7', '2d6', '1.5', '12ab',
  '"', '\\', '\\"', '/', '*', '//', '/*', '*/', '.', '..', '=', '==', '!', '!=', '<', '<=', '>', '>=', '{', '}', '(', ')',
  '[', ']', ',', ':', '+', '-', '%', '|', '$', '#', '@', 'é', '€', '~', '`',
];

describe('the scanner reads what chevrotain’s lexer would read', () => {
  it('on the example files', () => {
    expectSameAsReference(DIAMANT);
    expectSameAsReference(ALL);
  });

  it('on edge cases of strings, comments, numbers and line breaks', () => {
    for (const text of ['"a\\\u2028b"', '"a\\', '"ab\\\n', '"x\\"y', '!x', '!=', '/*a\n*/', '/*a\r\n', '/*/', '//x\r\ny', '2d6x 2d6 12.5.3 1..5 07ab',
      '\r\n\r\n  x', '/*\n\n*/ y', '/* a\n', '$$ é x']) expectSameAsReference(text);
  });

  it('on random strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), expectSameAsReference), { numRuns: 300 });
  });

  it('on random sequences of tricky pieces', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 80 }), (pieces) => expectSameAsReference(pieces.join(''))),
      { numRuns: 1000 },
    );
  });
});
