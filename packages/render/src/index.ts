export { pictureOf, type BoardPicture, type GameWithBoard } from './board-picture.ts';
export { renderBoard, type RenderOptions } from './render-board.ts';
export {
  mergeStyles, styleProblems, SHAPES, CORNER_SHAPES, EDGE_SHAPES, HEX_SHAPES,
  type BoardStyle, type KindStyle, type MarkerStyle, type PieceStyle, type Shape, type TokenStyle,
} from './board-style.ts';
export { kindFill, seatFill, KIND_FILLS, SEAT_FILLS } from './palette.ts';
export { ruleGraphDot } from './rule-graph-dot.ts';
export { renderTable } from './render-table.ts';
export { sideBySide } from './side-by-side.ts';
