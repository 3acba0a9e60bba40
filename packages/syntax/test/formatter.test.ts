import { describe, expect, it } from 'vitest';
import { format, parse, printAst, printExpr, tokenize } from '../src/index.ts';

describe('format', () => {
  it('indents by two spaces, one statement per line, a blank line between items', () => {
    const source = 'token a rule r on e when  x>1{ cite "c" set x=x+1 if x==2{end round}else{emit e(x,  1)} }';
    expect(format(source).value).toBe(
      [
        'token a',
        '',
        'rule r on e when x > 1 {',
        '  cite "c"',
        '  set x = x + 1',
        '  if x == 2 {',
        '    end round',
        '  } else {',
        '    emit e(x, 1)',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('keeps leading, trailing and end-of-block comments where they were', () => {
    const source = [
      '// about the tokens',
      'token a // the only one',
      '',
      '// about the rule',
      '',
      'rule r on e {',
      '  // first',
      '  shuffle deck // then',
      '  /* last */',
      '}',
      '// the end',
      '',
    ].join('\n');
    const formatted = format(source);
    expect(formatted.diagnostics).toEqual([]);
    expect(formatted.value).toBe(source);
  });

  it('keeps a comment before the cite line of a block', () => {
    const source = ['rule r on e {', '  // why', '  cite "because"', '  shuffle deck', '}', ''].join('\n');
    expect(format(source).value).toBe(source);
    expect(format(source.replace('{\n  // why', '{ // why')).value).toBe(source);
  });

  it('keeps comments before the closing brace of an if branch', () => {
    const source = ['rule r on e {', '  if x {', '    shuffle deck', '    // still in then', '  } else {', '    shuffle deck', '  }', '}', ''].join('\n');
    expect(format(source).value).toBe(source);
  });

  it('keeps comments between test steps', () => {
    const source = ['test "t" {', '  // why', '  cite "because"', '  players 2', '  // first the flow', '  advance', '  p1 chooses true // a choice', '  // then nothing', '}', ''].join('\n');
    expect(format(source).diagnostics).toEqual([]);
    expect(format(source).value).toBe(source);
  });

  it('keeps the rows of a hex map as written, with comments between rows and before board items', () => {
    const source = [
      'board b: hex map {',
      '  // the top row',
      '  (0, 0) desert  (1, 0) forest 6',
      '  // the bottom row',
      '  (0, 1) (1, 1) // bare',
      '} {',
      '  // the rim',
      '  frame 1 sea',
      '}',
      '',
    ].join('\n');
    expect(format(source).diagnostics).toEqual([]);
    expect(format(source).value).toBe(source);
    expect(format(source.replace('(1, 0) forest 6', '\n(1, 0)   forest 6')).value).toBe(source.replace('desert  (1, 0) forest 6', 'desert\n  (1, 0) forest 6'));
  });

  it('groups one-line items of a kind even when a comment stands before the first', () => {
    const source = ['// the pieces', 'token a', 'token b', ''].join('\n');
    expect(format(source).value).toBe(source);
  });

  it('breaks a long zone list where its author did, and keeps a one-line item beside a neighbour of its kind', () => {
    const source = [
      'zone deck: hidden {',
      '  a(1), a(2), a(3), a(4), a(5), a(6), a(7), a(8), a(9), a(10), a(11), a(12),',
      '  3 of b(red), 3 of b(blue),',
      '  5 of c',
      '}',
      'zone pile: public',
      '',
    ].join('\n');
    expect(format(source).value).toBe(source);
  });

  it('returns null with the parse diagnostics when the text does not parse', () => {
    const result = format('rule r on e {');
    expect(result.value).toBeNull();
    expect(result.diagnostics[0]?.code).toBe('parse/missing-token');
  });

  it('adds only the parentheses the precedence needs, and those around `and` inside `or`', () => {
    const text = 'derive d: number = (a + b) * c - (d - e) - f + -(g.h) + (if x then 1 else 2) + min(a, b)';
    expect(format(text).value).toBe('derive d: number = (a + b) * c - (d - e) - f + -g.h + (if x then 1 else 2) + min(a, b)\n');
    expect(format('derive d: bool = not (a == b) and (not c) == d or (e or f) and g').value).toBe(
      'derive d: bool = (not a == b and (not c) == d) or ((e or f) and g)\n',
    );
    expect(format('derive d: bool = a or (b and c)\n').value).toBe('derive d: bool = a or (b and c)\n');
  });

  it('prints an AST built by hand', () => {
    const { value } = parse('derive d: number = 1..3');
    expect(printAst(value)).toBe('derive d: number = 1..3\n');
    const item = value.items[0];
    expect(item?.$type === 'DeriveDecl' ? printExpr(item.value) : '').toBe('1..3');
  });

  it('escapes strings', () => {
    const source = 'option o: number = 1 "say \\"hi\\" \\\\ there"\n';
    expect(format(source).value).toBe(source);
  });

  it('keeps a short option description on its line and breaks a long one or a long definition', () => {
    const long = 'x'.repeat(90);
    expect(format(`option o: number = 1\n  "short"\n`).value).toBe('option o: number = 1 "short"\n');
    expect(format(`option o: number = 1 "${long}"\n`).value).toBe(`option o: number = 1\n  "${long}"\n`);
    const sum = Array.from({ length: 12 }, (_, i) => `counter_${i}`).join(' + ');
    expect(format(`derive d: number = ${sum}\n`).value).toBe(`derive d: number =\n  ${sum}\n`);
    expect(format('derive d: number =\n  1 + 2\n').value).toBe('derive d: number = 1 + 2\n');
  });
});

describe('tokenize', () => {
  it('gives every token and comment with its kind and range, in order', () => {
    const source = 'rule r on round_start { roll 2d6 as total // dice\n set x = "s" + 1 }';
    const { value, diagnostics } = tokenize(source);
    expect(diagnostics).toEqual([]);
    expect(value.map((t) => [t.kind, t.text])).toEqual([
      ['keyword', 'rule'],
      ['name', 'r'],
      ['keyword', 'on'],
      ['name', 'round_start'],
      ['punctuation', '{'],
      ['keyword', 'roll'],
      ['dice', '2d6'],
      ['soft-keyword', 'as'],
      ['name', 'total'],
      ['comment', '// dice'],
      ['keyword', 'set'],
      ['name', 'x'],
      ['operator', '='],
      ['string', '"s"'],
      ['operator', '+'],
      ['number', '1'],
      ['punctuation', '}'],
    ]);
    for (const t of value) expect(source.slice(t.range.start.offset, t.range.end.offset)).toBe(t.text);
  });

  it('reports lexical mistakes', () => {
    expect(tokenize('token a @').diagnostics.map((d) => d.code)).toEqual(['parse/unexpected-character']);
  });
});
