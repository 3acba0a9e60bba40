import type { Expr, RuleGraph } from '@houserules/schema';
import { readsOfConditions, type ContextReads } from './end-dependencies.ts';
import type { LoadedBoard } from './loaded-board.ts';
import { BOARD_CONTENTS, FLOW_CONTEXT } from '../run/state-versions.ts';

/**
 * The state divided into resources, each with a version every write bumps (see
 * docs/design/incremental-evaluation.md): each var, pool, zone and piece kind,
 * the flow context (round, turn, current player) and the board's hex contents.
 * A cached result keeps the sum of the versions of the resources it read; the
 * sum is unchanged exactly when none of them was written since.
 */
export interface StateResources {
  readonly count: number;
  /** round, turn and current player */
  readonly ctx: number;
  /** hex kinds and values (written only when the board is set up) */
  readonly board: number;
  /** var i is varBase + i (graph order) */
  readonly varBase: number;
  /** pool i is poolBase + i (graph order) */
  readonly poolBase: number;
  /** zone i is zoneBase + i (graph order) */
  readonly zoneBase: number;
  /** piece i is pieceBase + i (the board's piece order) */
  readonly pieceBase: number;
  /** the resources behind read ids (see end-dependencies.ts); null when something read is not classified */
  indicesOf(reads: ReadonlySet<string>): Int32Array | null;
}

const FLOW = 'ctx:flow';

export function stateResources(graph: RuleGraph, board: LoadedBoard | null): StateResources {
  const ctx = FLOW_CONTEXT;
  const boardRes = BOARD_CONTENTS;
  const varBase = 2;
  const poolBase = varBase + graph.vars.length;
  const zoneBase = poolBase + graph.pools.length;
  const pieceBase = zoneBase + graph.zones.length;
  const pieces = board?.pieces ?? [];
  const count = pieceBase + pieces.length;
  const byId = new Map<string, number[]>();
  const add = (id: string, r: number): void => {
    const list = byId.get(id);
    if (list) list.push(r);
    else byId.set(id, [r]);
  };
  graph.vars.forEach((v, i) => add(v.id, varBase + i));
  graph.pools.forEach((p, i) => add(p.id, poolBase + i));
  graph.zones.forEach((z, i) => {
    add(z.id, zoneBase + i);
    add('zone:*', zoneBase + i);
  });
  pieces.forEach((p, i) => {
    add(p.id, pieceBase + i);
    add('piece:*', pieceBase + i);
  });
  add('board:*', boardRes);
  add(FLOW, ctx);
  return {
    count,
    ctx,
    board: boardRes,
    varBase,
    poolBase,
    zoneBase,
    pieceBase,
    indicesOf(reads) {
      const out = new Set<number>();
      for (const id of reads) {
        if (id === 'piece:*' && pieces.length === 0) continue;
        if (id === 'zone:*' && graph.zones.length === 0) continue;
        const rs = byId.get(id);
        if (rs === undefined) return null;
        for (const r of rs) out.add(r);
      }
      return Int32Array.from([...out].sort((a, b) => a - b));
    },
  };
}

/**
 * Reads of a cached expression: `actor` may be read only where it is the cache
 * key, `self` only inside a per-player derived value (keyed by its player);
 * round, turn and current read the flow context.
 */
export function cachedContext(actorIsKey: boolean): ContextReads {
  return (name, selfBound) => {
    switch (name) {
      case 'actor': return actorIsKey ? null : '*';
      case 'self': return selfBound ? null : '*';
      case 'player_count': return null;
      default: return FLOW;
    }
  };
}

/** The resources a set of expressions reads (through derived values), or null when they cannot be cached. */
export function resourcesRead(
  graph: RuleGraph,
  resources: StateResources,
  exprs: readonly { owner: string; condition: Expr }[],
  actorIsKey: boolean,
): Int32Array | null {
  const reads = readsOfConditions([...exprs], graph.derived, graph.edges, cachedContext(actorIsKey));
  return resources.indicesOf(reads);
}
