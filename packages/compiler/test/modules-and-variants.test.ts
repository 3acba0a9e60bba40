import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost, findModuleInTree } from '../src/index.ts';

const BASE = `module game.base
token coin
pool bank { coin: unlimited }
per player { pool purse { coin } }
flow { rounds 1 { step pay } }
rule first_pay on pay {
  cite "Everyone takes a coin."
  for p in players { move 1 coin from bank to p.purse }
}
rule second_pay on pay {
  for p in players { move 1 coin from bank to p.purse }
}
rule third_pay on pay {
  for p in players { move 1 coin from bank to p.purse }
}
ranking p by p.purse.coin desc ties shared
`;

function host(extra: Record<string, string>) {
  return createMemoryHost({ 'scenarios/game/base.rules': BASE, ...extra });
}

describe('module loading', () => {
  it('finds a module by name under the nearest scenarios folder and loads imports first', () => {
    const h = host({ 'scenarios/game/extra.rules': 'module game.extra\nimport game.base\nrule fourth on pay { for p in players { move 1 coin from bank to p.purse } }\n' });
    const result = compile(h, 'scenarios/game/extra.rules');
    expect(result.diagnostics).toEqual([]);
    expect(result.value?.scenario.modules).toEqual([
      { name: 'game.base', file: 'scenarios/game/base.rules' },
      { name: 'game.extra', file: 'scenarios/game/extra.rules' },
    ]);
    expect(result.value?.rules.find((r) => r.id === 'rule:fourth')?.provenance.module).toBe('game.extra');
    const order = result.value!.rules.filter((r) => r.event === 'event:pay').sort((a, b) => a.order - b.order).map((r) => r.name);
    expect(order).toEqual(['first_pay', 'second_pay', 'third_pay', 'fourth']);
  });

  it('resolves a relative path against the importing file', () => {
    const h = host({ 'scenarios/game/v/ext.rules': 'module ext extends "../base.rules"\n' });
    expect(compile(h, 'scenarios/game/v/ext.rules').diagnostics).toEqual([]);
  });

  it('the module-name rule also finds a `scenarios` folder below an ancestor', () => {
    const exists = (p: string) => p === 'repo/scenarios/a/b.rules';
    expect(findModuleInTree('a.b', 'repo/tools/x.rules', exists)).toBe('repo/scenarios/a/b.rules');
    expect(findModuleInTree('a.c', 'repo/tools/x.rules', exists)).toBeUndefined();
  });

  it('loads a module imported twice once', () => {
    const h = host({
      'scenarios/game/a.rules': 'module game.a\nimport game.base\n',
      'scenarios/game/main.rules': 'module game.main\nimport game.base\nimport game.a\n',
    });
    const result = compile(h, 'scenarios/game/main.rules');
    expect(result.diagnostics).toEqual([]);
    expect(result.value?.scenario.modules.map((m) => m.name)).toEqual(['game.base', 'game.a', 'game.main']);
  });
});

