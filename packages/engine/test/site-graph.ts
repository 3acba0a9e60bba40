/** A small board game for the engine's board tests: radius-1 board framed by one ring, three resource kinds, towns and roads. */
import type { BoardNode, Expr, PieceNode, RuleGraph, Stmt, TokenNode } from '@houserules/schema';
import { action, at, bin, constraint, ctx, event, globalVar, graph, lit, local, playerVar, pool, rule } from './graph-builder.ts';

export const hexAt = (q: number, r: number): Expr => ({ k: 'siteAt', site: 'hex', q: lit(q), r: lit(r) });
export const cornerAt = (q: number, r: number, i: number): Expr => ({ k: 'siteAt', site: 'corner', q: lit(q), r: lit(r), i: lit(i) });
export const edgeAt = (q: number, r: number, i: number): Expr => ({ k: 'siteAt', site: 'edge', q: lit(q), r: lit(r), i: lit(i) });
export const attr = (a: 'kind' | 'value' | 'piece' | 'owner' | 'inside', of: Expr): Expr => ({ k: 'siteAttr', attr: a, of });
export const rel = (r: 'corners' | 'edges' | 'hexes' | 'neighbours', of: Expr): Expr => ({ k: 'siteRel', rel: r, of });
export const sites = (site: 'hex' | 'corner' | 'edge'): Expr => ({ k: 'sites', site });
export const place = (piece: string, owner: Expr | undefined, where: Expr): Stmt => (owner ? { s: 'place', piece, owner, at: where } : { s: 'place', piece, at: where });
export const removeAt = (where: Expr): Stmt => ({ s: 'removePiece', at: where });
export const supply = (piece: string, of?: Expr): Expr => (of ? { k: 'supply', piece, of } : { k: 'supply', piece });
export const size = (list: Expr): Expr => ({ k: 'call', fn: 'size', args: [list] });
export const none: Expr = lit('none');
export const seat = (index: number): Expr => ({ k: 'seat', index });

/** statements placing a piece of a kind on a random free site of a kind (for an owner with one left in supply) */
export function placeOnRandomFreeSite(name: string, site: 'corner' | 'edge', owner?: number): Stmt[] {
  const free = bin('==', attr('piece', local('s')), lit('none'));
  const ok = owner === undefined ? bin('>=', local('s'), lit(0)) : bin('and', bin('>=', local('s'), lit(0)), bin('>', supply(`piece:${name}`, seat(owner)), lit(0)));
  return [
    { s: 'pick', bind: 's', over: sites(site), where: free },
    { s: 'if', cond: ok, then: [place(`piece:${name}`, owner === undefined ? undefined : seat(owner), local('s'))], else: [] },
  ];
}

/** statements removing the piece on a random taken site of a kind */
export function removeFromRandomTakenSite(site: 'corner' | 'edge'): Stmt[] {
  return [
    { s: 'pick', bind: 's', over: sites(site), where: bin('!=', attr('piece', local('s')), lit('none')) },
    { s: 'if', cond: bin('>=', local('s'), lit(0)), then: [removeAt(local('s'))], else: [] },
  ];
}

const token = (name: string, groups: string[] = []): TokenNode => ({ id: `token:${name}`, name, groups, provenance: at });
const piece = (name: string, site: PieceNode['site'], supplyCount: number, perPlayer: boolean): PieceNode => ({
  id: `piece:${name}`,
  name,
  site,
  supply: supplyCount,
  perPlayer,
  provenance: at,
});

export function boardNode(extra: Partial<BoardNode> = {}): BoardNode {
  return {
    id: 'board:isle',
    name: 'isle',
    layout: { kind: 'radius', radius: 1 },
    kinds: { values: ['a', 'a', 'b', 'b', 'c', 'c', 'd'], shuffled: true },
    values: { values: [2, 3, 4, 5, 6, 8], shuffled: true, except: ['d'] },
    frame: { width: 1, kind: 'sea' },
    hexKinds: ['a', 'b', 'c', 'd', 'sea'],
    regions: [{ name: 'middle', hexes: [{ q: 0, r: 0 }] }],
    provenance: at,
    ...extra,
  };
}

/** the token a hex of kind a, b or c yields (-1 for any other kind) */
const yieldOf: Expr = {
  k: 'if',
  c: bin('==', attr('kind', local('h')), lit('a')),
  t: { k: 'token', id: 'token:a' },
  e: { k: 'if', c: bin('==', attr('kind', local('h')), lit('b')), t: { k: 'token', id: 'token:b' }, e: { k: 'if', c: bin('==', attr('kind', local('h')), lit('c')), t: { k: 'token', id: 'token:c' }, e: lit(-1) } },
};

/**
 * Each turn the current player may build towns (distance rule: no town on a
 * neighbouring corner) and roads, then passes; after each turn two dice
 * produce for every town on a hex of that number, and the next player steals
 * one random card of the current player, weighted by how many they hold.
 */
