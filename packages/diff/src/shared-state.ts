import type { Expr, RuleGraph, TypeDesc, Value } from '@houserules/schema';
import type { Game, Probe } from '@houserules/engine';

/**
 * The state of the names both graphs share, as quantities a test can write:
 * `p1.chest.ruby`, `round`, `count(c in path)`, `p2.score`. Each is an
 * expression of both graphs, compiled with each graph's probe.
 */
export interface SharedQuantity {
  /** as a test writes it */
  text: string;
  /**
   * how plainly a player sees it (lower first): a player's pools (a hand), a
   * player's derived values (a score), the table's pools (the bank), the
   * zones' sizes, the table's derived values, a player's vars, the table's
   * vars (scratch values), the round
   */
  seen: number;
  /** the declaration it reads, as a `kind name` key of the structural diff (`pool chest`, `derived score`) */
  node: string;
  type: TypeDesc;
  a: (g: Game) => Value | Value[];
  b: (g: Game) => Value | Value[];
}

const seat = (i: number): Expr => ({ k: 'seat', index: i });
const sameType = (x: TypeDesc, y: TypeDesc): boolean => JSON.stringify(x) === JSON.stringify(y);
/** values a test can compare with `==` */
const comparable = (t: TypeDesc): boolean => t.t === 'number' || t.t === 'bool' || t.t === 'enum' || t.t === 'player' || t.t === 'token';

export function sharedQuantities(ga: RuleGraph, gb: RuleGraph, players: number, probeA: Probe, probeB: Probe): SharedQuantity[] {
  // compared in this order, so a divergence is told by what a player holds before the table's bookkeeping
  const byPriority: SharedQuantity[][] = [[], [], [], [], [], []];
  let rank = 0;
  let seen = 0;
  let node = '';
  const add = (text: string, type: TypeDesc, expr: Expr): void => {
    byPriority[rank]!.push({ text, type, seen, node, a: probeA.value(expr), b: probeB.value(expr) });
  };
  const seats = Array.from({ length: players }, (_, i) => i);

  const varsB = new Map(gb.vars.map((v) => [v.name, v]));
  for (const v of ga.vars) {
    const w = varsB.get(v.name);
    if (!w || w.scope !== v.scope || !sameType(v.type, w.type) || !comparable(v.type)) continue;
    rank = v.scope === 'global' ? 3 : 2;
    seen = v.scope === 'global' ? 6 : 5;
    node = `var ${v.name}`;
    if (v.scope === 'global') add(v.name, v.type, { k: 'var', id: v.id });
    else if (v.scope === 'player') for (const s of seats) add(`p${s + 1}.${v.name}`, v.type, { k: 'var', id: v.id, of: seat(s) });
  }
  const poolsB = new Map(gb.pools.map((p) => [p.name, p]));
  for (const p of ga.pools) {
    const q = poolsB.get(p.name);
    if (!q || q.scope !== p.scope || (p.scope !== 'global' && p.scope !== 'player')) continue;
    rank = p.scope === 'global' ? 4 : 1;
    seen = p.scope === 'global' ? 2 : 0;
    node = `pool ${p.name}`;
    for (const e of p.entries) {
      if (!q.entries.some((f) => f.token === e.token)) continue;
      const token = e.token.replace(/^token:/, '');
      if (p.scope === 'global') add(`${p.name}.${token}`, { t: 'number' }, { k: 'count', pool: p.id, token: e.token });
      else for (const s of seats) add(`p${s + 1}.${p.name}.${token}`, { t: 'number' }, { k: 'count', pool: p.id, token: e.token, of: seat(s) });
    }
  }
  // a zone's size is read where the game keeps it (counting its cards by expression costs as much as a step of a card game)
  const zoneIndex = (probe: Probe, id: string): number => probe.graph().zones.findIndex((x) => x.id === id);
  const size = (zi: number, s: number) => (g: Game): number => g.zoneLen[g.zoneInstBase[zi]! + s]!;
  const zonesB = new Map(gb.zones.map((z) => [z.name, z]));
  for (const z of ga.zones) {
    const y = zonesB.get(z.name);
    if (!y || y.scope !== z.scope) continue;
    const za = zoneIndex(probeA, z.id);
    const zb = zoneIndex(probeB, y.id);
    if (za < 0 || zb < 0) continue;
    const type: TypeDesc = { t: 'number' };
    if (z.scope === 'global') byPriority[5]!.push({ text: `count(c in ${z.name})`, type, seen: 3, node: `zone ${z.name}`, a: size(za, 0), b: size(zb, 0) });
    else for (const s of seats) byPriority[5]!.push({ text: `count(c in p${s + 1}.${z.name})`, type, seen: 0, node: `zone ${z.name}`, a: size(za, s), b: size(zb, s) });
  }
  const derivedB = new Map(gb.derived.map((d) => [d.name, d]));
  for (const d of ga.derived) {
    const e = derivedB.get(d.name);
    if (!e || e.perPlayer !== d.perPlayer || !sameType(d.type, e.type) || !comparable(d.type)) continue;
    const extra = d.params.length - (d.perPlayer ? 1 : 0);
    if (extra !== 0 || e.params.length !== d.params.length) continue;
    rank = d.perPlayer ? 0 : 3;
    seen = d.perPlayer ? 1 : 4;
    node = `derived ${d.name}`;
    if (!d.perPlayer) add(d.name, d.type, { k: 'derived', id: d.id, args: [] });
    else for (const s of seats) add(`p${s + 1}.${d.name}`, d.type, { k: 'derived', id: d.id, args: [seat(s)] });
  }
  rank = 5;
  seen = 7;
  node = 'flow';
  add('round', { t: 'number' }, { k: 'ctx', name: 'round' });
  return byPriority.flat();
}
