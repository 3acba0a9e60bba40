import { describe, expect, it } from 'vitest';
import { check, compile, createMemoryHost } from '../src/index.ts';
import { PRELUDE, compileText, expectDiagnostic } from './helpers.ts';

describe('resolve/…', () => {
  it('unknown-name: a misspelt declaration, with a suggestion', () => {
    const d = expectDiagnostic('rule r on tick { let x = bankk.gem }', 'resolve/unknown-name', { text: 'bankk' });
    expect(d.hint).toContain('`bank`');
  });

  it('unknown-member: a player member that does not exist', () => {
    const d = expectDiagnostic('rule r on tick { for p in players { set p.redy = true } }', 'resolve/unknown-member', { text: 'redy' });
    expect(d.hint).toContain('`ready`');
  });

  it('unknown-member: a token a pool does not hold', () => {
    expectDiagnostic('rule r on tick { let x = bank.coin + chip_count }\nderive chip_count: number = count(p in players where p.purse.coin > 0)', 'resolve/unknown-member', { text: 'coin' });
  });

  it('duplicate: a second declaration of a name, pointing at the first', () => {
    const d = expectDiagnostic('\nvar bank: number = 0', 'resolve/duplicate', { text: 'bank' });
    expect(d.related?.[0]?.range?.start.line).toBe(3);
  });

  it('duplicate: a rule redeclared without override suggests override', () => {
    const d = expectDiagnostic('\nrule take on tick { }', 'resolve/duplicate', { text: 'take' });
    expect(d.hint).toContain('override rule take');
  });

  it('unknown-name: an ask\'s otherwise block reading the choice it never made', () => {
    expectDiagnostic('rule r on tick { ask each p in players to choose q in players where q != p then { move 1 gem from bank to q.purse } otherwise { move 1 gem from bank to q.purse } }', 'resolve/unknown-name', { text: 'q' });
  });

  it('unknown-event: emitting an undeclared event', () => {
    const d = expectDiagnostic('rule r on tick { emit fond(1) }', 'resolve/unknown-event', { text: 'fond' });
    expect(d.hint).toContain('`found`');
  });

  it('unknown-event: a rule on an undeclared event', () => {
    expectDiagnostic('rule r on tock { }', 'resolve/unknown-event', { text: 'tock' });
  });

  it('unknown-token: moving a token nobody declared', () => {
    expectDiagnostic('rule r on tick { for p in players { move 1 gam from bank to p.purse } }', 'resolve/unknown-token', { text: 'gam' });
  });

  it('not-a-pool: moving tokens to a var', () => {
    expectDiagnostic('rule r on tick { for p in players { move 1 gem from bank to p.ready } }', 'resolve/not-a-pool', { text: 'p.ready' });
  });

  it('not-a-pool: moving tokens from an undeclared-as-pool zone', () => {
    expectDiagnostic('rule r on tick { move 1 gem from deck to bank }', 'resolve/not-a-pool', { text: 'deck' });
  });

  it('not-a-zone: moving cards into a pool', () => {
    expectDiagnostic('rule r on tick { move cards from deck to bank }', 'resolve/not-a-zone', { text: 'bank' });
  });

  it('needs-player: a per-player var used bare outside a per-player block', () => {
    expectDiagnostic('rule r on tick { set ready = true }', 'resolve/needs-player', { text: 'ready' });
  });

  it('unknown-type: a var of an undeclared type', () => {
    expectDiagnostic('\nvar v: numbr = 0\nrule r on tick { set v = v }', 'resolve/unknown-type', { text: 'numbr' });
  });

  it('unknown-override-target: overriding a rule that does not exist, listing near names', () => {
    const d = expectDiagnostic('\noverride rule tak on tick { }', 'resolve/unknown-override-target', { text: 'tak' });
    expect(d.hint).toContain('`take`');
  });

  it('unknown-remove-target: removing a rule that does not exist', () => {
    expectDiagnostic('\nvariant v { remove rule strat }', 'resolve/unknown-remove-target', { text: 'strat' }, { variant: 'v' });
  });

  it('unknown-option: a variant setting an option nobody declared', () => {
    expectDiagnostic('\nvariant v { option speed = 3 }', 'resolve/unknown-option', { text: 'speed' }, { variant: 'v' });
  });

  it('unknown-variant: compiling a variant that does not exist', () => {
    const { diagnostics, graph } = compileText(`${PRELUDE}\nvariant quick { }`, 'quik');
    expect(graph).toBeNull();
    const d = diagnostics.find((x) => x.code === 'resolve/unknown-variant');
    expect(d?.hint).toContain('`quick`');
  });
});

