import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type BoardInternals,
  type BoardCondition,
  type BoardPathEnd,
  EXPR_KINDS,
  FLOW_KINDS,
  STMT_KINDS,
  TYPE_KINDS,
  RULE_GRAPH_SCHEMA_ID,
  RULE_GRAPH_VERSION,
  ruleGraphSchema,
  type ActionNode,
  type AskStmt,
  type BoardNode,
  type CardKindNode,
  type CardSpec,
  type ConstraintNode,
  type DerivedNode,
  type Edge,
  type EdgeKind,
  type EndNode,
  type EventNode,
  type Expr,
  type FlowNode,
  type InvariantNode,
  type OptionNode,
  type PieceNode,
  type PolicyNode,
  type PoolNode,
  type PoolRef,
  type Position,
  type Provenance,
  type Range,
  type RankingNode,
  type RuleGraph,
  type RuleNode,
  type Stmt,
  type TokenGroupNode,
  type TokenNode,
  type TypeDesc,
  type VarNode,
  type MapKeys,
  type ZoneNode,
  type ZoneRef,
} from '../src/index.ts';

// ─── a type-checked description of each object type's keys ───
// `shape<T>()({...})` only compiles when it lists every key of T, no other key,
// and marks exactly T's optional keys 'optional'. The test then compares each
// description with the schema's `properties` and `required`, so the TypeScript
// types and the JSON Schema cannot drift apart silently.

type OptionalKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? K : never }[keyof T];
type Shape<T> = { [K in keyof T]-?: K extends OptionalKeys<T> ? 'optional' : 'required' };
type Presence = 'required' | 'optional';
const shape =
  <T>() =>
  (description: Shape<T>): Record<string, Presence> =>
    description as Record<string, Presence>;

type Of<U, K extends string, V> = Extract<U, Record<K, V>>;
type Common = { id: 'required'; name: 'required'; provenance: 'required' };
const common: Common = { id: 'required', name: 'required', provenance: 'required' };

type Who = AskStmt['who'];
type Choice = AskStmt['choice'];
type Layout = BoardNode['layout'];

