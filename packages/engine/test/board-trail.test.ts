import { describe, expect, it } from 'vitest';
import { degree, hexagonBoard, longestTrail, sideOf } from '../src/board/index.ts';
import { drawGraph, emptyOwners, seededUint32 } from './board-helpers.ts';

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

  it('starts where it must: the outline of two hexes is one trail between its two branch nodes', () => {
    const board = hexagonBoard(1).board!;
    const edges = emptyOwners(board.edgeCount);
    for (const h of [0, 1]) for (let i = 0; i < 6; i++) edges[sideOf(board, h, i)] = 0;
    expect(longestTrail(board, 0, { layers: [edges] })).toBe(11);
  });

  it('finds the trail between the two branch nodes of a theta, whichever piece comes first', () => {
    // Branch nodes x and y joined three ways: x-a-b-y, x-c-d-y and x-y; the
    // first listed piece is far from both. Only a trail from x to y uses all 7.
    const theta: Pair[] = [
      ['a', 'b'],
      ['x', 'a'],
      ['b', 'y'],
      ['x', 'c'],
      ['c', 'd'],
      ['d', 'y'],
      ['x', 'y'],
      ['p', 'q'],
    ];
    const g = owned(theta);
    const first = emptyOwners(g.board.edgeCount);
    const second = emptyOwners(g.board.edgeCount);
    for (let k = 0; k < 7; k++) first[g.edge(k)] = 0;
    second[g.edge(7)] = 0;
    expect(longestTrail(g.board, 0, { layers: [first] })).toBe(7);
    // The same with a second kind present: where kinds may not switch, each kind counts on its own.
    expect(longestTrail(g.board, 0, { layers: [first, second] })).toBe(7);
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

/**
 * The definition, searched naively: from every node, every trail that uses a
 * piece at most once, stops at others' nodes and switches kind only at junctions.
 */
function referenceTrail(
  board: ReturnType<typeof hexagonBoard>['board'] & object,
  who: number,
  layers: Int32Array[],
  nodeOwners: Int32Array,
  junction: (v: number) => boolean,
): number {
  const used = new Set<string>();
  let best = 0;
  const go = (v: number, layer: number, length: number) => {
    best = Math.max(best, length);
    if (length > 0 && nodeOwners[v]! >= 0 && nodeOwners[v] !== who) return;
    for (let e = 0; e < board.edgeCount; e++) {
      const a = board.edgeNodes[e * 2]!;
      const b = board.edgeNodes[e * 2 + 1]!;
      if (a !== v && b !== v) continue;
      layers.forEach((owners, l) => {
        if (owners[e] !== who || used.has(`${l}:${e}`)) return;
        if (length > 0 && l !== layer && !junction(v)) return;
        used.add(`${l}:${e}`);
        go(a === v ? b : a, l, length + 1);
        used.delete(`${l}:${e}`);
      });
    }
  };
  for (let v = 0; v < board.nodeCount; v++) go(v, -1, 0);
  return best;
}

describe('longest trail against the naive definition', () => {
  it('agrees on random networks with blockers, two kinds and junctions', () => {
    const board = hexagonBoard(1).board!;
    const random = seededUint32(2024);
    const pick = (n: number) => random() % n;
    for (let round = 0; round < 300; round++) {
      const layers = [emptyOwners(board.edgeCount), emptyOwners(board.edgeCount)];
      const kinds = round % 3 === 0 ? 1 : 2;
      // Grow a network from one edge so that it has loops and branches.
      const owned: number[] = [pick(board.edgeCount)];
      layers[0]![owned[0]!] = 0;
      const size = 6 + pick(15);
      for (let tries = 0; owned.length < size && tries < 200; tries++) {
        const from = owned[pick(owned.length)]!;
        const v = board.edgeNodes[from * 2 + pick(2)]!;
        const next = board.nodeEdges.items[board.nodeEdges.start[v]! + pick(degree(board.nodeEdges, v))]!;
        const layer = pick(kinds);
        if (layers[layer]![next] === 0) continue;
        layers[layer]![next] = 0;
        owned.push(next);
      }
      // Sprinkle others' edges and pieces of all owners on nodes.
      for (let k = 0; k < 3; k++) if (layers[0]![pick(board.edgeCount)] !== 0) layers[0]![pick(board.edgeCount)] = 1;
      const nodes = emptyOwners(board.nodeCount);
      for (let k = 0; k < 4; k++) nodes[pick(board.nodeCount)] = pick(3);
      const used = layers.slice(0, kinds);
      const expected = referenceTrail(board, 0, used, nodes, (v) => nodes[v] === 0);
      expect(longestTrail(board, 0, { layers: used, nodeOwners: nodes })).toBe(expected);
      const mask = new Uint8Array(board.nodeCount);
      for (let k = 0; k < 5; k++) mask[pick(board.nodeCount)] = 1;
      const withMask = referenceTrail(board, 0, used, nodes, (v) => mask[v] === 1);
      expect(longestTrail(board, 0, { layers: used, nodeOwners: nodes, junctions: mask })).toBe(withMask);
    }
  });
});
