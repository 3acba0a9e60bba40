import type { BoardCondition, BoardInternals, BoardNode, BoardPathEnd, Diagnostic, DiagnosticCode, RuleGraph, Value } from '@houserules/schema';
import { boardFromDeclaration, fillHexes } from '../board/board-declaration.ts';
import type { NodeRef, PathSpec, SpotSpec } from '../board/board-spec.ts';
import { withFrame, withInternals } from '../board/build-board.ts';
import type { HexBoard } from '../board/hex-board.ts';
import type { StringTable } from './value-codec.ts';
import { siteRange } from '../run/board-slots.ts';

/**
 * The board of a loaded graph, built once from its BoardNode, and the layout
 * of the board's state in a game's `vars` array (after the players' blocks).
 *
 * A site value is one integer over all site kinds, so any expression can read
 * a site's piece, owner or relations without knowing its kind:
 * hex h → h, node (corner or spot) v → hexCount + v, edge (side or path) e → hexCount + nodeCount + e.
 * So `corners` ranges over spots too, and `edges` over paths.
 * -1 is none.
 */
export interface LoadedBoard {
  readonly node: BoardNode;
  readonly board: HexBoard;
  /** the board without its frame: the hexes the declaration's kinds and values fill */
  readonly land: HexBoard;
  readonly hexCount: number;
  readonly nodeCount: number;
  readonly edgeCount: number;
  readonly nodeBase: number;
  readonly edgeBase: number;
  readonly siteCount: number;
  /** the sites rules range over (sites touching a hex of the layout, not the frame), by kind, as site values */
  readonly sites: { hex: Int32Array; corner: Int32Array; edge: Int32Array };
  /** per relation, per site value: the related site values (a shared empty array where the relation does not apply) */
  readonly rel: { corners: Int32Array[]; edges: Int32Array[]; hexes: Int32Array[]; neighbours: Int32Array[] };
  readonly regions: ReadonlyMap<string, Int32Array>;
  /** per site value: the hex a spot or path lies inside, -1 for hexes and a hex's own corners and sides */
  readonly inside: Int32Array;
  /** `corner:NAME` (a spot) or `edge:NAME` (a path) → per hex: the site of that name inside it, or -1 */
  readonly named: ReadonlyMap<string, Int32Array>;
  readonly pieces: LoadedPiece[];
  readonly globalPieces: number;
  /** the symbol of each hex kind, and of `none` */
  readonly noneSymbol: number;
  readonly frameSymbol: number;
  /** offsets (relative to the game's boardBase) of the board's state in `vars` */
  readonly hexKindOff: number;
  readonly hexValueOff: number;
  readonly pieceOff: number;
  readonly ownerOff: number;
  /** site vars come first in the board block; their width */
  readonly siteVarSlots: number;
  /** site var index (in graph.vars) → offset in the board block, the first site value of its kind and how many sites */
  readonly siteVars: Map<number, { offset: number; first: number; count: number }>;
}

export interface LoadedPiece {
  id: string;
  name: string;
  site: 'hex' | 'corner' | 'edge';
  /** first site value and count of the piece's site kind */
  first: number;
  count: number;
  perPlayer: boolean;
  supply: number;
  symbol: number;
  /** among the global pieces, or among the per-player pieces (see supplySlot) */
  supplyIndex: number;
}

const EMPTY = new Int32Array(0);

/**
 * Builds the board of a graph. `options` (by option name or id) choose the spots and paths that
 * depend on an option (`when`); an option not given has its default. `boardOptions` lists the
 * options the board depends on, with the value it was built for.
 */
