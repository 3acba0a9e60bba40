import { describe, expect, it } from 'vitest';
import { validateRuleGraph } from '@houserules/schema';
import { check, compileSource, createMemoryHost } from '../src/index.ts';
import SOURCE from '../../../scenarios/diamant/diamant.rules?raw';

const FILE = 'scenarios/diamant/diamant.rules';

function compileDiamant(source = SOURCE, variant?: string) {
  return compileSource(source, variant === undefined ? { file: FILE } : { file: FILE, variant });
}

/** Replaces exactly one occurrence of `from` (the test fails if the text moved). */
function broken(from: string, to: string): string {
  expect(SOURCE.split(from).length - 1, `"${from}" should occur once in diamant.rules`).toBe(1);
  return SOURCE.replace(from, to);
}

function at(source: string, d: { range?: { start: { offset: number }; end: { offset: number } } }): string | null {
  return d.range ? source.slice(d.range.start.offset, d.range.end.offset) : null;
}

describe('diamant.rules', () => {
  it('compiles with no diagnostic at all (base game)', () => {
    const result = compileDiamant();
    expect(result.diagnostics).toEqual([]);
    expect(result.value).not.toBeNull();
    expect(validateRuleGraph(result.value).value).toBe(true);
  });

  it('compiles with no diagnostic for the incan_gold variant, which changes the sharing default', () => {
    const result = compileDiamant(SOURCE, 'incan_gold');
    expect(result.diagnostics).toEqual([]);
    expect(result.value?.scenario.variant).toBe('incan_gold');
    expect(result.value?.options.find((o) => o.id === 'option:leftover_sharing')?.default).toBe('pooled');
    expect(compileDiamant().value?.options.find((o) => o.id === 'option:leftover_sharing')?.default).toBe('per_card');
  });

  it('checks clean with check(), which finds the one variant', () => {
    const result = check(createMemoryHost({ [FILE]: SOURCE }), FILE);
    expect(result).toEqual({ value: { variants: ['incan_gold'] }, diagnostics: [] });
  });

  it('is deterministic: compiling twice gives byte-identical JSON', () => {
    expect(JSON.stringify(compileDiamant().value)).toBe(JSON.stringify(compileDiamant().value));
    expect(JSON.stringify(compileDiamant(SOURCE, 'incan_gold').value)).toBe(JSON.stringify(compileDiamant(SOURCE, 'incan_gold').value));
  });

  it('has the edges the rules imply', () => {
    const edges = compileDiamant().value!.edges.map((e) => `${e.from} ${e.kind} ${e.to}`);
    expect(edges).toContain('event:explored triggers rule:share_treasure');
    expect(edges).toContain('rule:reveal_card emits event:explored');
    expect(edges).toContain('rule:decide emits event:plans_revealed');
    expect(edges).toContain('rule:decide asks var:plan');
    expect(edges).toContain('rule:share_treasure reads derived:in_cave_count');
    expect(edges).toContain('rule:share_treasure writes pool:carried');
    expect(edges).toContain('rule:exchange_rubies reads option:exchange');
    expect(edges).toContain('rule:clear_path writes zone:expedition');
    expect([...edges].sort()).toEqual(edges.slice().sort());
  });

  it('lowers the constructs the engine relies on', () => {
    const g = compileDiamant().value!;
    expect(g.events.filter((e) => e.source === 'step').map((e) => e.id)).toEqual(['event:advance', 'event:decide']);
    expect(g.events.find((e) => e.id === 'event:explored')?.params).toEqual([{ name: 'card', type: { t: 'card' } }]);
    const expedition = g.zones.find((z) => z.id === 'zone:expedition')!;
    expect(expedition.contents).toContainEqual({ kind: 'card:trap', count: 3, fields: { kind: 'spiders' } });
    expect(expedition.contents.reduce((n, c) => n + c.count, 0)).toBe(35);
    const score = g.derived.find((d) => d.id === 'derived:score')!;
    expect(score.perPlayer).toBe(true);
    expect(score.params[0]).toEqual({ name: 'self', type: { t: 'player' } });
    expect(g.ranking?.keys[0]?.value).toEqual({ k: 'derived', id: 'derived:score', args: [{ k: 'local', name: 'p' }] });
    const decide = g.rules.find((r) => r.id === 'rule:decide')!;
    expect(decide.body[0]).toMatchObject({ s: 'ask', id: 'rule:decide/ask1', choice: { var: 'var:plan', values: ['continue', 'exit'] }, secret: true });
    const order = g.rules.filter((r) => r.event === 'event:plans_revealed').sort((a, b) => a.order - b.order).map((r) => r.name);
    expect(order).toEqual(['share_leftovers_per_card', 'share_leftovers_pooled', 'lone_leaver_takes_relics', 'leavers_return']);
    for (const rule of g.rules) expect(rule.provenance.cite, rule.id).toBeTruthy();
  });
});

describe('broken copies of diamant.rules', () => {
  it('a deleted pool: every move from or to it is not-a-pool, at the name', () => {
    const source = broken('pool reserve { ruby: unlimited, diamond: unlimited }\n', '');
    const result = compileDiamant(source);
    expect(result.value).toBeNull();
    const codes = new Set(result.diagnostics.map((d) => d.code));
    expect([...codes]).toEqual(['resolve/not-a-pool']);
    // share_treasure ×2, trap_springs, clear_path, exchange_rubies ×2
    expect(result.diagnostics.length).toBe(6);
    expect(result.diagnostics.every((d) => at(source, d) === 'reserve')).toBe(true);
  });

  it('a misspelt var: unknown-member at the misspelling, suggesting the real name', () => {
    const source = broken('set p.in_cave = true', 'set p.in_cavee = true');
    const d = compileDiamant(source).diagnostics.find((x) => x.code === 'resolve/unknown-member')!;
    expect(at(source, d)).toBe('in_cavee');
    expect(d.hint).toContain('`in_cave`');
  });

  it('an emit with the wrong number of values: type/arity on the emit', () => {
    const source = broken('emit explored(c)', 'emit explored(c, 1)');
    const d = compileDiamant(source).diagnostics.find((x) => x.code === 'type/arity')!;
    expect(at(source, d)).toBe('emit explored(c, 1)');
  });

  it('a variant overriding a rule that does not exist: unknown-override-target, naming the near rule', () => {
    const source = broken('  option leftover_sharing = pooled\n', '  option leftover_sharing = pooled\n  override rule share_tresure on explored(c) { }\n');
    const result = compileDiamant(source, 'incan_gold');
    const d = result.diagnostics.find((x) => x.code === 'resolve/unknown-override-target')!;
    expect(at(source, d)).toBe('share_tresure');
    expect(d.hint).toContain('`share_treasure`');
  });

  it('a variant giving an option a value outside its type: type/unknown-enum-member', () => {
    const source = broken('option leftover_sharing = pooled', 'option leftover_sharing = shared');
    const d = compileDiamant(source, 'incan_gold').diagnostics.find((x) => x.code === 'type/unknown-enum-member')!;
    expect(at(source, d)).toBe('shared');
  });
});