/** schema location → the keys the TypeScript type has there */
const SHAPES: Record<string, Record<string, Presence>> = {
  '#': shape<RuleGraph>()({
    $schema: 'required', version: 'required', scenario: 'required', options: 'required', tokens: 'required', groups: 'required',
    pools: 'required', vars: 'required', cardKinds: 'required', zones: 'required', pieces: 'required', boards: 'required',
    events: 'required', derived: 'required', flow: 'required', rules: 'required', actions: 'required', constraints: 'required',
    ends: 'required', ranking: 'required', invariants: 'required', policies: 'required', edges: 'required',
  }),
  '#/properties/scenario': shape<RuleGraph['scenario']>()({ name: 'required', title: 'required', source: 'optional', players: 'required', variant: 'required', modules: 'required' }),
  '#/properties/scenario/properties/players': shape<RuleGraph['scenario']['players']>()({ min: 'required', max: 'required' }),
  '#/properties/scenario/properties/modules/items': shape<RuleGraph['scenario']['modules'][number]>()({ name: 'required', file: 'required' }),
  '#/$defs/Position': shape<Position>()({ offset: 'required', line: 'required', column: 'required' }),
  '#/$defs/Range': shape<Range>()({ start: 'required', end: 'required' }),
  '#/$defs/Provenance': shape<Provenance>()({ module: 'required', file: 'required', range: 'required', cite: 'optional' }),

  '#/$defs/TypeNumber': shape<Of<TypeDesc, 't', 'number'>>()({ t: 'required' }),
  '#/$defs/TypeBool': shape<Of<TypeDesc, 't', 'bool'>>()({ t: 'required' }),
  '#/$defs/TypeEnum': shape<Of<TypeDesc, 't', 'enum'>>()({ t: 'required', values: 'required' }),
  '#/$defs/TypePlayer': shape<Of<TypeDesc, 't', 'player'>>()({ t: 'required' }),
  '#/$defs/TypeCard': shape<Of<TypeDesc, 't', 'card'>>()({ t: 'required', kind: 'optional' }),
  '#/$defs/TypeSite': shape<Of<TypeDesc, 't', 'site'>>()({ t: 'required', site: 'required' }),
  '#/$defs/TypeList': shape<Of<TypeDesc, 't', 'list'>>()({ t: 'required', of: 'required' }),
  '#/$defs/TypeToken': shape<Of<TypeDesc, 't', 'token'>>()({ t: 'required', group: 'optional' }),

  '#/$defs/ExprLit': shape<Of<Expr, 'k', 'lit'>>()({ k: 'required', v: 'required' }),
  '#/$defs/ExprSeat': shape<Of<Expr, 'k', 'seat'>>()({ k: 'required', index: 'required' }),
  '#/$defs/ExprLocal': shape<Of<Expr, 'k', 'local'>>()({ k: 'required', name: 'required' }),
  '#/$defs/ExprVar': shape<Of<Expr, 'k', 'var'>>()({ k: 'required', id: 'required', of: 'optional', key: 'optional' }),
  '#/$defs/ExprAt': shape<Of<Expr, 'k', 'at'>>()({ k: 'required', list: 'required', index: 'required' }),
  '#/$defs/ExprCount': shape<Of<Expr, 'k', 'count'>>()({ k: 'required', pool: 'required', token: 'required', of: 'optional' }),
  '#/$defs/ExprField': shape<Of<Expr, 'k', 'field'>>()({ k: 'required', field: 'required', of: 'required' }),
  '#/$defs/ExprOption': shape<Of<Expr, 'k', 'option'>>()({ k: 'required', id: 'required' }),
  '#/$defs/ExprDerived': shape<Of<Expr, 'k', 'derived'>>()({ k: 'required', id: 'required', args: 'required' }),
  '#/$defs/ExprCtx': shape<Of<Expr, 'k', 'ctx'>>()({ k: 'required', name: 'required' }),
  '#/$defs/ExprPlayers': shape<Of<Expr, 'k', 'players'>>()({ k: 'required' }),
  '#/$defs/ExprZone': shape<Of<Expr, 'k', 'zone'>>()({ k: 'required', id: 'required', of: 'optional' }),
  '#/$defs/ExprBin': shape<Of<Expr, 'k', 'bin'>>()({ k: 'required', op: 'required', l: 'required', r: 'required' }),
  '#/$defs/ExprNot': shape<Of<Expr, 'k', 'not'>>()({ k: 'required', e: 'required' }),
  '#/$defs/ExprNeg': shape<Of<Expr, 'k', 'neg'>>()({ k: 'required', e: 'required' }),
  '#/$defs/ExprIs': shape<Of<Expr, 'k', 'is'>>()({ k: 'required', e: 'required', kind: 'required' }),
  '#/$defs/ExprIf': shape<Of<Expr, 'k', 'if'>>()({ k: 'required', c: 'required', t: 'required', e: 'required' }),
  '#/$defs/ExprList': shape<Of<Expr, 'k', 'list'>>()({ k: 'required', items: 'required' }),
  '#/$defs/ExprRange': shape<Of<Expr, 'k', 'range'>>()({ k: 'required', from: 'required', to: 'required' }),
  '#/$defs/ExprAgg': shape<Of<Expr, 'k', 'agg'>>()({ k: 'required', fn: 'required', bind: 'required', over: 'required', where: 'optional', value: 'optional', desc: 'optional' }),
  '#/$defs/ExprCall': shape<Of<Expr, 'k', 'call'>>()({ k: 'required', fn: 'required', args: 'required' }),
  '#/$defs/ExprToken': shape<Of<Expr, 'k', 'token'>>()({ k: 'required', id: 'required' }),
  '#/$defs/ExprGroup': shape<Of<Expr, 'k', 'group'>>()({ k: 'required', id: 'required' }),
  '#/$defs/ExprCountOf': shape<Of<Expr, 'k', 'countOf'>>()({ k: 'required', pool: 'required', token: 'required', of: 'optional' }),
  '#/$defs/ExprSites': shape<Of<Expr, 'k', 'sites'>>()({ k: 'required', site: 'required', board: 'optional' }),
  '#/$defs/ExprRegion': shape<Of<Expr, 'k', 'region'>>()({ k: 'required', name: 'required', board: 'optional' }),
  '#/$defs/ExprSiteRel': shape<Of<Expr, 'k', 'siteRel'>>()({ k: 'required', rel: 'required', of: 'required' }),
  '#/$defs/ExprSiteAttr': shape<Of<Expr, 'k', 'siteAttr'>>()({ k: 'required', attr: 'required', of: 'required' }),
  '#/$defs/ExprSiteNamed': shape<Of<Expr, 'k', 'siteNamed'>>()({ k: 'required', site: 'required', name: 'required', of: 'required' }),
  '#/$defs/ExprSiteAt': shape<Of<Expr, 'k', 'siteAt'>>()({ k: 'required', site: 'required', q: 'required', r: 'required', i: 'optional', board: 'optional' }),
  '#/$defs/ExprSupply': shape<Of<Expr, 'k', 'supply'>>()({ k: 'required', piece: 'required', of: 'optional' }),
  '#/$defs/ExprDistance': shape<Of<Expr, 'k', 'distance'>>()({ k: 'required', from: 'required', to: 'required' }),
  '#/$defs/ExprTrail': shape<Of<Expr, 'k', 'trail'>>()({ k: 'required', player: 'required', pieces: 'required' }),
  '#/$defs/ExprJoined': shape<Of<Expr, 'k', 'joined'>>()({ k: 'required', player: 'required', from: 'required', to: 'required', pieces: 'required' }),
  '#/$defs/ExprNetworks': shape<Of<Expr, 'k', 'networks'>>()({ k: 'required', player: 'required', pieces: 'required' }),
  '#/$defs/PoolRef': shape<PoolRef>()({ pool: 'required', of: 'optional' }),
  '#/$defs/ZoneRef': shape<ZoneRef>()({ zone: 'required', of: 'optional' }),

  '#/$defs/StmtMove': shape<Of<Stmt, 's', 'move'>>()({ s: 'required', token: 'required', amount: 'required', from: 'required', to: 'required' }),
  '#/$defs/StmtMoveCard': shape<Of<Stmt, 's', 'moveCard'>>()({ s: 'required', card: 'required', to: 'required', position: 'required' }),
  '#/$defs/StmtMoveCards': shape<Of<Stmt, 's', 'moveCards'>>()({ s: 'required', from: 'required', to: 'required' }),
  '#/$defs/StmtSet': shape<Of<Stmt, 's', 'set'>>()({ s: 'required', var: 'required', of: 'optional', key: 'optional', value: 'required' }),
  '#/$defs/StmtShow': shape<Of<Stmt, 's', 'show'>>()({ s: 'required', cards: 'required', to: 'required' }),
  '#/$defs/StmtSetHex': shape<Of<Stmt, 's', 'setHex'>>()({ s: 'required', attr: 'required', hex: 'required', value: 'required' }),
  '#/$defs/StmtLet': shape<Of<Stmt, 's', 'let'>>()({ s: 'required', name: 'required', value: 'required' }),
  '#/$defs/StmtIf': shape<Of<Stmt, 's', 'if'>>()({ s: 'required', cond: 'required', then: 'required', else: 'required' }),
  '#/$defs/StmtFor': shape<Of<Stmt, 's', 'for'>>()({ s: 'required', bind: 'required', over: 'required', where: 'optional', body: 'required' }),
  '#/$defs/StmtEmit': shape<Of<Stmt, 's', 'emit'>>()({ s: 'required', event: 'required', args: 'required' }),
  '#/$defs/StmtShuffle': shape<Of<Stmt, 's', 'shuffle'>>()({ s: 'required', zone: 'required' }),
  '#/$defs/StmtReveal': shape<Of<Stmt, 's', 'reveal'>>()({ s: 'required', from: 'required', to: 'required', bind: 'required', hidden: 'required' }),
  '#/$defs/StmtRoll': shape<Of<Stmt, 's', 'roll'>>()({ s: 'required', dice: 'required', sides: 'required', bind: 'required' }),
  '#/$defs/StmtPick': shape<Of<Stmt, 's', 'pick'>>()({ s: 'required', bind: 'required', over: 'required', where: 'optional', weight: 'optional' }),
  '#/$defs/StmtAsk': shape<AskStmt>()({ s: 'required', id: 'required', who: 'required', choice: 'required', secret: 'required', then: 'required', otherwise: 'optional', name: 'optional' }),
  '#/$defs/StmtAsk/properties/who/oneOf/0': shape<Extract<Who, { single: Expr }>>()({ single: 'required' }),
  '#/$defs/StmtAsk/properties/who/oneOf/1': shape<Extract<Who, { each: string }>>()({ each: 'required', over: 'required', where: 'optional' }),
  '#/$defs/StmtAsk/properties/choice/oneOf/0': shape<Extract<Choice, { bind: string }>>()({ bind: 'required', over: 'required', where: 'optional' }),
  '#/$defs/StmtAsk/properties/choice/oneOf/1': shape<Extract<Choice, { var: string }>>()({ var: 'required', values: 'required' }),
  '#/$defs/StmtEnd': shape<Of<Stmt, 's', 'end'>>()({ s: 'required', scope: 'required', winners: 'optional' }),
  '#/$defs/StmtPlace': shape<Of<Stmt, 's', 'place'>>()({ s: 'required', piece: 'required', owner: 'optional', at: 'required' }),
  '#/$defs/StmtStack': shape<Of<Stmt, 's', 'stack'>>()({ s: 'required', zone: 'required', cards: 'required' }),
  '#/$defs/StmtMoveOf': shape<Of<Stmt, 's', 'moveOf'>>()({ s: 'required', token: 'required', amount: 'required', from: 'required', to: 'required' }),
  '#/$defs/StmtRemovePiece': shape<Of<Stmt, 's', 'removePiece'>>()({ s: 'required', at: 'required' }),

  '#/$defs/FlowStep': shape<Of<FlowNode, 'f', 'step'>>()({ f: 'required', event: 'required' }),
  '#/$defs/FlowRounds': shape<Of<FlowNode, 'f', 'rounds'>>()({ f: 'required', count: 'required', body: 'required' }),
  '#/$defs/FlowTurns': shape<Of<FlowNode, 'f', 'turns'>>()({ f: 'required', order: 'required', from: 'optional', body: 'required' }),
  '#/$defs/FlowPhase': shape<Of<FlowNode, 'f', 'phase'>>()({ f: 'required', name: 'required', body: 'required' }),
  '#/$defs/FlowRepeat': shape<Of<FlowNode, 'f', 'repeat'>>()({ f: 'required', while: 'optional', body: 'required' }),
  '#/$defs/FlowActions': shape<Of<FlowNode, 'f', 'actions'>>()({ f: 'required', by: 'required', until: 'optional' }),
  '#/$defs/FlowIf': shape<Of<FlowNode, 'f', 'if'>>()({ f: 'required', cond: 'required', then: 'required', else: 'required' }),

  '#/$defs/Param': shape<EventNode['params'][number]>()({ name: 'required', type: 'required' }),
  '#/$defs/CardSpec': shape<CardSpec>()({ kind: 'required', count: 'required', fields: 'required' }),
  '#/$defs/OptionNode': shape<OptionNode>()({ ...common, type: 'required', default: 'required', doc: 'optional' }),
  '#/$defs/TokenNode': shape<TokenNode>()({ ...common, groups: 'required' }),
  '#/$defs/TokenGroupNode': shape<TokenGroupNode>()({ ...common, members: 'required' }),
  '#/$defs/PoolNode': shape<PoolNode>()({ ...common, scope: 'required', cardKind: 'optional', entries: 'required', secret: 'optional' }),
  '#/$defs/PoolNode/properties/entries/items': shape<PoolNode['entries'][number]>()({ token: 'required', initial: 'required', capacity: 'optional' }),
  '#/$defs/VarNode': shape<VarNode>()({ ...common, scope: 'required', cardKind: 'optional', type: 'required', initial: 'required', keys: 'optional', initialByKey: 'optional', secret: 'optional' }),
  '#/$defs/MapKeys/anyOf/0': shape<Extract<MapKeys, { from: number }>>()({ from: 'required', to: 'required' }),
  '#/$defs/MapKeys/anyOf/1': shape<Extract<MapKeys, { values: string[] }>>()({ values: 'required' }),
  '#/$defs/CardKindNode': shape<CardKindNode>()({ ...common, fields: 'required', pools: 'required' }),
  '#/$defs/ZoneNode': shape<ZoneNode>()({ ...common, scope: 'required', keys: 'optional', visibility: 'required', contents: 'required' }),
  '#/$defs/ZoneNode/properties/keys': shape<NonNullable<ZoneNode['keys']>>()({ from: 'required', to: 'required' }),
  '#/$defs/PieceNode': shape<PieceNode>()({ ...common, site: 'required', supply: 'required', perPlayer: 'required' }),
  '#/$defs/BoardNode': shape<BoardNode>()({ ...common, layout: 'required', kinds: 'required', values: 'required', frame: 'optional', hexKinds: 'optional', regions: 'required', internals: 'optional' }),
  '#/$defs/BoardNode/properties/layout/oneOf/0': shape<Extract<Layout, { kind: 'radius' }>>()({ kind: 'required', radius: 'required' }),
  '#/$defs/BoardNode/properties/layout/oneOf/1': shape<Extract<Layout, { kind: 'map' }>>()({ kind: 'required', hexes: 'required' }),
  '#/$defs/BoardNode/properties/layout/oneOf/1/properties/hexes/items': shape<Extract<Layout, { kind: 'map' }>['hexes'][number]>()({ q: 'required', r: 'required', kind: 'optional', value: 'optional' }),
  '#/$defs/BoardNode/properties/kinds/anyOf/1': shape<NonNullable<BoardNode['kinds']>>()({ values: 'required', shuffled: 'required' }),
  '#/$defs/BoardNode/properties/values/anyOf/1': shape<NonNullable<BoardNode['values']>>()({ values: 'required', shuffled: 'required', except: 'required', exceptRegions: 'optional' }),
  '#/$defs/BoardNode/properties/frame/anyOf/1': shape<NonNullable<BoardNode['frame']>>()({ width: 'required', kind: 'required' }),
  '#/$defs/BoardNode/properties/regions/items': shape<BoardNode['regions'][number]>()({ name: 'required', hexes: 'required' }),
  '#/$defs/BoardNode/properties/regions/items/properties/hexes/items': shape<BoardNode['regions'][number]['hexes'][number]>()({ q: 'required', r: 'required' }),
  '#/$defs/BoardNode/properties/internals': shape<BoardInternals>()({ spots: 'required', paths: 'required' }),
  '#/$defs/BoardNode/properties/internals/properties/spots/items': shape<BoardInternals['spots'][number]>()({ q: 'required', r: 'required', name: 'required', when: 'optional' }),
  '#/$defs/BoardNode/properties/internals/properties/paths/items': shape<BoardInternals['paths'][number]>()({ q: 'required', r: 'required', name: 'required', from: 'required', to: 'required', when: 'optional' }),
  '#/$defs/BoardCondition': shape<BoardCondition>()({ option: 'required', value: 'required' }),
  '#/$defs/BoardPathEnd/oneOf/0': shape<Extract<BoardPathEnd, { corner: number }>>()({ corner: 'required' }),
  '#/$defs/BoardPathEnd/oneOf/1': shape<Extract<BoardPathEnd, { spot: string }>>()({ spot: 'required' }),
  '#/$defs/EventNode': shape<EventNode>()({ ...common, params: 'required', source: 'required' }),
  '#/$defs/DerivedNode': shape<DerivedNode>()({ ...common, perPlayer: 'required', params: 'required', type: 'required', value: 'required' }),
  '#/$defs/RuleNode': shape<RuleNode>()({ ...common, status: 'required', event: 'required', bindings: 'required', when: 'optional', body: 'required', order: 'required' }),
  '#/$defs/ActionNode': shape<ActionNode>()({ ...common, status: 'required', params: 'required', by: 'optional', during: 'optional', limitPerTurn: 'optional', body: 'required' }),
  '#/$defs/ActionNode/properties/params/items': shape<ActionNode['params'][number]>()({ name: 'required', type: 'required', domain: 'required' }),
  '#/$defs/ConstraintNode': shape<ConstraintNode>()({ ...common, status: 'required', kind: 'required', target: 'required', bindings: 'required', condition: 'required', reason: 'required' }),
  '#/$defs/EndNode': shape<EndNode>()({ ...common, status: 'required', condition: 'required', timing: 'required', winners: 'optional' }),
  '#/$defs/RankingNode': shape<RankingNode>()({ bind: 'required', keys: 'required', ties: 'required', provenance: 'required' }),
  '#/$defs/RankingNode/properties/keys/items': shape<RankingNode['keys'][number]>()({ value: 'required', direction: 'required' }),
  '#/$defs/InvariantNode': shape<InvariantNode>()({ ...common, status: 'required', condition: 'required', reason: 'optional' }),
  '#/$defs/PolicyNode': shape<PolicyNode>()({ ...common, status: 'required', params: 'required', doc: 'optional', preferences: 'required' }),
  '#/$defs/PolicyNode/properties/params/items': shape<PolicyNode['params'][number]>()({ name: 'required', type: 'required', default: 'optional' }),
  '#/$defs/PolicyNode/properties/preferences/items': shape<PolicyNode['preferences'][number]>()({ target: 'required', kind: 'required', args: 'required', when: 'optional' }),
  '#/$defs/Edge': shape<Edge>()({ from: 'required', to: 'required', kind: 'required' }),
};

