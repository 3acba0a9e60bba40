import { describe, expect, it } from 'vitest';
import { compileText, errorsOf } from './helpers.ts';

const BASE = `module maps
card number_card { value: number }
zone deck: hidden { number_card(1..6) }
var height: map 2..12 of number = [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3]
var claimed: map 2..12 of bool = false
per player {
  var progress: map 2..12 of number = 0
  var medals: map bronze | silver | gold of number = 0
  secret var bid: number = 0
  zone hand: owner
}
flow {
  rounds 1 {
    step go
  }
}
`;

const codes = (body: string, extra = ''): string[] => errorsOf(compileText(`${BASE}${extra}rule go on go {\n${body}\n}\n`).diagnostics).map((d) => d.code);

describe('maps and indexing', () => {
  it('lowers a map var to keys and per-key initial values, and m[k] to a keyed read and write', () => {
    const { graph, diagnostics } = compileText(`${BASE}rule go on go {\n  set current.progress[7] = height[7] + current.medals[gold]\n}\n`);
    expect(errorsOf(diagnostics)).toEqual([]);
    const height = graph!.vars.find((v) => v.name === 'height')!;
    expect(height.keys).toEqual({ from: 2, to: 12 });
    expect(height.initialByKey).toHaveLength(11);
    expect(graph!.vars.find((v) => v.name === 'medals')!.keys).toEqual({ values: ['bronze', 'silver', 'gold'] });
    const set = graph!.rules.find((r) => r.name === 'go')!.body[0]!;
    expect(set).toMatchObject({ s: 'set', var: 'var:progress', key: { k: 'lit', v: 7 } });
  });

  it('reports a constant key outside the range, a key of the wrong type, a map without a key', () => {
    expect(codes('  set claimed[13] = true')).toEqual(['type/key-out-of-range']);
    expect(codes('  set current.medals[3] = 1')).toEqual(['type/map-key']);
    expect(codes('  set current.progress[gold] = 1')).toEqual(['type/map-key']);
    expect(codes('  let x = claimed\n  set claimed[2] = x')).toContain('type/map-needs-key');
  });

  it('checks a map\'s initial values and where a map may be', () => {
    expect(errorsOf(compileText(`${BASE}var short: map 1..3 of number = [1, 2]\n`).diagnostics).map((d) => d.code)).toContain('type/map-size');
    expect(errorsOf(compileText(`${BASE}derive f(m: map 1..3 of number): number = 1\n`).diagnostics).map((d) => d.code)).toContain('type/map-scope');
    expect(errorsOf(compileText(`${BASE}var bad: map 3..1 of number = 0\n`).diagnostics).map((d) => d.code)).toContain('type/empty-range');
  });

  it('indexes lists from 1, finds positions, and refuses what has no positions', () => {
    const { graph, diagnostics } = compileText(`${BASE}derive metals: list of bronze | silver | gold = [bronze, silver, gold]\nrule go on go {\n  set current.medals[metals[2]] = position(silver, metals)\n}\n`);
    expect(errorsOf(diagnostics)).toEqual([]);
    const set = graph!.rules.find((r) => r.name === 'go')!.body[0]!;
    expect(set).toMatchObject({ key: { k: 'at', index: { k: 'lit', v: 2 } }, value: { k: 'call', fn: 'position' } });
    expect(codes('  set height[2] = [1, 2][3]')).toEqual(['type/index-out-of-range']);
    expect(codes('  set height[2] = [1, 2][0]')).toEqual(['type/index-out-of-range']);
    expect(codes('  set height[2] = height[2][1]')).toEqual(['type/not-indexable']);
  });
});

describe('who knows what', () => {
  it('lowers show and look to one show statement of cards to players', () => {
    const { graph, diagnostics } = compileText(`${BASE}rule go on go {\n  show current.hand to players\n  let current look at first(c in deck)\n}\n`);
    expect(errorsOf(diagnostics)).toEqual([]);
    const body = graph!.rules.find((r) => r.name === 'go')!.body;
    expect(body.map((s) => s.s)).toEqual(['show', 'show']);
    expect(body[1]).toMatchObject({ cards: { k: 'list' }, to: { k: 'list', items: [{ k: 'ctx', name: 'current' }] } });
    expect(codes('  show 3 to players')).toEqual(['type/mismatch']);
    expect(codes('  show deck to 3')).toEqual(['type/mismatch']);
  });

  it('marks secret vars and pools, and refuses a secret that has no owner to hide it from', () => {
    const { graph } = compileText(`${BASE}token coin\nsecret pool vault { coin: 3 }\n`);
    expect(graph!.vars.find((v) => v.name === 'bid')!.secret).toBe(true);
    expect(graph!.pools.find((p) => p.name === 'vault')!.secret).toBe(true);
    expect(errorsOf(compileText(`${BASE}per hex {\n  secret var mark: bool = false\n}\nboard b: hex radius 1\n`).diagnostics).map((d) => d.code)).toContain('type/secret-scope');
  });

  it('holds a policy to what its player sees', () => {
    const policy = (pref: string): string[] => errorsOf(compileText(`${BASE}policy p {\n  ${pref}\n}\naction bet by current {\n  set current.bid = 1\n}\n`).diagnostics).map((d) => d.code);
    expect(policy('prefer bet when self.bid == 0')).toEqual([]);
    expect(policy('prefer bet when count(c in deck) > 2 and size(first(q in players where q != self).hand) > 0')).toEqual([]);
    expect(policy('prefer bet when any(q in players: q.bid > 3)')).toEqual(['type/policy-sees-hidden']);
    expect(policy('prefer bet when any(c in deck: c.value == 6)')).toEqual(['type/policy-sees-hidden']);
    expect(policy('prefer bet when count(c in first(q in players where q != self).hand where c.value > 3) > 0')).toEqual(['type/policy-sees-hidden']);
  });
});
