import { describe, expect, it } from 'vitest';
import { createGame, loadGraph } from '../src/index.ts';
import { event, graph, lit, load, rule, set } from './graph-builder.ts';

describe('loadGraph', () => {
  it('rejects a value that is not a rule graph with schema diagnostics', () => {
    const r = loadGraph({ version: 1 });
    expect(r.value).toBeNull();
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(r.diagnostics.every((d) => d.code.startsWith('schema/'))).toBe(true);
  });

  it('reports a reference to something the graph does not declare', () => {
    const g = graph({ events: [event('go')], flow: [{ f: 'step', event: 'event:go' }], rules: [rule('r', 'go', [set('var:missing', lit(1))])] });
    const r = loadGraph(g);
    expect(r.value).toBeNull();
    expect(r.diagnostics.map((d) => d.code)).toContain('run/unknown-reference');
  });
});

describe('createGame options', () => {
  const g = graph({
    options: [{ id: 'option:mode', name: 'mode', type: { t: 'enum', values: ['calm', 'wild'] }, default: 'calm', provenance: graph({ flow: [] }).events[0]!.provenance }],
    vars: [{ id: 'var:wild', name: 'wild', scope: 'global', type: { t: 'bool' }, initial: { k: 'bin', op: '==', l: { k: 'option', id: 'option:mode' }, r: lit('wild') }, provenance: graph({ flow: [] }).events[0]!.provenance }],
    flow: [],
  });
  const loaded = load(g);

  it('uses defaults and accepts overrides', () => {
    expect(createGame(loaded, { seed: 1, players: 2 }).value!.view(0).vars.wild).toBe(false);
    const wild = createGame(loaded, { seed: 1, players: 2, options: { mode: 'wild' } }).value!;
    expect(wild.view(0).vars.wild).toBe(true);
    expect(wild.view(0).options.mode).toBe('wild');
  });

  it('reports unknown options and values outside the option type', () => {
    expect(createGame(loaded, { seed: 1, players: 2, options: { speed: 3 } }).diagnostics.map((d) => d.code)).toEqual(['run/unknown-option']);
    expect(createGame(loaded, { seed: 1, players: 2, options: { mode: 'stormy' } }).diagnostics.map((d) => d.code)).toEqual(['run/bad-option-value']);
  });
});
