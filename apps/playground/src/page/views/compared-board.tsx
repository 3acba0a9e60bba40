// One side's board in a comparison's witness, with the sites where it differs from the other side at the same step
// outlined (the picture is @houserules/render's; the marks are a layer over its board part).
import type { BoardGeometryView } from '@houserules/engine';
import { BoardPicture } from './board-picture.tsx';
import { boardParts, cut, hexPoints } from './play-board.tsx';

export function ComparedBoard({ svg, geometry, sites }: { svg: string; geometry: BoardGeometryView | null; sites: number[] }) {
  const parts = geometry ? boardParts(svg, geometry) : null;
  if (!geometry || !parts) return <BoardPicture svg={svg} />;
  const hexes = new Map(geometry.hexes.map((h) => [h.id, h]));
  const corners = new Map(geometry.corners.map((c) => [c.id, c]));
  const edges = new Map(geometry.edges.map((e) => [e.id, e]));
  const marks = sites.map((site) => {
    const common = { class: 'site-diff', 'data-testid': 'site-diff', 'data-site': String(site) };
    const h = hexes.get(site);
    if (h) return <polygon key={site} {...common} points={hexPoints(h.x, h.y, 0.9)} />;
    const c = corners.get(site);
    if (c) return <circle key={site} {...common} cx={c.x} cy={c.y} r={0.32} />;
    const e = edges.get(site);
    if (e) return <line key={site} {...common} x1={e.x1} y1={e.y1} x2={e.x2} y2={e.y2} />;
    return null;
  });
  const b = parts.board;
  return (
    <div class="board compared-board" data-testid="board" data-differing-sites={sites.length}>
      <div class="board-canvas" style={{ aspectRatio: `${b.w} / ${b.h}` }}>
        <div class="board-picture" dangerouslySetInnerHTML={{ __html: cut(svg, b, 'board-svg') }} />
        <svg class="board-sites" viewBox={`${b.x} ${b.y} ${b.w} ${b.h}`} preserveAspectRatio="xMidYMid meet">
          {marks}
        </svg>
      </div>
      {parts.legend && <div class="board-legend" style={{ aspectRatio: `${parts.legend.w} / ${parts.legend.h}` }} dangerouslySetInnerHTML={{ __html: cut(svg, parts.legend, 'legend-svg') }} />}
    </div>
  );
}
