import { describe, expect, it } from 'vitest';
import { PRELUDE, compileText, errorsOf, expectDiagnostic } from './helpers.ts';

describe('games that mean nothing are compile errors', () => {
  it('`players 8..3` allows no number of players, and says which range was meant', () => {
    expectDiagnostic('scenario "Backwards" {\n  players 8..3\n}\n', 'type/bad-player-range', { text: '8..3' });
    expectDiagnostic('scenario "Nobody" {\n  players 0..2\n}\n', 'type/bad-player-range', { text: '0..2' });
  });

  it('`self` in a rule, an action, an end or the ranking is an error that offers `current` and `actor`', () => {
    const d = expectDiagnostic('rule r on tick {\n  set self.ready = true\n}\n', 'resolve/self-outside-player', { text: 'self' });
    expect(d.hint).toContain('current');
    expectDiagnostic('action a {\n  set self.ready = true\n}\n', 'resolve/self-outside-player', { text: 'self' });
    expectDiagnostic('end e2 when self.ready\n', 'resolve/self-outside-player', { text: 'self' });
    expectDiagnostic('ranking p by self.purse.gem\n', 'resolve/self-outside-player', { text: 'self' });
  });

  it('`self` stays what it was inside `per player` and in policies', () => {
    const ok = compileText(`${PRELUDE}per player {\n  derive rich: bool = self.purse.gem > 2\n}\npolicy keen {\n  prefer go when self.rich\n}\nrule asking on tick {\n  ask each p in players to choose p.plan then {\n    set p.ready = p.rich\n  }\n}\n`);
    expect(errorsOf(ok.diagnostics)).toEqual([]);
  });

  it('a ranking key must be a number or a bool: ranking by a zone, a player or an enum is an error', () => {
    expectDiagnostic('ranking p by p.hand desc\n', 'type/mismatch', { text: 'p.hand' });
    expectDiagnostic('ranking p by p.purse.gem then p.plan\n', 'type/mismatch', { text: 'p.plan' });
    expect(errorsOf(compileText(`${PRELUDE}ranking p by p.purse.gem desc then p.ready\n`).diagnostics)).toEqual([]);
  });
});

describe('guards meant to exclude each other', () => {
  const TWO = `var stage: one | two = one
rule first on tick when stage == one {
  set stage = two
}
rule second on tick when stage == two {
  set stage = one
}
`;

  it('warns when the first rule changes what both guards read: a `when` is evaluated just before its rule fires', () => {
    const d = expectDiagnostic(TWO, 'lint/guard-changed-by-earlier-rule', { text: 'stage == two' });
    expect(d.severity).toBe('warning');
    expect(d.message).toContain('`first`');
    expect(d.related?.[0]?.message).toContain('first');
  });

  it('sees through derived values the guards call', () => {
    expectDiagnostic(`var stage: one | two = one
derive early: bool = stage == one
rule first on tick when early {
  set stage = two
}
rule second on tick when not early {
  let _x = 1
}
`, 'lint/guard-changed-by-earlier-rule', { text: 'not early' });
  });

  it('is quiet when the two rules are one `if … else`, or when the first rule does not read what it changes', () => {
    const one = compileText(`${PRELUDE}var stage: one | two = one\nrule flip on tick {\n  if stage == one {\n    set stage = two\n  } else {\n    set stage = one\n  }\n}\n`);
    expect(one.diagnostics.map((d) => d.code)).not.toContain('lint/guard-changed-by-earlier-rule');
    const feeds = compileText(`${PRELUDE}var count: number = 0\nrule bump on tick when round > 0 {\n  set count = count + 1\n}\nrule report on tick when count > 1 {\n  let _x = count\n}\n`);
    expect(feeds.diagnostics.map((d) => d.code)).not.toContain('lint/guard-changed-by-earlier-rule');
  });

  it('does not count what an ask’s `then` writes: it runs once the answer comes, after the other rules on the event', () => {
    const later = compileText(`${PRELUDE}rule choose_plan on tick when all(p in players: p.plan == stay) {
  ask each p in players to choose p.plan then {
    set p.ready = p.plan == go
  }
}
rule after on tick when any(p in players where p.plan == go) {
  let _x = 1
}
`);
    expect(later.diagnostics.map((d) => d.code)).not.toContain('lint/guard-changed-by-earlier-rule');
  });
});

describe('lints run only on modules that parsed', () => {
  it('a file with a parse error reports the parse error, not the lints of what the parser recovered', () => {
    const { diagnostics } = compileText(`${PRELUDE}var unused_one: number = 0\nrule broken on tick {\n  set = 3\n}\n`);
    expect(diagnostics.some((d) => d.code.startsWith('parse/'))).toBe(true);
    expect(diagnostics.filter((d) => d.code.startsWith('lint/'))).toEqual([]);
  });

  it('the same file, parsed, has its lints', () => {
    const { diagnostics } = compileText(`${PRELUDE}var unused_one: number = 0\n`);
    expect(diagnostics.map((d) => d.code)).toContain('lint/unused-declaration');
  });
});

describe('one namespace, one diagnostic for a collision', () => {
  const CARD_AND_PLAYER = `module c
token gem
pool bank { gem: unlimited }
card treasure { value: number, pool gems { gem } }
zone deck: public { treasure(3) }
per player {
  pool gems { gem }
  derive rich: bool = gems.gem > 2
}
event found(c: card)
flow {
  rounds 1 {
    step look
  }
}
rule look on look {
  for c in deck {
    emit found(c)
  }
}
rule take on found(c) {
  move 1 gem from bank to c.gems
  move 1 gem from bank to current.gems
}
`;

  const CARD_ONLY = CARD_AND_PLAYER.replace('  pool gems { gem }\n  derive rich: bool = gems.gem > 2\n', '  var score: number = 0\n').replace('current.gems', 'c.gems');

  it('a per-card and a per-player pool of one name: one error naming both, with a rename, and no cascade', () => {
    const { diagnostics } = compileText(CARD_AND_PLAYER);
    const errors = errorsOf(diagnostics);
    expect(errors.map((d) => d.code)).toEqual(['resolve/duplicate']);
    expect(errors[0]!.message).toContain('per-card pool of `treasure`');
    expect(errors[0]!.message).toContain('per-player pool');
    expect(errors[0]!.hint).toContain('player_gems');
    expect(errors[0]!.related?.[0]?.range?.start.line).toBe(4);
  });

  it('a rule named like a card kind’s pool: one error, and the hint does not offer an `override` of another kind', () => {
    const { diagnostics } = compileText(`${CARD_ONLY}rule gems on found(c) {\n  let _c = c\n}\n`);
    const errors = errorsOf(diagnostics);
    expect(errors.map((d) => d.code)).toEqual(['resolve/duplicate']);
    expect(errors[0]!.hint).not.toContain('override');
  });

  it('a rule named like a card field is fine: fields are members of their card kind', () => {
    const { diagnostics } = compileText(`${CARD_ONLY}rule value on found(c) when c is treasure {\n  let _v = c.value\n}\n`);
    expect(errorsOf(diagnostics)).toEqual([]);
  });
});
