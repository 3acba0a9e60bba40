import { packAdjacency } from './adjacency.ts';
import { BoardScratch } from './board-scratch.ts';
import type { BoardProblem, BoardSpec, NodeRef } from './board-spec.ts';
import {
  CORNER_DX,
  CORNER_DY,
  CORNER_LATTICE_X,
  CORNER_LATTICE_Y,
  hexCentreX,
  hexCentreY,
  type BoardGeometry,
} from './geometry.ts';
import type { HexBoard } from './hex-board.ts';
import { frameHexes, hexKey, radiusHexes, rowHexes } from './hex-coords.ts';
import { createRegion, type Region } from './regions.ts';

export interface BoardResult {
  /** null when the spec has a problem. */
  readonly board: HexBoard | null;
  readonly problems: BoardProblem[];
}

/** A unique number for a lattice point (|x|, |y| < 2^20). */
function latticeKey(x: number, y: number): number {
  return x * 0x200000 + y;
}

function isCoordinate(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && Math.abs(n) < 0x40000;
}

/**
 * Checks a spec and builds the board: ids, every adjacency, geometry and
 * regions (see `HexBoard` for the id order). Never throws for a bad spec;
 * it lists every problem found instead and returns no board.
 */
export function buildBoard(spec: BoardSpec): BoardResult {
  const problems: BoardProblem[] = [];
  const problem = (code: BoardProblem['code'], message: string, kind: BoardProblem['element']['kind'], index: number) =>
    problems.push({ code, message, element: { kind, index } });

  // Hexes.
  const hexIndex = new Map<number, number>();
  const hexQ: number[] = [];
  const hexR: number[] = [];
  const specHexId: number[] = [];
  spec.hexes.forEach((h, index) => {
    if (!isCoordinate(h?.q) || !isCoordinate(h?.r)) {
      problem('board/bad-coordinate', `hex number ${index + 1} of the map has coordinates that are not small integers`, 'hex', index);
      specHexId.push(-1);
      return;
    }
    const key = hexKey(h.q, h.r);
    const existing = hexIndex.get(key);
    if (existing !== undefined) {
      problem('board/duplicate-hex', `hex (${h.q}, ${h.r}) is listed twice`, 'hex', index);
      specHexId.push(existing);
      return;
    }
    hexIndex.set(key, hexQ.length);
    specHexId.push(hexQ.length);
    hexQ.push(h.q);
    hexR.push(h.r);
  });
  const hexCount = hexQ.length;
  if (hexCount === 0 && problems.length === 0) problem('board/empty-board', 'the board has no hexes', 'hex', 0);
  const findHex = (h: { q: number; r: number } | undefined): number => {
    if (!h || !isCoordinate(h.q) || !isCoordinate(h.r)) return -1;
    return hexIndex.get(hexKey(h.q, h.r)) ?? -1;
  };

  // Corners and sides, by first appearance.
  const hexCorners = new Int32Array(hexCount * 6);
  const hexSides = new Int32Array(hexCount * 6);
  const cornerIndex = new Map<number, number>();
  const sideIndex = new Map<number, number>();
  const cornerLatX: number[] = [];
  const cornerLatY: number[] = [];
  const sideEnds: number[] = [];
  for (let h = 0; h < hexCount; h++) {
    const cx = 2 * hexQ[h]! + hexR[h]!;
    const cy = 3 * hexR[h]!;
    for (let i = 0; i < 6; i++) {
      const x = cx + CORNER_LATTICE_X[i]!;
      const y = cy + CORNER_LATTICE_Y[i]!;
      const key = latticeKey(x, y);
      let id = cornerIndex.get(key);
      if (id === undefined) {
        id = cornerLatX.length;
        cornerIndex.set(key, id);
        cornerLatX.push(x);
        cornerLatY.push(y);
      }
      hexCorners[h * 6 + i] = id;
    }
    for (let i = 0; i < 6; i++) {
      const a = hexCorners[h * 6 + i]!;
      const b = hexCorners[h * 6 + ((i + 1) % 6)]!;
      // The doubled midpoint of a side identifies it.
      const key = latticeKey(cornerLatX[a]! + cornerLatX[b]!, cornerLatY[a]! + cornerLatY[b]!);
      let id = sideIndex.get(key);
      if (id === undefined) {
        id = sideEnds.length / 2;
        sideIndex.set(key, id);
        sideEnds.push(a, b);
      }
      hexSides[h * 6 + i] = id;
    }
  }
  const cornerCount = cornerLatX.length;
  const sideCount = sideEnds.length / 2;

  // Spots.
  const spotIndex = new Map<string, number>(); // `${hex} ${name}` → node id
  const spotHex: number[] = [];
  const spotNames: string[] = [];
  const spotAt: ({ x: number; y: number } | undefined)[] = [];
  (spec.spots ?? []).forEach((s, index) => {
    const h = findHex(s.hex);
    if (h < 0) {
      problem('board/unknown-hex', `spot "${s.name}" is in hex (${s.hex?.q}, ${s.hex?.r}), which is not on the board`, 'spot', index);
      return;
    }
    const key = `${h} ${s.name}`;
    if (spotIndex.has(key)) {
      problem('board/duplicate-spot', `hex (${s.hex.q}, ${s.hex.r}) has two spots named "${s.name}"`, 'spot', index);
      return;
    }
    spotIndex.set(key, cornerCount + spotHex.length);
    spotHex.push(h);
    spotNames.push(s.name);
    spotAt.push(s.at ? { x: s.at.x, y: s.at.y } : undefined);
  });
  const nodeCount = cornerCount + spotHex.length;

  // Paths: both ends must exist and belong to the hex the path is in.
  const resolveRef = (ref: NodeRef | undefined): { node: number; hex: number } | { error: 'unknown-hex' | 'dangling' } => {
    const h = findHex(ref?.hex);
    if (!ref || h < 0) return { error: 'unknown-hex' };
    if ('corner' in ref) {
      if (!Number.isInteger(ref.corner) || ref.corner < 0 || ref.corner > 5) return { error: 'dangling' };
      return { node: hexCorners[h * 6 + ref.corner]!, hex: h };
    }
    const node = spotIndex.get(`${h} ${ref.spot}`);
    return node === undefined ? { error: 'dangling' } : { node, hex: h };
  };
  const nodeBelongsTo = (node: number, h: number): boolean => {
    if (node >= cornerCount) return spotHex[node - cornerCount] === h;
    for (let i = 0; i < 6; i++) if (hexCorners[h * 6 + i] === node) return true;
    return false;
  };
  const pathEnds: number[] = [];
  const pathHex: number[] = [];
  const pathNames: (string | undefined)[] = [];
  const pairs = new Set<number>();
  // per spot: the corners of its hex its paths come from (where it is drawn)
  const towards: number[][] = [];
  for (let e = 0; e < sideCount; e++) pairs.add(pairKey(sideEnds[e * 2]!, sideEnds[e * 2 + 1]!));
  (spec.paths ?? []).forEach((p, index) => {
    // a path by the name the author gave it (never its index in the graph)
    const called = p.name !== undefined ? `path "${p.name}"` : `path number ${index + 1}`;
    const from = resolveRef(p.from);
    const to = resolveRef(p.to);
    for (const end of [from, to]) {
      if ('error' in end) {
        if (end.error === 'unknown-hex') problem('board/unknown-hex', `${called} refers to a hex that is not on the board`, 'path', index);
        else problem('board/dangling-edge', `${called} ends at a corner or spot that does not exist`, 'path', index);
      }
    }
    if ('error' in from || 'error' in to) return;
    // The path lies in the hex its ends share; a corner belongs to up to three hexes.
    const hex = nodeBelongsTo(to.node, from.hex) ? from.hex : nodeBelongsTo(from.node, to.hex) ? to.hex : -1;
    if (hex < 0) {
      problem('board/cross-hex-path', `${called} joins nodes of different hexes`, 'path', index);
      return;
    }
    if (from.node === to.node) {
      problem('board/self-loop', `${called} joins a node to itself`, 'path', index);
      return;
    }
    const key = pairKey(from.node, to.node);
    if (pairs.has(key)) {
      problem('board/duplicate-path', `${called} joins two nodes already joined`, 'path', index);
      return;
    }
    pairs.add(key);
    for (const [a, b] of [[from, to], [to, from]] as const) {
      const k = a.node - cornerCount;
      if (k >= 0 && b.node < cornerCount) (towards[k] ??= []).push([0, 1, 2, 3, 4, 5].find((j) => hexCorners[hex * 6 + j] === b.node)!);
    }
    pathEnds.push(from.node, to.node);
    pathHex.push(hex);
    pathNames.push(p.name);
  });
  const edgeCount = sideCount + pathHex.length;
  placeSpots(spotHex, spotAt, towards);

  // Regions.
  const regionHexes = new Map<string, number[]>();
  const regionNodes = new Map<string, number[]>();
  (spec.regions ?? []).forEach((region, index) => {
    if (regionHexes.has(region.name)) {
      problem('board/duplicate-region', `region "${region.name}" is declared twice`, 'region', index);
      return;
    }
    const ids: number[] = [];
    for (const h of region.hexes) {
      const id = findHex(h);
      if (id < 0) problem('board/unknown-hex', `region "${region.name}" lists hex (${h?.q}, ${h?.r}), which is not on the board`, 'region', index);
      else ids.push(id);
    }
    regionHexes.set(region.name, ids);
    const nodes: number[] = [];
    for (const ref of region.nodes ?? []) {
      const end = resolveRef(ref);
      if (!('error' in end)) nodes.push(end.node);
      else if (end.error === 'unknown-hex') problem('board/unknown-hex', `region "${region.name}" names a node of a hex that is not on the board`, 'region', index);
      else problem('board/unknown-node', `region "${region.name}" names a corner or spot that does not exist`, 'region', index);
    }
    regionNodes.set(region.name, nodes);
  });

  if (problems.length > 0) return { board: null, problems };

  // Relations.
  const edgeNodes = new Int32Array(edgeCount * 2);
  edgeNodes.set(sideEnds, 0);
  edgeNodes.set(pathEnds, sideCount * 2);
  const nodeHexLists: number[][] = Array.from({ length: nodeCount }, () => []);
  const edgeHexLists: number[][] = Array.from({ length: edgeCount }, () => []);
  for (let h = 0; h < hexCount; h++) {
    for (let i = 0; i < 6; i++) {
      nodeHexLists[hexCorners[h * 6 + i]!]!.push(h);
      edgeHexLists[hexSides[h * 6 + i]!]!.push(h);
    }
  }
  spotHex.forEach((h, k) => nodeHexLists[cornerCount + k]!.push(h));
  pathHex.forEach((h, k) => edgeHexLists[sideCount + k]!.push(h));
  const nodeEdgeLists: number[][] = Array.from({ length: nodeCount }, () => []);
  const nodeNodeLists: number[][] = Array.from({ length: nodeCount }, () => []);
  for (let e = 0; e < edgeCount; e++) {
    const a = edgeNodes[e * 2]!;
    const b = edgeNodes[e * 2 + 1]!;
    nodeEdgeLists[a]!.push(e);
    nodeNodeLists[a]!.push(b);
    nodeEdgeLists[b]!.push(e);
    nodeNodeLists[b]!.push(a);
  }
  const hexNeighbours = new Int32Array(hexCount * 6).fill(-1);
  for (let h = 0; h < hexCount; h++) {
    for (let i = 0; i < 6; i++) {
      const list = edgeHexLists[hexSides[h * 6 + i]!]!;
      for (const other of list) if (other !== h) hexNeighbours[h * 6 + i] = other;
    }
  }
  const hexSpotLists: number[][] = Array.from({ length: hexCount }, () => []);
  spotHex.forEach((h, k) => hexSpotLists[h]!.push(cornerCount + k));
  const hexPathLists: number[][] = Array.from({ length: hexCount }, () => []);
  pathHex.forEach((h, k) => hexPathLists[h]!.push(sideCount + k));

  const nodeEdges = packAdjacency(nodeEdgeLists);
  const board: HexBoard = {
    spec,
    hexCount,
    cornerCount,
    nodeCount,
    sideCount,
    edgeCount,
    hexQ: Int32Array.from(hexQ),
    hexR: Int32Array.from(hexR),
    hexFrameDepth: Uint8Array.from(hexQ.map((_, h) => spec.frameDepth?.[h] ?? 0)),
    hexCorners,
    hexSides,
    hexNeighbours,
    hexSpots: packAdjacency(hexSpotLists),
    hexPaths: packAdjacency(hexPathLists),
    nodeHexes: packAdjacency(nodeHexLists),
    nodeEdges,
    nodeNodes: { start: nodeEdges.start, items: packAdjacency(nodeNodeLists).items },
    nodeHex: Int32Array.from({ length: nodeCount }, (_, v) => (v < cornerCount ? -1 : spotHex[v - cornerCount]!)),
    spotNames,
    edgeNodes,
    edgeHexes: packAdjacency(edgeHexLists),
    edgeHex: Int32Array.from({ length: edgeCount }, (_, e) => (e < sideCount ? -1 : pathHex[e - sideCount]!)),
    pathNames,
    geometry: computeGeometry(hexQ, hexR, cornerLatX, cornerLatY, spotHex, spotAt, edgeNodes),
    regions: new Map<string, Region>(),
    hexIndex,
    scratch: new BoardScratch(nodeCount, edgeCount),
  };
  const regions = board.regions as Map<string, Region>;
  for (const [name, ids] of regionHexes) regions.set(name, createRegion(board, name, ids, regionNodes.get(name)));
  return { board, problems };
}

