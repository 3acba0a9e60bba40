import { describe, expect, it } from 'vitest';
import { EXPR_KINDS, STMT_KINDS, TYPE_KINDS, validateRuleGraph, type Diagnostic, type RuleGraph } from '../src/index.ts';
import { sampleGraph } from '../src/testing/index.ts';
import { minimalGraph } from './fixtures/minimal-graph.ts';
import { fullGraph } from './fixtures/full-graph.ts';

/** A graph as plain JSON, to break on purpose. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function broken(make: () => RuleGraph, mutate: (graph: Json) => void): Json {
  const graph = JSON.parse(JSON.stringify(make())) as Json;
  mutate(graph);
  return graph;
}

/** `[code, pointer]` of each diagnostic; the message starts with the pointer. */
function summary(diagnostics: Diagnostic[]): [string, string][] {
  return diagnostics.map((d) => [d.code, d.message.slice(0, d.message.indexOf(': '))]);
}

describe('validateRuleGraph on valid graphs', () => {
  it.each([
    ['the minimal graph', minimalGraph],
    ['the exported sample graph', sampleGraph],
    ['a graph using every node kind and variant', fullGraph],
  ])('accepts %s', (_, make) => {
    expect(validateRuleGraph(make())).toEqual({ value: true, diagnostics: [] });
  });

  it('has a full graph that really uses every Expr, Stmt and TypeDesc kind', () => {
    const seen = { k: new Set<string>(), s: new Set<string>(), t: new Set<string>() };
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (typeof node !== 'object' || node === null) return;
      for (const tag of ['k', 's', 't'] as const) {
        const value = (node as Record<string, unknown>)[tag];
        if (typeof value === 'string') seen[tag].add(value);
      }
      Object.values(node).forEach(walk);
    };
    walk(fullGraph());
    for (const kind of EXPR_KINDS) expect(seen.k, kind).toContain(kind);
    for (const kind of STMT_KINDS) expect(seen.s, kind).toContain(kind);
    for (const kind of TYPE_KINDS) expect(seen.t, kind).toContain(kind);
  });

  it('rejects board shapes and piece references of the wrong form', () => {
    const trail = broken(fullGraph, (g) => (g.rules[0].body.at(-2).value = { k: 'trail', player: { k: 'local', name: 'p' }, pieces: ['link'] }));
    expect(summary(validateRuleGraph(trail).diagnostics)[0]?.[0]).toBe('schema/pattern');
    const scope = broken(fullGraph, (g) => (g.vars.at(-1).scope = 'vertex'));
    expect(summary(validateRuleGraph(scope).diagnostics)).toEqual([['schema/enum', `/vars/${fullGraph().vars.length - 1}/scope`]]);
    const frame = broken(fullGraph, (g) => (g.boards[0].frame = { width: 0, kind: 'water' }));
    expect(summary(validateRuleGraph(frame).diagnostics)[0]).toEqual(['schema/minimum', '/boards/0/frame/width']);
    const corner = broken(fullGraph, (g) => (g.boards[0].internals.paths[0].from = { corner: 6 }));
    expect(summary(validateRuleGraph(corner).diagnostics)).toEqual([['schema/maximum', '/boards/0/internals/paths/0/from/corner']]);
  });

  it('accepts a graph after a JSON round trip', () => {
    expect(validateRuleGraph(JSON.parse(JSON.stringify(fullGraph()))).value).toBe(true);
  });
});

