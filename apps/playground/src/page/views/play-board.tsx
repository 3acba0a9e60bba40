// The board of a game, to play on: @houserules/render's picture (drawn in the engine worker, its text escaped),
// with a layer on top that marks the sites the viewer's options place or pick. Hovering an option (here or in the
// list) lights its sites; clicking a site picks its option, or lists them when several options share it. The
// picture's legend is shown beside the board at a size that reads, whatever the board's zoom: the same SVG is
// drawn twice, its viewBox cut to the board and to the legend.
import { useSignal } from '@preact/signals';
import type { BoardGeometryView } from '@houserules/engine';
import type { PlayOption } from '../../protocol/engine-protocol.ts';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Zoom steps of the board (1: as wide as its pane). */
const ZOOMS = [1, 1.5, 2, 3];

/** The picture's viewBox, and where its board ends and its legend begins (render puts the legend to the right). */
export function boardParts(svg: string, geometry: BoardGeometryView): { board: Box; legend: Box | null } | null {
  const m = /<svg[^>]*\bviewBox="([-\d.e]+) ([-\d.e]+) ([-\d.e]+) ([-\d.e]+)"/.exec(svg);
  if (!m) return null;
  const [x, y, w, h] = m.slice(1).map(Number) as [number, number, number, number];
  const b = geometry.bounds;
  const margin = b.minX - x;
  const boardW = b.maxX - b.minX + 2 * margin;
  const boardH = b.maxY - b.minY + 2 * margin;
  const legendW = w - boardW;
  // the legend's rows end at its last label: the box stops there, not at the bottom of a taller board
  let last = y;
  for (const t of svg.matchAll(/<text x="([-\d.e]+)" y="([-\d.e]+)"/g)) if (Number(t[1]) > x + boardW) last = Math.max(last, Number(t[2]));
  const legendH = Math.min(h, last - y + 0.4);
  return { board: { x, y, w: boardW, h: boardH }, legend: legendW > 0.5 && last > y ? { x: x + boardW, y, w: legendW, h: legendH } : null };
}

/** The same picture with another viewBox, sized by the page (its width and height attributes dropped). */
export function cut(svg: string, box: Box, cls: string): string {
  return svg.replace(/<svg([^>]*)>/, (_all, attrs: string) => {
    const kept = attrs.replace(/\s(viewBox|width|height)="[^"]*"/g, '');
    return `<svg${kept} viewBox="${box.x} ${box.y} ${box.w} ${box.h}" class="${cls}" preserveAspectRatio="xMidYMid meet">`;
  });
}

export interface BoardProps {
  svg: string;
  geometry: BoardGeometryView;
  /** the viewer's options that have sites (others are only in the list) */
  options: PlayOption[];
  /** the option hovered in the list: its sites are lit */
  hovered: number | null;
  disabled: boolean;
  onChoose: (option: number) => void;
}

