// The sites near the actor's pieces that an enumeration walks instead of every
// site of a kind (load/site-neighbourhood.ts plans them at load).
import type { LoadedBoard } from '../load/loaded-board.ts';
import type { NeighbourhoodPlan } from '../load/site-neighbourhood.ts';
import { siteRange } from './board-slots.ts';
import { siteIndexOf, siteListRank } from './board-site-index.ts';
import type { RunState } from './run-state.ts';

/**
 * One enumeration's neighbourhood: `sites(g)` writes into `out` the sites the
 * plan's chains reach from the actor's pieces, each once, in ascending order,
 * and returns how many. Each chain's relations walked backwards are composed
 * at load into one table (per site a piece may stand on: the domain's sites
 * reached from it), so a walk reads one list per piece of the actor's. An actor
 * that is no player gets every site of the kind (the enumeration then runs as
 * without a plan). Enumerations never nest, so one `out` and one marking array
 * serve every game of the board.
 */
export class SiteNeighbourhood {
  readonly out: Int32Array;
  private readonly domain: Int32Array;
  /** per chain: the list ranks of its piece kinds (board-site-index.ts), and per site the domain's sites it reaches */
  private readonly chains: readonly { readonly ranks: Int32Array; readonly reach: readonly Int32Array[] }[];
  /** per site value: the walk that last listed it */
  private readonly seen: Int32Array;
  private walk = 0;

  constructor(
    private readonly board: LoadedBoard,
    plan: NeighbourhoodPlan,
  ) {
    this.domain = board.sites[plan.site];
    this.out = new Int32Array(this.domain.length);
    this.seen = new Int32Array(board.siteCount);
    const member = new Uint8Array(board.siteCount);
    for (const s of this.domain) member[s] = 1;
    const inverses = new Map<string, Int32Array[]>();
    const inverse = (rel: Relation, from: SiteKind): Int32Array[] => {
      const key = `${rel} ${from}`;
      let table = inverses.get(key);
      if (table === undefined) inverses.set(key, (table = inverseRelation(board, rel, from)));
      return table;
    };
    this.chains = plan.chains.map((c) => ({
      ranks: Int32Array.from(c.pieces.map((pi) => siteListRank(board, pi))),
      reach: composed(
        board.siteCount,
        c.steps.map(({ rel, from }) => inverse(rel, from)),
        member,
      ),
    }));
  }

  /** the candidates for the actor (g.actor): their number; the sites are out[0..n) */
  sites(g: RunState): number {
    const actor = g.actor;
    const players = g.playerCount;
    const out = this.out;
    if (actor >>> 0 >= players) {
      out.set(this.domain);
      return this.domain.length;
    }
    if (++this.walk === 0x7fffffff) {
      this.seen.fill(0);
      this.walk = 1;
    }
    const walk = this.walk;
    const seen = this.seen;
    let n = 0;
    const ix = siteIndexOf(g, this.board);
    for (const chain of this.chains) {
      const reach = chain.reach;
      for (let r = 0; r < chain.ranks.length; r++) {
        const list = chain.ranks[r]! * players + actor;
        const own = ix.sites[list]!;
        for (let i = 0, len = ix.lens[list]!; i < len; i++) {
          const near = reach[own[i]!]!;
          for (let k = 0; k < near.length; k++) {
            const s = near[k]!;
            if (seen[s] === walk) continue;
            seen[s] = walk;
            out[n++] = s;
          }
        }
      }
    }
    // insertion sort: a few dozen sites
    for (let i = 1; i < n; i++) {
      const s = out[i]!;
      let k = i;
      while (k > 0 && out[k - 1]! > s) {
        out[k] = out[k - 1]!;
        k--;
      }
      out[k] = s;
    }
    return n;
  }
}

type Relation = 'corners' | 'edges' | 'hexes' | 'neighbours';
type SiteKind = 'hex' | 'corner' | 'edge';

/** per site value: the domain's sites (member) reached by walking the inverse relations in order, each once, ascending */
function composed(siteCount: number, steps: readonly (readonly Int32Array[])[], member: Uint8Array): Int32Array[] {
  const out: Int32Array[] = [];
  for (let s = 0; s < siteCount; s++) {
    let front = [s];
    for (const step of steps) front = [...new Set(front.flatMap((x) => [...(step[x] ?? [])]))];
    out.push(Int32Array.from(front.filter((x) => member[x] === 1).sort((a, b) => a - b)));
  }
  return out;
}

/** per site value: the sites of kind `from` whose relation `rel` lists it */
function inverseRelation(b: LoadedBoard, rel: Relation, from: SiteKind): Int32Array[] {
  const lists: number[][] = Array.from({ length: b.siteCount }, () => []);
  const { first, count } = siteRange(b, from);
  const table = b.rel[rel];
  for (let a = first; a < first + count; a++) for (const x of table[a] ?? []) lists[x]!.push(a);
  return lists.map((l) => Int32Array.from(l));
}