/** How far from its hex's centre a spot is drawn, towards the corner its path comes from (hex size 1). */
const SPOT_REACH = 0.45;

/**
 * Where spots without a given position are drawn: SPOT_REACH times the mean of
 * the directions to the corners their paths come from (one corner: a spoke
 * towards it; opposite corners: the centre); spots joined to no corner spread
 * evenly round their hex's centre (one alone: at it).
 */
function placeSpots(spotHex: readonly number[], spotAt: ({ x: number; y: number } | undefined)[], towards: readonly (number[] | undefined)[]): void {
  const loose = new Map<number, number[]>();
  spotHex.forEach((h, k) => {
    if (spotAt[k] !== undefined) return;
    const corners = towards[k];
    if (corners === undefined) {
      loose.set(h, [...(loose.get(h) ?? []), k]);
      return;
    }
    let x = 0;
    let y = 0;
    for (const i of corners) {
      x += CORNER_DX[i]!;
      y += CORNER_DY[i]!;
    }
    spotAt[k] = { x: (SPOT_REACH * x) / corners.length, y: (SPOT_REACH * y) / corners.length };
  });
  for (const ks of loose.values()) {
    ks.forEach((k, j) => {
      const angle = ((-90 + (360 * j) / ks.length) * Math.PI) / 180;
      const reach = ks.length === 1 ? 0 : SPOT_REACH;
      spotAt[k] = { x: reach * Math.cos(angle), y: reach * Math.sin(angle) };
    });
  }
}

