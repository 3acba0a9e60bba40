import type { PlayState } from '../../protocol/engine-protocol.ts';

/** The board, drawn by @houserules/render in the engine worker (an SVG document whose text it escapes). */
export function BoardPicture({ s }: { s: PlayState }) {
  if (!s.boardSvg) return <p class="muted">This game has a board; its picture needs @houserules/render, which has not landed yet.</p>;
  return <div class="board" data-testid="board" dangerouslySetInnerHTML={{ __html: s.boardSvg }} />;
}
