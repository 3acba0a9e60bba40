/** A board drawn by @houserules/render in the engine worker (an SVG document whose text it escapes). */
export function BoardPicture({ svg }: { svg: string }) {
  return <div class="board" data-testid="board" dangerouslySetInnerHTML={{ __html: svg }} />;
}
