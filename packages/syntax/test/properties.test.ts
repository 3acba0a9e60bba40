import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import DIAMANT from '../../../scenarios/diamant/diamant.rules?raw';
import ALL from './fixtures/all-constructs.rules?raw';
import { format, parse, printAst, tokenize, type Expr, type Identifier, type RulesFile, type Statement } from '../src/index.ts';
import { allRanges, withoutRanges } from './ast-helpers.ts';

const RUNS = { numRuns: 150 };

/** Parsing any text returns a well-formed result: no exception, no internal error, ranges inside the text. */
function checkParses(text: string): void {
  const { value, diagnostics } = parse(text, 'fuzz.rules');
  expect(value.$type).toBe('RulesFile');
  for (const d of diagnostics) {
    expect(d.code).toMatch(/^parse\//);
    expect(d.code).not.toBe('parse/internal-error');
    expect(d.range!.start.offset).toBeGreaterThanOrEqual(0);
    expect(d.range!.end.offset).toBeLessThanOrEqual(text.length);
  }
  for (const r of allRanges(value)) {
    expect(r.start.offset).toBeLessThanOrEqual(r.end.offset);
    expect(r.end.offset).toBeLessThanOrEqual(text.length);
  }
  const formatted = format(text);
  if (formatted.value !== null) expect(parse(formatted.value).diagnostics).toEqual([]);
}

const pieces = tokenize(DIAMANT).value.map((t) => t.text);
const vocabulary = [...new Set([...pieces, '{', '}', '(', ')', '"', '/*', '*/', '..', '2d6', '\n', '$', '\\'])];

describe('the parser never throws and always terminates', () => {
  it('on random strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), checkParses), RUNS);
  });

  it('on random sequences of the language’s own tokens', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 120 }), (words) => checkParses(words.join(' '))),
      RUNS,
    );
  });

  const mutation = fc.oneof(
    fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
    fc.record({ op: fc.constant('insert' as const), at: fc.nat(), word: fc.constantFrom(...vocabulary) }),
    fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
    fc.record({ op: fc.constant('swap' as const), at: fc.nat() }),
  );

  it('on token-level mutations of diamant.rules', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), (mutations) => {
        const words = [...pieces];
        for (const m of mutations) {
          const i = m.at % words.length;
          if (m.op === 'delete') words.splice(i, 1);
          else if (m.op === 'insert') words.splice(i, 0, m.word);
          else if (m.op === 'duplicate') words.splice(i, 0, words[i]!);
          else if (i + 1 < words.length) [words[i], words[i + 1]] = [words[i + 1]!, words[i]!];
        }
        checkParses(words.join('\n'));
      }),
      { numRuns: 60 },
    );
  });

  it('on character-level mutations of diamant.rules', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.nat(DIAMANT.length - 1), length: fc.nat(12), insert: fc.string({ maxLength: 4 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        (edits) => {
          let text = DIAMANT;
          for (const e of edits) {
            const at = e.at % Math.max(1, text.length);
            text = text.slice(0, at) + e.insert + text.slice(at + e.length);
          }
          checkParses(text);
        },
      ),
      { numRuns: 60 },
    );
  });
});

// ───────────────────────────── generated programs ─────────────────────────────

const zero = { offset: 0, line: 1, column: 1 };
const range = { start: zero, end: zero };
const id = (name: string): Identifier => ({ $type: 'Identifier', name, range });
const names = fc.constantFrom('a', 'b', 'c', 'gem', 'p_1', 'round', 'current');

