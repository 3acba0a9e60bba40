import { describe, expect, it } from 'vitest';
import type { IndexExpr, MapType, SetStmt, ShowStmt, VarDecl } from '../src/index.ts';
import { format, parse } from '../src/index.ts';

const SOURCE = `secret var target: number = 3
var height: map 2..12 of number = [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3]
per player {
  var medals: map bronze | silver | gold of number = 0
  secret pool purse { coin: 5 }
}

rule climb on go {
  set current.medals[[bronze, silver][2]] = height[current.medals[gold] + 2]
  show current.hand to players
  let current look at first(q in players where q != current).hand
}
`;

describe('maps, indexing, secrets, show and look', () => {
  it('parses map types, indexes in a postfix chain, secret declarations and both forms of show', () => {
    const { value, diagnostics } = parse(SOURCE, 'maps.rules');
    expect(diagnostics).toEqual([]);
    const [target, height, perPlayer, rule] = value.items as [VarDecl, VarDecl, { items: unknown[] }, { body: unknown[] }];
    expect(target.secret).toBe(true);
    expect((height.type as MapType).keys).toMatchObject({ $type: 'KeyRange', from: 2, to: 12 });
    expect(((perPlayer.items[0] as VarDecl).type as MapType).keys).toMatchObject({ $type: 'KeyNames', names: [{ name: 'bronze' }, { name: 'silver' }, { name: 'gold' }] });
    expect(perPlayer.items[1]).toMatchObject({ $type: 'PoolDecl', secret: true });
    const set = rule.body[0] as SetStmt;
    expect(set.target).toMatchObject({ $type: 'IndexExpr', object: { $type: 'MemberExpr', member: { name: 'medals' } }, index: { $type: 'IndexExpr', object: { $type: 'ListExpr' } } });
    expect((set.value as IndexExpr).index).toMatchObject({ $type: 'BinaryExpr', op: '+' });
    expect(rule.body[1]).toMatchObject({ $type: 'ShowStmt', form: 'show' });
    expect((rule.body[2] as ShowStmt)).toMatchObject({ form: 'look', to: { $type: 'NameRef' }, cards: { $type: 'MemberExpr' } });
  });

  it('formats them back as written, at a fixed point', () => {
    const once = format(SOURCE).value!;
    expect(once).toBe(SOURCE);
    expect(format(once).value).toBe(once);
  });

  it('reports a map type without keys and an unclosed index as parse errors', () => {
    expect(parse('var m: map of number = 0', 'x.rules').diagnostics.length).toBeGreaterThan(0);
    expect(parse('rule r on e {\n  set x = m[1\n}', 'x.rules').diagnostics.map((d) => d.code)).toContain('parse/missing-token');
  });
});
