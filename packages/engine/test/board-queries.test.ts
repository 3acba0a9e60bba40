import { describe, expect, it } from 'vitest';
import {
  cornerOf,
  edgeComponents,
  edgeConnects,
  edgesJoin,
  hasOccupiedNeighbour,
  hexAt,
  hexagonBoard,
  nodeDistance,
  nodeDistances,
  touchesOwnedEdge,
} from '../src/board/index.ts';
import { drawGraph, emptyOwners } from './board-helpers.ts';

describe('distance', () => {
  const board = hexagonBoard(2).board!;
  const centre = hexAt(board, 0, 0);

  it('counts edges on a shortest path', () => {
    const c0 = cornerOf(board, centre, 0);
    expect(nodeDistance(board, c0, c0)).toBe(0);
    expect(nodeDistance(board, c0, cornerOf(board, centre, 1))).toBe(1);
    expect(nodeDistance(board, c0, cornerOf(board, centre, 2))).toBe(2);
    expect(nodeDistance(board, c0, cornerOf(board, centre, 3))).toBe(3);
  });

  it('agrees with the all-distances form and is symmetric', () => {
    const out = new Int32Array(board.nodeCount);
    for (const from of [0, 17, 53]) {
      nodeDistances(board, from, out);
      for (let v = 0; v < board.nodeCount; v++) {
        expect(out[v]).toBe(nodeDistance(board, from, v));
        expect(nodeDistance(board, v, from)).toBe(out[v]);
      }
    }
  });

  it('is -1 between nodes with no path (a spot with no paths)', () => {
    const g = drawGraph([['a', 'b']]);
    expect(nodeDistance(g.board, g.node('a'), g.node('b'))).toBe(1);
    expect(nodeDistance(g.board, g.node('a'), cornerOf(g.board, 0, 0))).toBe(-1);
  });
});

describe('owned edges', () => {
  // a-b-c-d-e and, apart, x-y-z; plus p-q owned by someone else.
  const g = drawGraph([
    ['a', 'b'],
    ['b', 'c'],
    ['c', 'd'],
    ['d', 'e'],
    ['x', 'y'],
    ['y', 'z'],
    ['p', 'q'],
    ['e', 'x'],
  ]);
  const edges = emptyOwners(g.board.edgeCount);
  for (const k of [0, 1, 2, 3, 4, 5]) edges[g.edge(k)] = 0;
  edges[g.edge(6)] = 1;

  it('labels connected components of a player’s edges', () => {
    const out = new Int32Array(g.board.edgeCount);
    expect(edgeComponents(g.board, 0, edges, out)).toBe(2);
    expect([0, 1, 2, 3].map((k) => out[g.edge(k)])).toEqual([0, 0, 0, 0]);
    expect([4, 5].map((k) => out[g.edge(k)])).toEqual([1, 1]);
    expect(out[g.edge(6)]).toBe(-1);
    expect(out[g.edge(7)]).toBe(-1);
    expect(edgeComponents(g.board, 1, edges, out)).toBe(1);
  });

  it('splits a component at a node another player holds', () => {
    const nodes = emptyOwners(g.board.nodeCount);
    const out = new Int32Array(g.board.edgeCount);
    nodes[g.node('c')] = 1;
    expect(edgeComponents(g.board, 0, edges, out, nodes)).toBe(3);
    nodes[g.node('c')] = 0;
    expect(edgeComponents(g.board, 0, edges, out, nodes)).toBe(2);
  });

  it('tells whether a chain of the player’s edges joins two nodes', () => {
    const nodes = emptyOwners(g.board.nodeCount);
    expect(edgesJoin(g.board, 0, edges, g.node('a'), g.node('e'))).toBe(true);
    expect(edgesJoin(g.board, 0, edges, g.node('a'), g.node('z'))).toBe(false);
    expect(edgesJoin(g.board, 1, edges, g.node('a'), g.node('e'))).toBe(false);
    expect(edgesJoin(g.board, 0, edges, g.node('a'), g.node('a'))).toBe(true);
    nodes[g.node('e')] = 1;
    expect(edgesJoin(g.board, 0, edges, g.node('a'), g.node('e'), nodes)).toBe(true);
    nodes[g.node('c')] = 1;
    expect(edgesJoin(g.board, 0, edges, g.node('a'), g.node('e'), nodes)).toBe(false);
    expect(edgesJoin(g.board, 0, edges, g.node('c'), g.node('e'), nodes)).toBe(true);
  });

  it('answers the local placement questions', () => {
    const nodes = emptyOwners(g.board.nodeCount);
    expect(touchesOwnedEdge(g.board, g.node('e'), 0, edges)).toBe(true);
    expect(touchesOwnedEdge(g.board, g.node('p'), 0, edges)).toBe(false);
    expect(hasOccupiedNeighbour(g.board, g.node('b'), nodes)).toBe(false);
    nodes[g.node('c')] = 1;
    expect(hasOccupiedNeighbour(g.board, g.node('b'), nodes)).toBe(true);
    expect(hasOccupiedNeighbour(g.board, g.node('a'), nodes)).toBe(false);
    // Edge e-x touches player 0's edges at both ends; a blocker at e leaves x.
    expect(edgeConnects(g.board, g.edge(7), 0, edges, nodes)).toBe(true);
    nodes[g.node('e')] = 1;
    expect(edgeConnects(g.board, g.edge(7), 0, edges, nodes)).toBe(true);
    nodes[g.node('x')] = 1;
    expect(edgeConnects(g.board, g.edge(7), 0, edges, nodes)).toBe(false);
    nodes[g.node('x')] = 0;
    expect(edgeConnects(g.board, g.edge(7), 0, emptyOwners(g.board.edgeCount), nodes)).toBe(true);
  });
});
