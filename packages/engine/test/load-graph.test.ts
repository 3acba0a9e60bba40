import { describe, expect, it } from 'vitest';
import { createGame, loadGraph } from '../src/index.ts';
import type { Expr } from '@houserules/schema';
import { event, graph, lit, load, rule, set } from './graph-builder.ts';
import { siteGame } from './site-graph.ts';

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

describe('loadGraph of board queries over pieces of the wrong site', () => {
  // The compiler refuses these (type/wrong-site); a hand-built graph meets the engine's own check.
  const withDerived = (value: Expr) => {
    const g = siteGame();
    g.derived.push({ id: 'derived:probe', name: 'probe', params: [], type: { t: 'number' }, value, perPlayer: false, provenance: g.derived[0]!.provenance });
    return g;
  };
  const codes = (value: Expr) => loadGraph(withDerived(value)).diagnostics.map((d) => d.code);
  const seat0: Expr = { k: 'lit', v: 0 };

  it('a longest trail over corner pieces is run/bad-trail; over edge pieces it loads', () => {
    expect(codes({ k: 'trail', player: seat0, pieces: ['piece:town'] })).toContain('run/bad-trail');
    expect(codes({ k: 'trail', player: seat0, pieces: ['piece:road'] })).toEqual([]);
  });

  it('networks and joined over corner pieces are run/bad-network', () => {
    expect(codes({ k: 'networks', player: seat0, pieces: ['piece:town'] })).toContain('run/bad-network');
    const corner: Expr = { k: 'siteAt', site: 'corner', q: lit(0), r: lit(0), i: lit(0) };
    expect(codes({ k: 'joined', player: seat0, from: corner, to: corner, pieces: ['piece:town'] })).toContain('run/bad-network');
    expect(codes({ k: 'networks', player: seat0, pieces: ['piece:road'] })).toEqual([]);
  });
});

describe('createGame options', () => {
  const g = graph({
    options: [
      { id: 'option:mode', name: 'mode', type: { t: 'enum', values: ['calm', 'wild'] }, default: 'calm', provenance: graph({ flow: [] }).events[0]!.provenance },
      { id: 'option:limit', name: 'limit', type: { t: 'number' }, default: 10, provenance: graph({ flow: [] }).events[0]!.provenance },
    ],
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

  it('takes a number option within the language’s range (±2^29) and refuses one outside it or not whole', () => {
    const limit = (v: number) => createGame(loaded, { seed: 1, players: 2, options: { limit: v } });
    expect(limit(-(2 ** 29)).value!.view(0).options.limit).toBe(-(2 ** 29));
    expect(limit(2 ** 29 - 1).value!.view(0).options.limit).toBe(2 ** 29 - 1);
    for (const v of [2 ** 29, -(2 ** 29) - 1, 5_000_000_000, 2.5]) expect(limit(v).diagnostics.map((d) => d.code)).toEqual(['run/bad-option-value']);
  });
});