function pairKey(a: number, b: number): number {
  return a < b ? a * 0x100000 + b : b * 0x100000 + a;
}

function computeGeometry(
  hexQ: readonly number[],
  hexR: readonly number[],
  cornerLatX: readonly number[],
  cornerLatY: readonly number[],
  spotHex: readonly number[],
  spotAt: readonly ({ x: number; y: number } | undefined)[],
  edgeNodes: Int32Array,
): BoardGeometry {
  const hexX = Float64Array.from(hexQ, (q, h) => hexCentreX(q, hexR[h]!));
  const hexY = Float64Array.from(hexR, (r) => hexCentreY(r));
  const cornerCount = cornerLatX.length;
  const nodeCount = cornerCount + spotHex.length;
  const nodeX = new Float64Array(nodeCount);
  const nodeY = new Float64Array(nodeCount);
  const halfRoot3 = Math.sqrt(3) / 2;
  for (let v = 0; v < cornerCount; v++) {
    nodeX[v] = cornerLatX[v]! * halfRoot3;
    nodeY[v] = cornerLatY[v]! / 2;
  }
  spotHex.forEach((h, k) => {
    nodeX[cornerCount + k] = hexX[h]! + (spotAt[k]?.x ?? 0);
    nodeY[cornerCount + k] = hexY[h]! + (spotAt[k]?.y ?? 0);
  });
  const edgeCount = edgeNodes.length / 2;
  const edgeMidX = new Float64Array(edgeCount);
  const edgeMidY = new Float64Array(edgeCount);
  for (let e = 0; e < edgeCount; e++) {
    edgeMidX[e] = (nodeX[edgeNodes[e * 2]!]! + nodeX[edgeNodes[e * 2 + 1]!]!) / 2;
    edgeMidY[e] = (nodeY[edgeNodes[e * 2]!]! + nodeY[edgeNodes[e * 2 + 1]!]!) / 2;
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let v = 0; v < nodeCount; v++) {
    minX = Math.min(minX, nodeX[v]!);
    maxX = Math.max(maxX, nodeX[v]!);
    minY = Math.min(minY, nodeY[v]!);
    maxY = Math.max(maxY, nodeY[v]!);
  }
  if (nodeCount === 0) minX = minY = maxX = maxY = 0;
  return { hexX, hexY, nodeX, nodeY, edgeMidX, edgeMidY, bounds: { minX, minY, maxX, maxY } };
}

