import { describe, expect, it } from 'vitest';
import { collectionType, type Expr, type RuleGraph } from '../src/index.ts';
import { sampleGraph } from '../src/testing/sample-graph.ts';

function graphWith(): RuleGraph {
  const g = sampleGraph();
  const at = g.vars[0]!.provenance;
  g.vars.push(
    { id: 'var:seats', name: 'seats', scope: 'global', type: { t: 'list', of: { t: 'player' } }, initial: { k: 'list', items: [] }, provenance: at },
    { id: 'var:robber_at', name: 'robber_at', scope: 'global', type: { t: 'site', site: 'hex' }, initial: { k: 'lit', v: -1 }, provenance: at },
    { id: 'var:start', name: 'start', scope: 'global', type: { t: 'site', site: 'corner' }, initial: { k: 'lit', v: -1 }, provenance: at },
  );
  return g;
}

const local = (name: string): Expr => ({ k: 'local', name });

describe('collectionType: what a collection expression lists', () => {
  const g = graphWith();
  it('names the elements of the collections the graph spells out', () => {
    expect(collectionType({ k: 'players' }, g)).toEqual({ t: 'player' });
    expect(collectionType({ k: 'sites', site: 'edge' }, g)).toEqual({ t: 'site', site: 'edge' });
    expect(collectionType({ k: 'region', name: 'desert' }, g)).toEqual({ t: 'site', site: 'hex' });
    expect(collectionType({ k: 'zone', id: 'zone:deck' }, g)).toEqual({ t: 'card' });
    expect(collectionType({ k: 'group', id: 'group:resources' }, g)).toEqual({ t: 'token' });
    expect(collectionType({ k: 'range', from: { k: 'lit', v: 1 }, to: { k: 'lit', v: 6 } }, g)).toEqual({ t: 'number' });
    expect(collectionType({ k: 'var', id: 'var:seats' }, g)).toEqual({ t: 'player' });
    expect(collectionType({ k: 'list', items: [{ k: 'seat', index: 1 }] }, g)).toEqual({ t: 'player' });
    expect(collectionType({ k: 'list', items: [{ k: 'siteAt', site: 'corner', q: { k: 'lit', v: 0 }, r: { k: 'lit', v: 0 }, i: { k: 'lit', v: 1 } }] }, g)).toEqual({ t: 'site', site: 'corner' });
    expect(collectionType({ k: 'agg', fn: 'list', bind: 'p', over: { k: 'players' } }, g)).toEqual({ t: 'player' });
  });

  it('gives a site relation the kind it lists; neighbours are of the kind of their site', () => {
    expect(collectionType({ k: 'siteRel', rel: 'corners', of: local('h') }, g)).toEqual({ t: 'site', site: 'corner' });
    expect(collectionType({ k: 'siteRel', rel: 'edges', of: local('c') }, g)).toEqual({ t: 'site', site: 'edge' });
    expect(collectionType({ k: 'siteRel', rel: 'hexes', of: local('c') }, g)).toEqual({ t: 'site', site: 'hex' });
    expect(collectionType({ k: 'siteRel', rel: 'neighbours', of: { k: 'var', id: 'var:robber_at' } }, g)).toEqual({ t: 'site', site: 'hex' });
    expect(collectionType({ k: 'siteRel', rel: 'neighbours', of: { k: 'var', id: 'var:start' } }, g)).toEqual({ t: 'site', site: 'corner' });
  });

  it('says nothing where only the compiler knew the type', () => {
    expect(collectionType({ k: 'siteRel', rel: 'neighbours', of: local('s') }, g)).toBeUndefined();
    expect(collectionType({ k: 'agg', fn: 'list', bind: 'p', over: { k: 'players' }, value: { k: 'lit', v: 1 } }, g)).toBeUndefined();
    expect(collectionType({ k: 'list', items: [] }, g)).toBeUndefined();
    expect(collectionType({ k: 'var', id: 'var:ready' }, g)).toBeUndefined();
    expect(collectionType(local('xs'), g)).toBeUndefined();
  });
});
