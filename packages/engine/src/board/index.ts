export type { Adjacency } from './adjacency.ts';
export { degree, itemsOf, packAdjacency } from './adjacency.ts';
export type { BoardProblem, BoardProblemCode, BoardSpec, NodeRef, PathSpec, RegionSpec, SpotSpec } from './board-spec.ts';
export type { BoardResult } from './build-board.ts';
export { buildBoard, hexagonBoard, rowsBoard, withFrame, withInternals } from './build-board.ts';
export type { BoardGeometry } from './geometry.ts';
export { CORNER_DX, CORNER_DY, edgeEndpoints, hexCentreX, hexCentreY } from './geometry.ts';
export type { HexBoard } from './hex-board.ts';
export type { FrameHex, HexCoord } from './hex-coords.ts';
export { HEX_DIRECTIONS, frameHexes, hexDistance, hexKey, radiusHexes, rowHexes } from './hex-coords.ts';
export type { Owners } from './graph-queries.ts';
export {
  edgeComponents,
  edgeConnects,
  edgesJoin,
  hasOccupiedNeighbour,
  nodeDistance,
  nodeDistances,
  touchesOwnedEdge,
} from './graph-queries.ts';
export type { TrailOptions } from './longest-trail.ts';
export { longestTrail } from './longest-trail.ts';
export type { RandomSource, ValueAssignment, ValueOptions } from './random-setup.ts';
export { assignValues, dealKinds, fromUint32, hasAdjacentPair, shuffleInPlace } from './random-setup.ts';
export type { LandMasses, Region } from './regions.ts';
export {
  boundarySides,
  coastalHexes,
  createRegion,
  hexMaskOf,
  landMasses,
  nodeLandMass,
  regionHasEdge,
  regionHasHex,
  regionHasNode,
  sidesTouching,
} from './regions.ts';
export { hexAt, spotNode, cornerOf, sideOf } from './lookups.ts';
export type { BoardDeclaration, HexContents } from './board-declaration.ts';
export { boardFromDeclaration, fillHexes } from './board-declaration.ts';
