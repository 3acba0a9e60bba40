import type { Expr, RuleGraph, Stmt, Value } from '@houserules/schema';
import { createGame, createProbe, loadGraph, type Game } from '@houserules/engine';

/**
 * A state a witness may start from instead of the start of a game (docs/diff.md,
 * "Arranged witnesses"): test lines run before `advance` (`arrange { move … }`),
 * the same statements for each graph, by name.
 */
export interface Arrangement {
  /** `rich` every player holds a few of each token the table's pools hand out; `scarce` the table's pools are nearly empty */
  label: string;
  /** the witness test's lines before `advance` */
  lines: string[];
  a: Stmt[];
  b: Stmt[];
  /**
   * the roll a game from it fixes now and then (`fix dice to N`, N this
   * expression's value in the first game: a hex's number), made from a
   * difference's guard (guard-arrangements.ts); none: a total from 2 to 12
   */
  roll?: Expr;
}

/** tokens each player gets in a `rich` arrangement, at most */
const RICH = 3;
/** the most `move` lines an arrangement writes */
const ARRANGE_LINES = 60;

/**
 * The arrangements two graphs share: for each table pool (finite, declared on
 * both sides by name) and each token a per-player pool of both also holds,
 * `rich` moves a few to every player (at most the declared contents allow),
 * `scarce` moves all the set-up left there but one to the first player. An
 * arrangement a game cannot make (a pool the set-up emptied) is not played.
 */
export function arrangements(a: RuleGraph, b: RuleGraph, players: number, sides?: { a: Record<string, Value>; b: Record<string, Value>; seed: number }): Arrangement[] {
  // what the set-up leaves in the table's pools (a game of each, on the first seed), when it can be read
  const leftA = sides ? setUpCounts(a, players, sides.a, sides.seed) : null;
  const leftB = sides ? setUpCounts(b, players, sides.b, sides.seed) : null;
  const pairs: { table: string; token: string; player: string; count: number }[] = [];
  const poolB = new Map(b.pools.map((p) => [p.name, p]));
  const tokenName = (id: string): string => id.replace(/^token:/, '').replace(/@.*$/, '');
  for (const t of a.pools) {
    const u = poolB.get(t.name);
    if (t.scope !== 'global' || !u || u.scope !== 'global') continue;
    for (const e of t.entries) {
      const f = u.entries.find((x) => tokenName(x.token) === tokenName(e.token));
      if (!f || e.initial === 'unlimited' || f.initial === 'unlimited') continue;
      const holder = a.pools.find((p) => p.scope === 'player' && p.entries.some((x) => tokenName(x.token) === tokenName(e.token)) && b.pools.some((q) => q.name === p.name && q.scope === 'player' && q.entries.some((x) => tokenName(x.token) === tokenName(e.token))));
      if (!holder) continue;
      const key = `${t.name}.${tokenName(e.token)}`;
      const count = Math.min(leftA?.get(key) ?? e.initial, leftB?.get(key) ?? f.initial);
      if (count > 0) pairs.push({ table: t.name, token: tokenName(e.token), player: holder.name, count });
    }
  }
  if (pairs.length === 0) return [];
  type Amount = number | 'all-but-one';
  const build = (label: string, amount: (count: number, seat: number) => Amount): Arrangement | null => {
    const moves: { n: Amount; token: string; from: string; to: string; seat: number }[] = [];
    for (const p of pairs) for (let s = 0; s < players; s++) {
      const n = amount(p.count, s);
      if (n === 'all-but-one' || n > 0) moves.push({ n, token: p.token, from: p.table, to: p.player, seat: s });
    }
    if (moves.length === 0 || moves.length > ARRANGE_LINES) return null;
    const stmts = (g: RuleGraph): Stmt[] =>
      moves.map((m) => {
        const token = g.tokens.find((t) => tokenName(t.id) === m.token || t.name === m.token)!.id;
        const from = g.pools.find((p) => p.name === m.from)!.id;
        // what the set-up left in the pool, all but one: read when the arrangement runs
        const amount: Expr = m.n === 'all-but-one' ? { k: 'bin', op: '-', l: { k: 'count', pool: from, token }, r: { k: 'lit', v: 1 } } : { k: 'lit', v: m.n };
        return { s: 'move', token, amount, from: { pool: from }, to: { pool: g.pools.find((p) => p.name === m.to)!.id, of: { k: 'seat', index: m.seat } } };
      });
    const text = (m: (typeof moves)[number]): string => `  move ${m.n === 'all-but-one' ? `${m.from}.${m.token} - 1` : m.n} ${m.token} from ${m.from} to p${m.seat + 1}.${m.to}`;
    return { label, lines: ['arrange {', ...moves.map(text), '}'], a: stmts(a), b: stmts(b) };
  };
  const rich = build('rich', (count) => Math.min(RICH, Math.floor(count / players)));
  // the table's pools emptied but for one, into the first player's: a supply that runs short at the next payout
  const scarce = build('scarce', (_count, seat) => (seat === 0 ? 'all-but-one' : 0));
  return [rich, scarce].filter((x): x is Arrangement => x !== null);
}

/** each table pool's count of each token after the set-up (`pool.token`), or null when a game cannot start */
function setUpCounts(g: RuleGraph, players: number, options: Record<string, Value>, seed: number): Map<string, number> | null {
  const loaded = loadGraph(g, { codegen: false }).value;
  if (!loaded) return null;
  const probe = createProbe(loaded);
  const reads: [string, (game: Game) => Value | Value[]][] = [];
  for (const p of g.pools) if (p.scope === 'global') for (const e of p.entries) if (e.initial !== 'unlimited') reads.push([`${p.name}.${e.token.replace(/^token:/, '').replace(/@.*$/, '')}`, probe.value({ k: 'count', pool: p.id, token: e.token })]);
  const game = createGame(probe.graph(), { seed, players, options, holdFlow: true }).value;
  if (!game) return null;
  return new Map(reads.map(([k, read]) => [k, Number(read(game))]));
}
