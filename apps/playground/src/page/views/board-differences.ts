// The sites of a board where two games differ at the same step (a comparison's witness): a hex whose kind or
// number differs, a site with other pieces (or owners) on it, a site whose per-site values or pools differ.
import type { BoardView } from '@houserules/engine';

type SiteValues = Record<string, Record<number, unknown>>;

/** The ids of the sites that differ between the two boards, in increasing order (none when either has no board). */
export function differingSites(a: BoardView | undefined, b: BoardView | undefined): number[] {
  if (!a || !b) return [];
  const out = new Set<number>();
  const hexes = Math.max(a.hexKinds.length, b.hexKinds.length);
  for (let h = 0; h < hexes; h++) if (a.hexKinds[h] !== b.hexKinds[h] || a.hexValues[h] !== b.hexValues[h]) out.add(h);
  const piecesAt = (board: BoardView): Map<number, string> => {
    const at = new Map<number, string[]>();
    for (const p of board.pieces) at.set(p.site, [...(at.get(p.site) ?? []), `${p.piece}:${p.owner}`]);
    return new Map([...at].map(([site, list]) => [site, list.sort().join(',')]));
  };
  const pa = piecesAt(a);
  const pb = piecesAt(b);
  for (const site of new Set([...pa.keys(), ...pb.keys()])) if (pa.get(site) !== pb.get(site)) out.add(site);
  const bySite = (x: SiteValues | undefined, y: SiteValues | undefined): void => {
    for (const name of new Set([...Object.keys(x ?? {}), ...Object.keys(y ?? {})])) {
      const vx = x?.[name] ?? {};
      const vy = y?.[name] ?? {};
      for (const site of new Set([...Object.keys(vx), ...Object.keys(vy)].map(Number))) if (JSON.stringify(vx[site]) !== JSON.stringify(vy[site])) out.add(site);
    }
  };
  bySite(a.vars, b.vars);
  bySite(a.pools, b.pools);
  return [...out].sort((x, y) => x - y);
}
