import type { Expr, RuleGraph, Stmt } from '@houserules/schema';
import { describe, expect, it } from 'vitest';
import { compileText, errorsOf, expectDiagnostic } from './helpers.ts';

/** A small board game (docs/design/boards-and-pieces.md) that compiles cleanly; tests append what they probe. */
const BOARD_GAME = `module b
tokens kind = a, b, c
pool bank { kind: 9 }
per player {
  pool hand { kind }
  var wanted: kind = a
}
piece house on corner, 5 per player
piece tower on corner, 4 per player
piece wall on edge, 15 per player
piece bandit on hex, 1
board land: hex radius 1 {
  kinds shuffled [3 of wood, 3 of clay, 1 of waste]
  values shuffled [2, 3, 4, 5, 6, 8] except waste
  region middle = [(0, 0) (1, -1)]
  frame 1 water
}
per corner {
  var port: none | any3 = none
}
per hex {
  var marked: bool = false
}
var start: corner = none
var holder: player = none
event built(p: player, c: corner)
flow {
  rounds forever {
    turns {
      actions by current until pass
    }
  }
}
action pass by current { }
derive yield_of(h: hex): kind = if h.kind == wood then a else if h.kind == clay then b else c
derive open(c: corner): bool = c.piece == none and all(n in c.neighbours: n.owner == none)
derive score(p: player): number = count(c in corners where c.owner == p and c.piece == house) + longest_trail(p, wall)
derive linked(p: player, a: corner, b: corner): bool = joined(p, a, b, wall)
derive nets(p: player): number = networks(p, wall)
action build(c in corners) by current {
  place house of actor at c
  set start = c
  emit built(actor, c)
}
forbid taken on build(c) when not open(c) or supply(actor, house) == 0 reason "No."
rule pay on built(p, c) {
  for h in c.hexes where h.kind != water and h.value > 0 {
    let t = yield_of(h)
    move 1 t from bank to p.hand
    set h.marked = true
  }
  set holder = if score(p) > 1 then p else holder
}
rule upgrade on built(p, c) when c.port == any3 and start != none and holder != none {
  remove piece at c
  place tower of p at c
  place bandit at hex(0, 0)
  pick random t in kind where bank.t > 0 weighted by p.hand.t
  move 1 t from p.hand to bank
  let d = distance(c, corner(0, -1, 3))
  let m = contains(middle, hex(1, -1)) and contains(land.middle, first(h in land.hexes where h.piece == bandit))
  let e = first(x in edges where x.piece == wall and contains(x.corners, c))
  let w = p.hand.kind + bank.a + supply(bandit) + d + size(e.hexes)
  if m and w > 0 and p.hand.a > 0 {
    ask p to choose p.wanted then { }
  }
}
require held on wanted(p, t) when p.hand.t > 0 and t != c reason "Hold it."
`;

function compileGame(extra = ''): RuleGraph {
  const { graph, diagnostics } = compileText(BOARD_GAME + extra);
  expect(errorsOf(diagnostics)).toEqual([]);
  expect(graph).not.toBeNull();
  return graph!;
}

const byName = <T extends { name: string }>(list: T[], name: string): T => list.find((x) => x.name === name)!;

/** Every sub-object of a value with this `k`/`s` tag. */
function find(value: unknown, tag: 'k' | 's', kind: string): (Expr | Stmt)[] {
  const found: (Expr | Stmt)[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (typeof v !== 'object' || v === null) return;
    if ((v as Record<string, unknown>)[tag] === kind) found.push(v as Expr | Stmt);
    Object.values(v).forEach(walk);
  };
  walk(value);
  return found;
}