describe('validateRuleGraph on broken graphs', () => {
  const deal = '/rules/0';
  const set = '/rules/0/body/0/body/1';
  it.each<[string, (g: Json) => void, [string, string][]]>([
    ['a missing required field', (g) => delete g.rules[0].event, [['schema/required', deal]]],
    ['a missing top-level section', (g) => delete g.edges, [['schema/required', '/']]],
    ['an extra property on a node', (g) => (g.pools[1].color = 'red'), [['schema/additional-properties', '/pools/1']]],
    ['an extra property deep in an expression', (g) => (g.rules[0].body[0].body[1].value.extra = 1), [['schema/additional-properties', `${set}/value`]]],
    ['an unknown expression kind', (g) => (g.rules[0].body[0].body[1].value = { k: 'nope' }), [['schema/discriminator', `${set}/value`]]],
    ['an expression without a kind', (g) => (g.rules[0].body[0].body[1].value = { v: 1 }), [['schema/discriminator', `${set}/value`]]],
    ['an unknown statement kind', (g) => (g.rules[0].body[0].s = 'loop'), [['schema/discriminator', '/rules/0/body/0']]],
    ['an unknown flow kind', (g) => (g.flow[0].f = 'stage'), [['schema/discriminator', '/flow/0']]],
    ['an unknown type kind', (g) => (g.vars[0].type = { t: 'text' }), [['schema/discriminator', '/vars/0/type']]],
    ['a known expression kind missing a field', (g) => (g.rules[0].body[0].body[1].value = { k: 'var' }), [['schema/required', `${set}/value`]]],
    ['an id without its kind prefix', (g) => (g.rules[0].id = 'deal'), [['schema/pattern', `${deal}/id`]]],
    ['a reference with the wrong kind prefix', (g) => (g.flow[0].event = 'rule:deal'), [['schema/pattern', '/flow/0/event']]],
    ['a value outside an enum', (g) => (g.rules[0].status = 'paused'), [['schema/enum', `${deal}/status`]]],
    ['another schema version', (g) => (g.version = 2), [['schema/const', '/version']]],
    ['a wrong type', (g) => (g.rules[0].order = 'first'), [['schema/type', `${deal}/order`]]],
    ['a fractional number', (g) => (g.rules[0].order = 0.5), [['schema/type', `${deal}/order`]]],
    ['a negative seat', (g) => (g.rules[0].body[0].body[1].value = { k: 'seat', index: -1 }), [['schema/minimum', `${set}/value/index`]]],
    ['a bad card field name', (g) => (g.zones[0].contents[0].fields['no way'] = 1), [['schema/property-names', '/zones/0/contents/0/fields']]],
  ])('reports %s', (_, mutate, expected) => {
    const base = expected.some(([, p]) => p.startsWith('/zones')) ? fullGraph : minimalGraph;
    const result = validateRuleGraph(broken(base, mutate));
    expect(result.value).toBe(false);
    expect(summary(result.diagnostics)).toEqual(expected);
    for (const d of result.diagnostics) expect(d.severity).toBe('error');
  });

  it('reports every problem, not just the first', () => {
    const result = validateRuleGraph(
      broken(minimalGraph, (g) => {
        delete g.tokens[0].groups;
        g.rules[0].status = 'paused';
        g.flow[0].event = 'setup';
      }),
    );
    expect(summary(result.diagnostics)).toEqual([
      ['schema/required', '/tokens/0'],
      ['schema/pattern', '/flow/0/event'],
      ['schema/enum', '/rules/0/status'],
    ]);
  });

  it.each([null, 42, 'graph', [], undefined])('reports a non-object (%s) without throwing', (value) => {
    const result = validateRuleGraph(value);
    expect(result.value).toBe(false);
    expect(summary(result.diagnostics)).toEqual([['schema/type', '/']]);
  });
});