export function loadBoard(
  graph: RuleGraph,
  strings: StringTable,
  options: Readonly<Record<string, Value>> = {},
): { board: LoadedBoard | null; diagnostics: Diagnostic[]; boardOptions: BoardCondition[] } {
  const diagnostics: Diagnostic[] = [];
  const boardOptions: BoardCondition[] = [];
  const nodes = graph.boards ?? [];
  if (nodes.length === 0) return { board: null, diagnostics, boardOptions };
  const node = nodes[0]!;
  const at = { file: node.provenance.file, range: node.provenance.range };
  const problem = (code: DiagnosticCode, message: string): void => {
    diagnostics.push({ code, severity: 'error', message: `Board '${node.name}': ${message}`, ...at });
  };
  if (nodes.length > 1) problem('run/unsupported', 'this engine runs one board per game.');
  const built = boardFromDeclaration(node);
  for (const p of built.problems) problem(p.code, p.message);
  if (!built.board) return { board: null, diagnostics, boardOptions };
  const land = built.board;
  let board = land;
  if (node.frame && node.frame.width > 0) {
    const framed = withFrame(land, node.frame.width);
    for (const p of framed.problems) problem(p.code, p.message);
    if (!framed.board) return { board: null, diagnostics, boardOptions };
    board = framed.board;
  }
  // after the frame, so a spot may stand in a frame hex; spots and paths are numbered after the corners and sides
  if (node.internals) {
    // the value of each option an item depends on: as given, else its default
    const valueOf = (option: string): Value | undefined => {
      const o = graph.options.find((x) => x.id === option);
      if (!o) return undefined;
      const v = options[o.name] ?? options[o.id] ?? o.default;
      if (!boardOptions.some((b) => b.option === option)) boardOptions.push({ option, value: v });
      return v;
    };
    const on = (when: BoardCondition | undefined): boolean => when === undefined || valueOf(when.option) === when.value;
    const chosen: BoardInternals = { spots: node.internals.spots.filter((x) => on(x.when)), paths: node.internals.paths.filter((x) => on(x.when)) };
    const inside = withInternals(board, internalsSpec(chosen));
    for (const p of inside.problems) problem(p.code, p.message);
    if (!inside.board) return { board: null, diagnostics, boardOptions };
    board = inside.board;
  }
  // count mismatches do not depend on chance: found once, at load
  const trial = fillHexes(land, node, () => 0);
  for (const p of trial.problems) problem(p.code, p.message);

  const H = board.hexCount;
  const N = board.nodeCount;
  const E = board.edgeCount;
  const nodeBase = H;
  const edgeBase = H + N;
  const S = H + N + E;

  const inLayout = (h: number): boolean => board.hexFrameDepth[h] === 0;
  const hexSites: number[] = [];
  for (let h = 0; h < H; h++) if (inLayout(h)) hexSites.push(h);
  const nodeSites: number[] = [];
  for (let v = 0; v < N; v++) {
    const { start, items } = board.nodeHexes;
    for (let j = start[v]!; j < start[v + 1]!; j++) {
      if (inLayout(items[j]!)) {
        nodeSites.push(nodeBase + v);
        break;
      }
    }
  }
  const edgeSites: number[] = [];
  for (let e = 0; e < E; e++) {
    const { start, items } = board.edgeHexes;
    for (let j = start[e]!; j < start[e + 1]!; j++) {
      if (inLayout(items[j]!)) {
        edgeSites.push(edgeBase + e);
        break;
      }
    }
  }

  const rel = {
    corners: new Array<Int32Array>(S).fill(EMPTY),
    edges: new Array<Int32Array>(S).fill(EMPTY),
    hexes: new Array<Int32Array>(S).fill(EMPTY),
    neighbours: new Array<Int32Array>(S).fill(EMPTY),
  };
  const csr = (adj: { start: Int32Array; items: Int32Array }, i: number, base: number): number[] => {
    const out: number[] = [];
    for (let j = adj.start[i]!; j < adj.start[i + 1]!; j++) out.push(base + adj.items[j]!);
    return out;
  };
  const fixed = (arr: Int32Array, i: number, base: number): number[] => {
    const out: number[] = [];
    for (let k = 0; k < 6; k++) if (arr[i * 6 + k]! >= 0) out.push(base + arr[i * 6 + k]!);
    return out;
  };
  for (let h = 0; h < H; h++) {
    rel.corners[h] = Int32Array.from([...fixed(board.hexCorners, h, nodeBase), ...csr(board.hexSpots, h, nodeBase)]);
    rel.edges[h] = Int32Array.from([...fixed(board.hexSides, h, edgeBase), ...csr(board.hexPaths, h, edgeBase)]);
    rel.neighbours[h] = Int32Array.from(fixed(board.hexNeighbours, h, 0));
  }
  for (let v = 0; v < N; v++) {
    rel.hexes[nodeBase + v] = Int32Array.from(csr(board.nodeHexes, v, 0));
    rel.edges[nodeBase + v] = Int32Array.from(csr(board.nodeEdges, v, edgeBase));
    rel.neighbours[nodeBase + v] = Int32Array.from(csr(board.nodeNodes, v, nodeBase));
  }
  for (let e = 0; e < E; e++) {
    rel.corners[edgeBase + e] = Int32Array.from([nodeBase + board.edgeNodes[e * 2]!, nodeBase + board.edgeNodes[e * 2 + 1]!]);
    rel.hexes[edgeBase + e] = Int32Array.from(csr(board.edgeHexes, e, 0));
    // edges sharing an end
    const near: number[] = [];
    for (let k = 0; k < 2; k++) for (const f of csr(board.nodeEdges, board.edgeNodes[e * 2 + k]!, edgeBase)) if (f !== edgeBase + e && !near.includes(f)) near.push(f);
    near.sort((a, b) => a - b);
    rel.neighbours[edgeBase + e] = rel.edges[edgeBase + e] = Int32Array.from(near);
  }
  // With a frame, a corner at the layout's rim meets sides between two frame hexes, which are no
  // sites (no rule ranges over them): the corners and edges a relation lists are only the board's
  // sites, so `c.edges` and `choose e in edges` agree. (Hexes keep their frame neighbours: a frame
  // hex has a kind, and a rim edge's sea is found through it.)
  if (nodeSites.length < N || edgeSites.length < E) {
    const isSite = new Uint8Array(S);
    for (let h = 0; h < H; h++) isSite[h] = 1;
    for (const x of nodeSites) isSite[x] = 1;
    for (const x of edgeSites) isSite[x] = 1;
    const sitesOnly = (list: Int32Array): Int32Array => (list.every((x) => isSite[x] === 1) ? list : list.filter((x) => isSite[x] === 1));
    for (let x = 0; x < S; x++) {
      rel.corners[x] = sitesOnly(rel.corners[x]!);
      rel.edges[x] = sitesOnly(rel.edges[x]!);
      if (x >= nodeBase) rel.neighbours[x] = sitesOnly(rel.neighbours[x]!);
    }
  }

  const regions = new Map<string, Int32Array>();
  for (const [name, region] of board.regions) regions.set(name, region.hexes);

  const inside = new Int32Array(S).fill(-1);
  const named = new Map<string, Int32Array>();
  const name = (key: string, h: number, site: number): void => {
    let table = named.get(key);
    if (!table) named.set(key, (table = new Int32Array(H).fill(-1)));
    table[h] = site;
  };
  for (let v = board.cornerCount; v < N; v++) {
    const h = board.nodeHex[v]!;
    inside[nodeBase + v] = h;
    name(`corner:${board.spotNames[v - board.cornerCount]!}`, h, nodeBase + v);
  }
  for (let e = board.sideCount; e < E; e++) {
    const h = board.edgeHex[e]!;
    inside[edgeBase + e] = h;
    const label = board.pathNames[e - board.sideCount];
    if (label !== undefined) name(`edge:${label}`, h, edgeBase + e);
  }

  const siteVars = new Map<number, { offset: number; first: number; count: number }>();
  let siteVarSlots = 0;
  const kindRange = (site: 'hex' | 'corner' | 'edge'): { first: number; count: number } => siteRange({ hexCount: H, nodeBase, nodeCount: N, edgeBase, edgeCount: E }, site);
  graph.vars.forEach((v, vi) => {
    if (v.scope !== 'hex' && v.scope !== 'corner' && v.scope !== 'edge') return;
    const range = kindRange(v.scope);
    siteVars.set(vi, { offset: siteVarSlots, ...range });
    siteVarSlots += range.count;
  });
  let globals = 0;
  let perPlayer = 0;
  const pieces: LoadedPiece[] = (graph.pieces ?? []).map((p) => ({
    id: p.id,
    name: p.name,
    site: p.site,
    ...kindRange(p.site),
    perPlayer: p.perPlayer,
    supply: p.supply,
    symbol: strings.intern(p.id),
    supplyIndex: p.perPlayer ? perPlayer++ : globals++,
  }));

  const hexKindOff = siteVarSlots;
  const hexValueOff = hexKindOff + H;
  const pieceOff = hexValueOff + H;
  const ownerOff = pieceOff + S;
  // every kind a hex can get is interned now, so games never add strings
  for (const k of node.hexKinds ?? []) strings.intern(k);
  for (const k of node.kinds?.values ?? []) strings.intern(k);
  if (node.layout.kind === 'map') for (const h of node.layout.hexes) if (h.kind !== undefined) strings.intern(h.kind);
  const loaded: LoadedBoard = {
    node,
    board,
    land,
    hexCount: H,
    nodeCount: N,
    edgeCount: E,
    nodeBase,
    edgeBase,
    siteCount: S,
    sites: { hex: Int32Array.from(hexSites), corner: Int32Array.from(nodeSites), edge: Int32Array.from(edgeSites) },
    rel,
    regions,
    inside,
    named,
    pieces,
    globalPieces: globals,
    noneSymbol: strings.intern('none'),
    frameSymbol: node.frame ? strings.intern(node.frame.kind) : strings.intern('none'),
    hexKindOff,
    hexValueOff,
    pieceOff,
    ownerOff,
    siteVarSlots,
    siteVars,
  };
  return { board: loaded, diagnostics, boardOptions };
}

/** A node's spots and paths as the board primitives state them (spots become nodes, paths edges). */
function internalsSpec(internals: BoardInternals): { spots: SpotSpec[]; paths: PathSpec[] } {
  const end = (hex: { q: number; r: number }, e: BoardPathEnd): NodeRef => ('spot' in e ? { hex, spot: e.spot } : { hex, corner: e.corner });
  return {
    spots: internals.spots.map((s) => ({ hex: { q: s.q, r: s.r }, name: s.name })),
    paths: internals.paths.map((p) => ({ from: end({ q: p.q, r: p.r }, p.from), to: end({ q: p.q, r: p.r }, p.to), name: p.name })),
  };
}

