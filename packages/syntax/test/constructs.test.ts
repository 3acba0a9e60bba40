import { describe, expect, it } from 'vitest';
import ALL from './fixtures/all-constructs.rules?raw';
import { format, parse, type EndDecl, type TopLevelItem, type VariantDecl, type TestDecl, type BoardDecl, type FlowDecl, type RuleDecl } from '../src/index.ts';
import { nodeTypes, withoutRanges } from './ast-helpers.ts';

const { value: ast, diagnostics } = parse(ALL, 'all-constructs.rules');

function items<T extends TopLevelItem['$type']>(type: T, from: TopLevelItem[] = ast.items): Extract<TopLevelItem, { $type: T }>[] {
  return from.filter((i): i is Extract<TopLevelItem, { $type: T }> => i.$type === type);
}

describe('every construct of docs/grammar.md', () => {
  it('parses the fixture with zero diagnostics', () => {
    expect(diagnostics).toEqual([]);
  });

  it('produces every node type of the AST', () => {
    const types = nodeTypes(ast);
    const expected = [
      // items
      'ModuleHeader', 'ImportDecl', 'ScenarioDecl', 'OptionDecl', 'OptionDefaultDecl', 'TokenDecl', 'PoolDecl', 'PoolEntry',
      'VarDecl', 'PerPlayerBlock', 'PerSiteBlock', 'CardDecl', 'CardField', 'ZoneDecl', 'CardSpec', 'Argument', 'PieceDecl', 'BoardDecl',
      'HexRadius', 'HexMap', 'HexEntry', 'BoardItem', 'EventDecl', 'Param', 'DeriveDecl', 'FlowDecl', 'RuleDecl', 'ActionDecl',
      'ConstraintDecl', 'EndDecl', 'RankingDecl', 'InvariantDecl', 'PolicyDecl', 'Preference', 'VariantDecl', 'OverrideDecl',
      'RemoveDecl', 'TestDecl', 'StringLiteral', 'QualifiedName', 'Identifier',
      // types
      'NamedType', 'EnumType', 'ListType',
      // flow
      'StepFlow', 'RoundsFlow', 'TurnsFlow', 'PhaseFlow', 'RepeatFlow', 'ActionsFlow', 'IfFlow',
      // statements
      'MoveTokensStmt', 'MoveCardStmt', 'MoveCardsStmt', 'SetStmt', 'LetStmt', 'IfStmt', 'ForStmt', 'EmitStmt', 'ShuffleStmt',
      'RevealStmt', 'RollStmt', 'PickStmt', 'AskStmt', 'AskEach', 'AskSingle', 'ChooseBinding', 'ChooseVar', 'EndStmt',
      'PlaceStmt', 'RemovePieceStmt', 'StackStmt',
      // expressions
      'NumberLit', 'BoolLit', 'StringLit', 'NameRef', 'MemberExpr', 'CallExpr', 'BinaryExpr', 'UnaryExpr', 'IsExpr', 'IfExpr',
      'ListExpr', 'RangeExpr', 'AggregateExpr',
      // tests
      'TestPlayers', 'TestSeed', 'TestVariant', 'TestOption', 'TestArrange', 'TestAdvance', 'TestFixDice', 'TestChoose', 'TestDo', 'TestPlay',
      'TestOptionReadings', 'TestExpect', 'TestExpectEvent', 'TestExpectIllegal', 'TestExpectLegal', 'TestExpectGameOver',
      'TestExpectAsked', 'TestExpectSees', 'AgentRef',
    ];
    expect(expected.filter((t) => !types.has(t))).toEqual([]);
  });

  it('reads the module header with its base', () => {
    expect(ast.module).toMatchObject({ name: { parts: [{ name: 'sample' }, { name: 'full' }] }, extends: { $type: 'StringLiteral', value: './base.rules' } });
    expect(items('ImportDecl').map((i) => i.module.$type)).toEqual(['StringLiteral', 'QualifiedName']);
  });

  it('reads every end timing, with `immediately` when none is written', () => {
    expect(items('EndDecl').map((e: EndDecl) => [e.name.name, e.timing])).toEqual([
      ['reached', 'immediately'],
      ['own', 'own_turn'],
      ['by_turn', 'end_of_turn'],
      ['by_round', 'end_of_round'],
      ['plain', 'immediately'],
    ]);
    expect(items('EndDecl')[0]).toMatchObject({ winners: { $type: 'ListExpr' }, cite: { value: 'First to the target.' } });
  });

  it('reads per-site blocks, weighted picks, piece removal and `.piece` members', () => {
    expect(items('PerSiteBlock').map((b) => [b.site, b.items.map((v) => v.name.name)])).toEqual([['corner', ['port']], ['hex', ['marked']]]);
    const { value } = parse('rule r on e {\n  pick random t in gems where t != a weighted by p.hand.t\n  remove piece at c\n  set x = c.piece == none\n}\n');
    const [rule] = value.items as [RuleDecl];
    expect(rule.body.map((s) => s.$type)).toEqual(['PickStmt', 'RemovePieceStmt', 'SetStmt']);
    expect(rule.body[0]).toMatchObject({ where: { $type: 'BinaryExpr' }, weight: { $type: 'MemberExpr', member: { name: 't' } } });
    expect(rule.body[2]).toMatchObject({ value: { left: { $type: 'MemberExpr', member: { name: 'piece' } }, right: { $type: 'NameRef', name: { name: 'none' } } } });
  });

  it('does not cut a declaration at a member named like a keyword (`c.piece`)', () => {
    const { value, diagnostics } = parse('forbid taken on build(c) when c.piece != none reason "taken"\npiece road on edge, 15 per player\n');
    expect(diagnostics).toEqual([]);
    expect(value.items.map((i) => i.$type)).toEqual(['ConstraintDecl', 'PieceDecl']);
  });

  it('reads and formats a named choice (`as NAME`), before `secretly`', () => {
    const source = 'rule r on e {\n  ask current to choose h in hexes where h.marked as move_bandit then {\n    set x = h\n  }\n  ask each p in players to choose p.plan as plans secretly then {}\n}\n';
    const { value, diagnostics } = parse(source);
    expect(diagnostics).toEqual([]);
    const [rule] = value.items as [RuleDecl];
    expect(rule.body[0]).toMatchObject({ $type: 'AskStmt', name: { name: 'move_bandit' }, choice: { $type: 'ChooseBinding', where: { $type: 'MemberExpr' } }, secretly: false });
    expect(rule.body[1]).toMatchObject({ $type: 'AskStmt', name: { name: 'plans' }, choice: { $type: 'ChooseVar' }, secretly: true });
    expect(format(source).value).toBe(source);
    const unnamed = parse('rule r on e {\n  ask current to choose h in hexes then {\n  }\n}\n').value.items[0] as RuleDecl;
    expect(unnamed.body[0]).not.toHaveProperty('name');
  });

  it('reads and formats an ask\'s `otherwise` block; `otherwise` stays a name elsewhere', () => {
    const source = 'rule r on e {\n  ask current to choose h in hexes where h.marked then {\n    set x = h\n  } otherwise {\n    emit stuck\n  }\n  ask each p in players to choose p.plan then {} \n  set otherwise = 1\n}\n';
    const { value, diagnostics } = parse(source);
    expect(diagnostics).toEqual([]);
    const [rule] = value.items as [RuleDecl];
    expect(rule.body.map((s) => s.$type)).toEqual(['AskStmt', 'AskStmt', 'SetStmt']);
    expect(rule.body[0]).toMatchObject({ $type: 'AskStmt', then: [{ $type: 'SetStmt' }], otherwise: [{ $type: 'EmitStmt' }] });
    expect(rule.body[1]).not.toHaveProperty('otherwise');
    const formatted = format(source).value ?? '';
    expect(formatted).toContain('  } otherwise {\n    emit stuck\n  }\n');
    expect(format(formatted).value).toBe(formatted);
    const empty = 'rule r on e {\n  ask current to choose h in hexes then {\n  } otherwise {\n  }\n}\n';
    expect(parse(empty).value.items[0]).toMatchObject({ body: [{ then: [], otherwise: [] }] });
    expect(format(empty).value).toBe(empty);
  });

  it('reads and formats `override board`', () => {
    const source = 'override board land: hex radius 3 {\n  frame 2 sea\n}\n';
    const { value, diagnostics } = parse(source);
    expect(diagnostics).toEqual([]);
    expect(value.items[0]).toMatchObject({ $type: 'OverrideDecl', target: { $type: 'BoardDecl', name: { name: 'land' }, items: [{ key: 'frame', width: 2 }] } });
    expect(format(source).value).toBe(source);
  });

  it('reads and formats a hex\'s spots and paths', () => {
    const source = 'board land: hex radius 1 {\n  spots (0, -1) station, hotel\n  paths (0, -1) trail: corner 0 to station, tracks: hotel to station\n}\n';
    const { value, diagnostics } = parse(source);
    expect(diagnostics).toEqual([]);
    const land = value.items[0] as BoardDecl;
    expect(land.items[0]).toMatchObject({ key: 'spots', hex: { q: 0, r: -1 }, spots: [{ name: 'station' }, { name: 'hotel' }] });
    expect(land.items[1]).toMatchObject({
      key: 'paths',
      hex: { q: 0, r: -1 },
      paths: [
        { $type: 'BoardPath', name: { name: 'trail' }, from: { corner: 0 }, to: { spot: { name: 'station' } } },
        { $type: 'BoardPath', name: { name: 'tracks' }, from: { spot: { name: 'hotel' } }, to: { spot: { name: 'station' } } },
      ],
    });
    expect(format(source).value).toBe(source);
    expect(parse('board land: hex radius 1 {\n  paths (0, 0) trail: corner 0 station\n}\n').diagnostics.length).toBeGreaterThan(0);
  });

  it('reads and formats spots and paths that are on the board for an option\'s value', () => {
    const source =
      'board land: hex radius 1 {\n  spots (0, 0) inn when big\n  paths (0, 0) lane: corner 0 to inn when layout == north\n  paths (0, 0) lane: corner 3 to inn when layout == south\n}\n';
    const { value, diagnostics } = parse(source);
    expect(diagnostics).toEqual([]);
    const land = value.items[0] as BoardDecl;
    expect(land.items[0]).toMatchObject({ key: 'spots', when: { $type: 'NameRef', name: { name: 'big' } } });
    expect(land.items[1]).toMatchObject({ key: 'paths', when: { $type: 'BinaryExpr', op: '==' } });
    expect(land.items[2]!.paths![0]!.from).toEqual(expect.objectContaining({ corner: 3 }));
    expect(format(source).value).toBe(source);
  });

  it('reports a zone or derive in a per-site block', () => {
    const { value, diagnostics } = parse('per edge {\n  var toll: number = 0\n  derive d: number = 1\n  zone z: public\n}\n');
    expect(diagnostics.map((d) => d.code)).toEqual(['parse/not-per-site', 'parse/not-per-site']);
    expect(value.items[0]).toMatchObject({ $type: 'PerSiteBlock', site: 'edge', items: [{ name: { name: 'toll' } }] });
  });

  it('reads pools and vars per site, in the order written, and formats them back', () => {
    const source = 'per hex {\n  var open: bool = true\n  pool stock { gem: 0, dust }\n  var depth: number = 0\n}\n';
    const { value, diagnostics } = parse(source);
    expect(diagnostics).toEqual([]);
    expect(value.items[0]).toMatchObject({
      $type: 'PerSiteBlock',
      site: 'hex',
      items: [{ $type: 'VarDecl', name: { name: 'open' } }, { $type: 'PoolDecl', name: { name: 'stock' } }, { $type: 'VarDecl', name: { name: 'depth' } }],
    });
    expect(format(source).value).toBe(source);
  });

  it('reads ranking keys, directions and ties', () => {
    const [ranking] = items('RankingDecl');
    expect(ranking?.keys.map((k) => k.direction)).toEqual(['desc', 'asc', 'desc']);
    expect(ranking?.keys[2]?.value).toMatchObject({ $type: 'AggregateExpr', fn: 'count' });
    expect(ranking?.ties).toBe('seat');
  });

  it('reads boards: radius, map, shuffled kinds, values with except, regions with negative coordinates', () => {
    const [land, islet] = items('BoardDecl') as [BoardDecl, BoardDecl];
    expect(land.layout).toMatchObject({ $type: 'HexRadius', radius: 2 });
    expect(land.items.map((i) => [i.key, i.shuffled])).toEqual([['kinds', true], ['values', true], ['region', false], ['frame', false]]);
    expect(land.items[3]).toMatchObject({ key: 'frame', width: 1, name: { name: 'sea' } });
    expect(land.items[0]?.values).toMatchObject([{ count: 3, kind: { name: 'forest' } }, { count: 4 }, { kind: { name: 'desert' } }]);
    expect(land.items[1]?.except?.map((e) => e.name)).toEqual(['desert']);
    expect(land.items[2]?.values).toMatchObject([
      { items: [{ value: 0 }, { value: 0 }] },
      { items: [{ value: 1 }, { value: -1 }] },
      { items: [{ value: -2 }, { value: 2 }] },
    ]);
    expect(islet.layout).toMatchObject({ $type: 'HexMap', hexes: [{ q: 0, r: 0, kind: { name: 'desert' } }, { q: 1, r: 0, value: 6 }, { q: 0, r: 1 }] });
  });

  it('reads the flow: turn orders, repeat with and without a condition, actions until, if/else', () => {
    const [flow] = items('FlowDecl') as [FlowDecl];
    const rounds = flow.items[1];
    expect(rounds).toMatchObject({ $type: 'RoundsFlow', count: { value: 3 } });
    expect(flow.items[2]).toMatchObject({ $type: 'RoundsFlow', count: 'forever' });
    const inner = rounds?.$type === 'RoundsFlow' ? rounds.body : [];
    expect(inner.map((f) => f.$type)).toEqual(['TurnsFlow', 'TurnsFlow', 'RepeatFlow', 'RepeatFlow', 'IfFlow']);
    expect(inner[0]).toMatchObject({ order: 'snake', body: [{ $type: 'PhaseFlow', body: [{ $type: 'ActionsFlow', until: { name: 'pass' } }] }] });
    expect(inner[1]).toMatchObject({ order: 'seat' });
    expect(inner[2]).toMatchObject({ while: { $type: 'BinaryExpr', op: '<' } });
    expect(inner[3]).not.toHaveProperty('while');
    expect(inner[4]).toMatchObject({ then: [{ name: { name: 'quick' } }], else: [{ name: { name: 'slow_step' } }] });
  });

  it('reads else-if chains as an else holding one if', () => {
    const rule = items('RuleDecl').find((r) => r.name.name === 'on_found')!;
    const ifStmt = rule.body.find((s) => s.$type === 'IfStmt');
    expect(ifStmt).toMatchObject({ else: [{ $type: 'IfStmt', then: [{ scope: 'turn' }], else: [{ scope: 'phase' }] }] });
    expect(rule.order).toMatchObject({ relation: 'before', target: { name: 'other' } });
    expect(rule.body.filter((s) => s.$type === 'MoveCardStmt').map((s) => (s.$type === 'MoveCardStmt' ? s.position : ''))).toEqual([
      'bottom',
      'top',
      'top',
    ]);
  });

  it('reads operator precedence as the EBNF says', () => {
    const test = items('TestDecl')[0] as TestDecl;
    const expects = test.items.filter((i) => i.$type === 'TestExpect');
    // counter == 2 and not (counter > 3 or counter < 0)
    expect(expects[0]).toMatchObject({
      condition: { op: 'and', left: { op: '==' }, right: { $type: 'UnaryExpr', op: 'not', operand: { op: 'or' } } },
    });
    // -counter + 3 * (2 - 1) % 2 <= 1..3
    expect(expects[1]).toMatchObject({
      condition: {
        op: '<=',
        left: { op: '+', left: { $type: 'UnaryExpr', op: '-' }, right: { op: '%', left: { op: '*', right: { op: '-' } } } },
        right: { $type: 'RangeExpr' },
      },
    });
  });

  it('reads variants with option defaults, every override and every remove', () => {
    const [variant] = items('VariantDecl') as [VariantDecl];
    expect(variant.title?.value).toBe('Quick game');
    expect(items('OverrideDecl', variant.items).map((o) => o.target.$type)).toEqual([
      'RuleDecl', 'ActionDecl', 'ConstraintDecl', 'EndDecl', 'DeriveDecl', 'RankingDecl', 'PolicyDecl',
    ]);
    expect(items('RemoveDecl', variant.items).map((r) => r.kind)).toEqual(['rule', 'action', 'constraint', 'end', 'invariant', 'policy']);
  });

  it('reads test blocks step by step', () => {
    const test = items('TestDecl')[0] as TestDecl;
    expect(test.cite?.value).toBe('Everything at once.');
    expect(test.items.find((i) => i.$type === 'TestExpectIllegal')).toMatchObject({
      seat: { name: 'p1' },
      move: { $type: 'TestChoose', value: { value: false } },
      because: { name: 'ready_first' },
    });
    expect(test.items.find((i) => i.$type === 'TestPlay')).toMatchObject({
      until: { op: '==' },
      agents: [{ name: { name: 'random' }, args: [] }, { name: { name: 'eager' }, args: [{ value: 2 }] }],
    });
    const events = test.items.filter((i) => i.$type === 'TestExpectEvent');
    expect(events.map((e) => [e.negated, e.args?.length, e.times, e.thisRound])).toEqual([
      [false, undefined, undefined, undefined], [false, 2, undefined, undefined], [true, undefined, undefined, undefined],
      [false, undefined, 2, undefined], [false, 1, 0, true],
    ]);
    expect(test.items.filter((i) => i.$type === 'TestExpectAsked').map((i) => [i.negated, i.seat.name, i.ask?.name, i.options?.$type]))
      .toEqual([[false, 'p1', undefined, undefined], [true, 'p2', 'ready', 'ListExpr'], [false, 'p1', undefined, undefined]]);
    // `expect p1 asked` followed by `p1 chooses true`: the next step's seat is not taken for a choice's name
    expect(test.items.filter((i) => i.$type === 'TestChoose').map((i) => i.seat.name)).toEqual(['p1', 'p1']);
    expect(test.items.filter((i) => i.$type === 'TestExpectSees').map((i) => [i.negated, i.seat.name])).toEqual([[false, 'p1'], [true, 'p2']]);
    expect(test.items.filter((i) => i.$type === 'TestOptionReadings').map((i) => [i.name.name, i.values?.$type ?? 'all'])).toEqual([['speed', 'ListExpr'], ['mode', 'all']]);
    expect(test.items.filter((i) => i.$type === 'TestExpectGameOver').map((i) => i.negated ?? false)).toEqual([true, false, false]);
  });

  it('formats to a fixed point with the same AST', () => {
    const once = format(ALL).value!;
    expect(once).not.toBeNull();
    expect(format(once).value).toBe(once);
    expect(withoutRanges(parse(once).value)).toEqual(withoutRanges(ast));
  });
});
