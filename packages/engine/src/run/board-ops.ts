import type { Value } from '@houserules/schema';
import type { RunState } from './run-state.ts';
import { longestTrail } from '../board/longest-trail.ts';
import { hexAt } from '../board/lookups.ts';
import type { LoadedBoard } from '../load/loaded-board.ts';
import { sitePoolRange, supplySlot } from './board-slots.ts';
import { siteIndexChanging } from './board-site-index.ts';
import type { BoardGeometryView, BoardView } from './types.ts';
import { seatWord, siteWord } from './author-words.ts';

/**
 * What rules do with the board in a game: site attributes, placing and
 * removing pieces, the longest trail (cached per player until a piece that can change it moves),
 * conservation of pieces, and the board's part of a view. The board's state
 * lives in `g.vars` from `g.boardBase` on (see loaded-board.ts).
 */

export function siteKind(g: RunState, b: LoadedBoard, s: number): number {
  return s >>> 0 < b.hexCount ? g.vars[g.boardBase + b.hexKindOff + s]! : b.noneSymbol;
}

export function siteValue(g: RunState, b: LoadedBoard, s: number): number {
  return s >>> 0 < b.hexCount ? g.vars[g.boardBase + b.hexValueOff + s]! : -1;
}

/**
 * what is left of a per-player piece's supply for player `o` (`first`: the board's first per-player supply slot,
 * `index`: the piece's supply index), or a failure when `o` is no player (generated code's `supply`; the closure's too)
 */
export function playerSupply(g: RunState, first: number, index: number, o: number, name: string): number {
  if (o >>> 0 >= g.playerCount) return g.fail('run/no-such-owner', `Piece '${name}' has no supply for player ${o}.`);
  return g.vars[g.boardBase + first + index * g.playerCount + o]!;
}

export function sitePiece(g: RunState, b: LoadedBoard, s: number): number {
  if (s >>> 0 >= b.siteCount) return b.noneSymbol;
  const p = g.vars[g.boardBase + b.pieceOff + s]!;
  return p < 0 ? b.noneSymbol : b.pieces[p]!.symbol;
}

export function siteOwner(g: RunState, b: LoadedBoard, s: number): number {
  return s >>> 0 < b.siteCount ? g.vars[g.boardBase + b.ownerOff + s]! : -1;
}

/** the hex a spot or path lies inside (-1: a hex, or a hex's own corner or side); a fact of the board, not of the game */
export function siteInside(b: LoadedBoard, s: number): number {
  return s >>> 0 < b.siteCount ? b.inside[s]! : -1;
}

/** a per-hex table of named sites (LoadedBoard.named) read at hex h; -1 for no hex or no such site */
export function namedSite(table: Int32Array, h: number): number {
  return h >>> 0 < table.length ? table[h]! : -1;
}

/** hex(q, r), corner(q, r, i), edge(q, r, i) as a site value; -1 when the board has none there */
export function siteOf(b: LoadedBoard, site: 'hex' | 'corner' | 'edge', q: number, r: number, i: number): number {
  const h = hexAt(b.board, q, r);
  if (h < 0) return -1;
  if (site === 'hex') return h;
  if (!Number.isInteger(i) || i < 0 || i > 5) return -1;
  return site === 'corner' ? b.nodeBase + b.board.hexCorners[h * 6 + i]! : b.edgeBase + b.board.hexSides[h * 6 + i]!;
}

function pieceName(b: LoadedBoard, pi: number): string {
  return b.pieces[pi]?.name ?? '?';
}

/** takes a piece from the supply and puts it on a site; a global piece with an empty supply moves from where it is */
export function placePiece(g: RunState, b: LoadedBoard, pi: number, owner: number, site: number): void {
  const piece = b.pieces[pi]!;
  if ((site - piece.first) >>> 0 >= piece.count) {
    g.fail('run/no-such-site', `Piece '${piece.name}' goes on a ${piece.site}; ${siteWord(b, site)} is not one.`);
    return;
  }
  const vars = g.vars;
  const base = g.boardBase;
  const held = vars[base + b.pieceOff + site]!;
  if (held >= 0) {
    g.fail('run/site-occupied', `Cannot place '${piece.name}' on ${siteWord(b, site, g)}: it holds '${pieceName(b, held)}'.`);
    return;
  }
  let slot: number;
  if (piece.perPlayer) {
    if (owner >>> 0 >= g.playerCount) {
      g.fail('run/no-such-owner', `Piece '${piece.name}' has no player ${seatWord(owner)}.`);
      return;
    }
    slot = base + supplySlot(b, piece, owner, g.playerCount);
  } else {
    slot = base + supplySlot(b, piece, 0, 1);
    owner = -1;
  }
  if (vars[slot]! <= 0) {
    if (piece.perPlayer) {
      g.fail('run/empty-supply', `${seatWord(owner)} has no '${piece.name}' left to place.`);
      return;
    }
    // a global piece on the board moves
    let from = -1;
    for (let s = piece.first, end = piece.first + piece.count; s < end && from < 0; s++) if (vars[base + b.pieceOff + s] === pi) from = s;
    if (from < 0) {
      g.fail('run/empty-supply', `No '${piece.name}' is left to place.`);
      return;
    }
    vars[base + b.pieceOff + from] = -1;
    vars[base + b.ownerOff + from] = -1;
  } else vars[slot] = vars[slot]! - 1;
  const replaced = vars[base + b.pieceOff + site]!;
  siteIndexChanging(g, b, site, replaced, vars[base + b.ownerOff + site]!, pi, owner);
  vars[base + b.pieceOff + site] = pi;
  vars[base + b.ownerOff + site] = owner;
  const pieceBase = g.lg.resources.pieceBase;
  g.ver[pieceBase + pi]!++;
  if (replaced >= 0 && replaced !== pi) g.ver[pieceBase + replaced]!++;
  g.pieceVersion++;
  trailSiteChanged(g, b, site);
}