describe('type/…', () => {
  it('mismatch: setting a bool var to a number', () => {
    expectDiagnostic('rule r on tick { for p in players { set p.ready = 3 } }', 'type/mismatch', { text: '3' });
  });

  it('mismatch: a non-bool `when`', () => {
    expectDiagnostic('rule r on tick when bank.gem { }', 'type/mismatch', { text: 'bank.gem' });
  });

  it('arity: emitting an event with the wrong number of values', () => {
    expectDiagnostic('rule r on tick { emit found(1, 2) }', 'type/arity', { text: 'emit found(1, 2)' });
  });

  it('arity: binding more names than the event has parameters', () => {
    expectDiagnostic('rule r on found(a, b) { }', 'type/arity', { text: 'b' });
  });

  it('arity: calling a builtin with the wrong number of arguments', () => {
    expectDiagnostic('rule r on tick { let x = min(1) }', 'type/arity', { text: 'min(1)' });
  });

  it('arity: a card spec with too many values', () => {
    expectDiagnostic('\nzone extra: public { chip(1, 2) }', 'type/arity', { text: '2' });
  });

  it('arity: a card spec missing a field', () => {
    expectDiagnostic('\nzone extra: public { chip }', 'type/arity', { text: 'chip' });
  });

  it('not-assignable: setting a pool', () => {
    expectDiagnostic('rule r on tick { set bank = 1 }', 'type/not-assignable', { text: 'bank' });
  });

  it('unknown-enum-member: comparing a choice with a value it cannot take', () => {
    const d = expectDiagnostic('rule r on tick { for p in players { if p.plan == goo { set p.ready = true } } }', 'type/unknown-enum-member', { text: 'goo' });
    expect(d.hint).toContain('`go`');
  });

  it('recursive-derive: a derived value defined by itself', () => {
    expectDiagnostic('\nderive loop: number = loop + 1\nrule r on tick when loop > 0 { }', 'type/recursive-derive', { text: 'loop' });
  });
});

describe('order/… and flow/…', () => {
  it('order/cycle: two rules each before the other', () => {
    expectDiagnostic('\nrule a on tick before b { }\nrule b on tick before a { }', 'order/cycle', { text: 'before b' });
  });

  it('order/unknown-target: before a rule that does not exist', () => {
    expectDiagnostic('\nrule a on tick after strat { }', 'order/unknown-target', { text: 'strat' });
  });

  it('order/different-event: ordering against a rule of another event', () => {
    expectDiagnostic('\nrule a on tick after take { }', 'order/different-event', { text: 'take' });
  });

  it('flow/unknown-action: `actions … until` an action that does not exist', () => {
    const prelude = PRELUDE.replace('step tick', 'step tick\n    turns { actions by current until pas }');
    const d = expectDiagnostic('\naction pass by current { }', 'flow/unknown-action', { text: 'pas' }, { prelude });
    expect(d.hint).toContain('`pass`');
  });

  it('flow/unknown-phase: an action during a phase the flow lacks', () => {
    expectDiagnostic('\naction pass by current during mian { }', 'flow/unknown-phase', { text: 'mian' });
  });
});

describe('lint/…', () => {
  it('unused-declaration: a var nothing reads', () => {
    const d = expectDiagnostic('\nvar spare: number = 0', 'lint/unused-declaration', { text: 'spare' });
    expect(d.severity).toBe('warning');
  });

  it('unused-declaration: a derived value read only by a test block counts as used', () => {
    const used = compileText(`${PRELUDE}\nderive spare: number = 2\ntest "reads it" {\n  expect spare == 2\n}`);
    expect(used.diagnostics.filter((d) => d.code === 'lint/unused-declaration').map((d) => d.message)).not.toContainEqual(expect.stringContaining('spare'));
    const unused = compileText(`${PRELUDE}\nderive spare: number = 2`);
    expect(unused.diagnostics.filter((d) => d.code === 'lint/unused-declaration').map((d) => d.message)).toContainEqual(expect.stringContaining('spare'));
  });

  it('unused-declaration: a derived value read only by the base game\'s tests stays used when check also lowers a variant', () => {
    const text = `${PRELUDE}\nvariant calm "Calm" {\n  remove rule take\n}\nderive spare: number = 2\ntest "reads it" {\n  expect spare == 2\n}`;
    const checked = check(createMemoryHost({ 'test.rules': text }), 'test.rules');
    expect(checked.value.variants).toEqual(['calm']);
    expect(checked.diagnostics.filter((d) => d.code === 'lint/unused-declaration').map((d) => d.message)).not.toContainEqual(expect.stringContaining('spare'));
    // a declaration nothing reads is still reported
    const idle = check(createMemoryHost({ 'test.rules': text.replace('expect spare == 2', 'expect 2 == 2') }), 'test.rules');
    expect(idle.diagnostics.filter((d) => d.code === 'lint/unused-declaration').map((d) => d.message)).toContainEqual(expect.stringContaining('spare'));
  });

  it('unused-declaration: an option nothing reads', () => {
    expectDiagnostic('\noption speed: number = 3 "How fast."', 'lint/unused-declaration', { text: 'speed' });
  });

  it('never-fires: a rule on an event nothing emits', () => {
    const d = expectDiagnostic('\nevent lonely\nrule wait on lonely { }', 'lint/never-fires', { text: 'lonely' });
    expect(d.severity).toBe('warning');
    expect(d.related?.[0]?.range?.start.line).toBe(PRELUDE.split('\n').length + 1);
  });

  it('unused-binding: a let nothing reads', () => {
    const d = expectDiagnostic('\nrule r on tick { let spare = 1 }', 'lint/unused-binding', { text: 'spare' });
    expect(d.severity).toBe('warning');
  });

  it('unused-binding: an event parameter bound and ignored, unless it starts with _', () => {
    expectDiagnostic('\nrule r on found(n) { }', 'lint/unused-binding', { text: 'n' });
    const { diagnostics } = compileText(`${PRELUDE}\nrule r on found(_n) { }`);
    expect(diagnostics).toEqual([]);
  });

  it('warnings alone leave the graph', () => {
    const { graph } = compileText(`${PRELUDE}\nvar spare: number = 0`);
    expect(graph).not.toBeNull();
  });
});