describe('boards, sites, pieces and token values: lowering', () => {
  const graph = compileGame();

  it('lowers the board with its frame, its hex kinds (map, list, frame) and its region', () => {
    const land = graph.boards[0]!;
    expect(land.frame).toEqual({ width: 1, kind: 'water' });
    expect(land.hexKinds).toEqual(['wood', 'clay', 'waste', 'water']);
    expect(land.regions).toEqual([{ name: 'middle', hexes: [{ q: 0, r: 0 }, { q: 1, r: -1 }] }]);
    const mapped = compileText(BOARD_GAME.replace('hex radius 1 {', 'hex map {\n  (0, 0) wood 5\n  (-1, 1) rock\n} {')).graph!;
    expect(mapped.boards[0]!.hexKinds).toEqual(['wood', 'rock', 'clay', 'waste', 'water']);
  });

  it('lowers `except` naming a region of the board as exceptRegions, a kind as except', () => {
    expect(graph.boards[0]!.values).toEqual({ values: [2, 3, 4, 5, 6, 8], shuffled: true, except: ['waste'] });
    const regional = compileText(BOARD_GAME.replace('except waste', 'except waste, middle')).graph!;
    expect(regional.boards[0]!.values).toEqual({ values: [2, 3, 4, 5, 6, 8], shuffled: true, except: ['waste'], exceptRegions: ['middle'] });
  });

  it('lowers per-site vars with their scope and `none` initials', () => {
    expect(byName(graph.vars, 'port')).toMatchObject({ scope: 'corner', type: { t: 'enum', values: ['none', 'any3'] }, initial: { k: 'lit', v: 'none' } });
    expect(byName(graph.vars, 'marked')).toMatchObject({ scope: 'hex', type: { t: 'bool' } });
    expect(byName(graph.vars, 'start')).toMatchObject({ scope: 'global', type: { t: 'site', site: 'corner' }, initial: { k: 'lit', v: -1 } });
    expect(byName(graph.vars, 'holder')).toMatchObject({ type: { t: 'player' }, initial: { k: 'lit', v: -1 } });
    expect(byName(graph.vars, 'wanted')).toMatchObject({ type: { t: 'token', group: 'group:kind' }, initial: { k: 'token', id: 'token:a' } });
  });

  it('lowers per-site pools with their scope; a site\'s pool is read and moved like a player\'s', () => {
    const source = BOARD_GAME + `per hex {
  pool stock { a: 0 max 5 }
}
rule stock_up on game_start {
  for h in hexes where h.stock.a == 0 {
    move 1 a from bank to h.stock
  }
}
derive stocked: number = sum(h in hexes: h.stock.kind)
`;
    const { graph: g, diagnostics } = compileText(source);
    expect(errorsOf(diagnostics)).toEqual([]);
    expect(byName(g!.pools, 'stock')).toMatchObject({ scope: 'hex', entries: [{ token: 'token:a', initial: 0, capacity: 5 }] });
    const body = byName(g!.rules, 'stock_up').body;
    expect(find(body, 's', 'move')[0]).toMatchObject({ from: { pool: 'pool:bank' }, to: { pool: 'pool:stock', of: { k: 'local', name: 'h' } } });
    expect(find(body, 'k', 'count')[0]).toEqual({ k: 'count', pool: 'pool:stock', token: 'token:a', of: { k: 'local', name: 'h' } });
    expect(find(byName(g!.derived, 'stocked').value, 'k', 'count')[0]).toMatchObject({ pool: 'pool:stock', token: 'group:kind' });
  });

  it('asks whose site a per-site pool or var is, when none is said', () => {
    const source = BOARD_GAME + 'per hex {\n  pool stock { a }\n}\nderive bare: number = stock.a\nderive bare_var: bool = marked\n';
    const { diagnostics } = compileText(source);
    const found = diagnostics.filter((d) => d.code === 'resolve/needs-site').map((d) => source.slice(d.range!.start.offset, d.range!.end.offset));
    expect(found).toEqual(['stock', 'marked']);
  });

  it('lowers site collections, members and `none`/piece comparisons', () => {
    const open = byName(graph.derived, 'open');
    expect(open.value).toEqual({
      k: 'bin', op: 'and',
      l: { k: 'bin', op: '==', l: { k: 'siteAttr', attr: 'piece', of: { k: 'local', name: 'c' } }, r: { k: 'lit', v: 'none' } },
      r: {
        k: 'agg', fn: 'all', bind: 'n', over: { k: 'siteRel', rel: 'neighbours', of: { k: 'local', name: 'c' } },
        value: { k: 'bin', op: '==', l: { k: 'siteAttr', attr: 'owner', of: { k: 'local', name: 'n' } }, r: { k: 'lit', v: -1 } },
      },
    });
    const score = byName(graph.derived, 'score').value;
    expect(find(score, 'k', 'sites')).toEqual([{ k: 'sites', site: 'corner' }]);
    expect(find(score, 'k', 'lit')).toContainEqual({ k: 'lit', v: 'piece:house' });
    expect(find(score, 'k', 'trail')).toEqual([{ k: 'trail', player: { k: 'local', name: 'p' }, pieces: ['piece:wall'] }]);
    expect(byName(graph.derived, 'yield_of').type).toEqual({ t: 'token', group: 'group:kind' });
    expect(find(byName(graph.derived, 'yield_of').value, 'k', 'siteAttr')[0]).toEqual({ k: 'siteAttr', attr: 'kind', of: { k: 'local', name: 'h' } });
    expect(find(byName(graph.derived, 'yield_of').value, 'k', 'token')).toEqual([{ k: 'token', id: 'token:a' }, { k: 'token', id: 'token:b' }, { k: 'token', id: 'token:c' }]);
  });

  it('lowers tokens as values: moveOf, countOf, group counts, weighted picks and token choices', () => {
    const pay = byName(graph.rules, 'pay').body;
    expect(find(pay, 's', 'moveOf')).toEqual([{
      s: 'moveOf', token: { k: 'local', name: 't' }, amount: { k: 'lit', v: 1 }, from: { pool: 'pool:bank' }, to: { pool: 'pool:hand', of: { k: 'local', name: 'p' } },
    }]);
    expect(find(pay, 's', 'set')[0]).toEqual({ s: 'set', var: 'var:marked', of: { k: 'local', name: 'h' }, value: { k: 'lit', v: true } });
    const upgrade = byName(graph.rules, 'upgrade').body;
    expect(find(upgrade, 's', 'pick')).toEqual([{
      s: 'pick', bind: 't', over: { k: 'group', id: 'group:kind' },
      where: { k: 'bin', op: '>', l: { k: 'countOf', pool: 'pool:bank', token: { k: 'local', name: 't' } }, r: { k: 'lit', v: 0 } },
      weight: { k: 'countOf', pool: 'pool:hand', token: { k: 'local', name: 't' }, of: { k: 'local', name: 'p' } },
    }]);
    expect(find(upgrade, 'k', 'count')).toContainEqual({ k: 'count', pool: 'pool:hand', token: 'group:kind', of: { k: 'local', name: 'p' } });
    expect(find(upgrade, 'k', 'count')).toContainEqual({ k: 'count', pool: 'pool:bank', token: 'token:a' });
    expect(find(upgrade, 's', 'ask')[0]).toMatchObject({ choice: { var: 'var:wanted', values: ['token:a', 'token:b', 'token:c'] } });
    const held = byName(graph.constraints, 'held');
    expect(held.condition).toMatchObject({ l: { l: { k: 'countOf', token: { k: 'local', name: 't' } } }, r: { k: 'bin', op: '!=', r: { k: 'token', id: 'token:c' } } });
  });

  it('lowers place, remove piece, supply, distance, sites by coordinates and regions', () => {
    const upgrade = byName(graph.rules, 'upgrade').body;
    expect(upgrade.slice(0, 3)).toEqual([
      { s: 'removePiece', at: { k: 'local', name: 'c' } },
      { s: 'place', piece: 'piece:tower', owner: { k: 'local', name: 'p' }, at: { k: 'local', name: 'c' } },
      { s: 'place', piece: 'piece:bandit', at: { k: 'siteAt', site: 'hex', q: { k: 'lit', v: 0 }, r: { k: 'lit', v: 0 } } },
    ]);
    expect(find(upgrade, 'k', 'distance')).toEqual([{
      k: 'distance', from: { k: 'local', name: 'c' }, to: { k: 'siteAt', site: 'corner', q: { k: 'lit', v: 0 }, r: { k: 'neg', e: { k: 'lit', v: 1 } }, i: { k: 'lit', v: 3 } },
    }]);
    expect(find(upgrade, 'k', 'region')).toEqual([{ k: 'region', name: 'middle' }, { k: 'region', name: 'middle', board: 'board:land' }]);
    expect(find(upgrade, 'k', 'sites')).toEqual([{ k: 'sites', site: 'hex', board: 'board:land' }, { k: 'sites', site: 'edge' }]);
    expect(find(upgrade, 'k', 'supply')).toEqual([{ k: 'supply', piece: 'piece:bandit' }]);
    expect(find(byName(graph.constraints, 'taken').condition, 'k', 'supply')).toEqual([{ k: 'supply', piece: 'piece:house', of: { k: 'ctx', name: 'actor' } }]);
    expect(byName(graph.actions, 'build').params).toEqual([{ name: 'c', type: { t: 'site', site: 'corner' }, domain: { k: 'sites', site: 'corner' } }]);
  });

  it('lowers `placed` to the declared supply less what is left (pieces are conserved)', () => {
    const g = compileGame('derive on_board(p: player): number = placed(p, house) + 2 * placed(p, tower)\nderive bandit_out: number = placed(bandit)\npiece beacon on hex, 2 + 1\nderive beacons: number = placed(beacon)\n');
    const supplyOf = (piece: string, of?: Expr): Expr => (of ? { k: 'supply', piece, of } : { k: 'supply', piece });
    const p: Expr = { k: 'local', name: 'p' };
    expect(byName(g.derived, 'on_board').value).toEqual({
      k: 'bin', op: '+',
      l: { k: 'bin', op: '-', l: { k: 'lit', v: 5 }, r: supplyOf('piece:house', p) },
      r: { k: 'bin', op: '*', l: { k: 'lit', v: 2 }, r: { k: 'bin', op: '-', l: { k: 'lit', v: 4 }, r: supplyOf('piece:tower', p) } },
    });
    expect(byName(g.derived, 'bandit_out').value).toEqual({ k: 'bin', op: '-', l: { k: 'lit', v: 1 }, r: supplyOf('piece:bandit') });
    // a supply written as arithmetic on constants counts as its value
    expect(byName(g.derived, 'beacons').value).toEqual({ k: 'bin', op: '-', l: { k: 'lit', v: 3 }, r: supplyOf('piece:beacon') });
  });

  it('reads a hex kind spelt like a token as the kind where a kind is expected', () => {
    const g = compileGame('derive is_clay(h: hex): bool = h.kind == clay\ntoken clay\n');
    expect(byName(g.derived, 'is_clay').value).toEqual({ k: 'bin', op: '==', l: { k: 'siteAttr', attr: 'kind', of: { k: 'local', name: 'h' } }, r: { k: 'lit', v: 'clay' } });
  });

  it('gives token-typed action parameters their group as the domain', () => {
    const g = compileGame('action swap(t: kind) by current {\n  move 1 t from actor.hand to bank\n}\n');
    expect(byName(g.actions, 'swap').params).toEqual([{ name: 't', type: { t: 'token', group: 'group:kind' }, domain: { k: 'group', id: 'group:kind' } }]);
  });

  it('records reads and writes of pieces and boards as edges', () => {
    const has = (from: string, kind: string, to: string): boolean => graph.edges.some((e) => e.from === from && e.kind === kind && e.to === to);
    expect(has('action:build', 'writes', 'piece:house')).toBe(true);
    expect(has('rule:upgrade', 'writes', 'piece:tower')).toBe(true);
    expect(has('rule:upgrade', 'writes', 'piece:house')).toBe(true); // remove piece at a corner
    expect(has('derived:open', 'reads', 'piece:house')).toBe(true);
    expect(has('derived:score', 'reads', 'piece:wall')).toBe(true);
    expect(has('rule:pay', 'reads', 'board:land')).toBe(true);
    expect(has('rule:pay', 'writes', 'var:marked')).toBe(true);
  });
});

