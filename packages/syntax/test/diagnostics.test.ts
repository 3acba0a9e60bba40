import { describe, expect, it } from 'vitest';
import { format, parse, type Diagnostic } from '../src/index.ts';
import { textAt } from './ast-helpers.ts';

/** The single diagnostic of a parse, with the text its range covers. */
function only(source: string): { d: Diagnostic; text: string | undefined } {
  const { diagnostics } = parse(source, 'sample.rules');
  expect(diagnostics, JSON.stringify(diagnostics, null, 1)).toHaveLength(1);
  const d = diagnostics[0]!;
  expect(d.file).toBe('sample.rules');
  expect(d.severity).toBe('error');
  expect(d.message.length).toBeGreaterThan(0);
  return { d, text: textAt(source, d.range) };
}

describe('one diagnostic per kind of mistake', () => {
  it('parse/unexpected-character', () => {
    const { d, text } = only('token a\nvar x: number = 1 $ \n');
    expect(d.code).toBe('parse/unexpected-character');
    expect(text).toBe('$');
    expect(d.range?.start).toEqual({ offset: 26, line: 2, column: 19 });
  });

  it('parse/unterminated-string', () => {
    const { d, text } = only('option x: number = 1 "half a doc\ntoken a\n');
    expect(d.code).toBe('parse/unterminated-string');
    expect(text).toBe('"half a doc');
  });

  it('parse/unterminated-comment', () => {
    const { d, text } = only('token a\n/* never closed\ntoken b');
    expect(d.code).toBe('parse/unterminated-comment');
    expect(text).toBe('/* never closed\ntoken b');
    expect(d.range?.end).toEqual({ offset: 31, line: 3, column: 8 });
  });

  it('parse/invalid-number', () => {
    const { d, text } = only('var x: number = 12abc\n');
    expect(d.code).toBe('parse/invalid-number');
    expect(text).toBe('12abc');
  });

  it('parse/invalid-number for a decimal', () => {
    const { d, text } = only('var x: number = 1.5\n');
    expect(d.code).toBe('parse/invalid-number');
    expect(text).toBe('1.5');
  });

  it('parse/invalid-escape', () => {
    const { d, text } = only('option x: number = 1 "a \\q b"\n');
    expect(d.code).toBe('parse/invalid-escape');
    expect(text).toBe('\\q');
  });

  it('parse/missing-token names what was expected, after what, and what was found', () => {
    const source = 'rule share_treasure on explored(c)\n  cite "x"\n  shuffle deck\n}\n';
    const { d, text } = only(source);
    expect(d.code).toBe('parse/missing-token');
    expect(text).toBe('cite');
    expect(d.message).toContain('`{`');
    expect(d.message).toContain('`rule share_treasure on explored(c)`');
    expect(d.message).toContain('`cite`');
  });

  it('parse/missing-token when the file ends early', () => {
    const source = 'derive x: number = (1 + 2';
    const { d } = only(source);
    expect(d.code).toBe('parse/missing-token');
    expect(d.range?.start.offset).toBe(source.length);
    expect(d.range?.end.offset).toBe(source.length);
  });

  it('parse/unexpected-token for something that is not a statement', () => {
    const { d, text } = only('rule r on e {\n  frobnicate x\n  shuffle deck\n}\n');
    expect(d.code).toBe('parse/unexpected-token');
    expect(text).toBe('frobnicate');
    expect(d.hint).toContain('statement');
  });

  it('parse/unexpected-token for a missing expression', () => {
    const { d, text } = only('rule r on e {\n  set x =\n}\n');
    expect(d.code).toBe('parse/unexpected-token');
    expect(text).toBe('}');
  });

  it('parse/expected-declaration for stray text at the top level', () => {
    const { d, text } = only('token a\nfoo bar\ntoken b\n');
    expect(d.code).toBe('parse/expected-declaration');
    expect(text).toBe('foo');
  });

  it('parse/expected-declaration for a stray closing brace', () => {
    const { d, text } = only('token a\n}\ntoken b\n');
    expect(d.code).toBe('parse/expected-declaration');
    expect(text).toBe('}');
    expect(d.hint).toContain('closes nothing');
  });

  it('parse/unknown-aggregate', () => {
    const { d, text } = only('derive x: number = total(p in players)\n');
    expect(d.code).toBe('parse/unknown-aggregate');
    expect(text).toBe('total');
  });

  it('parse/chained-comparison', () => {
    const { d, text } = only('derive x: bool = 1 < 2 < 3\n');
    expect(d.code).toBe('parse/chained-comparison');
    expect(text).toBe('<');
    expect(d.range?.start.offset).toBe(23);
  });

  it('parse/misplaced-module-header', () => {
    const { d, text } = only('token a\nmodule m\n');
    expect(d.code).toBe('parse/misplaced-module-header');
    expect(text).toBe('module m');
  });

  it('a reserved word used as a name says so, once', () => {
    for (const source of ['var event: number = 1\n', 'rule a on b {\n  let if = 3\n}\n', 'zone card: public\n', 'rule a on b {\n  for rule in players {\n  }\n}\n']) {
      const { diagnostics } = parse(source);
      expect(diagnostics.map((d) => d.code), source).toEqual(['parse/missing-token']);
      expect(diagnostics[0]?.hint).toContain('reserved');
    }
  });

  it('format/unsupported-comment refuses rather than lose a comment', () => {
    const source = 'rule r on e when /* here */ true {\n  shuffle deck\n}\n';
    const result = format(source, 'sample.rules');
    expect(result.value).toBeNull();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['format/unsupported-comment']);
    expect(textAt(source, result.diagnostics[0]!.range)).toBe('/* here */');
  });
});

