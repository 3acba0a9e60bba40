import { RULE_GRAPH_SCHEMA_ID, RULE_GRAPH_VERSION, type Provenance, type RuleGraph } from '../rule-graph.ts';

const FILE = 'sample.rules';

/** Provenance for line `line` of the sample file (the whole line, columns 1–40). */
function at(line: number, cite?: string): Provenance {
  const offset = (line - 1) * 41;
  const provenance: Provenance = {
    module: 'sample',
    file: FILE,
    range: { start: { offset, line, column: 1 }, end: { offset: offset + 40, line, column: 41 } },
  };
  if (cite !== undefined) provenance.cite = cite;
  return provenance;
}

/**
 * A tiny valid rule graph: two players, one global pool and a per-player pool,
 * a per-player var, one rule on game_start that deals coins and sets the var,
 * and a flow with a single step. Returns a fresh copy each call, so tests may
 * mutate it.
 */
export function sampleGraph(): RuleGraph {
  return {
    $schema: RULE_GRAPH_SCHEMA_ID,
    version: RULE_GRAPH_VERSION,
    scenario: {
      name: 'sample',
      title: 'Sample',
      players: { min: 2, max: 2 },
      variant: null,
      modules: [{ name: 'sample', file: FILE }],
    },
    options: [],
    tokens: [{ id: 'token:coin', name: 'coin', groups: [], provenance: at(2) }],
    groups: [],
    pools: [
      { id: 'pool:bank', name: 'bank', scope: 'global', entries: [{ token: 'token:coin', initial: 'unlimited' }], provenance: at(3) },
      { id: 'pool:purse', name: 'purse', scope: 'player', entries: [{ token: 'token:coin', initial: 0 }], provenance: at(5) },
    ],
    vars: [{ id: 'var:ready', name: 'ready', scope: 'player', type: { t: 'bool' }, initial: { k: 'lit', v: false }, provenance: at(6) }],
    cardKinds: [],
    zones: [],
    pieces: [],
    boards: [],
    events: [
      { id: 'event:game_start', name: 'game_start', params: [], source: 'builtin', provenance: at(1) },
      { id: 'event:setup', name: 'setup', params: [], source: 'step', provenance: at(9) },
    ],
    derived: [],
    flow: [{ f: 'step', event: 'event:setup' }],
    rules: [
      {
        id: 'rule:deal',
        name: 'deal',
        status: 'active',
        event: 'event:game_start',
        bindings: [],
        order: 0,
        body: [
          {
            s: 'for',
            bind: 'p',
            over: { k: 'players' },
            body: [
              { s: 'move', token: 'token:coin', amount: { k: 'lit', v: 3 }, from: { pool: 'pool:bank' }, to: { pool: 'pool:purse', of: { k: 'local', name: 'p' } } },
              { s: 'set', var: 'var:ready', of: { k: 'local', name: 'p' }, value: { k: 'lit', v: true } },
            ],
          },
        ],
        provenance: at(11, 'Each player starts with 3 coins.'),
      },
    ],
    actions: [],
    constraints: [],
    ends: [],
    ranking: null,
    invariants: [],
    policies: [],
    edges: [
      { from: 'event:game_start', to: 'rule:deal', kind: 'triggers' },
      { from: 'rule:deal', to: 'pool:purse', kind: 'writes' },
      { from: 'rule:deal', to: 'var:ready', kind: 'writes' },
    ],
  };
}
