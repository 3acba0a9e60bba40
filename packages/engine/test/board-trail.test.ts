import { describe, expect, it } from 'vitest';
import { hexagonBoard, longestTrail, sideOf } from '../src/board/index.ts';
import { drawGraph, emptyOwners } from './board-helpers.ts';

type Pair = readonly [string, string];

/** The board, an owner array giving all of `pairs` to player 0, and the node lookup. */
function owned(pairs: readonly Pair[]) {
  const g = drawGraph(pairs);
  const edges = emptyOwners(g.board.edgeCount);
  pairs.forEach((_, k) => (edges[g.edge(k)] = 0));
  const nodes = emptyOwners(g.board.nodeCount);
  return { ...g, edges, nodes };
}

const PATH5: Pair[] = [
  ['a', 'b'],
  ['b', 'c'],
  ['c', 'd'],
  ['d', 'e'],
  ['e', 'f'],
];

describe('longest trail', () => {
  it('is 0 without pieces', () => {
    const g = owned(PATH5);
    expect(longestTrail(g.board, 1, { layers: [g.edges] })).toBe(0);
  });

  it('follows a simple path of 5', () => {
    const g = owned(PATH5);
    expect(longestTrail(g.board, 0, { layers: [g.edges] })).toBe(5);
  });

  it('takes the two longest branches of a fork', () => {
    // Stem a-b-c, branches c-d-e and c-x-y-z: the best trail is a..c..z or e..c..z.
    const g = owned([
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'e'],
      ['c', 'x'],
      ['x', 'y'],
      ['y', 'z'],
    ]);
    expect(longestTrail(g.board, 0, { layers: [g.edges] })).toBe(5);
  });

  it('counts a loop in full, and a tail after it', () => {
    const loop: Pair[] = [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'e'],
      ['e', 'f'],
      ['f', 'a'],
    ];
    expect(longestTrail(owned(loop).board, 0, { layers: [owned(loop).edges] })).toBe(6);
    const withTail = owned([...loop, ['a', 't'], ['t', 'u']]);
    expect(longestTrail(withTail.board, 0, { layers: [withTail.edges] })).toBe(8);
  });

  it('revisits a node but never a piece (two triangles sharing a node)', () => {
    const g = owned([
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
      ['a', 'd'],
      ['d', 'e'],
      ['e', 'a'],
    ]);
    expect(longestTrail(g.board, 0, { layers: [g.edges] })).toBe(6);
  });

  it("is split by another owner's piece in the middle, not by one's own or one at an end", () => {
    const g = owned(PATH5);
    g.nodes[g.node('c')] = 1;
    expect(longestTrail(g.board, 0, { layers: [g.edges], nodeOwners: g.nodes })).toBe(3);
    g.nodes[g.node('c')] = 0;
    expect(longestTrail(g.board, 0, { layers: [g.edges], nodeOwners: g.nodes })).toBe(5);
    g.nodes[g.node('c')] = -1;
    g.nodes[g.node('a')] = 1;
    g.nodes[g.node('f')] = 2;
    expect(longestTrail(g.board, 0, { layers: [g.edges], nodeOwners: g.nodes })).toBe(5);
  });

  it('a blocker on a loop turns it into a path that still ends there', () => {
    const g = owned([
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'a'],
    ]);
    g.nodes[g.node('a')] = 1;
    // From a round to a: a trail may start and end at a blocker.
    expect(longestTrail(g.board, 0, { layers: [g.edges], nodeOwners: g.nodes })).toBe(4);
    g.nodes[g.node('a')] = -1;
    g.nodes[g.node('b')] = 1;
    g.nodes[g.node('d')] = 1;
    // b and d both block: the best is b-a-d or b-c-d.
    expect(longestTrail(g.board, 0, { layers: [g.edges], nodeOwners: g.nodes })).toBe(2);
  });

  it('joins two edge kinds only at junction nodes', () => {
    const g = owned(PATH5);
    // Kind 0: a-b-c; kind 1: c-d-e-f.
    const kind0 = emptyOwners(g.board.edgeCount);
    const kind1 = emptyOwners(g.board.edgeCount);
    kind0[g.edge(0)] = 0;
    kind0[g.edge(1)] = 0;
    kind1[g.edge(2)] = 0;
    kind1[g.edge(3)] = 0;
    kind1[g.edge(4)] = 0;
    const layers = [kind0, kind1];
    expect(longestTrail(g.board, 0, { layers, nodeOwners: g.nodes })).toBe(3);
    // The default junction: a node holding one of the player's own pieces.
    g.nodes[g.node('c')] = 0;
    expect(longestTrail(g.board, 0, { layers, nodeOwners: g.nodes })).toBe(5);
    // Someone else's piece there blocks even within a kind.
    g.nodes[g.node('c')] = 1;
    expect(longestTrail(g.board, 0, { layers, nodeOwners: g.nodes })).toBe(3);
    // An explicit junction mask overrides the default.
    const junctions = new Uint8Array(g.board.nodeCount);
    junctions[g.node('c')] = 1;
    expect(longestTrail(g.board, 0, { layers, junctions })).toBe(5);
    junctions[g.node('c')] = 0;
    g.nodes[g.node('c')] = 0;
    expect(longestTrail(g.board, 0, { layers, junctions, nodeOwners: g.nodes })).toBe(3);
  });

  it('ignores other players and counts the whole ring of a hex', () => {
    const board = hexagonBoard(2).board!;
    const edges = emptyOwners(board.edgeCount);
    for (let i = 0; i < 6; i++) edges[sideOf(board, 9, i)] = 2;
    edges[sideOf(board, 0, 0)] = 1;
    expect(longestTrail(board, 2, { layers: [edges] })).toBe(6);
    expect(longestTrail(board, 1, { layers: [edges] })).toBe(1);
  });

  it('leaves its work buffers clean between calls', () => {
    const g = owned(PATH5);
    for (let k = 0; k < 3; k++) expect(longestTrail(g.board, 0, { layers: [g.edges] })).toBe(5);
    expect(g.board.scratch.trailVisited.every((x) => x === 0)).toBe(true);
  });
});
