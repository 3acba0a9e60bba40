import { describe, expect, it } from 'vitest';
import { completionAt, expectCompletion } from '../src/testing/index.ts';
import { CATAN_BASE, CATAN_BASE_FILE, CATAN_FIVE_SIX, CATAN_FIVE_SIX_FILE, DIAMANT, DIAMANT_FILE, GEMS, withCursor } from './fixtures.ts';

const catan = { [CATAN_BASE_FILE]: CATAN_BASE };

describe('completion offers', () => {
  it('the declarations a file may start with, and snippets for a rule, an action and a test', () => {
    expectCompletion({ text: '<|>' }, { includes: ['module', 'rule', 'action', 'option', 'test', 'rule …', 'action …', 'test …'], excludes: ['move', 'players'] });
  });

  it('statement keywords at the start of a statement, not declarations', () => {
    expectCompletion({ text: `${GEMS}rule r on explore {\n  <|>\n}\n` }, { includes: ['move', 'set', 'let', 'for', 'emit', 'ask', 'cite', 'for …'], excludes: ['rule', 'players', 'token'] });
  });

  it('flow items inside the flow, and test steps inside a test', () => {
    expectCompletion({ text: 'flow {\n  rounds 3 {\n    <|>\n  }\n}\n' }, { includes: ['step', 'turns', 'phase', 'repeat', 'actions'], excludes: ['move', 'rule'] });
    expectCompletion({ text: `${GEMS}test "t" {\n  <|>\n}\n` }, { includes: ['players', 'seed', 'arrange', 'advance', 'expect', 'play', 'p1', 'arrange { … }'] });
  });

  it('events after `on`: declared, flow steps and built-in', () => {
    expectCompletion({ text: `${GEMS}rule r on <|>` }, { includes: ['explored', 'explore', 'game_start', 'dice_rolled'], excludes: ['ruby', 'reserve', 'move'] });
  });

  it("an event's parameter names as a rule's bindings", () => {
    expectCompletion({ text: `${GEMS}rule r on explored(<|>` }, { includes: ['c'] });
  });

  it('actions and choices after `on` in a constraint', () => {
    const text = withCursor(CATAN_BASE, 'place_start_settlement(c)', 'forbid one_start_settlement on ');
    expectCompletion({ text, file: CATAN_BASE_FILE }, { includes: ['place_start_settlement', 'build_road', 'build_settlement'], excludes: ['produce'] });
  });

  it('the names in scope in an expression: locals, declarations, context names', () => {
    expectCompletion({ text: `${GEMS}rule r on explored(c) {\n  for p in players {\n    let n = <|>\n  }\n}\n` },
      { includes: ['p', 'c', 'sharing', 'reserve', 'path', 'players', 'current', 'count', 'min'], excludes: ['chest', 'in_cave', 'rule'] });
  });

  it('members after a dot: of a player, of a card kind, of a pool', () => {
    expectCompletion({ text: `${GEMS}rule r on explored(c) {\n  for p in players {\n    set p.<|>\n  }\n}\n` }, { exactly: ['chest', 'in_cave', 'plan'] });
    expectCompletion({ text: `${GEMS}rule r on explored(c) when c is treasure {\n  let v = c.<|>\n}\n` }, { includes: ['value', 'gems'], excludes: ['chest'] });
    expectCompletion({ text: `${GEMS}rule r on explore {\n  let n = current.chest.<|>\n}\n` }, { exactly: ['ruby', 'diamond'] });
  });

  it('members of a binding that is still being typed', () => {
    expectCompletion({ text: `${GEMS}end all_out when count(p in players where p.<|>` }, { exactly: ['chest', 'in_cave', 'plan'] });
  });

  it('members of a hex, a corner and a board', () => {
    const text = withCursor(CATAN_BASE, 'kind', 'derive is_land(h: hex): bool = h.');
    expectCompletion({ text, file: CATAN_BASE_FILE }, { includes: ['kind', 'value', 'corners', 'edges', 'neighbours', 'piece', 'owner'] });
    expectCompletion({ text: `${CATAN_BASE}\nderive inland: number = count(c in corners where c.<|>`, file: CATAN_BASE_FILE }, { includes: ['hexes', 'edges', 'neighbours', 'piece', 'owner', 'harbour'], excludes: ['kind'] });
  });

  it('members of an edge', () => {
    expectCompletion({ text: `${CATAN_BASE}\nderive probe(e: edge): bool = e.<|>`, file: CATAN_BASE_FILE }, { includes: ['corners', 'hexes', 'piece', 'owner'], excludes: ['kind', 'neighbours', 'harbour'] });
  });

  it('`true` and `false` first where a bool is expected', () => {
    expectCompletion({ text: `${CATAN_BASE}\ntest "t" {\n  option robber_may_return_to_desert = <|>\n}\n`, file: CATAN_BASE_FILE }, { includes: ['true', 'false'], first: 'false' });
    expectCompletion({ text: `${GEMS}rule r on explore {\n  for p in players {\n    set p.in_cave = <|>\n  }\n}\n` }, { includes: ['true', 'false', 'p'], first: 'false' });
    expectCompletion({ text: `${GEMS}rule r on explore {\n  for p in players where p.plan == <|>\n}\n` }, { includes: ['true'], first: 'leave' });
  });

  it("a token group's tokens first where one of its tokens is expected", () => {
    const text = `${CATAN_BASE}\nrule probe on network_changed {\n  set current.plenty_choice = <|>\n}\n`;
    expectCompletion({ text, file: CATAN_BASE_FILE }, { includes: ['brick', 'ore', 'most_held'], first: 'brick' });
  });

  it("the values of a derived value's, an event's and an action's parameter first, as the argument is written", () => {
    const special = `${CATAN_BASE}\nderive probe: number = count(h in hexes where special_harbour(<|>`;
    expectCompletion({ text: special, file: CATAN_BASE_FILE }, { includes: ['brick', 'ore', 'h'], first: 'brick' });
    expectCompletion({ text: `${GEMS}derive pick_plan(p: player, q: stay | leave): bool = p.plan == q\nderive probe: bool = pick_plan(current, <|>`  }, { first: 'leave' });
    expectCompletion({ text: `${GEMS}event chosen(p: player, how: per_card | pooled)\nrule r on explore {\n  emit chosen(current, <|>\n}\n` }, { first: 'per_card' });
  });

  it('the members of the enum an expression is compared with, first', () => {
    expectCompletion({ text: `${GEMS}rule r on explore {\n  for p in players where p.plan == <|>\n}\n` }, { includes: ['stay', 'leave', 'p'], first: 'leave' });
    expectCompletion({ text: `${GEMS}rule r on explore {\n  if sharing == <|>\n}\n` }, { includes: ['per_card', 'pooled'] });
    expectCompletion({ text: `${GEMS}option pace: slow | fast = <|>` }, { includes: ['slow', 'fast'] });
  });

  it('tokens after `move` and an amount', () => {
    expectCompletion({ text: `${GEMS}rule r on explore {\n  move 1 <|>\n}\n` }, { includes: ['ruby', 'diamond'], first: 'diamond' });
  });

  it('rules, constraints and the other kinds after `override` and `remove`', () => {
    expectCompletion({ text: `${CATAN_FIVE_SIX}\noverride <|>`, file: CATAN_FIVE_SIX_FILE, files: catan }, { exactly: ['rule', 'action', 'forbid', 'require', 'end', 'derive', 'ranking', 'policy', 'board', 'zone', 'card', 'var', 'pool', 'piece', 'event', 'option', 'const', 'secret'] });
    expectCompletion({ text: `${CATAN_FIVE_SIX}\noverride rule <|>`, file: CATAN_FIVE_SIX_FILE, files: catan }, { includes: ['produce', 'robber_starts_in_desert'], excludes: ['build_road'] });
    expectCompletion({ text: `${CATAN_FIVE_SIX}\nremove constraint <|>`, file: CATAN_FIVE_SIX_FILE, files: catan }, { includes: ['distance_rule', 'road_connected'], excludes: ['produce'] });
    expectCompletion({ text: `${CATAN_FIVE_SIX}\nremove <|>`, file: CATAN_FIVE_SIX_FILE, files: catan }, { includes: ['rule', 'constraint', 'end', 'action'] });
  });

  it('rules of the same module set after `before` and `after`', () => {
    expectCompletion({ text: `${GEMS}rule a on explore { }\nrule b on explore after <|>` }, { includes: ['a'] });
  });

  it('phases after `during`, actions after `until` and `does`, constraints after `because`', () => {
    expectCompletion({ text: withCursor(CATAN_BASE, 'main', 'action build_road(e in edges) by current during '), file: CATAN_BASE_FILE }, { includes: ['main'], excludes: ['build_road'] });
    const test = `${CATAN_BASE}\ntest "t" {\n  p1 does <|>\n}\n`;
    expectCompletion({ text: test, file: CATAN_BASE_FILE }, { includes: ['build_road', 'roll_dice'], excludes: ['produce'] });
    expectCompletion({ text: `${CATAN_BASE}\ntest "t" {\n  expect illegal p1 does roll_dice because <|>\n}\n`, file: CATAN_BASE_FILE }, { includes: ['distance_rule', 'road_connected'], excludes: ['chooses'] });
  });

  it('options and their values in a test, agents after `with`', () => {
    expectCompletion({ text: `${DIAMANT}\ntest "t" {\n  option <|>\n}\n`, file: DIAMANT_FILE }, { includes: ['leftover_sharing'] });
    expectCompletion({ text: `${DIAMANT}\ntest "t" {\n  option leftover_sharing = <|>\n}\n`, file: DIAMANT_FILE }, { includes: ['per_card', 'pooled'] });
    expectCompletion({ text: `${DIAMANT}\ntest "t" {\n  play with <|>\n}\n`, file: DIAMANT_FILE }, { includes: ['random', 'first', 'cautious'] });
  });

  it('types in a type position', () => {
    expectCompletion({ text: `${GEMS}var best: <|>` }, { includes: ['number', 'bool', 'player', 'treasure', 'list', 'map'], excludes: ['ruby', 'reserve'] });
    expectCompletion({ text: `${GEMS}var best: map 2..12 of <|>` }, { includes: ['number', 'bool', 'player'], excludes: ['ruby', 'reserve'] });
  });

  it('card kinds after `is` and in a zone, tokens in a pool', () => {
    expectCompletion({ text: `${GEMS}rule r on explored(c) when c is <|>` }, { exactly: ['treasure'] });
    expectCompletion({ text: `${GEMS}zone deck: hidden { <|>` }, { includes: ['treasure'] });
    expectCompletion({ text: `${GEMS}pool bank { <|>` }, { includes: ['ruby', 'diamond'] });
  });

  it('nothing inside a comment or a string', () => {
    expectCompletion({ text: `${GEMS}// rule r on <|>\n` }, { exactly: [] });
    expectCompletion({ text: `${GEMS}rule r on explore {\n  cite "a <|> b"\n}\n` }, { exactly: [] });
  });

  it('each item with a range that replaces the word being typed', () => {
    const { doc, items } = completionAt({ text: `${GEMS}rule r on expl<|>` });
    const explored = items.find((i) => i.label === 'explored')!;
    const edit = explored.textEdit as { range: { start: { character: number }; end: { character: number } } };
    expect(edit.range.end.character - edit.range.start.character).toBe('expl'.length);
    expect(doc.position!.character).toBe(edit.range.end.character);
  });
});
