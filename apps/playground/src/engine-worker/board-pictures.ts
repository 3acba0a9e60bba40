// Boards as pictures, drawn here by @houserules/render (an SVG string whose text it escapes), styled by the
// `style.json` of the scenario's folder — or of the nearest module it builds on — and the styles that extends.
import { normalizePath } from '@houserules/compiler';
import type { Game } from '@houserules/engine';
import { mergeStyles, pictureOf, renderBoard, seatFill, styleProblems, type BoardStyle } from '@houserules/render';
import type { RuleGraph } from '@houserules/schema';
import { dirOf, type ProjectFiles } from './project-files.ts';

/** How many `extends` a style may chain. */
const MAX_STYLE_DEPTH = 4;
/** Pixels per board unit in the page (the board is scaled to its panel anyway). */
const SCALE = 30;

function readStyle(project: ProjectFiles, path: string, depth: number): BoardStyle | null {
  const text = project.read(path);
  if (text === undefined || text.length > 100_000) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (styleProblems(value).length > 0) return null;
  const style = value as BoardStyle & { extends?: string };
  const { extends: base, ...own } = style;
  if (typeof base !== 'string' || depth >= MAX_STYLE_DEPTH) return own;
  const parent = readStyle(project, normalizePath(`${dirOf(path)}/${base}`), depth + 1);
  return parent ? mergeStyles(parent, own) : own;
}

/** The style of the most derived module's folder that has one. */
export function styleFor(project: ProjectFiles, graph: RuleGraph): BoardStyle {
  for (const m of [...graph.scenario.modules].reverse()) {
    const style = readStyle(project, normalizePath(`${dirOf(normalizePath(m.file))}/style.json`), 0);
    if (style) return style;
  }
  return {};
}

export function boardSvg(game: Game, style: BoardStyle, viewer: number): string | null {
  const picture = pictureOf(game, Math.max(0, viewer));
  return picture ? renderBoard(picture, style, { scale: SCALE, legend: true }) : null;
}

/** Each seat's colour, as the board draws its pieces (the style's `players`, else the generic palette). */
export function seatColours(style: BoardStyle, players: number): string[] {
  return Array.from({ length: players }, (_, seat) => seatFill(seat, style.players));
}