export function PlayBoard({ svg, geometry, options, hovered, disabled, onChoose }: BoardProps) {
  const zoom = useSignal(0);
  const hotSite = useSignal<number | null>(null);
  const pickedSite = useSignal<number | null>(null);
  const parts = boardParts(svg, geometry);
  if (!parts) return <div class="board" data-testid="board" dangerouslySetInnerHTML={{ __html: svg }} />;
  const bySite = new Map<number, PlayOption[]>();
  for (const o of options) for (const s of o.sites) bySite.set(s, [...(bySite.get(s) ?? []), o]);
  const lit = new Set(hovered === null ? [] : (options.find((o) => o.index === hovered)?.sites ?? []));
  const hexes = new Map(geometry.hexes.map((h) => [h.id, h]));
  const corners = new Map(geometry.corners.map((c) => [c.id, c]));
  const edges = new Map(geometry.edges.map((e) => [e.id, e]));
  const pick = (site: number): void => {
    if (disabled) return;
    const here = bySite.get(site) ?? [];
    if (here.length === 1) {
      pickedSite.value = null;
      onChoose(here[0]!.index);
    } else pickedSite.value = site;
  };
  const title = (site: number): string => (bySite.get(site) ?? []).map((o) => o.label + (o.around ? ` [${o.around}]` : '')).join('\n');
  const marks = [...bySite.keys()].map((site) => {
    const cls = `site-mark${lit.has(site) || hotSite.value === site ? ' hot' : ''}${pickedSite.value === site ? ' picked' : ''}`;
    const common = {
      class: cls,
      'data-site': String(site),
      'data-testid': 'site-mark',
      onClick: () => pick(site),
      onMouseEnter: () => (hotSite.value = site),
      onMouseLeave: () => (hotSite.value = null),
    };
    const h = hexes.get(site);
    if (h) return <polygon key={site} {...common} points={hexPoints(h.x, h.y, 0.82)}><title>{title(site)}</title></polygon>;
    const c = corners.get(site);
    if (c) return <circle key={site} {...common} cx={c.x} cy={c.y} r={0.2}><title>{title(site)}</title></circle>;
    const e = edges.get(site);
    if (e) {
      // the middle two thirds of the side, so that its ends stay the corners'
      const [x1, y1, x2, y2] = [e.x1 + (e.x2 - e.x1) / 6, e.y1 + (e.y2 - e.y1) / 6, e.x2 - (e.x2 - e.x1) / 6, e.y2 - (e.y2 - e.y1) / 6];
      return <line key={site} {...common} x1={x1} y1={y1} x2={x2} y2={y2}><title>{title(site)}</title></line>;
    }
    return null;
  });
  const b = parts.board;
  const here = pickedSite.value === null ? [] : (bySite.get(pickedSite.value) ?? []);
  return (
    <div class="play-board" data-testid="board">
      <div class="board-tools">
        <button class="btn small" title="smaller" disabled={zoom.value === 0} onClick={() => (zoom.value = Math.max(0, zoom.value - 1))} aria-label="zoom out">
          −
        </button>
        <span class="muted">{Math.round(ZOOMS[zoom.value]! * 100)}%</span>
        <button class="btn small" title="larger" disabled={zoom.value === ZOOMS.length - 1} onClick={() => (zoom.value = Math.min(ZOOMS.length - 1, zoom.value + 1))} aria-label="zoom in">
          +
        </button>
        {bySite.size > 0 && <span class="muted">{disabled ? '' : 'click a marked site to choose it'}</span>}
      </div>
      <div class="board-and-legend">
        <div class="board-viewport">
          <div class="board-canvas" style={{ width: `${ZOOMS[zoom.value]! * 100}%`, aspectRatio: `${b.w} / ${b.h}` }}>
            <div class="board-picture" dangerouslySetInnerHTML={{ __html: cut(svg, b, 'board-svg') }} />
            <svg class="board-sites" viewBox={`${b.x} ${b.y} ${b.w} ${b.h}`} preserveAspectRatio="xMidYMid meet" data-testid="board-sites">
              {marks}
            </svg>
          </div>
        </div>
        {parts.legend && <div class="board-legend" data-testid="board-legend" style={{ aspectRatio: `${parts.legend.w} / ${parts.legend.h}` }} dangerouslySetInnerHTML={{ __html: cut(svg, parts.legend, 'legend-svg') }} />}
      </div>
      {here.length > 1 && (
        <div class="site-options" data-testid="site-options">
          <span class="muted">{here.length} options here:</span>
          {here.map((o) => (
            <button key={o.index} class="option-btn" data-testid="option" disabled={disabled} onClick={() => { pickedSite.value = null; onChoose(o.index); }}>
              {o.label}
            </button>
          ))}
          <button class="link" onClick={() => (pickedSite.value = null)}>
            cancel
          </button>
        </div>
      )}
    </div>
  );
}

export function hexPoints(x: number, y: number, r: number): string {
  return [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const a = ((60 * i - 30) * Math.PI) / 180;
      return `${(x + r * Math.cos(a)).toFixed(3)},${(y + r * Math.sin(a)).toFixed(3)}`;
    })
    .join(' ');
}
