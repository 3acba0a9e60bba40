import { describe, expect, it } from 'vitest';
import DIAMANT from '../../../scenarios/diamant/diamant.rules?raw';
import { format, parse, type MoveTokensStmt, type RuleDecl, type AskStmt, type RulesFile } from '../src/index.ts';
import { allRanges, textAt, withoutRanges } from './ast-helpers.ts';

function rules(file: RulesFile): RuleDecl[] {
  return file.items.filter((i): i is RuleDecl => i.$type === 'RuleDecl');
}

describe('diamant.rules', () => {
  const { value: ast, diagnostics } = parse(DIAMANT, 'diamant.rules');

  it('parses with zero diagnostics', () => {
    expect(diagnostics).toEqual([]);
  });

  it('has the module header, the scenario and every rule in order', () => {
    expect(ast.module?.name.parts.map((p) => p.name)).toEqual(['diamant']);
    const scenario = ast.items.find((i) => i.$type === 'ScenarioDecl');
    expect(scenario).toMatchObject({ title: { value: 'Diamant' }, players: { min: 3, max: 8 } });
    expect(rules(ast).map((r) => r.name.name)).toEqual([
      'shuffle_expedition',
      'enter_cave',
      'reveal_card',
      'share_treasure',
      'trap_springs',
      'decide',
      'share_leftovers_per_card',
      'share_leftovers_pooled',
      'lone_leaver_takes_relics',
      'leavers_return',
      'clear_path',
      'exchange_rubies',
    ]);
  });

  it('reads a rule header and a token move into their parts', () => {
    const rule = rules(ast).find((r) => r.name.name === 'share_treasure')!;
    expect(rule.event.name).toBe('explored');
    expect(rule.bindings.map((b) => b.name)).toEqual(['c']);
    expect(rule.when).toMatchObject({ $type: 'IsExpr', value: { $type: 'NameRef', name: { name: 'c' } }, kind: { name: 'treasure' } });
    expect(rule.cite?.value).toMatch(/^Take Rubies from the reserve/);
    const move = rule.body[2] as MoveTokensStmt;
    expect(move.$type).toBe('MoveTokensStmt');
    expect(move.token.name).toBe('ruby');
    expect(move.amount).toMatchObject({ $type: 'BinaryExpr', op: '-', right: { $type: 'BinaryExpr', op: '*' } });
    expect(move.from).toMatchObject({ $type: 'NameRef', name: { name: 'reserve' } });
    expect(move.to).toMatchObject({ $type: 'MemberExpr', member: { name: 'gems' } });
  });

  it('gives ranges that point at the source text', () => {
    const rule = rules(ast).find((r) => r.name.name === 'share_treasure')!;
    const move = rule.body[2] as MoveTokensStmt;
    expect(textAt(DIAMANT, move.range)).toBe('move c.value - share * in_cave_count ruby from reserve to c.gems');
    expect(textAt(DIAMANT, move.amount === 'all' ? undefined : move.amount.range)).toBe('c.value - share * in_cave_count');
    expect(textAt(DIAMANT, rule.name.range)).toBe('share_treasure');
    expect(textAt(DIAMANT, rule.range)?.startsWith('rule share_treasure on explored(c)')).toBe(true);
    expect(textAt(DIAMANT, rule.range)?.endsWith('}')).toBe(true);
    const line = DIAMANT.slice(0, move.range.start.offset).split('\n').length;
    expect(move.range.start.line).toBe(line);
    expect(move.range.start.column).toBe(3);
    expect(move.range.end.column - move.range.start.column).toBe(move.range.end.offset - move.range.start.offset);
  });

  it('keeps every range inside the file and well ordered', () => {
    for (const r of allRanges(ast)) {
      expect(r.start.offset).toBeLessThanOrEqual(r.end.offset);
      expect(r.end.offset).toBeLessThanOrEqual(DIAMANT.length);
    }
  });

  it('reads the simultaneous secret decision', () => {
    const ask = rules(ast).find((r) => r.name.name === 'decide')!.body[0] as AskStmt;
    expect(ask.$type).toBe('AskStmt');
    expect(ask.who).toMatchObject({ $type: 'AskEach', binding: { name: 'p' }, collection: { $type: 'NameRef' }, where: { $type: 'MemberExpr' } });
    expect(ask.choice).toMatchObject({ $type: 'ChooseVar', target: { $type: 'MemberExpr', member: { name: 'plan' } } });
    expect(ask.secretly).toBe(true);
    expect(ask.then.map((s) => s.$type)).toEqual(['EmitStmt']);
  });

  it('reads the policies, ranking and the variant', () => {
    const policy = ast.items.find((i) => i.$type === 'PolicyDecl' && i.name.name === 'cautious');
    expect(policy).toMatchObject({ params: [{ name: { name: 'threshold' }, default: { value: 10 } }], preferences: [{}, {}, {}] });
    expect(ast.items.find((i) => i.$type === 'RankingDecl')).toMatchObject({ binding: { name: 'p' }, keys: [{ direction: 'desc' }], ties: 'shared' });
    expect(ast.items.find((i) => i.$type === 'VariantDecl')).toMatchObject({
      name: { name: 'incan_gold' },
      items: [{ $type: 'OptionDefaultDecl', name: { name: 'leftover_sharing' }, value: { $type: 'NameRef' } }],
    });
  });

  it('formats to a fixed point that parses to the same AST, keeping every comment', () => {
    const once = format(DIAMANT, 'diamant.rules');
    expect(once.diagnostics).toEqual([]);
    const text = once.value!;
    expect(format(text).value).toBe(text);
    expect(withoutRanges(parse(text).value)).toEqual(withoutRanges(ast));
    const comments = (s: string) => s.split('\n').filter((l) => l.trim().startsWith('//')).map((l) => l.trim());
    expect(comments(text)).toEqual(comments(DIAMANT));
  });
});
