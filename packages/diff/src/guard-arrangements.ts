import type { Expr, RuleGraph, Stmt } from '@houserules/schema';
import type { Arrangement } from './arrangements.ts';
import type { DifferenceTarget } from './difference-targets.ts';

/**
 * What the nodes that show a difference read (docs/diff.md, "Arranged
 * witnesses"): the kinds of hex they test (`h.kind == mine`), the table's and
 * the hexes' pools they count, whether they read who owns a site, and the
 * rolls they react to (a rule on `dice_rolled` comparing the total with a
 * number, or with a hex's number).
 */
export interface GuardReads {
  /** the rules, actions, ends and constraints read, as `kind name` */
  readers: string[];
  kinds: Set<string>;
  /** regions of a board it reads (`m in mines`) */
  regions: Set<string>;
  /** hexes it names by their coordinates (`hex(0, 0)`, maybe through a derived value) */
  hexesAt: { q: number; r: number }[];
  /** it reads whether a site lies inside a hex (a hex's own spots: `c.inside == h`) */
  inside: boolean;
  /** pool name → token names counted (pools of the table, of a hex) */
  pools: Map<string, Set<string>>;
  /** the same for the players' pools (a hand, a player's diamonds) */
  playerPools: Map<string, Set<string>>;
  owners: boolean;
  /** totals a rule on `dice_rolled` compares its total with */
  totals: Set<number>;
  /** a rule on `dice_rolled` compares the total with a hex's number */
  hexValue: boolean;
  /** the table's yes/no vars it reads (`end general_supply_short when supply_short`): a flag some rule sets */
  flags: Set<string>;
}

/** the most hexes of the kinds read that get an arrangement of their own */
const FOCUS_HEXES = 2;
/** the most seats given a piece on a focus hex's corners (its corners 0, 2 and 4: apart, as a distance rule wants) */
const PIECES_PER_HEX = 3;
/** tokens the first player is given of each token a player's pool is counted for */
const GIVEN = 2;
/** the most such lines */
const GIVEN_LINES = 12;
/** the most flags (the table's yes/no vars) turned, one arrangement each */
const FLAGS = 2;
/** the most expression nodes read for one difference (derived values inlined) */
const WALK_NODES = 20000;

const KINDS = ['rule', 'action', 'end', 'constraint', 'derived'] as const;
const tokenName = (id: string): string => id.replace(/^token:/, '').replace(/@.*$/, '');

