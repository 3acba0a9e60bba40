// The selections of sites that only the board's set-up decides, kept per game
// (load/site-selection.ts plans them at load; generated aggregates walk them).
import { MEMO_HASH } from './memo-tables.ts';
import type { RunState } from './run-state.ts';
import { BOARD_CONTENTS } from './state-versions.ts';

/** the sites, in id order, that the selecting test lets through for the keys a0, a1, a2 (missing keys are 0) */
export type SelectSites = (g: RunState, a0: number, a1: number, a2: number) => Int32Array;

/** key tuples a game keeps the selection of at once (direct-mapped by the keys' hash: a power of two) */
export const SELECTION_ENTRIES = 16;

/** one game's selections: per entry its keys and sites (null: none kept), all for one version of the board's contents */
interface SelectionTable {
  version: number;
  readonly keys: Int32Array;
  readonly sites: (Int32Array | null)[];
}

/**
 * One aggregate's selection of sites, per game: worked out on first use for a
 * key tuple, then kept while the board's contents keep their version (versions
 * only grow, and a restore or a restart moves every one). The last game asked
 * is remembered, so a run of one game finds its table without a lookup (that
 * game stays reachable from the loaded graph until another one asks).
 */
export class BoardSelection {
  private readonly tables = new WeakMap<object, SelectionTable>();
  private lastGame: object | null = null;
  private lastTable: SelectionTable | null = null;

  constructor(private readonly select: SelectSites) {}

  sites(g: RunState, a0: number, a1: number, a2: number): Int32Array {
    const version = g.ver[BOARD_CONTENTS]!;
    const t = this.lastGame === g ? this.lastTable! : this.tableOf(g);
    if (t.version !== version) {
      t.sites.fill(null);
      t.version = version;
    }
    const at = (Math.imul(a0, MEMO_HASH[0]!) ^ Math.imul(a1, MEMO_HASH[1]!) ^ Math.imul(a2, MEMO_HASH[2]!)) & (SELECTION_ENTRIES - 1);
    const k = 3 * at;
    const kept = t.sites[at]!;
    if (kept !== null && t.keys[k] === a0 && t.keys[k + 1] === a1 && t.keys[k + 2] === a2) return kept;
    const sites = this.select(g, a0, a1, a2);
    t.keys[k] = a0;
    t.keys[k + 1] = a1;
    t.keys[k + 2] = a2;
    t.sites[at] = sites;
    return sites;
  }

  private tableOf(g: RunState): SelectionTable {
    let t = this.tables.get(g);
    if (t === undefined) {
      t = { version: -1, keys: new Int32Array(3 * SELECTION_ENTRIES), sites: new Array<Int32Array | null>(SELECTION_ENTRIES).fill(null) };
      this.tables.set(g, t);
    }
    this.lastGame = g;
    this.lastTable = t;
    return t;
  }
}

/**
 * The selecting function of a plan: binds the keys' slots, then each site's to
 * the element's slot (slots of a scope of its own: nothing else reads them) and
 * keeps the sites the test lets through. The test cannot fail (load/site-selection.ts).
 */
export function selectSites(sites: Int32Array, elementSlot: number, keySlots: readonly number[], test: (g: RunState) => number): SelectSites {
  return (g, a0, a1, a2) => {
    const L = g.locals;
    const keys = [a0, a1, a2];
    for (let k = 0; k < keySlots.length; k++) L[keySlots[k]!] = keys[k]!;
    const out: number[] = [];
    for (let i = 0; i < sites.length; i++) {
      L[elementSlot] = sites[i]!;
      if (test(g) !== 0) out.push(sites[i]!);
    }
    return Int32Array.from(out);
  };
}
