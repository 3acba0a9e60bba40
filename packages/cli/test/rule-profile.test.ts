import { describe, expect, it } from 'vitest';
import { attribute, formatRuleProfile, graphNodeOf } from '../src/simulate/rule-profile.ts';
import { runCli } from './run-cli.ts';

// A hand-made CPU profile: root → settle (engine) → rule a → derived b → moveTokens (engine),
// and settle → (garbage collector).
const frame = (id: number, url: string, children: number[] = []) => ({ id, callFrame: { url }, children });
const profile = {
  nodes: [
    frame(1, '', [2, 6]),
    frame(2, 'file:///engine/game.js', [3]),
    frame(3, 'houserules:rule/a.js', [4]),
    frame(4, 'houserules:derived/b.js', [5]),
    frame(5, 'file:///engine/game.js'),
    frame(6, ''),
  ],
  // 2 samples in the engine alone, 1 in rule a itself, 3 in b, 2 in the engine called from b, 2 in GC
  samples: [2, 2, 3, 4, 4, 4, 5, 5, 6, 6],
};

describe('time by rule', () => {
  it('names graph nodes from the generated code’s source URLs', () => {
    expect(graphNodeOf('houserules:rule/produce.js')).toBe('rule produce');
    expect(graphNodeOf('houserules:action/offer_trade/options.js')).toBe('action offer_trade (options)');
    expect(graphNodeOf('file:///x/game.js')).toBeNull();
  });

  it('counts a sample for every graph node on its stack (total) and for the innermost one (own)', () => {
    const p = attribute(profile);
    expect(p.samples).toBe(10);
    expect(p.engine).toBe(40);
    expect(p.entries).toEqual([
      { node: 'rule a', total: 60, own: 10 },
      { node: 'derived b', total: 50, own: 50 },
    ]);
    expect(formatRuleProfile(p)).toContain('rule a');
  });

  it('profiles a simulation in the scenario’s names, and only in one thread', async () => {
    const run = await runCli(['simulate', 'scenarios/diamant', '--games', '3000', '--profile', '--json']);
    expect(run.code).toBe(0);
    const { profile: p } = JSON.parse(run.stdout) as { profile: ReturnType<typeof attribute> };
    expect(p.samples).toBeGreaterThan(0);
    expect(p.entries.some((e) => e.node.startsWith('rule '))).toBe(true);
    for (const e of p.entries) expect(e.own).toBeLessThanOrEqual(e.total);
    const totals = p.entries.map((e) => e.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const refused = await runCli(['simulate', 'scenarios/diamant', '--profile', '--workers', '2']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--profile');
  });
});