describe('module/…', () => {
  it('not-found: importing a file that does not exist', () => {
    expectDiagnostic('\nimport "./missing.rules"', 'module/not-found', { text: '"./missing.rules"' });
  });

  it('not-found: a module name with no file under the scenarios folder', () => {
    const host = createMemoryHost({ 'scenarios/x/main.rules': 'module x.main\nimport x.nothing\n' });
    const result = compile(host, 'scenarios/x/main.rules');
    expect(result.diagnostics.map((d) => d.code)).toContain('module/not-found');
  });

  it('not-found: a module name outside any scenarios folder hints at the path of a scenario laid out as `init` does', () => {
    const host = createMemoryHost({ 'trial/mygame/mygame.rules': 'module mygame\n', 'trial/six/six.rules': 'module six\nextends mygame\n' });
    const missing = compile(host, 'trial/six/six.rules').diagnostics.find((d) => d.code === 'module/not-found');
    expect(missing?.hint).toContain('"../mygame/mygame.rules"');
    // the hinted path is the one that works
    const fixed = createMemoryHost({ 'trial/mygame/mygame.rules': 'module mygame\n', 'trial/six/six.rules': 'module six\nextends "../mygame/mygame.rules"\n' });
    expect(compile(fixed, 'trial/six/six.rules').diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('cycle: two modules importing each other', () => {
    const host = createMemoryHost({
      'scenarios/x/a.rules': 'module x.a\nimport "./b.rules"\n',
      'scenarios/x/b.rules': 'module x.b\nimport x.a\n',
    });
    const result = compile(host, 'scenarios/x/a.rules');
    const cycle = result.diagnostics.find((d) => d.code === 'module/cycle');
    expect(cycle?.file).toBe('scenarios/x/b.rules');
    expect(cycle?.message).toContain('a.rules → b.rules → a.rules');
  });
});

describe('compiler/internal-error', () => {
  it('an exception inside the compiler becomes one diagnostic instead of a throw', () => {
    const host = createMemoryHost({ 'main.rules': 'module m\n' });
    const result = compile(host, 'main.rules', { parse: () => { throw new Error('boom'); } });
    expect(result.value).toBeNull();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['compiler/internal-error']);
  });
});

describe('check', () => {
  it('checks every variant and names them', () => {
    const host = createMemoryHost({ 'main.rules': `${PRELUDE}\nvariant a { option nope = 1 }\nvariant b { }\n` });
    const result = check(host, 'main.rules');
    expect(result.value.variants).toEqual(['a', 'b']);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['resolve/unknown-option']);
  });

  it('a module header that does not parse is reported as the parse error alone, in every variant (no schema complaint of a placeholder name)', () => {
    const game = 'scenario "V" {\n  players 2..4\n}\n\nflow {\n  rounds 1 {\n    step go\n  }\n}\n';
    for (const text of [`module variant.v\n\n${game}`, `module variant.v\n\n${game}\nvariant quick {\n}\n`, `module 9lives\n\n${game}\nvariant quick {\n}\n`]) {
      const codes = check(createMemoryHost({ 'v.rules': text }), 'v.rules').diagnostics.map((d) => d.code);
      expect(codes.length, text).toBeGreaterThan(0);
      expect(codes.every((c) => c.startsWith('parse/')), `${text}: ${codes.join(', ')}`).toBe(true);
      expect(JSON.stringify(check(createMemoryHost({ 'v.rules': text }), 'v.rules').diagnostics)).not.toContain('$missing');
    }
  });
});

