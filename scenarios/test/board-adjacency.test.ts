// Every shipped board's adjacency is closed: what a site's relations list (`c.edges`, `e.corners`,
// `c.neighbours`, `e.edges`, `h.corners`, `h.edges`) are the board's own corners and edges, the ones
// `choose e in edges` and `all(c in corners: …)` range over, and every such corner and edge is
// listed by the sites it touches. (A framed board once listed the sides between two frame hexes in a
// rim corner's `edges`: a search through `c.edges` found places no `choose` offered.)
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, compile } from '@houserules/compiler';
import { loadGraph, type LoadedGraph } from '@houserules/engine';
import { scenarioModules, scenariosDir } from '../start-boards.ts';
import { scenarioHost } from './load-scenario.ts';

interface Board {
  name: string;
  loaded: LoadedGraph;
}

function shippedBoards(): Board[] {
  const boards: Board[] = [];
  const folders = readdirSync(scenariosDir, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'node_modules' && d.name !== 'test');
  for (const folder of folders) {
    for (const entry of scenarioModules(join(scenariosDir, folder.name))) {
      for (const variant of [null, ...(check(scenarioHost, entry).value?.variants ?? [])]) {
        const compiled = compile(scenarioHost, entry, variant === null ? {} : { variant });
        const loaded = compiled.value ? loadGraph(compiled.value).value : null;
        if (loaded?.board) boards.push({ name: `${relative(scenariosDir, entry)}${variant === null ? '' : ` (${variant})`}`, loaded });
      }
    }
  }
  return boards;
}

const boards = shippedBoards();

/** The relations that break closure on a board, one line each (empty when closed). */
function openRelations(lg: LoadedGraph): string[] {
  const b = lg.board!;
  const corners = new Set(b.sites.corner);
  const edges = new Set(b.sites.edge);
  const hexes = new Set<number>();
  const problems: string[] = [];
  const within = (from: number, rel: string, list: Int32Array, sites: Set<number>, kind: string): void => {
    for (const x of list) if (!sites.has(x)) problems.push(`site ${from}'s ${rel} lists ${x}, not one of the board's ${kind}`);
  };
  for (const c of corners) {
    within(c, 'edges', b.rel.edges[c]!, edges, 'edges');
    within(c, 'neighbours', b.rel.neighbours[c]!, corners, 'corners');
    for (const h of b.rel.hexes[c]!) hexes.add(h);
  }
  for (const e of edges) {
    within(e, 'corners', b.rel.corners[e]!, corners, 'corners');
    within(e, 'edges', b.rel.edges[e]!, edges, 'edges');
    for (const h of b.rel.hexes[e]!) hexes.add(h);
    // vice versa: each end of an edge lists the edge
    for (const c of b.rel.corners[e]!) if (!b.rel.edges[c]!.includes(e)) problems.push(`edge ${e} is not among its corner ${c}'s edges`);
  }
  for (const h of [...b.sites.hex, ...hexes]) {
    within(h, 'corners', b.rel.corners[h]!, corners, 'corners');
    within(h, 'edges', b.rel.edges[h]!, edges, 'edges');
  }
  for (const c of corners) for (const e of b.rel.edges[c]!) if (!b.rel.corners[e]!.includes(c)) problems.push(`corner ${c} lists edge ${e}, which does not end at it`);
  return problems;
}

describe('board adjacency', () => {
  it('finds the shipped boards, framed ones among them', () => {
    expect(boards.map((b) => b.name)).toEqual(expect.arrayContaining(['catan/base.rules', 'catan/seafarers.rules', 'kaffee/kaffee.rules', 'diamond-islands/diamond-islands.rules']));
    expect(boards.some((b) => b.loaded.board!.sites.corner.length < b.loaded.board!.nodeCount)).toBe(true);
  });

  it.each(boards.map((b) => [b.name, b] as const))('%s: every site\'s corners and edges are board sites, and each edge is listed by its corners', (_name, board) => {
    expect(openRelations(board.loaded).slice(0, 5)).toEqual([]);
  });
});
