// A rule graph is untrusted input (a file someone sent): loadGraph holds it to
// the same budgets as the compiler and never throws; a game that loops, grows
// or never ends is stopped by a named run-time budget that says where.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CARDS, MAX_GRAPH_DEPTH, MAX_GRAPH_LIST, MAX_RANGE_LENGTH, type Expr, type RuleGraph } from '@houserules/schema';
import { createGame, loadCompiledGraph, loadGraph, playGame, randomAgent } from '../src/index.ts';
import { MAX_FLOW_STEPS_WITHOUT_DECISION, MAX_LOOP_WORK_PER_STEP } from '../src/run/run-budgets.ts';
import { action, event, globalVar, graph, lit, load, pool, rule, set, zone } from './graph-builder.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const base = (): RuleGraph =>
  graph({ vars: [globalVar('v', 0)], events: [event('go')], flow: [{ f: 'step', event: 'event:go' }], rules: [rule('r', 'go', [set('var:v', lit(1))])] });

function edited(mutate: (g: Json) => void): Json {
  const g = JSON.parse(JSON.stringify(base())) as Json;
  mutate(g);
  return g;
}

const codes = (input: unknown): string[] => loadGraph(input).diagnostics.map((d) => d.code);

describe('loadGraph on hand-edited graphs', () => {
  it('loads the unedited graph', () => {
    expect(loadGraph(base()).value).not.toBeNull();
  });

  it.each([
    ['100,000 players', (g: Json) => (g.scenario.players = { min: 1, max: 100_000 }), 'limit/players'],
    ['players 5..2', (g: Json) => (g.scenario.players = { min: 5, max: 2 }), 'type/bad-player-range'],
    ['a board of radius 2^53', (g: Json) => (g.boards = [{ ...boardNode(), layout: { kind: 'radius', radius: 2 ** 53 } }]), 'limit/board-size'],
    ['a board of radius 1,000', (g: Json) => (g.boards = [{ ...boardNode(), layout: { kind: 'radius', radius: 1000 } }]), 'limit/board-size'],
    ['a frame of 2^31 rings', (g: Json) => (g.boards = [{ ...boardNode(), frame: { width: 2 ** 31, kind: 'sea' } }]), 'limit/board-size'],
    ['a zone of 2^29 cards', (g: Json) => ((g.cardKinds = [cardKind()]), (g.zones = [zone('deck', 'global', 'hidden', [{ kind: 'card:t', count: 2 ** 29, fields: {} }])])), 'limit/cards'],
    [`a zone of ${MAX_CARDS + 1} cards`, (g: Json) => ((g.cardKinds = [cardKind()]), (g.zones = [zone('deck', 'global', 'hidden', [{ kind: 'card:t', count: MAX_CARDS + 1, fields: {} }])])), 'limit/cards'],
    ['a pool of 2^31', (g: Json) => ((g.tokens = [{ id: 'token:gem', name: 'gem', groups: [], provenance: g.rules[0].provenance }]), (g.pools = [pool('bank', 'global', [{ token: 'token:gem', initial: 2 ** 31 }])])), 'limit/pool-size'],
    ['a roll of 99999999999d99999999999', (g: Json) => (g.rules[0].body = [{ s: 'roll', dice: 99999999999, sides: 99999999999, bind: 'n' }]), 'limit/dice'],
    ['a literal of 2^53', (g: Json) => (g.rules[0].body[0].value = lit(2 ** 53)), 'limit/number'],
    ['a range of 2^29 numbers', (g: Json) => (g.rules[0].body = [{ s: 'for', bind: 'i', over: { k: 'range', from: lit(0), to: lit(2 ** 29 - 1) }, body: [] }]), 'limit/range-length'],
    ['an option named __proto__', (g: Json) => (g.options = [{ id: 'option:__proto__', name: '__proto__', type: { t: 'number' }, default: 1, provenance: g.rules[0].provenance }]), 'resolve/reserved-name'],
  ])('refuses %s without throwing', (_what, mutate, code) => {
    expect(codes(edited(mutate))).toContain(code);
  });

  it(`refuses nesting deeper than ${MAX_GRAPH_DEPTH} (a million levels) and lists longer than ${MAX_GRAPH_LIST}`, () => {
    let deep: Expr = lit(true);
    for (let i = 0; i < 1_000_000; i++) deep = { k: 'not', e: deep };
    expect(codes(edited((g) => (g.rules[0].when = deep)))).toEqual(['limit/graph-depth']);
    expect(codes(edited((g) => (g.edges = Array.from({ length: MAX_GRAPH_LIST + 1 }, () => ({ from: 'rule:r', to: 'var:v', kind: 'writes' })))))).toEqual(['limit/graph-size']);
  });

  it('never throws on any JSON value, nor on random edits of a valid graph (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        expect(() => loadGraph(value)).not.toThrow();
        expect(() => loadGraph({ ...base(), scenario: value })).not.toThrow();
      }),
      { numRuns: 300 },
    );
    const paths = ['scenario.players.max', 'rules.0.body.0.value', 'vars.0.initial', 'flow.0', 'rules.0.when'];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 4 }), (path, value) => {
        const g = edited(() => {});
        const keys = path.split('.');
        let at: Json = g;
        for (const k of keys.slice(0, -1)) at = at[k];
        at[keys.at(-1)!] = value;
        expect(() => loadGraph(g)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('loadCompiledGraph (a graph the compiler made: no schema validator)', () => {
  it('plays the same games as loadGraph', () => {
    const play = (lg: ReturnType<typeof loadGraph>['value']) => {
      const game = createGame(lg!, { seed: 3, players: 2 }).value!;
      return game.isOver && JSON.stringify(game.view(0));
    };
    expect(play(loadCompiledGraph(base()).value)).toBe(play(loadGraph(base()).value));
  });

  it('still holds the graph to the budgets and the shape bound, as diagnostics', () => {
    const compiledCodes = (g: Json): string[] => loadCompiledGraph(g as RuleGraph).diagnostics.map((d) => d.code);
    expect(compiledCodes(edited((g) => (g.scenario.players = { min: 1, max: 100_000 })))).toContain('limit/players');
    expect(compiledCodes(edited((g) => (g.rules[0].body[0].value = lit(2 ** 53))))).toContain('limit/number');
    let deep: Expr = lit(true);
    for (let i = 0; i < 1_000_000; i++) deep = { k: 'not', e: deep };
    expect(compiledCodes(edited((g) => (g.rules[0].when = deep)))).toEqual(['limit/graph-depth']);
  });

  it('turns what the schema would have refused into a diagnostic, never a throw', () => {
    expect(() => loadCompiledGraph(edited((g) => (g.rules = 'not a list')) as RuleGraph)).not.toThrow();
    expect(loadCompiledGraph(edited((g) => (g.rules = 'not a list')) as RuleGraph).value).toBeNull();
  });
});

describe('run-time budgets', () => {
  it('stops a flow that never waits (`rounds forever` without a decision), naming it', () => {
    const lg = load(graph({ events: [event('go')], flow: [{ f: 'rounds', count: null, body: [{ f: 'step', event: 'event:go' }] }] }));
    const game = createGame(lg, { seed: 1, players: 2, recordLog: false }).value!;
    expect(game.isOver).toBe(true);
    const stop = game.diagnostics[0]!;
    expect(stop.code).toBe('run/step-budget');
    expect(stop.message).toContain(String(MAX_FLOW_STEPS_WITHOUT_DECISION));
    expect(stop.message).toMatch(/rounds forever/);
  });

  it('stops rules that emit each other, naming them', () => {
    const lg = load(graph({
      events: [event('go'), event('ping'), event('pong')],
      flow: [{ f: 'step', event: 'event:go' }],
      rules: [rule('start', 'go', [{ s: 'emit', event: 'event:ping', args: [] }]), rule('ping_pong', 'ping', [{ s: 'emit', event: 'event:pong', args: [] }]), rule('pong_ping', 'pong', [{ s: 'emit', event: 'event:ping', args: [] }])],
    }));
    const stop = createGame(lg, { seed: 1, players: 2, recordLog: false }).value!.diagnostics[0]!;
    expect(stop.code).toBe('run/step-budget');
    expect(stop.message).toMatch(/ping_pong/);
    expect(stop.message).toMatch(/pong_ping/);
  });

  const looping = (over: Expr, inner?: Expr) =>
    graph({
      vars: [globalVar('v', 0), globalVar('n', 0)],
      events: [event('go')],
      flow: [{ f: 'step', event: 'event:go' }],
      rules: [
        rule('grow', 'go', [
          set('var:n', lit(2 ** 29 - 1)),
          { s: 'for', bind: 'i', over, body: inner ? [{ s: 'for', bind: 'j', over: inner, body: [set('var:v', { k: 'local', name: 'j' })] }] : [set('var:v', { k: 'local', name: 'i' })] },
        ]),
      ],
    });
  for (const codegen of [true, false]) {
    it(`stops a range computed at run time beyond ${MAX_RANGE_LENGTH}, naming the rule (${codegen ? 'generated code' : 'closures'})`, () => {
      const lg = load(looping({ k: 'range', from: lit(0), to: { k: 'var', id: 'var:n' } }), { codegen });
      const stop = createGame(lg, { seed: 1, players: 2 }).value!.diagnostics[0]!;
      expect(stop.code).toBe('run/size-budget');
      expect(stop.message).toMatch(/rule grow/);
    });

    it(`stops nested loops beyond ${MAX_LOOP_WORK_PER_STEP} elements in a step (${codegen ? 'generated code' : 'closures'})`, () => {
      const range = { k: 'range', from: lit(1), to: lit(MAX_RANGE_LENGTH) } as Expr;
      const lg = load(looping(range, range), { codegen });
      const game = createGame(lg, { seed: 1, players: 2 }).value!;
      const stop = game.diagnostics[0]!;
      expect(stop.code).toBe('run/size-budget');
      expect(stop.message).toMatch(/rule grow/);
      expect(game.isOver).toBe(true);
    });
  }

  it('ends a game that is never over after its decisions, saying where the flow is', () => {
    const lg = load(graph({
      vars: [globalVar('v', 0)],
      events: [event('go')],
      flow: [{ f: 'rounds', count: null, body: [{ f: 'turns', order: 'seat', body: [{ f: 'actions', by: { k: 'ctx', name: 'current' }, until: 'pass' }] }] }],
      actions: [action('wait', [set('var:v', lit(1))]), action('pass', [])],
    }));
    const played = playGame(lg, { seed: 1, players: 2, recordLog: false }, [randomAgent(1), randomAgent(2)], { maxSteps: 500 });
    expect(played.diagnostics.map((d) => d.code)).toEqual(['run/move-limit']);
    expect(played.diagnostics[0]!.message).toMatch(/rounds forever → turns → actions/);
  });
});

function boardNode(): Json {
  return {
    id: 'board:b', name: 'b', provenance: base().rules[0]!.provenance,
    layout: { kind: 'radius', radius: 1 }, kinds: null, values: null, frame: null, regions: [],
  };
}

function cardKind(): Json {
  return { id: 'card:t', name: 't', fields: [], pools: [], provenance: base().rules[0]!.provenance };
}