describe('extends and overrides', () => {
  const EXT = `module game.house extends game.base
override rule second_pay on pay {
  for p in players { move 2 coin from bank to p.purse }
}
remove rule third_pay
rule bonus on pay before first_pay {
  for p in players { move 1 coin from bank to p.purse }
}
`;

  it('an override takes the place of the rule it replaces; the replaced rule stays, inactive', () => {
    const result = compile(host({ 'scenarios/game/house.rules': EXT }), 'scenarios/game/house.rules');
    expect(result.diagnostics).toEqual([]);
    const g = result.value!;
    const active = g.rules.filter((r) => r.status === 'active').sort((a, b) => a.order - b.order).map((r) => r.id);
    expect(active).toEqual(['rule:bonus', 'rule:first_pay', 'rule:second_pay']);
    const replaced = g.rules.find((r) => r.id === 'rule:second_pay@game.base');
    expect(replaced?.status).toBe('overridden');
    expect(g.rules.find((r) => r.id === 'rule:third_pay@game.base')?.status).toBe('removed');
    expect(g.edges).toContainEqual({ from: 'rule:second_pay', to: 'rule:second_pay@game.base', kind: 'overrides' });
    expect(g.edges.some((e) => e.from === 'rule:third_pay@game.base' || e.to === 'rule:third_pay@game.base')).toBe(false);
    expect(g.rules.find((r) => r.id === 'rule:second_pay')?.provenance.module).toBe('game.house');
  });

  it('a chain of overrides links each replacement to what it replaced', () => {
    const ext = `module game.house extends game.base
override rule second_pay on pay { }
variant harsh { override rule second_pay on pay { } }
`;
    const g = compile(host({ 'scenarios/game/house.rules': ext }), 'scenarios/game/house.rules', { variant: 'harsh' }).value!;
    expect(g.rules.filter((r) => r.name === 'second_pay').map((r) => [r.id, r.status])).toEqual([
      ['rule:second_pay', 'active'], ['rule:second_pay@game.base', 'overridden'], ['rule:second_pay@game.house', 'overridden'],
    ]);
    expect(g.edges.filter((e) => e.kind === 'overrides')).toEqual([
      { from: 'rule:second_pay', to: 'rule:second_pay@game.house', kind: 'overrides' },
      { from: 'rule:second_pay@game.house', to: 'rule:second_pay@game.base', kind: 'overrides' },
    ]);
  });

  it('a variant block applies only when chosen', () => {
    const source = `${BASE}\nvariant lean { remove rule third_pay }\n`;
    const h = createMemoryHost({ 'scenarios/game/base.rules': source });
    const plain = compile(h, 'scenarios/game/base.rules').value!;
    const lean = compile(h, 'scenarios/game/base.rules', { variant: 'lean' }).value!;
    expect(plain.rules.find((r) => r.id === 'rule:third_pay')?.status).toBe('active');
    expect(lean.rules.find((r) => r.id === 'rule:third_pay')).toBeUndefined();
    expect(lean.rules.find((r) => r.id === 'rule:third_pay@game.base')?.status).toBe('removed');
  });

  it('an override of something of another kind is unknown-override-target', () => {
    const h = host({ 'scenarios/game/x.rules': 'module x extends game.base\noverride action first_pay { }\n' });
    expect(compile(h, 'scenarios/game/x.rules').diagnostics.map((d) => d.code)).toEqual(['resolve/unknown-override-target']);
  });

  it('an option default set by an extension is type-checked', () => {
    const h = createMemoryHost({
      'a.rules': 'module a\noption speed: number = 1 "Speed."\nflow { rounds speed { } }\n',
      'b.rules': 'module b extends "./a.rules"\noption speed = true\n',
    });
    expect(compile(h, 'b.rules').diagnostics.map((d) => d.code)).toEqual(['type/mismatch']);
  });
});

describe('what an extending module replaces whole', () => {
  it('its own flow replaces the base flow; two flows in one module are still a duplicate', () => {
    const h = host({
      'scenarios/game/long.rules': 'module game.long extends "./base.rules"\nflow { rounds 3 { step pay } }\n',
      'scenarios/game/twice.rules': 'module game.twice\nflow { rounds 1 { step a } }\nflow { rounds 1 { step b } }\n',
    });
    const long = compile(h, 'scenarios/game/long.rules');
    expect(long.diagnostics).toEqual([]);
    expect(long.value?.flow).toHaveLength(1);
    expect(long.value?.flow[0]).toMatchObject({ f: 'rounds', count: { k: 'lit', v: 3 } });
    expect(compile(h, 'scenarios/game/twice.rules').diagnostics.map((d) => d.code)).toContain('resolve/duplicate');
  });

  it('the scenario block of the most derived module applies, also to a test module extending it', () => {
    const h = host({
      'scenarios/game/big.rules': 'module game.big extends "./base.rules"\nscenario "Big" { players 5..6 }\n',
      'scenarios/game/tests/big-tests.rules': 'module game.big_tests extends "../big.rules"\n',
      'scenarios/game/small.rules': 'module game.small\nscenario "Small" { players 2..3 }\nflow { rounds 1 { step pay } }\n',
    });
    const big = compile(h, 'scenarios/game/tests/big-tests.rules');
    expect(big.diagnostics).toEqual([]);
    expect(big.value?.scenario.title).toBe('Big');
    expect(big.value?.scenario.players).toEqual({ min: 5, max: 6 });
    expect(compile(h, 'scenarios/game/small.rules').value?.scenario.players).toEqual({ min: 2, max: 3 });
  });
});

describe('override board in an extending module', () => {
  it('keeps the base\'s kinds in the hex-kind enum, and adds the new board\'s kinds for the extension\'s rules', () => {
    const base = `module isle.base
token coin
pool bank { coin: unlimited }
per player { pool purse { coin } }
board land: hex radius 1 {
  kinds shuffled [6 of field, 1 of waste]
}
derive barren(h: hex): bool = h.kind == waste
flow { rounds 1 { step pay } }
rule pay on pay {
  for p in players { move count(h in hexes where not barren(h)) coin from bank to p.purse }
}
`;
    const ext = `module isle.mines extends isle.base
override board land: hex radius 1 {
  kinds shuffled [6 of field, 1 of mine]
}
derive rich(h: hex): bool = h.kind == mine
rule dig on pay {
  for p in players { move count(h in hexes where rich(h)) coin from bank to p.purse }
}
`;
    const h = createMemoryHost({ 'scenarios/isle/base.rules': base, 'scenarios/isle/mines.rules': ext });
    const result = compile(h, 'scenarios/isle/mines.rules');
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.value!.boards.map((b) => b.hexKinds)).toEqual([['field', 'mine']]);
  });
});