describe('override board', () => {
  it('replaces a board whole in a variant; rules keep reading its sites', () => {
    const variant = 'variant big {\n  override board land: hex radius 2 {\n    kinds [18 of wood, 1 of clay]\n    region middle = [(0, 0)]\n    frame 2 water\n  }\n}\n';
    const { graph, diagnostics } = compileText(BOARD_GAME + variant, 'big');
    expect(errorsOf(diagnostics)).toEqual([]);
    expect(graph!.boards).toHaveLength(1);
    expect(graph!.boards[0]).toMatchObject({ id: 'board:land', layout: { kind: 'radius', radius: 2 }, frame: { width: 2, kind: 'water' }, hexKinds: ['wood', 'clay', 'water'], regions: [{ name: 'middle', hexes: [{ q: 0, r: 0 }] }] });
    expect(graph!.boards[0]!.provenance.range.start.line).toBeGreaterThan(BOARD_GAME.split('\n').length);
  });

  it('the hex-kind enum is the union of every board of the chain, so a kind only the replaced board has still type-checks', () => {
    const rule = 'derive is_waste(h: hex): bool = h.kind == waste\n';
    const variant = 'variant big {\n  override board land: hex radius 2 {\n    kinds [18 of wood, 1 of sand]\n    region middle = [(0, 0)]\n    frame 2 water\n  }\n}\n';
    const first = compileText(BOARD_GAME + rule + variant, 'big');
    expect(errorsOf(first.diagnostics)).toEqual([]);
    expect(first.graph!.boards[0]!.hexKinds).toEqual(['wood', 'sand', 'water']);
    const kindType = (g: RuleGraph): unknown => {
      const d = g.derived.find((x) => x.name === 'is_waste')!.value as Extract<Expr, { k: 'bin' }>;
      return d.r;
    };
    expect(kindType(first.graph!)).toEqual({ k: 'lit', v: 'waste' });
    // the same source compiles to the same graph (the union's order is deterministic)
    expect(JSON.stringify(compileText(BOARD_GAME + rule + variant, 'big').graph)).toBe(JSON.stringify(first.graph));
  });

  it('an override of a board nobody declared is unknown-override-target', () => {
    expectDiagnostic('override board sea: hex radius 1', 'resolve/unknown-override-target', { text: 'sea' }, { prelude: BOARD_GAME });
  });
});