/** A hexagon of hexes of the given radius (radius 2: 19 hexes, 54 corners, 72 sides). */
export function hexagonBoard(radius: number): BoardResult {
  return buildBoard({ hexes: radiusHexes(radius) });
}

/** Rows of the given lengths, centred (e.g. 3,4,5,4,3 or 3,4,5,6,5,4,3). */
export function rowsBoard(lengths: readonly number[]): BoardResult {
  return buildBoard({ hexes: rowHexes(lengths) });
}

/**
 * The same board with `width` rings of frame hexes appended around it (ids of
 * existing hexes, corners and sides are kept; spots and paths are renumbered
 * after the new corners and sides). `hexFrameDepth` tells frame rings apart.
 */
export function withFrame(board: HexBoard, width: number): BoardResult {
  const frame = frameHexes(board.spec.hexes, width);
  const depth: number[] = Array.from({ length: board.hexCount }, (_, h) => board.hexFrameDepth[h]!);
  for (const f of frame) depth.push(f.depth);
  return buildBoard({
    ...board.spec,
    hexes: [...board.spec.hexes, ...frame.map((f) => ({ q: f.q, r: f.r }))],
    frameDepth: depth,
  });
}

/**
 * The same board with more spots and paths inside its hexes (and more
 * regions). Everything already there keeps its id: new spots and paths are
 * numbered after the existing ones.
 */
export function withInternals(
  board: HexBoard,
  extra: { spots?: BoardSpec['spots']; paths?: BoardSpec['paths']; regions?: BoardSpec['regions'] },
): BoardResult {
  return buildBoard({
    ...board.spec,
    spots: [...(board.spec.spots ?? []), ...(extra.spots ?? [])],
    paths: [...(board.spec.paths ?? []), ...(extra.paths ?? [])],
    regions: [...(board.spec.regions ?? []), ...(extra.regions ?? [])],
  });
}
