import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_FULL_LAYOUT_NODES, MAX_LAYOUT_NODES } from '../src/cli-budgets.ts';
import { layoutSize } from '../src/layout-size.ts';
import { runCli } from './run-cli.ts';

/** A scenario of `rules` rules in a chain of events, each reading and writing one shared variable (when `shared`). */
function chainScenario(rules: number, shared: boolean): string {
  const lines = ['scenario "Chain" {', '  players 2..4', '}', '', 'var counter: number = 0', '', 'flow {', '  rounds 1 {', '    step go', '  }', '}', ''];
  for (let i = 0; i < rules; i++) lines.push(`event e${i}`);
  lines.push('', 'rule start on go {', '  emit e0', '}', '');
  for (let i = 0; i < rules; i++) lines.push(`rule r${i} on e${i} {`, ...(shared ? ['  set counter = counter + 1'] : []), ...(i + 1 < rules ? [`  emit e${i + 1}`] : []), '}', '');
  return lines.join('\n');
}

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

  it('measures a layout before it runs: the ranks a shared variable makes edges cross grow with the square of a chain', () => {
    const chain = (n: number, hub: boolean) => ({
      edges: Array.from({ length: n }, (_, i) => [
        { from: `event:e${i}`, to: `rule:r${i}`, kind: 'triggers' },
        { from: `rule:r${i}`, to: `event:e${i + 1}`, kind: 'emits' },
        ...(hub ? [{ from: `rule:r${i}`, to: 'var:counter', kind: 'writes' }, { from: 'var:counter', to: `rule:r${i}`, kind: 'reads' }] : []),
      ]).flat(),
    });
    expect(layoutSize(chain(100, false) as never)).toMatchObject({ nodes: 201, crossings: 0 });
    const hub = layoutSize(chain(100, true) as never);
    expect(hub.crossings).toBeGreaterThan(100 * 99 / 4);
    expect(layoutSize(chain(200, true) as never).crossings).toBeGreaterThan(3 * hub.crossings);
    expect(MAX_FULL_LAYOUT_NODES).toBeLessThan(MAX_LAYOUT_NODES);
  });

  it('refuses to lay out a graph beyond its budget (cli/graph-too-large, exit 1, nothing written) and still writes its DOT', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-graph-'));
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    writeFileSync(join(dir, 'many.rules'), chainScenario(1000, true));
    const svg = await runCli(['graph', 'many.rules', '-o', 'many.svg'], dir);
    expect(svg.code).toBe(1);
    expect(svg.stderr).toContain('error[cli/graph-too-large]');
    expect(svg.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(dir, 'many.svg'))).toBe(false);
    const dot = await runCli(['graph', 'many.rules', '-o', 'many.dot'], dir);
    expect(dot.code).toBe(0);
    expect(readFileSync(join(dir, 'many.dot'), 'utf8')).toContain('rule r999');
  });
});
