/**
 * A board picture as an SVG document (a string): hexes filled by kind, number
 * tokens, marked per-site vars, the counts of per-site pools, pieces in their
 * owners' colours, and optionally a title and a legend. Deterministic: the same
 * picture and style give the same bytes. Coordinates are board units (a hex's
 * centre-to-corner distance is 1, pointy-top, y downwards); `scale` pixels each.
 */
import type { BoardPicture } from './board-picture.ts';
import type { BoardStyle, MarkerStyle, PieceStyle, Shape } from './board-style.ts';
import { EMPHASIS_FILL, MARKER_FILL, NEUTRAL_FILL, NO_KIND_FILL, OUTLINE, TOKEN_FILL, defaultShape, kindFill, seatFill, textOn } from './palette.ts';
import { shapeAlong, shapeAt } from './shapes.ts';
import { attrs, el, num, polygonPath, safeColour, textEl } from './svg-text.ts';

export interface RenderOptions {
  /** written above the board (and as the document's title) */
  title?: string;
  /** pixels per board unit; 36 by default */
  scale?: number;
  /** a key of the kinds, pieces, tokens and markers on the board, to its right */
  legend?: boolean;
}

type SiteKind = 'hex' | 'corner' | 'edge';

const MARGIN = 0.6;
const TITLE_HEIGHT = 1;
const LEGEND_WIDTH = 5.2;
const LEGEND_ROW = 0.55;

/** the pieces' looks, resolved once: shape, size and unowned fill per piece name */
interface PieceLook {
  site: SiteKind;
  shape: Shape;
  size: number;
  fill: string;
}

function pieceLooks(picture: BoardPicture, style: BoardStyle): Map<string, PieceLook> {
  const looks = new Map<string, PieceLook>();
  const nth: Record<SiteKind, number> = { hex: 0, corner: 0, edge: 0 };
  for (const p of picture.geometry.pieces) {
    const s: PieceStyle = style.pieces?.[p.name] ?? {};
    const size = typeof s.size === 'number' && s.size > 0 && s.size <= 4 ? s.size : 1;
    looks.set(p.name, { site: p.site, shape: s.shape ?? defaultShape(p.site, nth[p.site]++), size, fill: safeColour(s.fill) ?? NEUTRAL_FILL });
  }
  return looks;
}

function hexOutline(x: number, y: number, r: number): string {
  const pts = [0, 1, 2, 3, 4, 5].map((i) => {
    const a = ((60 * i - 30) * Math.PI) / 180;
    return [x + r * Math.cos(a), y + r * Math.sin(a)] as const;
  });
  return polygonPath(pts);
}