export function siteGame(parts: Partial<RuleGraph> = {}): RuleGraph {
  const corner: Expr = local('c');
  return graph({
    tokens: [token('a', ['group:res']), token('b', ['group:res']), token('c', ['group:res']), token('coin')],
    groups: [{ id: 'group:res', name: 'res', members: ['token:a', 'token:b', 'token:c'], provenance: at }],
    pools: [
      pool('bank', 'global', [
        { token: 'token:a', initial: 'unlimited' },
        { token: 'token:b', initial: 'unlimited' },
        { token: 'token:c', initial: 'unlimited' },
      ]),
      pool('hand', 'player', [
        { token: 'token:a', initial: 0 },
        { token: 'token:b', initial: 0 },
        { token: 'token:c', initial: 0 },
      ]),
    ],
    pieces: [piece('town', 'corner', 3, true), piece('road', 'edge', 6, true), piece('marker', 'hex', 1, false)],
    boards: [boardNode()],
    vars: [
      globalVar('centre_kind', 'none', { t: 'enum', values: ['none', 'a', 'b', 'c', 'd', 'sea'] }),
      playerVar('stolen', 0),
      { id: 'var:port', name: 'port', scope: 'corner', type: { t: 'number' }, initial: lit(0), provenance: at },
    ],
    derived: [{ id: 'derived:yield', name: 'yield', params: [{ name: 'h', type: { t: 'site', site: 'hex' } }], type: { t: 'token' }, value: yieldOf, perPlayer: false, provenance: at }],
    events: [event('produce'), event('steal')],
    flow: [
      {
        f: 'rounds',
        count: lit(4),
        body: [{ f: 'turns', order: 'seat', body: [{ f: 'actions', by: ctx('current'), until: 'pass' }, { f: 'step', event: 'event:produce' }, { f: 'step', event: 'event:steal' }] }],
      },
    ],
    rules: [
      rule('remember', 'game_start', [{ s: 'set', var: 'var:centre_kind', value: attr('kind', hexAt(0, 0)) }]),
      rule('produce', 'produce', [
        { s: 'roll', dice: 2, sides: 6, bind: 'total' },
        {
          s: 'for',
          bind: 'h',
          over: sites('hex'),
          where: bin('and', bin('==', attr('value', local('h')), local('total')), bin('>=', { k: 'derived', id: 'derived:yield', args: [local('h')] }, lit(0))),
          body: [
            {
              s: 'for',
              bind: 'c',
              over: rel('corners', local('h')),
              where: bin('!=', attr('owner', local('c')), lit(-1)),
              body: [{ s: 'moveOf', token: { k: 'derived', id: 'derived:yield', args: [local('h')] }, amount: lit(1), from: { pool: 'pool:bank' }, to: { pool: 'pool:hand', of: attr('owner', local('c')) } }],
            },
          ],
        },
      ]),
      rule('steal', 'steal', [
        { s: 'let', name: 'victim', value: ctx('current') },
        { s: 'let', name: 'thief', value: bin('%', bin('+', ctx('current'), lit(1)), ctx('player_count')) },
        { s: 'pick', bind: 't', over: { k: 'group', id: 'group:res' }, weight: { k: 'countOf', pool: 'pool:hand', token: local('t'), of: local('victim') } },
        {
          s: 'if',
          cond: bin('>=', local('t'), lit(0)),
          then: [
            { s: 'moveOf', token: local('t'), amount: lit(1), from: { pool: 'pool:hand', of: local('victim') }, to: { pool: 'pool:hand', of: local('thief') } },
            { s: 'set', var: 'var:stolen', of: local('thief'), value: bin('+', { k: 'var', id: 'var:stolen', of: local('thief') }, lit(1)) },
          ],
          else: [],
        },
      ]),
    ],
    actions: [
      action('build_town', [place('piece:town', ctx('actor'), corner)], { params: [{ name: 'c', type: { t: 'site', site: 'corner' }, domain: sites('corner') }] }),
      action('build_road', [place('piece:road', ctx('actor'), local('e'))], { params: [{ name: 'e', type: { t: 'site', site: 'edge' }, domain: sites('edge') }] }),
      action('pass', []),
    ],
    constraints: [
      constraint('free_corner', 'forbid', 'action:build_town', ['c'], bin('!=', attr('piece', corner), none), 'taken'),
      constraint('has_town', 'require', 'action:build_town', ['c'], bin('>', supply('piece:town', ctx('actor')), lit(0)), 'no town left'),
      constraint(
        'distance_rule',
        'forbid',
        'action:build_town',
        ['c'],
        { k: 'agg', fn: 'any', bind: 'n', over: rel('neighbours', corner), where: bin('!=', attr('piece', local('n')), none) },
        'too close',
      ),
      constraint('free_edge', 'forbid', 'action:build_road', ['e'], bin('!=', attr('piece', local('e')), none), 'taken'),
      constraint('has_road', 'require', 'action:build_road', ['e'], bin('>', supply('piece:road', ctx('actor')), lit(0)), 'no road left'),
      constraint(
        'road_touches_town',
        'require',
        'action:build_road',
        ['e'],
        { k: 'agg', fn: 'any', bind: 'k', over: rel('corners', local('e')), where: bin('==', attr('owner', local('k')), ctx('actor')) },
        'a road starts at a town',
      ),
    ],
    ...parts,
  });
}