/** returns the piece on a site (if any) to its owner's supply */
export function removePiece(g: RunState, b: LoadedBoard, site: number): void {
  if (site >>> 0 >= b.siteCount) {
    g.fail('run/no-such-site', `There is no site ${siteWord(b, site)} to remove a piece from.`);
    return;
  }
  const vars = g.vars;
  const base = g.boardBase;
  const pi = vars[base + b.pieceOff + site]!;
  if (pi < 0) return;
  const piece = b.pieces[pi]!;
  const owner = vars[base + b.ownerOff + site]!;
  const slot = base + supplySlot(b, piece, piece.perPlayer ? owner : 0, g.playerCount);
  vars[slot] = vars[slot]! + 1;
  siteIndexChanging(g, b, site, pi, owner, -1, -1);
  vars[base + b.pieceOff + site] = -1;
  vars[base + b.ownerOff + site] = -1;
  g.ver[g.lg.resources.pieceBase + pi]!++;
  g.pieceVersion++;
  trailSiteChanged(g, b, site);
}

/**
 * Per game: owner arrays the trail search reads, kept in step with each placed
 * or removed piece, and the cached longest trails. A player's cached length
 * holds until a piece that can change it is placed or removed: one of the
 * player's own edge pieces, or a piece on a node the player has an edge
 * piece at (another player's piece there blocks; the player's own joins kinds).
 */
export interface TrailScratch {
  /** per piece index: owners by edge id (per-player edge pieces only; -1 elsewhere) */
  layers: Int32Array[];
  /** the per-player edge pieces, by piece index */
  edgePieces: Int32Array;
  /** per node: the owner of the per-player piece on it, or -1 */
  nodeOwners: Int32Array;
  /** the pieceVersion the arrays match; any other value means rebuild them */
  builtAt: number;
  /** whether some trail expression runs over two kinds or more (then a player's own node pieces matter to it) */
  kindsJoin: boolean;
  /** per trail expression: the layer list it passes */
  lists: Int32Array[][];
  /** per player: bumped when a piece that may change the player's longest trail is placed or removed */
  playerVersion: Int32Array;
  /** cached lengths and the playerVersion they were found at, by trail expression × player */
  value: number[];
  version: number[];
}

/** The trail scratch rebuilt from the board, for when it is not in step (first use, restore). */
function scratchFor(g: RunState, b: LoadedBoard): TrailScratch {
  let t = g.trailScratch;
  if (t === null) {
    const edgePieces: number[] = [];
    b.pieces.forEach((p, pi) => {
      if (p.site === 'edge' && p.perPlayer) edgePieces.push(pi);
    });
    t = {
      layers: b.pieces.map((p) => new Int32Array(p.site === 'edge' ? b.edgeCount : 0)),
      edgePieces: Int32Array.from(edgePieces),
      nodeOwners: new Int32Array(b.nodeCount),
      builtAt: -1,
      kindsJoin: false,
      lists: [],
      playerVersion: new Int32Array(g.playerCount),
      value: [],
      version: [],
    };
    g.trailScratch = t;
  }
  const vars = g.vars;
  const pieceAt = g.boardBase + b.pieceOff;
  const ownerAt = g.boardBase + b.ownerOff;
  for (const layer of t.layers) layer.fill(-1);
  for (let e = 0; e < b.edgeCount; e++) {
    const p = vars[pieceAt + b.edgeBase + e]!;
    if (p >= 0 && b.pieces[p]!.perPlayer) t.layers[p]![e] = vars[ownerAt + b.edgeBase + e]!;
  }
  for (let v = 0; v < b.nodeCount; v++) {
    const p = vars[pieceAt + b.nodeBase + v]!;
    t.nodeOwners[v] = p >= 0 && b.pieces[p]!.perPlayer ? vars[ownerAt + b.nodeBase + v]! : -1;
  }
  // anything may have changed: every cached length is stale
  for (let p = 0; p < t.playerVersion.length; p++) t.playerVersion[p]!++;
  t.builtAt = g.pieceVersion;
  return t;
}