describe('recovery', () => {
  it('reports three separate mistakes as three diagnostics and keeps the items around them', () => {
    const source = [
      'token a',
      'rule one on e {',
      '  shuffle', // missing expression
      '}',
      'zone z: nowhere', // not a visibility
      'rule two on e',
      '  emit x', // missing `{`
      '}',
      'var last: number = 1',
    ].join('\n');
    const { value, diagnostics } = parse(source);
    expect(diagnostics.map((d) => d.code)).toEqual(['parse/unexpected-token', 'parse/unexpected-token', 'parse/missing-token']);
    expect(diagnostics.map((d) => textAt(source, d.range))).toEqual(['}', 'nowhere', 'emit']);
    expect(value.items.map((i) => i.$type)).toEqual(['TokenDecl', 'RuleDecl', 'ZoneDecl', 'RuleDecl', 'VarDecl']);
  });

  it('a missing closing brace does not swallow the next rule', () => {
    const source = 'rule a on b {\n  shuffle deck\n\nrule c on d {\n  shuffle deck\n}\n';
    const { value, diagnostics } = parse(source);
    expect(diagnostics).toHaveLength(1);
    expect(value.items.map((i) => (i.$type === 'RuleDecl' ? i.name.name : i.$type))).toEqual(['a', 'c']);
  });

  it('a partial tree still gives a well-formed AST with placeholder names', () => {
    const { value } = parse('rule on {\n  move from to\n}\n');
    expect(value.items[0]?.$type).toBe('RuleDecl');
    expect(JSON.stringify(value)).not.toContain('null');
  });
});

describe('robustness', () => {
  it('turns an internal failure into parse/internal-error instead of throwing', () => {
    const result = parse(undefined as unknown as string, 'broken.rules');
    expect(result.value.$type).toBe('RulesFile');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['parse/internal-error']);
  });

  it('parse/too-deeply-nested instead of running out of stack', () => {
    const source = `derive x: number = ${'('.repeat(5000)}1${')'.repeat(5000)}\ntoken a\n`;
    const { value, diagnostics } = parse(source);
    expect(diagnostics.map((d) => d.code)).toEqual(['parse/too-deeply-nested']);
    expect(diagnostics[0]?.range?.start.offset).toBe('derive x: number = '.length + 200);
    expect(value.items.map((i) => i.$type)).toEqual(['TokenDecl']);
  });

  it('reads a byte order mark as white space', () => {
    expect(parse('\uFEFFtoken a\n').diagnostics).toEqual([]);
  });
});
