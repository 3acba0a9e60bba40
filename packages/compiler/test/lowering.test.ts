import { describe, expect, it } from 'vitest';
import { compileText } from './helpers.ts';

const GAME = `module g
token coin
pool bank { coin: 10 }
per player {
  pool purse { coin }
  var mood: calm | angry = calm
  derive rich: bool = purse.coin >= 3
}
card chip { worth: number }
zone deck: hidden { 2 of chip(4), chip(worth: 1) }
derive best(limit: number): number = max(p in players where p.purse.coin <= limit: p.purse.coin)
flow {
  rounds 3 {
    turns {
      phase main {
        actions by current until pass
      }
    }
  }
}
action take(n in 1..2) by current during main limit 1 per turn {
  move n coin from bank to actor.purse
}
action pass by current { }
forbid too_greedy on take(n) when n > bank.coin reason "The bank is short."
require calm_only on mood(p, m) when m == calm or p.rich reason "Stay calm."
end broke when bank.coin == 0 at end of turn winners list(p in players where p.rich: p)
rule cool_down on turn_end(p) when p.mood == angry {
  set p.mood = calm
  ask p to choose c in deck where c is chip and c.worth > min(best(5), 2) then {
    move card c to deck bottom
  }
}
rule sulk on turn_start(p) {
  ask each q in players where q != p to choose q.mood then { }
}
policy hoarder "Always take two." {
  prefer take(2) when not self.rich
  prefer pass
}
`;

describe('lowering of actions, constraints, ends and asks', () => {
  const { graph, diagnostics } = compileText(GAME);

  it('compiles cleanly', () => {
    expect(diagnostics).toEqual([]);
  });

  it('reads `none` as the empty card where a card is expected', () => {
    const { graph: g, diagnostics: d } = compileText(`${GAME}\nvar drawn: chip = none\nderive nothing_drawn: bool = drawn == none and none != drawn\n`);
    expect(d.filter((x) => x.severity === 'error')).toEqual([]);
    expect(g!.vars.find((v) => v.name === 'drawn')).toMatchObject({ type: { t: 'card', kind: 'card:chip' }, initial: { k: 'lit', v: -1 } });
    expect(g!.derived.find((v) => v.name === 'nothing_drawn')!.value).toMatchObject({ k: 'bin', op: 'and', l: { r: { k: 'lit', v: -1 } }, r: { l: { k: 'lit', v: -1 } } });
  });

  it('gives action parameters their domains and phases', () => {
    const take = graph!.actions.find((a) => a.id === 'action:take')!;
    expect(take.params).toEqual([{ name: 'n', type: { t: 'number' }, domain: { k: 'range', from: { k: 'lit', v: 1 }, to: { k: 'lit', v: 2 } } }]);
    expect(take.during).toBe('main');
    expect(take.limitPerTurn).toBe(1);
    expect(take.body[0]).toMatchObject({ s: 'move', to: { pool: 'pool:purse', of: { k: 'ctx', name: 'actor' } } });
    expect(graph!.flow).toEqual([{ f: 'rounds', count: { k: 'lit', v: 3 }, body: [{ f: 'turns', order: 'seat', body: [{ f: 'phase', name: 'main', body: [{ f: 'actions', by: { k: 'ctx', name: 'current' }, until: 'pass' }] }] }] }]);
  });

  it('targets constraints at actions and choice vars, with constrains edges', () => {
    expect(graph!.constraints.map((c) => [c.id, c.kind, c.target, c.bindings])).toEqual([
      ['constraint:too_greedy', 'forbid', 'action:take', ['n']],
      ['constraint:calm_only', 'require', 'var:mood', ['p', 'm']],
    ]);
    expect(graph!.edges).toContainEqual({ from: 'constraint:too_greedy', to: 'action:take', kind: 'constrains' });
    expect(graph!.edges).toContainEqual({ from: 'constraint:calm_only', to: 'var:mood', kind: 'constrains' });
  });

  it('lowers per-player members of a player to `of`, and derived calls with arguments', () => {
    const calm = graph!.constraints[1]!.condition;
    expect(calm).toEqual({ k: 'bin', op: 'or', l: { k: 'bin', op: '==', l: { k: 'local', name: 'm' }, r: { k: 'lit', v: 'calm' } }, r: { k: 'derived', id: 'derived:rich', args: [{ k: 'local', name: 'p' }] } });
    const rule = graph!.rules.find((r) => r.id === 'rule:cool_down')!;
    expect(rule.body[1]).toMatchObject({ s: 'ask', id: 'rule:cool_down/ask1', who: { single: { k: 'local', name: 'p' } }, choice: { bind: 'c' } });
    expect(JSON.stringify(rule.body[1])).toContain('{"k":"derived","id":"derived:best","args":[{"k":"lit","v":5}]}');
    expect(JSON.stringify(rule.body[1])).toContain('{"k":"call","fn":"min"');
    const sulk = graph!.rules.find((r) => r.id === 'rule:sulk')!;
    expect(sulk.body[0]).toMatchObject({ s: 'ask', id: 'rule:sulk/ask1', who: { each: 'q' }, choice: { var: 'var:mood', values: ['calm', 'angry'] } });
  });

  it('lowers ends, card specs and policies', () => {
    expect(graph!.ends[0]).toMatchObject({ id: 'end:broke', timing: 'end_of_turn', winners: { k: 'agg', fn: 'list' } });
    expect(graph!.zones.find((z) => z.id === 'zone:deck')!.contents).toEqual([
      { kind: 'card:chip', count: 2, fields: { worth: 4 } }, { kind: 'card:chip', count: 1, fields: { worth: 1 } },
    ]);
    expect(graph!.policies[0]!.preferences).toEqual([
      { target: 'action:take', kind: 'action', args: [{ k: 'lit', v: 2 }], when: { k: 'not', e: { k: 'derived', id: 'derived:rich', args: [{ k: 'ctx', name: 'self' }] } } },
      { target: 'action:pass', kind: 'action', args: [] },
    ]);
  });
});