describe('validateRuleGraph on unions without a discriminant', () => {
  const move = '/rules/0/body/0/body/0';
  it.each<[string, (g: Json) => void, [string, string][]]>([
    // amount: Expr | null
    ['an expression that is broken inside', (g) => (g.rules[0].body[0].body[0].amount = { k: 'bin', op: '^', l: { k: 'players' }, r: { k: 'players' } }), [['schema/enum', `${move}/amount/op`]]],
    ['an expression missing a field', (g) => (g.rules[0].body[0].body[0].amount = { k: 'var' }), [['schema/required', `${move}/amount`]]],
    ['neither null nor an expression', (g) => (g.rules[0].body[0].body[0].amount = 'all'), [['schema/type', `${move}/amount`]]],
    // Value: integer | boolean | string
    ['a literal that is no value', (g) => (g.vars[0].initial.v = { yes: true }), [['schema/type', '/vars/0/initial/v']]],
    // initial: integer | 'unlimited'
    ['a pool size that is neither', (g) => (g.pools[0].entries[0].initial = 'lots'), [['schema/type', '/pools/0/entries/0/initial']]],
    // ranking: RankingNode | null
    ['a ranking missing fields', (g) => (g.ranking = { bind: 'p', ties: 'seat', keys: [] }), [['schema/required', '/ranking']]],
  ])('reports only the plausible branch for %s', (_, mutate, expected) => {
    expect(summary(validateRuleGraph(broken(minimalGraph, mutate)).diagnostics)).toEqual(expected);
  });

  it('picks the branch of `who` that the property names point to', () => {
    const ask = '/rules/0/body/12';
    const extra = validateRuleGraph(broken(fullGraph, (g) => (g.rules[0].body[12].who.extra = 1)));
    expect(summary(extra.diagnostics)).toEqual([['schema/additional-properties', `${ask}/who`]]);
    const deep = validateRuleGraph(broken(fullGraph, (g) => (g.rules[0].body[12].who.over = { k: 'everyone' })));
    expect(summary(deep.diagnostics)).toEqual([['schema/discriminator', `${ask}/who/over`]]);
    const choice = validateRuleGraph(broken(fullGraph, (g) => delete g.rules[0].body[12].choice.values));
    expect(summary(choice.diagnostics)).toEqual([['schema/required', `${ask}/choice`]]);
  });
});

describe('validateRuleGraph locations', () => {
  it('names the enclosing node and puts its provenance on the diagnostic', () => {
    const graph = broken(minimalGraph, (g) => (g.rules[0].body[0].body[1].value = { k: 'nope' }));
    const [diagnostic] = validateRuleGraph(graph).diagnostics;
    expect(diagnostic?.message).toContain('rule deal');
    expect(diagnostic?.file).toBe(graph.rules[0].provenance.file);
    expect(diagnostic?.range).toEqual(graph.rules[0].provenance.range);
  });

  it('names an ask by its rule, and a replaced node by its module', () => {
    const ask = validateRuleGraph(broken(fullGraph, (g) => (g.rules[0].body[12].secret = 'yes'))).diagnostics[0];
    expect(ask?.message).toContain('ask 1 of rule draw_one');
    const replaced = validateRuleGraph(broken(fullGraph, (g) => (g.rules[1].order = -1))).diagnostics[0];
    expect(replaced?.message).toContain('rule count_up (from full.base)');
    expect(replaced?.range).toEqual(fullGraph().rules[1]!.provenance.range);
  });

  it('uses the ranking provenance although the ranking has no id', () => {
    const [diagnostic] = validateRuleGraph(broken(fullGraph, (g) => (g.ranking.ties = 'split'))).diagnostics;
    expect(diagnostic?.code).toBe('schema/enum');
    expect(diagnostic?.range).toEqual(fullGraph().ranking!.provenance.range);
  });

  it('has no file or range where no node carries provenance', () => {
    const [diagnostic] = validateRuleGraph(broken(minimalGraph, (g) => (g.flow[0].event = 'x'))).diagnostics;
    expect(diagnostic?.file).toBeUndefined();
    expect(diagnostic?.range).toBeUndefined();
    expect(diagnostic?.message).toContain('/flow/0/event');
  });

  it('falls back to an enclosing node when the broken node has broken provenance', () => {
    const graph = broken(fullGraph, (g) => {
      g.rules[1].provenance.range.start = 'top';
    });
    const [diagnostic] = validateRuleGraph(graph).diagnostics;
    expect(diagnostic?.code).toBe('schema/type');
    expect(diagnostic?.range).toBeUndefined();
    expect(diagnostic?.message).toContain('rule count_up');
  });
});
