/**
 * What a picture of a board is made of: the board's geometry (static per rule
 * graph) and its state as a seat sees it (kinds, values, pieces, per-site vars
 * and pools), both exactly as the engine gives them.
 */
import type { BoardGeometryView, BoardView } from '@houserules/engine';

export interface BoardPicture {
  geometry: BoardGeometryView;
  board: BoardView;
}

/** what `pictureOf` needs of a game (the engine's `Game` has it) */
export interface GameWithBoard {
  boardGeometry(): BoardGeometryView | null;
  view(seat: number): { board?: BoardView };
}

/** the board of a game as `seat` sees it (everything on a board is public), or null for a game without a board */
export function pictureOf(game: GameWithBoard, seat = 0): BoardPicture | null {
  const geometry = game.boardGeometry();
  const board = game.view(seat).board;
  return geometry && board ? { geometry, board } : null;
}
