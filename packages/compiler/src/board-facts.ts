import type { Decl, DeclarationTable, DeclOf } from './declaration-table.ts';
import type { SiteKind } from './type-system.ts';

/** The boards of a compilation, in declaration order. */
export function boardsOf(table: DeclarationTable): DeclOf<'board'>[] {
  // Asked for every site name lowered: scanning every declaration each time would make
  // a scenario of many declarations quadratic, so the answer is kept per table (and size).
  const known = boardsByTable.get(table);
  if (known !== undefined && known.size === table.byName.size) return known.boards;
  const boards = [...table.byName.values()].filter((d): d is DeclOf<'board'> => d.kind === 'board');
  boardsByTable.set(table, { size: table.byName.size, boards });
  return boards;
}

const boardsByTable = new WeakMap<DeclarationTable, { size: number; boards: DeclOf<'board'>[] }>();

/** The pieces that stand on sites of this kind, in declaration order. */
export function piecesOn(table: DeclarationTable, site: SiteKind): DeclOf<'piece'>[] {
  return [...table.byName.values()].filter((d): d is DeclOf<'piece'> => d.kind === 'piece' && (d.node.site ?? 'hex') === site);
}

/** The per-site vars of a site kind. */
export function siteVars(table: DeclarationTable, site: SiteKind): Decl[] {
  return [...table.byName.values()].filter((d) => d.kind === 'var' && d.scope === site);
}

/** The pools declared `per hex|corner|edge` for this kind of site. */
export function sitePools(table: DeclarationTable, site: SiteKind): Decl[] {
  return [...table.byName.values()].filter((d) => d.kind === 'pool' && d.scope === site);
}

/**
 * Every hex kind a board can hold (the enum of `h.kind`): the kinds written in
 * its map, then those of its `kinds` list, then the frame's, each once.
 */
export function hexKinds(board: DeclOf<'board'>): string[] {
  const kinds: string[] = [];
  const add = (k: string | undefined): void => {
    if (k !== undefined && k !== '' && !kinds.includes(k)) kinds.push(k);
  };
  const layout = board.node.layout;
  if (layout?.$type === 'HexMap') for (const h of layout.hexes ?? []) add(h?.kind?.name);
  for (const item of board.node.items ?? []) {
    if (item?.key !== 'kinds') continue;
    for (const v of item.values ?? []) {
      if (v?.$type === 'CardSpec') add(v.kind?.name);
      else if (v?.$type === 'NameRef') add(v.name?.name);
    }
  }
  for (const item of board.node.items ?? []) if (item?.key === 'frame') add(item.name?.name);
  return kinds;
}

/**
 * The hex kinds of every board (several boards: their union). A board an override
 * replaced counts too: rules of the base module may name its kinds (they are then
 * never true). Active boards' kinds come first, then the replaced boards', in
 * module order.
 */
export function allHexKinds(table: DeclarationTable): string[] {
  const kinds: string[] = [];
  const replaced = table.superseded.map((s) => s.decl).filter((d): d is DeclOf<'board'> => d.kind === 'board');
  for (const b of [...boardsOf(table), ...replaced]) for (const k of hexKinds(b)) if (!kinds.includes(k)) kinds.push(k);
  return kinds;
}

/**
 * The names of the sites inside hexes (`spots` and `paths` items) of the active
 * boards: name → `corner` (a spot) or `edge` (a path). A name is a member of
 * every hex (`h.station`: that hex's spot, or none); `lowerInternals` reports a
 * name that is both, or that clashes with another hex member.
 */
export function insideSiteNames(table: DeclarationTable): Map<string, 'corner' | 'edge'> {
  const names = new Map<string, 'corner' | 'edge'>();
  for (const b of boardsOf(table)) {
    for (const item of b.node.items ?? []) {
      if (item?.key === 'spots') for (const s of item.spots ?? []) if (s && !names.has(s.name)) names.set(s.name, 'corner');
      if (item?.key === 'paths') for (const p of item.paths ?? []) if (p?.name && !names.has(p.name.name)) names.set(p.name.name, 'edge');
    }
  }
  return names;
}

/** The region names of a board. */
export function regionNames(board: DeclOf<'board'>): string[] {
  return (board.node.items ?? []).filter((i) => i?.key === 'region' && i.name).map((i) => i.name!.name);
}

const DIRECTIONS: [number, number][] = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

export function hexKey(q: number, r: number): string {
  return `${q},${r}`;
}

/** The layout's hexes as `q,r` keys (maps: each entry; radius: the hexagon). */
export function layoutHexes(board: DeclOf<'board'>): string[] {
  const layout = board.node.layout;
  if (layout?.$type === 'HexMap') return (layout.hexes ?? []).filter((h) => h).map((h) => hexKey(h.q, h.r));
  const radius = layout?.radius ?? 0;
  const keys: string[] = [];
  for (let q = -radius; q <= radius; q++) {
    for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius); r++) keys.push(hexKey(q, r));
  }
  return keys;
}

/** The layout's hexes plus the rings of the frame, if any. */
export function allHexes(board: DeclOf<'board'>): Set<string> {
  const hexes = new Set(layoutHexes(board));
  const width = (board.node.items ?? []).find((i) => i?.key === 'frame')?.width ?? 0;
  let ring = [...hexes];
  for (let w = 0; w < width; w++) {
    const next: string[] = [];
    for (const key of ring) {
      const [q, r] = key.split(',').map(Number) as [number, number];
      for (const [dq, dr] of DIRECTIONS) {
        const n = hexKey(q + dq, r + dr);
        if (!hexes.has(n)) {
          hexes.add(n);
          next.push(n);
        }
      }
    }
    ring = next;
  }
  return hexes;
}
