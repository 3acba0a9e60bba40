import type { LoadedBoard } from '../load/loaded-board.ts';
import type { RunState } from './run-state.ts';

/**
 * Per per-player piece kind and player, the sites holding such a piece, in
 * ascending site order (docs/design/incremental-evaluation.md, "Sites by piece
 * kind and owner"): an enumeration over a site kind whose first check keeps only
 * the actor's own pieces of one kind loops over the actor's list instead of every
 * site. Kept in step with each placed or removed piece (board-ops.ts); tied to
 * the game's pieceVersion, so after a restore or a restart (which leave it out of
 * step: a restart sets builtAt to -1 and keeps the arrays) the next use rebuilds it from the board.
 */
export interface SiteIndex {
  /** per list (siteListRank): the sites, ascending; only the first `lens[list]` are live */
  readonly sites: Int32Array[];
  readonly lens: Int32Array;
  /** the pieceVersion the lists match; any other value means rebuild them */
  builtAt: number;
}

/**
 * Where piece kind pi's lists start, in per-player pieces before it: player o's
 * list is rank × playerCount + o. -1 for a global piece (it has no owner: no list).
 * The same for every game of a board, so generated code writes it in.
 */
export function siteListRank(b: LoadedBoard, pi: number): number {
  if (!b.pieces[pi]!.perPlayer) return -1;
  let rank = 0;
  for (let q = 0; q < pi; q++) if (b.pieces[q]!.perPlayer) rank++;
  return rank;
}

/** the index, rebuilt from the board when it is not in step (first use, restore, restart) */
export function siteIndexOf(g: RunState, b: LoadedBoard): SiteIndex {
  const ix = g.siteIndex;
  return ix !== null && ix.builtAt === g.pieceVersion ? ix : rebuild(g, b);
}

function rebuild(g: RunState, b: LoadedBoard): SiteIndex {
  const n = g.playerCount;
  let ix = g.siteIndex;
  if (ix === null || ix.lens.length !== listCount(b, n)) {
    const sites: Int32Array[] = [];
    for (const p of b.pieces) if (p.perPlayer) for (let o = 0; o < n; o++) sites.push(new Int32Array(p.count));
    ix = { sites, lens: new Int32Array(sites.length), builtAt: -1 };
    g.siteIndex = ix;
  }
  ix.lens.fill(0);
  const vars = g.vars;
  const pieceAt = g.boardBase + b.pieceOff;
  const ownerAt = g.boardBase + b.ownerOff;
  for (let pi = 0; pi < b.pieces.length; pi++) {
    const p = b.pieces[pi]!;
    const rank = siteListRank(b, pi);
    if (rank < 0) continue;
    const base = rank * n;
    for (let s = p.first, end = p.first + p.count; s < end; s++) {
      if (vars[pieceAt + s] !== pi) continue;
      const list = base + vars[ownerAt + s]!;
      ix.sites[list]![ix.lens[list]!++] = s;
    }
  }
  ix.builtAt = g.pieceVersion;
  return ix;
}

function listCount(b: LoadedBoard, n: number): number {
  let lists = 0;
  for (const p of b.pieces) if (p.perPlayer) lists += n;
  return lists;
}

/**
 * Before one site's piece changes (from piece `had` of `hadOwner`, or none, to
 * `now` of `nowOwner`, or none) and pieceVersion is bumped once for it: an index
 * in step moves the site between lists and stays in step; one out of step stays so.
 */
export function siteIndexChanging(g: RunState, b: LoadedBoard, site: number, had: number, hadOwner: number, now: number, nowOwner: number): void {
  const ix = g.siteIndex;
  if (ix === null || ix.builtAt !== g.pieceVersion) return;
  const n = g.playerCount;
  if (had >= 0 && b.pieces[had]!.perPlayer) remove(ix, siteListRank(b, had) * n + hadOwner, site);
  if (now >= 0 && b.pieces[now]!.perPlayer) insert(ix, siteListRank(b, now) * n + nowOwner, site);
  ix.builtAt = g.pieceVersion + 1;
}

function insert(ix: SiteIndex, list: number, site: number): void {
  const arr = ix.sites[list]!;
  let k = ix.lens[list]!++;
  while (k > 0 && arr[k - 1]! > site) {
    arr[k] = arr[k - 1]!;
    k--;
  }
  arr[k] = site;
}

function remove(ix: SiteIndex, list: number, site: number): void {
  const arr = ix.sites[list]!;
  const len = ix.lens[list]!;
  let k = 0;
  while (k < len && arr[k] !== site) k++;
  if (k === len) return;
  for (; k < len - 1; k++) arr[k] = arr[k + 1]!;
  ix.lens[list] = len - 1;
}