const { expr } = fc.letrec<{ expr: Expr }>((tie) => {
  const sub = tie('expr');
  return {
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.nat(99).map((value): Expr => ({ $type: 'NumberLit', value, range })),
      fc.boolean().map((value): Expr => ({ $type: 'BoolLit', value, range })),
      fc.string({ maxLength: 5 }).filter((s) => !/[\n\r]/.test(s)).map((value): Expr => ({ $type: 'StringLit', value, range })),
      names.map((n): Expr => ({ $type: 'NameRef', name: id(n), range })),
      fc.tuple(sub, names).map(([object, m]): Expr => ({ $type: 'MemberExpr', object, member: id(m), range })),
      fc.tuple(fc.constantFrom('f', 'min', 'score'), fc.array(sub, { maxLength: 3 })).map(
        ([callee, args]): Expr => ({ $type: 'CallExpr', callee: id(callee), args, range }),
      ),
      fc
        .tuple(fc.constantFrom('or', 'and', '==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%'), sub, sub)
        .map(([op, left, right]): Expr => ({ $type: 'BinaryExpr', op, left, right, range })),
      fc.tuple(fc.constantFrom('not', '-'), sub).map(([op, operand]): Expr => ({ $type: 'UnaryExpr', op, operand, range })),
      fc.tuple(sub, names).map(([value, kind]): Expr => ({ $type: 'IsExpr', value, kind: id(kind), range })),
      fc.tuple(sub, sub, sub).map(([condition, then, otherwise]): Expr => ({ $type: 'IfExpr', condition, then, else: otherwise, range })),
      fc.array(sub, { maxLength: 3 }).map((items): Expr => ({ $type: 'ListExpr', items, range })),
      fc.tuple(sub, sub).map(([from, to]): Expr => ({ $type: 'RangeExpr', from, to, range })),
      fc
        .tuple(fc.constantFrom('count', 'sum', 'min', 'max', 'any', 'all', 'first', 'list'), names, sub, fc.option(sub, { nil: undefined }), fc.option(sub, { nil: undefined }))
        .map(([fn, binding, collection, where, value]): Expr => {
          const e: Expr = { $type: 'AggregateExpr', fn, binding: id(binding), collection, range };
          if (where !== undefined) e.where = where;
          if (value !== undefined) e.value = value;
          return e;
        }),
    ),
  };
});

const statement: fc.Arbitrary<Statement> = fc.oneof(
  fc.tuple(expr, expr).map(([target, value]): Statement => ({ $type: 'SetStmt', target, value, range })),
  fc.tuple(names, expr).map(([name, value]): Statement => ({ $type: 'LetStmt', name: id(name), value, range })),
  fc.tuple(fc.oneof(expr, fc.constant('all' as const)), names, expr, expr).map(
    ([amount, token, from, to]): Statement => ({ $type: 'MoveTokensStmt', amount, token: id(token), from, to, range }),
  ),
  fc.tuple(names, fc.array(expr, { maxLength: 2 })).map(([event, args]): Statement => ({ $type: 'EmitStmt', event: id(event), args, range })),
  fc.tuple(expr, fc.constantFrom('top' as const, 'bottom' as const), expr).map(
    ([card, position, to]): Statement => ({ $type: 'MoveCardStmt', card, to, position, range }),
  ),
);

const program: fc.Arbitrary<RulesFile> = fc
  .tuple(fc.array(expr, { minLength: 1, maxLength: 3 }), fc.array(statement, { maxLength: 4 }), expr)
  .map(([values, body, when]) => ({
    $type: 'RulesFile',
    range,
    items: [
      ...values.map((value, i) => ({ $type: 'DeriveDecl' as const, name: id(`d${i}`), params: [], value, range })),
      { $type: 'RuleDecl' as const, name: id('r'), event: id('e'), bindings: [], when, body, range },
    ],
  }));

describe('the formatter', () => {
  it('prints generated programs so that they parse back to the same AST, at a fixed point', () => {
    fc.assert(
      fc.property(program, (ast) => {
        const text = printAst(ast);
        const parsed = parse(text);
        expect(parsed.diagnostics).toEqual([]);
        expect(withoutRanges(parsed.value)).toEqual(withoutRanges(ast));
        expect(format(text).value).toBe(text);
      }),
      RUNS,
    );
  });

  it.each([
    ['diamant.rules', DIAMANT],
    ['all-constructs.rules', ALL],
  ])('is idempotent and keeps the AST of %s', (_name, source) => {
    const once = format(source).value!;
    expect(format(once).value).toBe(once);
    expect(withoutRanges(parse(once).value)).toEqual(withoutRanges(parse(source).value));
  });
});