type SchemaObject = Record<string, unknown>;

function at(pointer: string): SchemaObject {
  let node: unknown = ruleGraphSchema;
  for (const segment of pointer.slice(2).split('/').filter((s) => s !== '')) node = (node as SchemaObject)[segment];
  return node as SchemaObject;
}

/** Every schema object in the schema that declares `properties`, by pointer. */
function objectSchemas(node: unknown, pointer = '#', found = new Map<string, SchemaObject>()): Map<string, SchemaObject> {
  if (typeof node !== 'object' || node === null) return found;
  if (Array.isArray(node)) {
    node.forEach((child, i) => objectSchemas(child, `${pointer}/${i}`, found));
    return found;
  }
  const schema = node as SchemaObject;
  if (typeof schema.properties === 'object' && schema.properties !== null) found.set(pointer, schema);
  for (const [key, child] of Object.entries(schema)) {
    // property names under `properties` are data, not keywords, but still lead to schemas
    objectSchemas(child, `${pointer}/${key}`, found);
  }
  return found;
}

/** The `const` discriminant values of a discriminated union in `$defs`. */
function discriminants(defName: string, tag: string): string[] {
  const union = at(`#/$defs/${defName}`);
  expect(union.discriminator).toEqual({ propertyName: tag });
  return (union.oneOf as { $ref: string }[]).map((branch) => {
    const properties = at(branch.$ref).properties as Record<string, { const: string }>;
    return properties[tag]!.const;
  });
}

