import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const INTERNAL_ID = /\b(rule|event|var|pool|zone|token|derived|action|option|card):[a-z_]/;

describe('houserules graph', () => {
  it('writes the rule graph as DOT: events trigger rules, rules emit events, read and write state, in the author’s names', async () => {
    const run = await runCli(['graph', 'scenarios/diamant']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^digraph rules \{/);
    expect(run.stdout).toContain('"event advance" -> "rule reveal_card"');
    expect(run.stdout).toContain('"rule reveal_card" -> "event explored" [style=bold]');
    expect(run.stdout).toMatch(/"rule decide" -> "var plan" \[style=dashed/);
    expect(run.stdout).not.toMatch(INTERNAL_ID);
  });

  it('draws a rule an extension overrides dashed, with the override as an edge', async () => {
    const run = await runCli(['graph', 'scenarios/durango']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/"rule produce@catan\.base" \[label="rule produce\\n\(overridden\)".*style=dashed/);
    expect(run.stdout).toMatch(/"rule produce" -> "rule produce@catan\.base" \[[^\]]*overrides/);
  });

  it('lays the graph out as SVG with Graphviz, and refuses another extension', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-graph-'));
    const run = await runCli(['graph', 'scenarios/diamant', '-o', join(dir, 'g.svg')]);
    expect(run.code).toBe(0);
    const svg = readFileSync(join(dir, 'g.svg'), 'utf8');
    expect(svg).toContain('<svg');
    expect(svg).toContain('rule reveal_card');
    expect(svg).not.toMatch(INTERNAL_ID);
    expect((await runCli(['graph', 'scenarios/diamant', '-o', join(dir, 'g.png')])).code).toBe(2);
  }, 60_000);
});