/**
 * After one site's piece changed (placed or removed, pieceVersion already
 * bumped): updates the trail scratch in place and invalidates the players whose
 * trail the change may touch. A scratch that was not in step stays so (rebuilt
 * on the next query). Global pieces count as no owner, so a global piece moving
 * away from another site changes nothing here.
 */
function trailSiteChanged(g: RunState, b: LoadedBoard, site: number): void {
  const t = g.trailScratch;
  if (t === null || t.builtAt !== g.pieceVersion - 1) return;
  t.builtAt = g.pieceVersion;
  const p = g.vars[g.boardBase + b.pieceOff + site]!;
  const owner = p >= 0 && b.pieces[p]!.perPlayer ? g.vars[g.boardBase + b.ownerOff + site]! : -1;
  const versions = t.playerVersion;
  const e = site - b.edgeBase;
  if (e >>> 0 < b.edgeCount) {
    // an edge piece is on its owner's trails only
    for (let k = 0; k < t.edgePieces.length; k++) {
      const q = t.edgePieces[k]!;
      const layer = t.layers[q]!;
      const had = layer[e]!;
      const now = q === p ? owner : -1;
      if (had === now) continue;
      layer[e] = now;
      if (had >= 0) versions[had]!++;
      if (now >= 0) versions[now]!++;
    }
    return;
  }
  const v = site - b.nodeBase;
  if (v >>> 0 >= b.nodeCount) return;
  const had = t.nodeOwners[v]!;
  if (had === owner) return;
  t.nodeOwners[v] = owner;
  // A node piece matters to the players with an edge piece at the node: to
  // others it blocks (whether it does changes only when the node is emptied or
  // filled), to its owner it joins kinds (only when some trail has several).
  const blockingChanged = had < 0 || owner < 0;
  const { start, items } = b.board.nodeEdges;
  for (let j = start[v]!, end = start[v + 1]!; j < end; j++) {
    const edge = items[j]!;
    for (let k = 0; k < t.edgePieces.length; k++) {
      const x = t.layers[t.edgePieces[k]!]![edge]!;
      if (x < 0) continue;
      const changed = x === had ? owner >= 0 || t.kindsJoin : x === owner ? had >= 0 || t.kindsJoin : blockingChanged;
      if (changed) versions[x]!++;
    }
  }
}

/** the owner arrays of the board's pieces, in step with the board (rebuilt when not: first use, restore) */
export function trailScratchOf(g: RunState, b: LoadedBoard): TrailScratch {
  const t = g.trailScratch;
  return t === null || t.builtAt !== g.pieceVersion ? scratchFor(g, b) : t;
}

/** the longest trail of a player over the given edge pieces, cached until a piece that may change it is placed or removed */
export function longestTrailOf(g: RunState, b: LoadedBoard, index: number, pieces: readonly number[], player: number): number {
  const n = g.playerCount;
  if (player >>> 0 >= n) return 0;
  let t = g.trailScratch;
  if (t === null || t.builtAt !== g.pieceVersion) t = scratchFor(g, b);
  const key = index * n + player;
  if (t.version[key] === t.playerVersion[player]) return t.value[key]!;
  let list = t.lists[index];
  if (list === undefined) {
    list = t.lists[index] = pieces.map((pi) => t.layers[pi]!);
    // from now on a player's own node pieces invalidate their lengths too (cached ones were found before they mattered)
    if (list.length > 1) t.kindsJoin = true;
  }
  const v = longestTrail(b.board, player, { layers: list, nodeOwners: t.nodeOwners });
  t.value[key] = v;
  t.version[key] = t.playerVersion[player]!;
  return v;
}

/** supply + pieces on the board is what was declared, per piece kind and owner; a message when not */
export function pieceConservation(g: RunState, b: LoadedBoard): string | null {
  const vars = g.vars;
  const n = g.playerCount;
  for (let pi = 0; pi < b.pieces.length; pi++) {
    const piece = b.pieces[pi]!;
    const owners = piece.perPlayer ? n : 1;
    for (let o = 0; o < owners; o++) {
      const left = vars[g.boardBase + supplySlot(b, piece, o, n)]!;
      let placed = 0;
      for (let s = piece.first, end = piece.first + piece.count; s < end; s++) {
        if (vars[g.boardBase + b.pieceOff + s] === pi && (!piece.perPlayer || vars[g.boardBase + b.ownerOff + s] === o)) placed++;
      }
      if (left < 0 || left + placed !== piece.supply) {
        const whose = piece.perPlayer ? ` of player ${o}` : '';
        return `Piece '${piece.name}'${whose}: ${left} in supply and ${placed} on the board instead of ${piece.supply} in all.`;
      }
    }
  }
  return null;
}

