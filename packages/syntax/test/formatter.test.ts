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
    expect(format('derive d: number =\n  1 + 2\n').value).toBe('derive d: number = 1 + 2\n');
  });
});

describe('format at a width', () => {
  const lines = (text: string | null): string[] => (text ?? '').trimEnd().split('\n');

  it('fills a long sum over lines of the width, breaking before an operator', () => {
    const sum = Array.from({ length: 12 }, (_, i) => `counter_${i}`).join(' + ');
    const out = lines(format(`derive d: number = ${sum}\n`).value);
    expect(out[0]).toBe('derive d: number =');
    expect(out.slice(1).every((l) => l.length <= 100)).toBe(true);
    expect(out[2]).toMatch(/^ {4}\+ counter_/);
    expect(out.slice(1).map((l) => l.trim()).join(' ')).toBe(sum);
  });

  it('breaks a long rule condition before `when`, then one operand of `and` a line', () => {
    const cond = Array.from({ length: 6 }, (_, i) => `some_long_condition_${i}(p)`).join(' and ');
    expect(format(`rule r on e(p) when ${cond} {\n  shuffle deck\n}\n`).value).toBe(
      [
        'rule r on e(p)',
        '    when some_long_condition_0(p)',
        ...[1, 2, 3, 4, 5].map((i) => `      and some_long_condition_${i}(p)`),
        '    {',
      ]
        .join('\n')
        .replace('(p)\n    {', '(p) {') + '\n  shuffle deck\n}\n',
    );
    // at a wide width the same rule is one line
    expect(lines(format(`rule r on e(p) when ${cond} {\n  shuffle deck\n}\n`, undefined, { width: 200 }).value)[0]).toBe(
      `rule r on e(p) when ${cond} {`,
    );
  });

  it('keeps a condition the author broke before `when` on its own line', () => {
    const source = ['require r on a(x)', '    when x > 1', '  reason "no"', ''].join('\n');
    expect(format(source).value).toBe(source);
    expect(format('require r on a(x) when x > 1\n  reason "no"\n').value).toBe('require r on a(x) when x > 1\n  reason "no"\n');
  });

  it('keeps a hand-broken `if … else if` ladder one branch a line, and joins one written on a line', () => {
    const ladder = ['derive yields(h: hex): resource =', '  if h.kind == forest then lumber', '  else if h.kind == hills then brick', '  else ore', ''].join('\n');
    expect(format(ladder).value).toBe(ladder);
    expect(format(ladder.replace(/\n {2}else/g, ' else')).value).toBe(
      'derive yields(h: hex): resource =\n  if h.kind == forest then lumber else if h.kind == hills then brick else ore\n',
    );
  });

  it('keeps a hand-broken long condition readable: one operand a line, nested ones wrapped, never one 190-column line', () => {
    const source = [
      'derive ship_site_ok(p: player, s: edge, e: edge): bool =',
      '  e != s and e.piece == none and sea_edge(e) and not pirate_blocks(e)',
      '  and any(c in e.corners where c.owner == p or (c.owner == none and any(f in c.edges where f != s and f.piece == ship and f.owner == p)))',
      '',
    ].join('\n');
    const out = format(source).value;
    expect(out).toBe(
      [
        'derive ship_site_ok(p: player, s: edge, e: edge): bool =',
        '  e != s',
        '  and e.piece == none',
        '  and sea_edge(e)',
        '  and not pirate_blocks(e)',
        '  and any(c in e.corners where',
        '    c.owner == p',
        '    or (c.owner == none and any(f in c.edges where f != s and f.piece == ship and f.owner == p))',
        '  )',
        '',
      ].join('\n'),
    );
    expect(format(out ?? '').value).toBe(out);
  });

  it('keeps a run of constraints (and of derived values) written together together, and parts blocks', () => {
    const source = [
      'require a on act when x > 1',
      '  reason "one"',
      '// a comment between two of the run',
      'forbid b on act when x > 2',
      '  reason "two"',
      '  cite "the rulebook"',
      'require c on act when x > 3',
      '  reason "three"',
      '',
      'derive long_name_number_one(p: player): bool =',
      '  p.some_counter_with_a_long_name > 1 and p.another_counter_with_a_long_name < 2',
      'derive short: bool = true',
      '',
    ].join('\n');
    expect(format(source).value).toBe(source);
    const rules = 'rule r on e {\n  shuffle deck\n}\nrule s on e {\n  shuffle deck\n}\n';
    expect(format(rules).value).toBe(rules.replace('}\nrule', '}\n\nrule'));
  });

  it("keeps an aggregate's filter on its first line when it fits, breaking only the value", () => {
    const source =
      'derive ok: bool = all(c in corners where c.harbour != no_harbour: any(h in c.hexes where h.kind == sea) and land_corner(c))\n';
    expect(format(source, undefined, { width: 80 }).value).toBe(
      [
        'derive ok: bool =',
        '  all(c in corners where c.harbour != no_harbour:',
        '    any(h in c.hexes where h.kind == sea) and land_corner(c)',
        '  )',
        '',
      ].join('\n'),
    );
  });

  it("puts an end's timing and winners on a line of their own once its condition breaks", () => {
    const source = 'end e when some_long_condition_a and some_long_condition_b >= 14 during own turn winners [current]\n';
    expect(format(source, undefined, { width: 70 }).value).toBe(
      ['end e', '    when some_long_condition_a and some_long_condition_b >= 14', '    during own turn winners [current]', ''].join('\n'),
    );
    expect(format('end e when x immediately\n', undefined, { width: 60 }).value).toBe('end e when x immediately\n');
  });

  it('keeps items of different kinds written together together when one is a one-liner, and parts two blocks', () => {
    const together = 'pool bank { resource: 19 }\n// its cards\nderive resource_cards: number = 19\nper player {\n  pool hand { resource }\n}\n';
    expect(format(together).value).toBe(together);
    const blocks = 'per player {\n  pool hand { resource }\n}\nrule r on e {\n  shuffle deck\n}\n';
    expect(format(blocks).value).toBe(blocks.replace('}\nrule', '}\n\nrule'));
    // a rule keeps a blank line from a declaration of another kind
    expect(format('rule r on e {\n  shuffle deck\n}\nzone deck: public\n').value).toBe('rule r on e {\n  shuffle deck\n}\n\nzone deck: public\n');
    // where the author left a blank line, one stays (never two)
    expect(format('var x: number = 0\n\n\nvar y: number = 0\n').value).toBe('var x: number = 0\n\nvar y: number = 0\n');
  });

  it('parenthesised chains break indented under their opening', () => {
    const out = format(
      'rule r on e {\n  if not (longest_road_holder != none and longest_road_holder.road_len == best and best >= longest_road_minimum) {\n    shuffle deck\n  }\n}\n',
    ).value;
    expect(lines(out).slice(1, 4)).toEqual([
      '  if not (longest_road_holder != none',
      '        and longest_road_holder.road_len == best',
      '        and best >= longest_road_minimum) {',
    ]);
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
