/**
 * The generic palette: what a name looks like when no style names it. A hex kind
 * takes a colour picked by a hash of its name, so a kind looks the same in every
 * picture of every scenario; pieces take their site kind's shapes in order.
 */
import { CORNER_SHAPES, EDGE_SHAPES, HEX_SHAPES, type Shape } from './board-style.ts';

/** muted, distinct fills for hex kinds (none reads as any particular terrain) */
export const KIND_FILLS: readonly string[] = [
  '#8fb996', '#d9c27e', '#b5838d', '#7fa7c9', '#c9a27f', '#9aa5b1',
  '#a3c47a', '#d4a5a5', '#8e9aaf', '#c7b198', '#6d9f9c', '#b8a9c9',
];

/** seat colours, seat 1 first: far apart in hue and lightness */
export const SEAT_FILLS: readonly string[] = ['#d7301f', '#2b6cb0', '#f2f2f2', '#ed8936', '#38a169', '#805ad5', '#8b5a2b', '#d53f8c'];

export const NEUTRAL_FILL = '#4a4a4a';
export const TOKEN_FILL = '#f3e9cf';
export const EMPHASIS_FILL = '#c0392b';
export const OUTLINE = '#2d2d2d';
export const MARKER_FILL = '#f7f7f7';
export const NO_KIND_FILL = '#e6e6e6';

/** FNV-1a over the name's UTF-16 units: a fixed pick for a fixed name */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function kindFill(kind: string): string {
  return KIND_FILLS[nameHash(kind) % KIND_FILLS.length]!;
}

export function seatFill(seat: number, players: readonly string[] | undefined): string {
  const list = players && players.length > 0 ? players : SEAT_FILLS;
  return list[seat % list.length]!;
}

/** the default shape of the n-th piece kind (in declaration order) that stands on this kind of site */
export function defaultShape(site: 'hex' | 'corner' | 'edge', n: number): Shape {
  const list = site === 'corner' ? CORNER_SHAPES : site === 'edge' ? EDGE_SHAPES : HEX_SHAPES;
  return list[n % list.length]!;
}

/** black or white text, whichever reads better on this fill */
export function textOn(fill: string): string {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(fill);
  if (!m) return '#000';
  const hex = m[1]!.length === 3 ? m[1]!.split('').map((c) => c + c).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 150 ? '#000' : '#fff';
}