/** the board's state as a seat sees it (everything on a board is public) */
export function boardView(g: RunState, b: LoadedBoard): BoardView {
  const str = g.lg.strings;
  const vars = g.vars;
  const base = g.boardBase;
  const hexKinds: string[] = [];
  const hexValues: number[] = [];
  for (let h = 0; h < b.hexCount; h++) {
    hexKinds.push(String(str.decode(vars[base + b.hexKindOff + h]!)));
    hexValues.push(vars[base + b.hexValueOff + h]!);
  }
  const pieces: BoardView['pieces'] = [];
  for (let s = 0; s < b.siteCount; s++) {
    const p = vars[base + b.pieceOff + s]!;
    if (p >= 0) pieces.push({ site: s, piece: b.pieces[p]!.name, owner: vars[base + b.ownerOff + s]! });
  }
  const supply: BoardView['supply'] = {};
  for (const piece of b.pieces) {
    supply[piece.name] = piece.perPlayer
      ? g.players.map((o) => vars[base + supplySlot(b, piece, o, g.playerCount)]!)
      : vars[base + supplySlot(b, piece, 0, 1)]!;
  }
  const siteVars: BoardView['vars'] = {};
  for (const [vi, info] of b.siteVars) {
    const v = g.lg.vars[vi]!;
    const values: Record<number, Value> = {};
    for (let k = 0; k < info.count; k++) values[info.first + k] = str.decode(vars[base + info.offset + k]!, v.type);
    siteVars[v.name] = values;
  }
  const view: BoardView = { hexKinds, hexValues, pieces, supply, vars: siteVars };
  // per-site pools: only the sites holding something, by site value
  g.lg.pools.forEach((p, pi) => {
    const range = sitePoolRange(p.scope, b);
    if (!range) return;
    const stride = g.lg.storage.poolStride[pi]!;
    const bySite: Record<number, Record<string, number>> = {};
    for (let k = 0; k < range.count; k++) {
      const at = g.poolBase[pi]! + k * stride;
      let held: Record<string, number> | null = null;
      p.tokens.forEach((t, e) => {
        const n = g.counts[at + e]!;
        if (n !== 0) (held ??= {})[g.lg.tokens[t]!.name] = n;
      });
      if (held) bySite[range.first + k] = held;
    }
    (view.pools ??= {})[p.name] = bySite;
  });
  return view;
}

/** positions for drawing, by site value (see loaded-board.ts); no game needed */
export function boardGeometry(b: LoadedBoard): BoardGeometryView {
  const { board } = b;
  const geo = board.geometry;
  const hexes: BoardGeometryView['hexes'] = [];
  for (let h = 0; h < b.hexCount; h++) hexes.push({ id: h, q: board.hexQ[h]!, r: board.hexR[h]!, x: geo.hexX[h]!, y: geo.hexY[h]!, frame: board.hexFrameDepth[h]! > 0 });
  const corners: BoardGeometryView['corners'] = [];
  for (let v = 0; v < b.nodeCount; v++) {
    const corner: BoardGeometryView['corners'][number] = { id: b.nodeBase + v, x: geo.nodeX[v]!, y: geo.nodeY[v]!, spot: v >= board.cornerCount };
    if (corner.spot) {
      corner.name = board.spotNames[v - board.cornerCount]!;
      corner.inside = board.nodeHex[v]!;
    }
    corners.push(corner);
  }
  const edges: BoardGeometryView['edges'] = [];
  for (let e = 0; e < b.edgeCount; e++) {
    const a = board.edgeNodes[e * 2]!;
    const c = board.edgeNodes[e * 2 + 1]!;
    const edge: BoardGeometryView['edges'][number] = { id: b.edgeBase + e, from: b.nodeBase + a, to: b.nodeBase + c, x1: geo.nodeX[a]!, y1: geo.nodeY[a]!, x2: geo.nodeX[c]!, y2: geo.nodeY[c]!, path: e >= board.sideCount };
    if (e >= board.sideCount) {
      const label = board.pathNames[e - board.sideCount];
      if (label !== undefined) edge.name = label;
      edge.inside = board.edgeHex[e]!;
    }
    edges.push(edge);
  }
  const pieces = b.pieces.map((p) => ({ name: p.name, site: p.site, perPlayer: p.perPlayer }));
  return { hexes, corners, edges, pieces, bounds: { ...geo.bounds } };
}