export function renderBoard(picture: BoardPicture, style: BoardStyle = {}, options: RenderOptions = {}): string {
  const { geometry, board } = picture;
  const scale = options.scale ?? 36;
  const b = geometry.bounds;
  const top = options.title !== undefined ? TITLE_HEIGHT : 0;
  const minX = b.minX - MARGIN;
  const minY = b.minY - MARGIN - top;
  const boardWidth = b.maxX - b.minX + 2 * MARGIN;
  const width = boardWidth + (options.legend ? LEGEND_WIDTH : 0);
  const height = b.maxY - b.minY + 2 * MARGIN + top;
  const centreX = (b.minX + b.maxX) / 2;
  const centreY = (b.minY + b.maxY) / 2;

  const kindOfSite = new Map<number, SiteKind>();
  const hexAt = new Map(geometry.hexes.map((h) => [h.id, h]));
  const cornerAt = new Map(geometry.corners.map((c) => [c.id, c]));
  const edgeAt = new Map(geometry.edges.map((e) => [e.id, e]));
  for (const h of geometry.hexes) kindOfSite.set(h.id, 'hex');
  for (const c of geometry.corners) kindOfSite.set(c.id, 'corner');
  for (const e of geometry.edges) kindOfSite.set(e.id, 'edge');
  const looks = pieceLooks(picture, style);
  const emphasis = new Set(Array.isArray(style.values?.emphasis) ? style.values!.emphasis : []);
  const emphasisFill = safeColour(style.values?.emphasisFill) ?? EMPHASIS_FILL;
  const tokenFill = safeColour(style.values?.fill) ?? TOKEN_FILL;
  const fillOfKind = (kind: string): string => (kind === 'none' ? NO_KIND_FILL : safeColour(style.kinds?.[kind]?.fill) ?? kindFill(kind));

  const out: string[] = [];
  if (options.title !== undefined) out.push(textEl('text', { x: minX + MARGIN, y: minY + 0.7, 'font-size': 0.55, 'font-weight': 'bold', fill: OUTLINE }, options.title));

  // hexes: fill by kind, the frame a little paler
  out.push('<g stroke="#fbfbf6" stroke-width="0.05">');
  for (const h of geometry.hexes) {
    const kind = board.hexKinds[h.id] ?? 'none';
    out.push(el('path', { d: hexOutline(h.x, h.y, 1), fill: fillOfKind(kind), 'fill-opacity': h.frame ? 0.75 : undefined }));
  }
  out.push('</g>');
  for (const h of geometry.hexes) {
    const label = style.kinds?.[board.hexKinds[h.id] ?? 'none']?.label;
    if (typeof label === 'string' && label !== '') {
      out.push(textEl('text', { x: h.x, y: h.y - 0.42, 'font-size': 0.2, 'text-anchor': 'middle', fill: textOn(fillOfKind(board.hexKinds[h.id] ?? 'none')) }, label));
    }
  }

  // paths and spots inside hexes
  for (const e of geometry.edges) {
    if (!e.path) continue;
    out.push(el('line', { x1: e.x1, y1: e.y1, x2: e.x2, y2: e.y2, stroke: '#6b5b45', 'stroke-width': 0.05, 'stroke-dasharray': '0.12 0.08' }));
    if (e.name !== undefined) out.push(textEl('text', { x: (e.x1 + e.x2) / 2, y: (e.y1 + e.y2) / 2 - 0.06, 'font-size': 0.13, 'text-anchor': 'middle', fill: OUTLINE }, e.name));
  }
  for (const c of geometry.corners) {
    if (!c.spot) continue;
    out.push(el('circle', { cx: c.x, cy: c.y, r: 0.1, fill: '#ffffff', stroke: '#6b5b45', 'stroke-width': 0.03 }));
    if (c.name !== undefined) out.push(textEl('text', { x: c.x, y: c.y + 0.25, 'font-size': 0.14, 'text-anchor': 'middle', fill: OUTLINE }, c.name));
  }

  // number tokens (above the middle of a hex with sites inside it, which take the middle)
  const withInside = new Set(geometry.corners.filter((c) => c.spot && c.inside !== undefined).map((c) => c.inside!));
  for (const h of geometry.hexes) {
    const v = board.hexValues[h.id] ?? -1;
    if (v < 0) continue;
    const hot = emphasis.has(v);
    const y = withInside.has(h.id) ? h.y - 0.62 : h.y;
    out.push(el('circle', { cx: h.x, cy: y, r: 0.3, fill: tokenFill, stroke: OUTLINE, 'stroke-width': 0.02 }));
    out.push(textEl('text', { x: h.x, y: y + 0.1, 'font-size': v >= 10 ? 0.26 : 0.3, 'text-anchor': 'middle', 'font-weight': hot ? 'bold' : undefined, fill: hot ? emphasisFill : OUTLINE }, String(v)));
  }

  // the unit vector from an edge's middle towards the one of its two hexes that has no number, if just one has none
  const awayFrom = (mx: number, my: number): [number, number] => {
    const beside = geometry.hexes.filter((h) => Math.hypot(h.x - mx, h.y - my) < 0.9);
    const bare = beside.filter((h) => (board.hexValues[h.id] ?? -1) < 0);
    const to = beside.length === 2 && bare.length === 1 ? bare[0]! : null;
    const dx = to ? to.x - mx : mx - centreX;
    const dy = to ? to.y - my : my - centreY;
    const d = Math.hypot(dx, dy) || 1;
    return [dx / d, dy / d];
  };

  // marked per-site vars: the two ends of an edge marked alike share one marker beside it
  const markersUsed: { name: string; value: string; marker: MarkerStyle }[] = [];
  for (const [varName, bySite] of Object.entries(board.vars)) {
    const marked = style.siteVars?.[varName];
    if (!marked) continue;
    const markerOf = (site: number): MarkerStyle | null => {
      const value = bySite[site];
      return value === undefined ? null : (marked[String(value)] ?? null);
    };
    const used = new Set<string>();
    const note = (site: number, m: MarkerStyle): void => {
      const value = String(bySite[site]);
      // one legend row a value, or a name several values share
      const key = typeof m.name === 'string' ? `name:${m.name}` : `value:${value}`;
      if (!used.has(key)) {
        used.add(key);
        markersUsed.push({ name: varName, value, marker: m });
      }
    };
    const drawn = new Set<number>();
    const marker = (x: number, y: number, m: MarkerStyle): void => {
      const fill = safeColour(m.fill) ?? MARKER_FILL;
      out.push(el('circle', { cx: x, cy: y, r: 0.23, fill, stroke: OUTLINE, 'stroke-width': 0.025 }));
      if (typeof m.label === 'string') out.push(textEl('text', { x, y: y + 0.06, 'font-size': 0.16, 'text-anchor': 'middle', fill: textOn(fill) }, m.label));
    };
    for (const e of geometry.edges) {
      const a = markerOf(e.from);
      const c = markerOf(e.to);
      if (!a || !c || drawn.has(e.from) || drawn.has(e.to) || String(bySite[e.from]) !== String(bySite[e.to])) continue;
      drawn.add(e.from);
      drawn.add(e.to);
      const mx = (e.x1 + e.x2) / 2;
      const my = (e.y1 + e.y2) / 2;
      // pushed out over the side's hex without a number (the water), else away from the board's middle
      const [ax, ay] = awayFrom(mx, my);
      const px = mx + ax * 0.45;
      const py = my + ay * 0.45;
      out.push(el('line', { x1: px, y1: py, x2: e.x1, y2: e.y1, stroke: OUTLINE, 'stroke-width': 0.03 }));
      out.push(el('line', { x1: px, y1: py, x2: e.x2, y2: e.y2, stroke: OUTLINE, 'stroke-width': 0.03 }));
      marker(px, py, a);
      note(e.from, a);
    }
    for (const [siteText, value] of Object.entries(bySite)) {
      const site = Number(siteText);
      const m = marked[String(value)];
      if (!m || drawn.has(site)) continue;
      const kind = kindOfSite.get(site);
      const at = kind === 'hex' ? hexAt.get(site) : kind === 'corner' ? cornerAt.get(site) : undefined;
      const edge = kind === 'edge' ? edgeAt.get(site) : undefined;
      if (at) marker(at.x, at.y - (kind === 'hex' ? 0.6 : 0), m);
      else if (edge) marker((edge.x1 + edge.x2) / 2, (edge.y1 + edge.y2) / 2, m);
      else continue;
      note(site, m);
    }
  }

  // per-site pools: each token held, with its count
  const tokensShown = new Set<string>();
  for (const bySite of Object.values(board.pools ?? {})) {
    for (const [siteText, counts] of Object.entries(bySite)) {
      const site = Number(siteText);
      const kind = kindOfSite.get(site);
      const held = Object.entries(counts).filter(([, n]) => n > 0);
      if (held.length === 0 || kind === undefined) continue;
      let x: number;
      let y: number;
      if (kind === 'hex') {
        const h = hexAt.get(site)!;
        x = h.x - ((held.length - 1) * 0.5) / 2;
        y = h.y + 0.52;
      } else if (kind === 'corner') {
        const c = cornerAt.get(site)!;
        x = c.x;
        y = c.y + 0.3;
      } else {
        const e = edgeAt.get(site)!;
        x = (e.x1 + e.x2) / 2;
        y = (e.y1 + e.y2) / 2 + 0.25;
      }
      for (const [token, n] of held) {
        tokensShown.add(token);
        const t = style.tokens?.[token] ?? {};
        const fill = safeColour(t.fill) ?? kindFill(token);
        out.push(el('rect', { x: x - 0.26, y: y - 0.15, width: 0.52, height: 0.3, rx: 0.08, fill: '#ffffff', 'fill-opacity': 0.85, stroke: OUTLINE, 'stroke-width': 0.015 }));
        out.push(shapeAt(t.shape ?? 'diamond', x - 0.12, y, 0.1, fill));
        out.push(textEl('text', { x: x + 0.1, y: y + 0.07, 'font-size': 0.19, 'text-anchor': 'middle', fill: OUTLINE }, String(n)));
        x += 0.5;
      }
    }
  }

  // pieces: edges, then corners, then hexes (so a hex's piece is on top)
  const seatColours = Array.isArray(style.players) ? style.players.map((c) => safeColour(c) ?? NEUTRAL_FILL) : undefined;
  const colourOf = (owner: number, look: PieceLook): string => (owner >= 0 ? seatFill(owner, seatColours) : look.fill);
  const seatsShown = new Set<number>();
  for (const layer of ['edge', 'corner', 'hex'] as const) {
    for (const p of board.pieces) {
      const look = looks.get(p.piece);
      if (!look || kindOfSite.get(p.site) !== layer) continue;
      if (p.owner >= 0) seatsShown.add(p.owner);
      const fill = colourOf(p.owner, look);
      if (layer === 'edge') {
        const e = edgeAt.get(p.site)!;
        out.push(shapeAlong(look.shape, e.x1, e.y1, e.x2, e.y2, 0.13 * look.size, fill));
      } else if (layer === 'corner') {
        const c = cornerAt.get(p.site)!;
        out.push(shapeAt(look.shape, c.x, c.y, 0.17 * look.size, fill));
      } else {
        const h = hexAt.get(p.site)!;
        out.push(shapeAt(look.shape, h.x - 0.5, h.y - 0.05, 0.24 * look.size, fill));
      }
    }
  }

  let legendBottom = minY;
  if (options.legend) {
    const lx = minX + boardWidth + 0.2;
    let ly = minY + top + MARGIN + 0.2;
    const row = (draw: (x: number, y: number) => string, label: string): void => {
      out.push(draw(lx + 0.25, ly));
      out.push(textEl('text', { x: lx + 0.65, y: ly + 0.09, 'font-size': 0.26, fill: OUTLINE }, label));
      ly += LEGEND_ROW;
    };
    const kinds = [...new Set(geometry.hexes.map((h) => board.hexKinds[h.id] ?? 'none'))].filter((k) => k !== 'none').sort();
    for (const k of kinds) row((x, y) => el('path', { d: hexOutline(x, y, 0.22), fill: fillOfKind(k), stroke: OUTLINE, 'stroke-width': 0.015 }), k);
    for (const p of geometry.pieces) {
      const look = looks.get(p.name)!;
      const fill = p.perPlayer ? seatFill(0, seatColours) : look.fill;
      row((x, y) => (look.site === 'edge' ? shapeAlong(look.shape, x - 0.3, y, x + 0.3, y, 0.13, fill) : shapeAt(look.shape, x, y, 0.17, fill)), p.name);
    }
    for (const token of [...tokensShown].sort()) {
      const t = style.tokens?.[token] ?? {};
      row((x, y) => shapeAt(t.shape ?? 'diamond', x, y, 0.12, safeColour(t.fill) ?? kindFill(token)), t.label ?? token);
    }
    for (const { name, value, marker } of markersUsed) {
      const fill = safeColour(marker.fill) ?? MARKER_FILL;
      row((x, y) => el('circle', { cx: x, cy: y, r: 0.17, fill, stroke: OUTLINE, 'stroke-width': 0.02 }), typeof marker.name === 'string' ? marker.name : `${name}: ${value}`);
    }
    for (const seat of [...seatsShown].sort((a, c) => a - c)) {
      row((x, y) => el('rect', { x: x - 0.17, y: y - 0.17, width: 0.34, height: 0.34, fill: seatFill(seat, seatColours), stroke: OUTLINE, 'stroke-width': 0.02 }), `p${seat + 1}`);
    }
    legendBottom = ly;
  }
  // the page: as high as the board, or as the legend where it runs longer
  const pageHeight = Math.max(height, legendBottom - minY + MARGIN);
  const head: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" ${attrs({ viewBox: `${num(minX)} ${num(minY)} ${num(width)} ${num(pageHeight)}`, width: Math.round(width * scale), height: Math.round(pageHeight * scale), 'font-family': 'Helvetica, Arial, sans-serif' })}>`,
  ];
  if (options.title !== undefined) head.push(textEl('title', {}, options.title));
  const background = safeColour(style.background);
  if (background) head.push(el('rect', { x: minX, y: minY, width, height: pageHeight, fill: background }));
  return [...head, ...out, '</svg>'].join('\n') + '\n';
}
