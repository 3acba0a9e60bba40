import { describe, expect, it } from 'vitest';
import { SEMANTIC_TOKENS_LEGEND } from '../src/index.ts';
import { applyEdits, openDocument } from '../src/testing/index.ts';
import { DIAMANT, DIAMANT_FILE, GEMS } from './fixtures.ts';

describe('the outline', () => {
  it('lists the declarations, with per-player members, card fields, flow phases and tests nested', () => {
    const doc = openDocument({ text: `${GEMS}flow2_placeholder\n`.replace('flow2_placeholder', 'test "a test" {\n  players 3\n}') });
    const symbols = doc.service.documentSymbols(doc.uri);
    const names = symbols.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['ruby', 'reserve', 'per player', 'sharing', 'treasure', 'path', 'explored', 'flow', 'a test']));
    expect(symbols.find((s) => s.name === 'per player')!.children!.map((c) => c.name)).toEqual(['chest', 'in_cave', 'plan']);
    expect(symbols.find((s) => s.name === 'treasure')!.children!.map((c) => c.name)).toEqual(['value', 'gems']);
    expect(symbols.find((s) => s.name === 'flow')!.children!.map((c) => c.name)).toEqual(['explore']);
  });
});

describe('folding', () => {
  it('folds every block over several lines, and runs of comments', () => {
    const doc = openDocument({ text: '// one\n// two\nrule r on game_start {\n  for p in players {\n    let x = 1\n  }\n}\n' });
    const ranges = doc.service.foldingRanges(doc.uri).map((r) => [r.startLine, r.endLine, r.kind ?? 'region']);
    expect(ranges).toEqual(expect.arrayContaining([[0, 1, 'comment'], [2, 5, 'region'], [3, 4, 'region']]));
  });
});

describe('semantic tokens', () => {
  it('colour names by what they resolved to, and keywords, strings and numbers', () => {
    const text = `${GEMS}rule r on explored(c) {\n  move 1 ruby from reserve to current.chest\n}\n`;
    const doc = openDocument({ text });
    const data = doc.service.semanticTokens(doc.uri).data;
    const lines = text.split('\n');
    const tokens: { text: string; type: string }[] = [];
    let line = 0;
    let char = 0;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i]!;
      char = data[i]! === 0 ? char + data[i + 1]! : data[i + 1]!;
      tokens.push({ text: lines[line]!.slice(char, char + data[i + 2]!), type: SEMANTIC_TOKENS_LEGEND.tokenTypes[data[i + 3]!]! });
    }
    const typeOf = (t: string): string | undefined => tokens.filter((x) => x.text === t).at(-1)?.type;
    expect(typeOf('move')).toBe('keyword');
    expect(typeOf('ruby')).toBe('enumMember');
    expect(typeOf('reserve')).toBe('variable');
    expect(typeOf('chest')).toBe('property');
    expect(typeOf('current')).toBe('variable');
    expect(typeOf('explored')).toBe('event');
    expect(typeOf('c')).toBe('parameter');
    expect(typeOf('1')).toBe('number');
    expect(typeOf('"How leftovers are shared."')).toBe('string');
  });
});

describe('signature help', () => {
  it('shows the parameters of an event, a derived value and a built-in, with the one being typed', () => {
    const event = openDocument({ text: `${GEMS}event found(p: player, n: number)\nrule r on explore {\n  emit found(current, <|>\n}\n` });
    const help = event.service.signatureHelp(event.uri, event.position!)!;
    expect(help.signatures[0]!.label).toBe('found(p: player, n: number)');
    expect(help.activeParameter).toBe(1);
    const derived = openDocument({ text: `${GEMS}derive twice(n: number): number = 2 * n\nderive four: number = twice(<|>` });
    expect(derived.service.signatureHelp(derived.uri, derived.position!)!.signatures[0]!.label).toBe('twice(n: number): number');
    const builtin = openDocument({ text: `${GEMS}derive m: number = min(1, <|>` });
    expect(builtin.service.signatureHelp(builtin.uri, builtin.position!)!.signatures[0]!.label).toContain('min(a: number, b: number)');
  });
});

describe('formatting', () => {
  it('gives the canonical formatter’s text as one edit, and nothing when the text does not parse', () => {
    const text = 'token a   rule r on game_start{\nshuffle deck}\nzone deck: public\n';
    const doc = openDocument({ text });
    const edits = doc.service.formatting(doc.uri);
    expect(edits).toHaveLength(1);
    const after = applyEdits(text, edits);
    const again = openDocument({ text: after });
    expect(again.service.formatting(again.uri)).toEqual([]);
    expect(after).toContain('rule r on game_start {\n  shuffle deck\n}');
    const broken = openDocument({ text: 'rule r on {' });
    expect(broken.service.formatting(broken.uri)).toEqual([]);
  });
});