describe('boards, sites, pieces and token values: diagnostics', () => {
  const opts = { prelude: BOARD_GAME };

  it('type/no-such-member: a member a site does not have, with the members listed', () => {
    const d = expectDiagnostic('derive x(c: corner): number = c.value', 'type/no-such-member', { text: 'value' }, opts);
    expect(d.hint).toContain('neighbours');
    expect(d.hint).toContain('port');
    expect(d.hint).not.toContain('kind');
  });

  it('type/wrong-site: placing an edge piece on a corner', () => {
    expectDiagnostic('rule r on built(p, c) {\n  place wall of p at c\n}', 'type/wrong-site', { text: 'c' }, opts);
  });

  it('type/wrong-site: comparing a corner\'s piece with an edge piece', () => {
    expectDiagnostic('derive x(c: corner): bool = c.piece == wall', 'type/wrong-site', { text: 'wall' }, opts);
  });

  it('type/wrong-site: a trail of corner pieces', () => {
    expectDiagnostic('derive x(p: player): number = longest_trail(p, house)', 'type/wrong-site', { text: 'house' }, opts);
  });

  it('type/wrong-site: a network of corner pieces', () => {
    expectDiagnostic('derive x(p: player): number = networks(p, house)', 'type/wrong-site', { text: 'house' }, opts);
    expectDiagnostic('derive x(p: player, c: corner): bool = joined(p, c, c, house)', 'type/wrong-site', { text: 'house' }, opts);
  });

  it('type/arity: joined without its two corners', () => {
    expectDiagnostic('derive x(p: player): bool = joined(p, wall)', 'type/arity', { text: 'joined(p, wall)' }, opts);
  });

  it('type/mismatch: joined between a corner and a hex', () => {
    expectDiagnostic('derive x(p: player, c: corner, h: hex): bool = joined(p, c, h, wall)', 'type/mismatch', { text: 'h' }, opts);
  });

  it('type/mismatch: a token outside the expected group', () => {
    expectDiagnostic('tokens other = z\nvar k: kind = z', 'type/mismatch', { text: 'z' }, opts);
  });

  it('resolve/needs-player: a per-player piece placed without an owner', () => {
    expectDiagnostic('rule r on built(p, c) {\n  place house at c\n}', 'resolve/needs-player', { text: 'house' }, opts);
  });

  it('resolve/unknown-region: a board member that is no region', () => {
    const d = expectDiagnostic('derive x: number = size(land.coast)', 'resolve/unknown-region', { text: 'coast' }, opts);
    expect(d.hint).toContain('region coast');
  });

  it('resolve/ambiguous-board: `hexes` with several boards', () => {
    const prelude = BOARD_GAME.replace('per corner {', 'board isle: hex radius 1\nper corner {').replace('first(h in land.hexes', 'first(h in land.hexes');
    const d = expectDiagnostic('derive x: number = size(hexes)', 'resolve/ambiguous-board', { text: 'hexes' }, { prelude });
    expect(d.hint).toContain('`isle.hexes`');
  });

  it('board/unknown-hex: a region naming a hex outside the layout and frame', () => {
    expectDiagnostic('board far: hex radius 1 {\n  frame 1 water\n  region out = [(2, 0) (3, 0)]\n}', 'board/unknown-hex', { text: '(3, 0)' }, opts);
    const { diagnostics } = compileText(`${BOARD_GAME}board far: hex radius 1 {\n  frame 1 water\n  region out = [(2, 0) (3, 0)]\n}`);
    expect(diagnostics.filter((d) => d.code === 'board/unknown-hex')).toHaveLength(1);
  });

  it('board/duplicate-hex: a map listing a hex twice', () => {
    const d = expectDiagnostic('board drawn: hex map {\n  (0, 0) wood\n  (1, -1)\n  (0, 0) clay\n}', 'board/duplicate-hex', { text: '(0, 0) clay' }, opts);
    expect(d.related?.[0]?.message).toContain('first');
  });

  it('type/arity: supply of a global piece with a player', () => {
    expectDiagnostic('derive x(p: player): number = supply(p, bandit)', 'type/arity', { text: 'supply(p, bandit)' }, opts);
  });

  it('type/arity and resolve/needs-player: `placed` takes the arguments `supply` takes', () => {
    expectDiagnostic('derive x(p: player): number = placed(p, bandit)', 'type/arity', { text: 'placed(p, bandit)' }, opts);
    expectDiagnostic('derive x: number = placed(house)', 'resolve/needs-player', { text: 'placed(house)' }, opts);
    expectDiagnostic('derive x: number = placed()', 'type/arity', { text: 'placed()' }, opts);
  });

  it('a misused supply declaration is reported once, not again by `placed`', () => {
    const { diagnostics } = compileText(`${BOARD_GAME}piece odd on hex, holder\nderive x: number = placed(odd)\n`);
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['type/mismatch']);
  });

  it('resolve/unknown-name: `none` where nothing tells what it stands for', () => {
    // (with an enum that has a member `none` in scope, `none` would be that member)
    const prelude = BOARD_GAME.replace('var port: none | any3 = none', 'var port: number = 0').replace('c.port == any3', 'c.port == 1');
    expectDiagnostic('derive x: number = if none then 1 else 0', 'resolve/unknown-name', { text: 'none' }, { prelude });
  });
});

