/* eslint-disable no-control-regex -- these tests look for raw control characters */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printable, stringifyJson } from '../src/index.ts';

/** What a terminal may act on: C0 (tab and newline too), DEL, C1, bidi controls, line separators. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

describe('text from untrusted files', () => {
  it('printable leaves no character a terminal acts on, and shows each one', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => !UNSAFE.test(printable(s))));
    expect(printable('a\u001b[2Jb\nc\u202e')).toBe('a\\u{1b}[2Jb\\nc\\u{202e}');
    expect(printable('plain text, “quoted”')).toBe('plain text, “quoted”');
  });

  it('stringifyJson is JSON.stringify read back exactly, with nothing a terminal acts on', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, s) => {
        for (const v of [value, { s, nested: [s] }]) {
          const text = stringifyJson(v, 2);
          // line breaks and spaces of the indentation only, never a raw control character inside a value
          expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
          expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(v)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