describe('the TypeScript types and the JSON Schema agree', () => {
  it('on the discriminant values of every discriminated union', () => {
    expectTypeOf<(typeof EXPR_KINDS)[number]>().toEqualTypeOf<Expr['k']>();
    expectTypeOf<(typeof STMT_KINDS)[number]>().toEqualTypeOf<Stmt['s']>();
    expectTypeOf<(typeof FLOW_KINDS)[number]>().toEqualTypeOf<FlowNode['f']>();
    expectTypeOf<(typeof TYPE_KINDS)[number]>().toEqualTypeOf<TypeDesc['t']>();
    expect(new Set(discriminants('Expr', 'k'))).toEqual(new Set(EXPR_KINDS));
    expect(new Set(discriminants('Stmt', 's'))).toEqual(new Set(STMT_KINDS));
    expect(new Set(discriminants('FlowNode', 'f'))).toEqual(new Set(FLOW_KINDS));
    expect(new Set(discriminants('TypeDesc', 't'))).toEqual(new Set(TYPE_KINDS));
    expect(discriminants('Expr', 'k')).toHaveLength(EXPR_KINDS.length);
  });

  it('on the keys of every object type and which of them are required', () => {
    for (const [pointer, description] of Object.entries(SHAPES)) {
      const schema = at(pointer);
      expect(schema.additionalProperties, pointer).toBe(false);
      expect(Object.keys(schema.properties as SchemaObject).sort(), pointer).toEqual(Object.keys(description).sort());
      const required = Object.entries(description).filter(([, presence]) => presence === 'required').map(([key]) => key);
      expect([...(schema.required as string[])].sort(), pointer).toEqual(required.sort());
    }
  });

  it('describes every object schema in the schema (so none is left unchecked)', () => {
    const inSchema = [...objectSchemas(ruleGraphSchema).keys()].filter((pointer) => !pointer.includes('/properties/$schema'));
    expect(inSchema.sort()).toEqual(Object.keys(SHAPES).sort());
  });

  it('on closed enums', () => {
    const edgeKinds = (at('#/$defs/EdgeKind').enum as string[]).sort();
    const tsEdgeKinds = ['triggers', 'emits', 'reads', 'writes', 'overrides', 'constrains', 'asks'] as const satisfies readonly EdgeKind[];
    expectTypeOf<(typeof tsEdgeKinds)[number]>().toEqualTypeOf<EdgeKind>();
    expect(edgeKinds).toEqual([...tsEdgeKinds].sort());
  });

  it('on the schema id and version', () => {
    expect(ruleGraphSchema.$id).toBe(RULE_GRAPH_SCHEMA_ID);
    expect(at('#/properties/$schema').const).toBe(RULE_GRAPH_SCHEMA_ID);
    expect(at('#/properties/version').const).toBe(RULE_GRAPH_VERSION);
    expect(RULE_GRAPH_SCHEMA_ID).toMatch(new RegExp(`/v${RULE_GRAPH_VERSION}\\.json$`));
  });
});