describe('named choices (`ask … as NAME`)', () => {
  const NAMED = `rule shift on built(p, c) {
  ask p to choose h in hexes where h.kind != water as move_bandit then {
    place bandit at h
  }
}
forbid no_waste on move_bandit(q, h) when h.kind == waste or q != actor reason "Not the waste."
`;

  it('lets a constraint target a single choice: the target is the ask id, the bindings the chooser and the candidate', () => {
    const { graph, diagnostics } = compileText(BOARD_GAME + NAMED);
    expect(errorsOf(diagnostics)).toEqual([]);
    const constraint = graph!.constraints.find((c) => c.name === 'no_waste')!;
    expect(constraint).toMatchObject({ target: 'rule:shift/ask1', bindings: ['q', 'h'], kind: 'forbid', reason: 'Not the waste.' });
    const ask = (graph!.rules.find((r) => r.name === 'shift')!.body[0] as Extract<Stmt, { s: 'ask' }>);
    expect(ask.id).toBe(constraint.target);
    expect(graph!.edges).toContainEqual({ from: 'constraint:no_waste', to: 'rule:shift', kind: 'constrains' });
  });

  it('a constraint of a replaced module still reaches the choice of the overriding rule', () => {
    const variant = 'variant hard {\n  override rule shift on built(p, c) {\n    ask p to choose h in hexes as move_bandit then {\n      place bandit at h\n    }\n  }\n}\n';
    const { graph, diagnostics } = compileText(BOARD_GAME + NAMED + variant, 'hard');
    expect(errorsOf(diagnostics)).toEqual([]);
    const active = graph!.rules.find((r) => r.id === 'rule:shift')!;
    expect(graph!.constraints.find((c) => c.name === 'no_waste')!.target).toBe((active.body[0] as Extract<Stmt, { s: 'ask' }>).id);
  });

  it('resolve/unknown-name: a misspelt choice name, with the named choices suggested', () => {
    const d = expectDiagnostic(NAMED + 'forbid other on move_bandt(q, h) when h.kind == wood reason "No."\n', 'resolve/unknown-name', { text: 'move_bandt' }, { prelude: BOARD_GAME });
    expect(d.hint).toContain('move_bandit');
  });

  it('resolve/duplicate: two choices with one name, or a choice named like a declaration', () => {
    expectDiagnostic(NAMED + 'rule again on built(p, c) {\n  ask p to choose h in hexes as move_bandit then { }\n}\n', 'resolve/duplicate', { text: 'move_bandit' }, { prelude: BOARD_GAME });
    expectDiagnostic('rule named on built(p, c) {\n  ask p to choose h in hexes as score then { }\n}\n', 'resolve/duplicate', { text: 'score' }, { prelude: BOARD_GAME });
  });

  it('type/arity: a constraint binding more than the chooser and the candidate', () => {
    expectDiagnostic(NAMED + 'forbid three on move_bandit(q, h, x) when h.kind == wood reason "No."\n', 'type/arity', { text: 'x' }, { prelude: BOARD_GAME });
  });

  it('types the candidate: a comparison of a hex with a number is a type error', () => {
    expectDiagnostic(NAMED + 'forbid typed on move_bandit(q, h) when h == 3 reason "No."\n', 'type/mismatch', { text: 'h == 3' }, { prelude: BOARD_GAME });
  });
});