/** What the nodes of the difference, those that read it, and the rules that hear what its rules emit, read (on both sides together). */
export function guardReads(t: DifferenceTarget, graphs: readonly RuleGraph[]): GuardReads {
  const out: GuardReads = { readers: [], kinds: new Set(), regions: new Set(), hexesAt: [], inside: false, pools: new Map(), playerPools: new Map(), owners: false, totals: new Set(), hexValue: false, flags: new Set() };
  const keys = new Set([...t.nodes, ...t.touch].filter((k) => KINDS.some((x) => k.startsWith(`${x} `))));
  out.readers = [...keys];
  for (const g of graphs) {
    const derived = new Map(g.derived.map((d) => [d.id, d]));
    const pools = new Map(g.pools.map((p) => [p.id, p]));
    const vars = new Map(g.vars.map((v) => [v.id, v]));
    const diceEvent = g.events.find((e) => e.name === 'dice_rolled')?.id;
    const seenDerived = new Set<string>();
    let budget = WALK_NODES;
    /** walks any part of a node: every object with `k` is an expression */
    const walk = (x: unknown, total: string | null): void => {
      if (budget-- <= 0 || x === null || typeof x !== 'object') return;
      if (Array.isArray(x)) {
        for (const y of x) walk(y, total);
        return;
      }
      const e = x as Record<string, unknown> & Partial<Expr>;
      if (e.k === 'derived' && typeof e.id === 'string' && !seenDerived.has(e.id)) {
        seenDerived.add(e.id);
        const d = derived.get(e.id);
        // a derived value's parameter named as the roll's binding is that roll (`mine_pays_now(h, total)`)
        if (d) walk(d.value, total !== null && d.params.some((p) => p.name === total) ? total : null);
      }
      if ((e.k === 'count' || e.k === 'countOf') && typeof e.pool === 'string') {
        const p = pools.get(e.pool);
        const into = p?.scope === 'global' || p?.scope === 'hex' ? out.pools : p?.scope === 'player' ? out.playerPools : null;
        if (p && into) {
          const set = into.get(p.name) ?? new Set<string>();
          if (e.k === 'count' && typeof e.token === 'string') set.add(tokenName(e.token));
          else for (const en of p.entries) set.add(tokenName(en.token));
          into.set(p.name, set);
        }
      }
      if (e.k === 'var' && typeof e.id === 'string' && e.of === undefined && e.key === undefined) {
        const v = vars.get(e.id);
        if (v && v.scope === 'global' && v.type.t === 'bool' && !v.keys) out.flags.add(v.name);
      }
      if (e.k === 'siteAttr' && (e.attr === 'owner' || e.attr === 'piece')) out.owners = true;
      if (e.k === 'region' && typeof e.name === 'string') out.regions.add(e.name);
      if (e.k === 'siteAttr' && e.attr === 'inside') out.inside = true;
      if (e.k === 'siteAt' && e.site === 'hex' && (e.q as Expr).k === 'lit' && (e.r as Expr).k === 'lit') {
        const q = Number((e.q as { v: unknown }).v);
        const r = Number((e.r as { v: unknown }).v);
        if (!out.hexesAt.some((h) => h.q === q && h.r === r)) out.hexesAt.push({ q, r });
      }
      if (e.k === 'bin' && e.op === '==') {
        const l = e.l as Expr;
        const r = e.r as Expr;
        for (const [x1, y1] of [[l, r], [r, l]] as const) {
          if (x1.k === 'siteAttr' && x1.attr === 'kind' && y1.k === 'lit' && typeof y1.v === 'string') out.kinds.add(y1.v);
          if (total !== null && x1.k === 'local' && x1.name === total && y1.k === 'lit' && typeof y1.v === 'number') out.totals.add(y1.v);
          if (total !== null && x1.k === 'local' && x1.name === total && y1.k === 'siteAttr' && y1.attr === 'value') out.hexValue = true;
        }
      }
      for (const v of Object.values(e)) if (v !== null && typeof v === 'object') walk(v, total);
    };
    for (const key of keys) {
      const [kind, name] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
      const active = <T extends { name: string; status?: string }>(xs: readonly T[]): T | undefined => xs.find((x) => x.name === name && (x.status === undefined || x.status === 'active'));
      if (kind === 'rule') {
        const r = active(g.rules);
        if (!r) continue;
        const total = r.event === diceEvent && diceEvent !== undefined ? (r.bindings[0] ?? null) : null;
        walk(r, total);
      } else if (kind === 'action') walk(active(g.actions) ?? null, null);
      else if (kind === 'end') walk(active(g.ends) ?? null, null);
      else if (kind === 'constraint') walk(active(g.constraints) ?? null, null);
      else if (kind === 'derived') {
        const d = g.derived.find((x) => x.name === name);
        if (d) walk({ k: 'derived', id: d.id, args: [] }, null);
      }
    }
    // then the rules that hear what its rules emit, one step on (a rule that emits `production` is read with `produce`)
    const ruleNames = new Set([...keys].filter((k) => k.startsWith('rule ')).map((k) => k.slice(5)));
    const emitted = new Set(g.edges.filter((e) => e.kind === 'emits' && g.rules.some((r) => r.id === e.from && ruleNames.has(r.name))).map((e) => e.to));
    const heard = g.rules.filter((r) => (r.status === undefined || r.status === 'active') && emitted.has(r.event) && r.event !== diceEvent && !ruleNames.has(r.name));
    for (const r of heard) walk(r, null);
  }
  return out;
}