describe('document highlights', () => {
  it('marks the uses of the name under the cursor, writes as writes', () => {
    const doc = openDocument({ text: `${GEMS}rule r on explore {\n  set current.in_c<|>ave = not current.in_cave\n}\n` });
    const kinds = doc.service.documentHighlights(doc.uri, doc.position!).map((h) => h.kind);
    // the declaration and the set are writes (3), the read is a read (2)
    expect(kinds.sort()).toEqual([2, 3, 3]);
  });
});

describe('code lenses', () => {
  it('run each test, and say how many tests fired each rule in the last run', () => {
    const doc = openDocument({ text: DIAMANT, file: DIAMANT_FILE });
    const before = doc.service.codeLenses(doc.uri);
    expect(before.some((l) => l.command?.title === 'coverage: run the tests')).toBe(true);
    const inline = `${DIAMANT}\ntest "the cave opens" {\n  players 3\n  advance\n  expect round == 1\n}\n`;
    const withTest = openDocument({ text: inline, file: DIAMANT_FILE });
    const lenses = withTest.service.codeLenses(withTest.uri);
    const run = lenses.find((l) => l.command?.command === 'houserules.runTest')!;
    expect(run.command!.arguments).toEqual([withTest.uri, 'the cave opens']);
    const result = withTest.service.runTests(withTest.uri);
    expect(result.passed).toBe(1);
    const after = withTest.service.codeLenses(withTest.uri).map((l) => l.command?.title ?? '');
    expect(after.some((t) => /^fired by 1 of 1 test$/.test(t))).toBe(true);
    expect(after.some((t) => /^fired by 0 of 1 test$/.test(t))).toBe(true);
  });

  it('shows a failing test as a diagnostic at its failing step', () => {
    const inline = `${DIAMANT}\ntest "a wrong expectation" {\n  players 3\n  advance\n  expect round == 4\n}\n`;
    const doc = openDocument({ text: inline, file: DIAMANT_FILE });
    const result = doc.service.runTests(doc.uri, { name: 'a wrong expectation' });
    expect(result.failed).toBe(1);
    const diagnostics = result.diagnostics[doc.uri]!;
    expect(diagnostics.map((d) => d.code)).toEqual(['test/expectation-failed']);
    expect(diagnostics[0]!.range.start.line).toBe(inline.split('\n').findIndex((l) => l.includes('expect round == 4')));
  });
});

describe('quick fixes', () => {
  function fixes(text: string) {
    const doc = openDocument({ text });
    const all = { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } };
    return doc.service.codeActions(doc.uri, all).map((a) => {
      const change = a.edit!.documentChanges![0] as unknown as { edits: { range: never; newText: string }[] };
      return { title: a.title, after: applyEdits(text, change.edits) };
    });
  }

  it('applies a did-you-mean', () => {
    const actions = fixes(`${GEMS}rule r on explore {\n  set current.in_cav = false\n}\n`);
    const fix = actions.find((a) => a.title === 'Change to `in_cave`')!;
    expect(fix.after).toContain('set current.in_cave = false');
  });

  it('declares the missing event', () => {
    const actions = fixes(`${GEMS}rule r on explore {\n  emit discovered\n}\n`);
    const fix = actions.find((a) => a.title.startsWith('Declare'))!;
    expect(fix.title).toBe('Declare `event discovered`');
    const again = openDocument({ text: fix.after });
    expect(again.service.diagnostics(again.uri).filter((d) => d.code === 'resolve/unknown-event')).toEqual([]);
  });

  it('adds the missing `}`', () => {
    const actions = fixes(`${GEMS}rule r on explore {\n  shuffle path\n\nrule s on explore {\n  shuffle path\n}\n`);
    const fix = actions.find((a) => a.title === 'Add the missing `}`')!;
    const again = openDocument({ text: fix.after });
    expect(again.service.diagnostics(again.uri).filter((d) => String(d.code).startsWith('parse/'))).toEqual([]);
    const atEnd = fixes(`${GEMS}rule r on explore {\n  if true {\n    shuffle path\n}\n`).find((a) => a.title === 'Add the missing `}`')!;
    const fixed = openDocument({ text: atEnd.after });
    expect(fixed.service.diagnostics(fixed.uri).filter((d) => String(d.code).startsWith('parse/'))).toEqual([]);
  });

  it('names an unused binding `_x`', () => {
    const actions = fixes(`${GEMS}rule r on explored(c) {\n  shuffle path\n}\n`);
    expect(actions.find((a) => a.title.startsWith('Name it `_c`'))!.after).toContain('rule r on explored(_c)');
  });
});