describe('named choices in policies', () => {
  const NAMED = `rule shift on built(p, c) {
  ask p to choose h in hexes as move_bandit then {
    place bandit at h
  }
}
`;

  it('`prefer NAME(x)` prefers a candidate of the named choice', () => {
    const { graph, diagnostics } = compileText(BOARD_GAME + 'policy central {\n  prefer move_bandit(hex(0, 0))\n}\n' + NAMED);
    expect(errorsOf(diagnostics)).toEqual([]);
    expect(graph!.policies[0]!.preferences).toEqual([{ target: 'rule:shift/ask1', kind: 'value', args: [expect.objectContaining({ k: 'siteAt' })] }]);
  });

  it('type/arity: a preference for a named choice takes one candidate', () => {
    expectDiagnostic(NAMED + 'policy bad {\n  prefer move_bandit(hex(0, 0), 2)\n}\n', 'type/arity', { text: 'prefer move_bandit(hex(0, 0), 2)' }, { prelude: BOARD_GAME });
  });
});

describe('spots and paths inside a hex', () => {
  const opts = { prelude: BOARD_GAME };
  const TOWN = `board land: hex radius 1 {
  spots (0, 0) station, hotel
  paths (0, 0) trail: corner 0 to station, river: hotel to station
}`;

  it('lowers them into the board\'s internals; a board without them has none', () => {
    const { graph, diagnostics } = compileText(BOARD_GAME.replace(/board land: hex radius 1 \{\n/, `${TOWN.split('\n').slice(0, 3).join('\n')}\n`));
    expect(errorsOf(diagnostics)).toEqual([]);
    expect(graph!.boards[0]!.internals).toEqual({
      spots: [{ q: 0, r: 0, name: 'station' }, { q: 0, r: 0, name: 'hotel' }],
      paths: [
        { q: 0, r: 0, name: 'trail', from: { corner: 0 }, to: { spot: 'station' } },
        { q: 0, r: 0, name: 'river', from: { spot: 'hotel' }, to: { spot: 'station' } },
      ],
    });
    expect(compileText(BOARD_GAME).graph!.boards[0]).not.toHaveProperty('internals');
  });

  it('spots are corners and paths edges for rules', () => {
    const prelude = BOARD_GAME.replace(/board land: hex radius 1 \{\n/, `${TOWN.split('\n').slice(0, 3).join('\n')}\n`);
    const { diagnostics } = compileText(`${prelude}rule r on built(p, c) {\n  for h in c.hexes {\n    for s in h.corners where s.piece == none {\n      place tower of p at s\n    }\n    for e in h.edges where all(v in e.corners: v.owner == p) {\n      place wall of p at e\n    }\n  }\n}\n`);
    expect(errorsOf(diagnostics)).toEqual([]);
  });

  it('board/unknown-hex: spots in a hex the board lacks', () => {
    expectDiagnostic('board town: hex radius 1 {\n  spots (3, 0) inn\n}', 'board/unknown-hex', { text: '(3, 0)' }, opts);
  });

  it('board/duplicate-spot: a spot named twice in a hex', () => {
    const d = expectDiagnostic('board town: hex radius 1 {\n  spots (0, 0) inn, well\n  spots (0, 0) inn\n}', 'board/duplicate-spot', { text: 'inn' }, opts);
    expect(d.range!.start.offset).toBeGreaterThan(d.related![0]!.range!.start.offset);
  });

  it('`c.inside` and `e.inside` are the hex a spot or path lies inside; `h.station` names a spot, `h.trail` a path', () => {
    const prelude = BOARD_GAME.replace(/board land: hex radius 1 \{\n/, `${TOWN.split('\n').slice(0, 3).join('\n')}\n`);
    const { graph, diagnostics } = compileText(`${prelude}derive in_town(c: corner): bool = c.inside != none
derive on_path(e: edge): bool = e.inside == hex(0, 0)
derive station_of(h: hex): corner = h.station
derive trail_free: bool = hex(0, 0).trail.piece == none
`);
    expect(errorsOf(diagnostics)).toEqual([]);
    const value = (name: string): unknown => graph!.derived.find((d) => d.name === name)!.value;
    expect(value('in_town')).toMatchObject({ k: 'bin', l: { k: 'siteAttr', attr: 'inside', of: { k: 'local', name: 'c' } } });
    expect(value('station_of')).toEqual({ k: 'siteNamed', site: 'corner', name: 'station', of: { k: 'local', name: 'h' } });
    expect(value('trail_free')).toMatchObject({ l: { k: 'siteAttr', attr: 'piece', of: { k: 'siteNamed', site: 'edge', name: 'trail' } } });
  });

  it('type/no-such-member: a hex member naming no spot or path lists the ones there are', () => {
    const prelude = BOARD_GAME.replace(/board land: hex radius 1 \{\n/, `${TOWN.split('\n').slice(0, 3).join('\n')}\n`);
    const d = expectDiagnostic('derive s: corner = hex(0, 0).saloon', 'type/no-such-member', { text: 'saloon' }, { prelude });
    expect(d.hint).toContain('station');
    expect(d.hint).toContain('trail');
    // a corner's members include `inside`; a hex has none
    expect(expectDiagnostic('derive x: bool = corner(0, 0, 0).insid == none', 'type/no-such-member', { text: 'insid' }, opts).hint).toContain('inside');
  });

  it('board/ambiguous-site-name: a name that is a spot and a path, or already a hex member', () => {
    const d = expectDiagnostic('board town: hex radius 1 {\n  spots (0, 0) inn\n  paths (0, 1) inn: corner 0 to corner 2\n}', 'board/ambiguous-site-name', { text: 'inn' }, opts);
    expect(d.range!.start.offset).toBeGreaterThan(d.related![0]!.range!.start.offset);
    expectDiagnostic('board town: hex radius 1 {\n  spots (0, 0) kind\n}', 'board/ambiguous-site-name', { text: 'kind' }, opts);
    expectDiagnostic('board town: hex radius 1 {\n  spots (0, 0) marked\n}', 'board/ambiguous-site-name', { text: 'marked' }, opts);
  });

  it('board/duplicate-path: a path named twice in a hex', () => {
    expectDiagnostic('board town: hex radius 1 {\n  spots (0, 0) inn\n  paths (0, 0) lane: corner 0 to inn, lane: corner 2 to inn\n}', 'board/duplicate-path', { text: 'lane' }, opts);
  });

  it('board/dangling-edge: a path to no spot, or to a corner outside 0..5', () => {
    expectDiagnostic('board town: hex radius 1 {\n  spots (0, 0) inn\n  paths (0, 0) lane: corner 0 to well\n}', 'board/dangling-edge', { text: 'well' }, opts);
    expectDiagnostic('board town: hex radius 1 {\n  spots (0, 0) inn\n  paths (0, 0) lane: corner 6 to inn\n}', 'board/dangling-edge', { text: 'corner 6' }, opts);
  });
});
