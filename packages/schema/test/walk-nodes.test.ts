import { describe, expect, it } from 'vitest';
import { walkNodes } from '../src/walk-nodes.ts';

describe('walkNodes', () => {
  it('visits every object node, through arrays, and no leaf or array', () => {
    const tree = { $type: 'A', kids: [{ $type: 'B', x: 1 }, [{ $type: 'C' }], 'text', null], more: { $type: 'D', n: [2, 3] } };
    const seen: unknown[] = [];
    walkNodes(tree, (node) => {
      seen.push(node['$type']);
      return undefined;
    });
    expect([...seen].sort()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('does not walk into skipped keys', () => {
    const tree = { $type: 'A', range: { $type: 'R', start: { $type: 'S' } }, body: { $type: 'B' } };
    const seen: unknown[] = [];
    walkNodes(tree, (node) => void seen.push(node['$type']), new Set(['range']));
    expect([...seen].sort()).toEqual(['A', 'B']);
  });

  it('stops at the first value a visit returns and returns it', () => {
    const tree = { kids: [{ id: 1 }, { id: 2, bad: true }, { id: 3, bad: true }] };
    let visits = 0;
    const found = walkNodes(tree, (node) => {
      visits++;
      return node['bad'] === true ? node['id'] : undefined;
    });
    expect(found).toBe(3); // last child first
    expect(visits).toBe(2);
    expect(walkNodes(tree, () => undefined)).toBeUndefined();
  });

  it('walks a tree nested far deeper than the call stack without overflowing', () => {
    let tree: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 200_000; i++) tree = { child: [tree] };
    let nodes = 0;
    const leaf = walkNodes(tree, (node) => {
      nodes++;
      return node['leaf'] === true ? 'found' : undefined;
    });
    expect(leaf).toBe('found');
    expect(nodes).toBe(200_001);
  });

  it('visits in the same order on every run', () => {
    const tree = { a: { id: 'a', b: [{ id: 'b1' }, { id: 'b2' }] }, c: { id: 'c' } };
    const order = (): unknown[] => {
      const ids: unknown[] = [];
      walkNodes(tree, (node) => void ids.push(node['id']));
      return ids;
    };
    expect(order()).toEqual([undefined, 'c', 'a', 'b2', 'b1']);
    expect(order()).toEqual(order());
  });
});