/**
 * Arrangements made from a difference's guard and reads (docs/diff.md,
 * "Arranged witnesses"): around each hex it tests by kind, region or
 * coordinates (at most FOCUS_HEXES), the pools it counts left with one token
 * (the table's, and that hex's; the surplus to the last player's pool) and a
 * piece of each of the first seats on that hex's corners 0, 2, 4 (or its own
 * spots, when it reads what lies inside a hex) when it reads who owns a site;
 * the pools it counts emptied; the first player given a few of what the
 * players' pools are counted for; and the roll it reacts to (the hex's
 * number, or a total it compares with), fixed before a decision now and
 * then. Lines and statements name pools, tokens and pieces declared on both
 * sides; an arrangement that names what one side lacks is left out.
 */
export function guardArrangements(t: DifferenceTarget, a: RuleGraph, b: RuleGraph, players: number): Arrangement[] {
  if (t.noEffect) return [];
  const reads = guardReads(t, [a, b]);
  const label = t.nodes[0]!;
  const both = <T extends { name: string }>(xs: (g: RuleGraph) => readonly T[], name: string): [T, T] | null => {
    const x = xs(a).find((y) => y.name === name);
    const y = xs(b).find((z) => z.name === name);
    return x && y ? [x, y] : null;
  };
  const rollsDice = a.events.some((e) => e.name === 'dice_rolled') && b.events.some((e) => e.name === 'dice_rolled');
  // the hexes of the kinds read, where a map declares them (the kinds a map fixes, not those shuffled)
  const focus: { q: number; r: number; kind: string }[] = [];
  for (const board of a.boards) {
    const layout = board.layout as { kind?: string; hexes?: { q: number; r: number; kind?: string }[] };
    if (layout.kind !== 'map' || !layout.hexes) continue;
    for (const h of layout.hexes) if (h.kind && reads.kinds.has(h.kind) && focus.length < FOCUS_HEXES) focus.push({ q: h.q, r: h.r, kind: h.kind });
    // the hexes of a region it reads (`m in mines`), when no kind names them
    const regions = (board as { regions?: { name: string; hexes: { q: number; r: number }[] }[] }).regions ?? [];
    for (const region of regions) {
      if (!reads.regions.has(region.name)) continue;
      for (const h of region.hexes) if (focus.length < FOCUS_HEXES && !focus.some((x) => x.q === h.q && x.r === h.r)) focus.push({ q: h.q, r: h.r, kind: `in ${region.name}` });
    }
  }
  // the hexes it names by their coordinates, when no kind or region names them
  for (const h of reads.hexesAt) if (focus.length < FOCUS_HEXES && !focus.some((x) => x.q === h.q && x.r === h.r)) focus.push({ ...h, kind: 'named' });
  if (a.boards.length > 1) focus.length = 0; // `hex(q, r)` needs a game with one board
  const sinkSeat = players - 1;
  const sink = (token: string): string | null => {
    for (const p of a.pools) {
      if (p.scope !== 'player' || !p.entries.some((e) => tokenName(e.token) === token)) continue;
      const q = b.pools.find((x) => x.name === p.name && x.scope === 'player' && x.entries.some((e) => tokenName(e.token) === token));
      if (q) return p.name;
    }
    return null;
  };
  const hexAt = (h: { q: number; r: number }): Expr => ({ k: 'siteAt', site: 'hex', q: { k: 'lit', v: h.q }, r: { k: 'lit', v: h.r } });
  const hexText = (h: { q: number; r: number }): string => `hex(${h.q}, ${h.r})`;
  const seat = (i: number): Expr => ({ k: 'seat', index: i });

  interface Step {
    line: string;
    stmt: (g: RuleGraph) => Stmt | null;
  }
  /**
   * the pools counted left with `keep` tokens of each counted token (the table's, and each of `hexes`'s), the
   * surplus to the sink seat's pool
   */
  const lowPools = (hexes: readonly { q: number; r: number }[], keep: number): Step[] => {
    const steps: Step[] = [];
    for (const [pool, tokens] of reads.pools) {
      const pair = both((g) => g.pools, pool);
      if (!pair || pair[0].scope !== pair[1].scope) continue;
      const scope = pair[0].scope;
      for (const h of scope === 'hex' ? hexes : [null]) {
        for (const token of tokens) {
          const finite = pair.every((p) => p.entries.some((e) => tokenName(e.token) === token && e.initial !== 'unlimited'));
          const to = sink(token);
          if (!finite || !to) continue;
          const where = h ? `${hexText(h)}.${pool}` : pool;
          steps.push({
            line: keep === 0 ? `move all ${token} from ${where} to p${sinkSeat + 1}.${to}` : `move max(0, ${where}.${token} - ${keep}) ${token} from ${where} to p${sinkSeat + 1}.${to}`,
            stmt: (g) => {
              const p = g.pools.find((x) => x.name === pool)!;
              const tk = g.tokens.find((x) => tokenName(x.id) === token || x.name === token);
              const dest = g.pools.find((x) => x.name === to);
              if (!tk || !dest) return null;
              const of = h ? hexAt(h) : undefined;
              const count: Expr = { k: 'count', pool: p.id, token: tk.id, ...(of ? { of } : {}) };
              const amount: Expr | null = keep === 0 ? null : { k: 'call', fn: 'max', args: [{ k: 'lit', v: 0 }, { k: 'bin', op: '-', l: count, r: { k: 'lit', v: keep } }] };
              return { s: 'move', token: tk.id, amount, from: { pool: p.id, ...(of ? { of } : {}) }, to: { pool: dest.id, of: seat(sinkSeat) } };
            },
          });
        }
      }
    }
    return steps;
  };
  /** the first player given a few of each token its pools are counted for, from a table pool that holds it */
  const givePools = (): Step[] => {
    const steps: Step[] = [];
    for (const [pool, tokens] of reads.playerPools) {
      if (!both((g) => g.pools, pool)) continue;
      for (const token of tokens) {
        const source = a.pools.find((p) => p.scope === 'global' && p.entries.some((e) => tokenName(e.token) === token && e.initial !== 'unlimited') && b.pools.some((q) => q.name === p.name && q.scope === 'global' && q.entries.some((e) => tokenName(e.token) === token && e.initial !== 'unlimited')));
        if (!source || steps.length >= GIVEN_LINES) continue;
        steps.push({
          line: `move min(${GIVEN}, ${source.name}.${token}) ${token} from ${source.name} to p1.${pool}`,
          stmt: (g) => {
            const from = g.pools.find((x) => x.name === source.name)!;
            const to = g.pools.find((x) => x.name === pool)!;
            const tk = g.tokens.find((x) => tokenName(x.id) === token || x.name === token);
            if (!tk) return null;
            return { s: 'move', token: tk.id, amount: { k: 'call', fn: 'min', args: [{ k: 'lit', v: GIVEN }, { k: 'count', pool: from.id, token: tk.id }] }, from: { pool: from.id }, to: { pool: to.id, of: seat(0) } };
          },
        });
      }
    }
    return steps;
  };
  /**
   * a piece of each of the first seats (not the sink's) on the hex's corners 0, 2, 4 — or, when it reads what lies
   * inside a hex, on that hex's own spots (`hex(0, 0).station`)
   */
  const pieces = (h: { q: number; r: number }): Step[] => {
    const piece = a.pieces.find((p) => p.site === 'corner' && p.perPlayer && b.pieces.some((x) => x.name === p.name && x.site === 'corner' && x.perPlayer));
    if (!piece || !reads.owners) return [];
    const seats = Math.min(PIECES_PER_HEX, players > 1 ? players - 1 : players);
    const internals = (a.boards[0] as { internals?: { spots?: { q: number; r: number; name: string }[] } } | undefined)?.internals;
    const spots = reads.inside ? (internals?.spots ?? []).filter((x) => x.q === h.q && x.r === h.r).map((x) => x.name) : [];
    const at = (s: number): { text: string; expr: Expr } =>
      spots.length > 0
        ? { text: `${hexText(h)}.${spots[s]!}`, expr: { k: 'siteNamed', site: 'corner', name: spots[s]!, of: hexAt(h) } }
        : { text: `corner(${h.q}, ${h.r}, ${2 * s})`, expr: { k: 'siteAt', site: 'corner', q: { k: 'lit', v: h.q }, r: { k: 'lit', v: h.r }, i: { k: 'lit', v: 2 * s } } };
    return Array.from({ length: spots.length > 0 ? Math.min(seats, spots.length) : seats }, (_, s) => ({
      line: `place ${piece.name} of p${s + 1} at ${at(s).text}`,
      stmt: (g: RuleGraph): Stmt | null => {
        const pc = g.pieces.find((x) => x.name === piece.name);
        return pc ? { s: 'place', piece: pc.id, owner: seat(s), at: at(s).expr } : null;
      },
    }));
  };
  /** a yes/no var of the table turned: `set supply_short = true` (false where it starts true) */
  const flagStep = (name: string): Step => {
    const start = a.vars.find((v) => v.name === name)?.initial;
    const value = !(start?.k === 'lit' && start.v === true);
    return {
      line: `set ${name} = ${String(value)}`,
      stmt: (g) => {
        const v = g.vars.find((x) => x.name === name && x.scope === 'global' && x.type.t === 'bool');
        return v ? { s: 'set', var: v.id, value: { k: 'lit', v: value } } : null;
      },
    };
  };
  const make = (name: string, steps: Step[], roll: Expr | null, rollText: string | null): Arrangement | null => {
    const sa = steps.map((s) => s.stmt(a));
    const sb = steps.map((s) => s.stmt(b));
    if (sa.some((x) => x === null) || sb.some((x) => x === null)) return null;
    if (steps.length === 0 && roll === null) return null;
    return {
      label: `guard of ${label}: ${name}${rollText ? `, ${rollText}` : ''}`,
      lines: steps.length === 0 ? [] : ['arrange {', ...steps.map((s) => `  ${s.line}`), '}'],
      a: sa as Stmt[],
      b: sb as Stmt[],
      ...(roll ? { roll } : {}),
    };
  };
  const out: (Arrangement | null)[] = [];
  const diceRead = rollsDice && (reads.hexValue || reads.totals.size > 0);
  for (const h of focus) {
    const roll: Expr | null = diceRead && reads.hexValue ? { k: 'siteAttr', attr: 'value', of: hexAt(h) } : null;
    const rollText = roll ? `rolls ${hexText(h)}'s number` : null;
    out.push(make(`${hexText(h)} (${h.kind}) with its pools low${reads.owners ? ' and pieces on it' : ''}`, [...lowPools([h], 1), ...pieces(h)], roll, rollText));
    if (reads.owners) out.push(make(`pieces on ${hexText(h)} (${h.kind})`, pieces(h), roll, rollText));
  }
  const first = diceRead && reads.totals.size > 0 ? [...reads.totals][0]! : null;
  const rollOf = first === null ? null : ({ k: 'lit', v: first } as Expr);
  const rollText = first === null ? null : `a roll of ${first}`;
  // the pools it counts emptied: the hexes' of the kinds it tests, and the table's (an end on a supply exhausted)
  if (reads.pools.size > 0) out.push(make(focus.length > 0 ? `${focus.map(hexText).join(' and ')} with the pools it counts empty` : 'the pools it counts empty', lowPools(focus, 0), null, null));
  if (focus.length === 0 && reads.pools.size > 0) out.push(make('the pools it counts low', lowPools([], 1), rollOf, rollText));
  if (reads.playerPools.size > 0) out.push(make(`p1 given ${GIVEN} of what its players' pools are counted for`, givePools(), rollOf, rollText));
  if (diceRead) for (const n of [...reads.totals].slice(0, 2)) out.push(make(`a roll of ${n}`, [], { k: 'lit', v: n }, null));
  // a flag it reads that a rule sets (a supply run short): each set to what its start is not, as a test may set it
  for (const name of [...reads.flags].slice(0, FLAGS)) out.push(make(`${name} set`, [flagStep(name)], null, null));
  const seen = new Set<string>();
  return out.filter((x): x is Arrangement => x !== null && !seen.has(x.label) && (seen.add(x.label), true));
}
