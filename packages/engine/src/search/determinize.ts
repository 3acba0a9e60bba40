import { createGame, type Game } from '../run/game.ts';
import { STREAM_WORDS } from '../run/chance-streams.ts';
import { nextUint32, seedPrng } from '../run/prng.ts';
import type { Snapshot } from '../run/types.ts';

/**
 * What one seat knows of a game, and the games consistent with it
 * (docs/design/search-agents.md, "Knowing only what the seat knows").
 *
 * A search never plays on the real game. It plays on a working game that starts
 * each iteration as a *determinization*: the real state with everything the seat
 * cannot know drawn anew —
 *  - the cards it does not know: their identities (kind and fields) dealt again
 *    over the places they occupy, in a canonical order, so the deal depends on
 *    which identities are unknown and where the unknown places are, never on
 *    which unknown card is where;
 *  - chance to come (dice, picks, later shuffles): every stream seeded anew;
 *  - the others' committed secret answers not yet revealed: withdrawn, so the
 *    search decides them again for those seats;
 *  - the others' secret vars and pools, global secret ones, and the secret notes
 *    on cards the seat does not know: set back to their initial values.
 * Who knows what is data in the rule graph (zone visibility, `known` bits, secret
 * declarations), so this works for any graph with no game-specific sampler.
 */
export class HiddenState {
  /** the working game the search plays on (its own card identities) */
  readonly game: Game;
  private readonly root: Snapshot;
  private readonly seat: number;
  /** the card ids at the places the seat cannot identify, in place order (zone instance, then top down) */
  private readonly places: number[];
  /** the unknown identities, canonically sorted: kind then field values, as flat rows of 1 + fieldWidth */
  private readonly identities: Int32Array;
  private readonly order: number[];
  private readonly rng = new Uint32Array(4);

  constructor(real: Game, seat: number, seed: number, working: Game | null) {
    this.seat = seat;
    const game = working ?? HiddenState.workingGame(real);
    game.ownCardIdentities();
    game.optionVals.set(real.optionVals);
    game.cardKind.set(real.cardKind);
    game.fieldVals.set(real.fieldVals);
    this.game = game;
    const root = real.snapshot();
    root.log = null;
    this.root = root;
    seedPrng(this.rng, seed, 0, 0x5ea4c4);

    const bit = 1 << seat;
    const places: number[] = [];
    for (let z = 0; z < real.zoneCards.length; z++) {
      if ((real.zoneSeen[z]! & bit) !== 0) continue;
      const cards = real.zoneCards[z]!;
      const len = real.zoneLen[z]!;
      for (let k = 0; k < len; k++) if ((real.known[cards[k]!]! & bit) === 0) places.push(cards[k]!);
    }
    this.places = places;
    const w = real.fieldWidth;
    const rows = places.map((c) => [real.cardKind[c]!, ...real.fieldVals.subarray(c * w, c * w + w)]);
    rows.sort((a, b) => {
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
      return 0;
    });
    this.identities = Int32Array.from(rows.flat());
    this.order = places.map((_, i) => i);
  }

  /** a working game for searches of `real`'s graph and player count: no log, no invariant checks */
  static workingGame(real: Game): Game {
    const made = createGame(real.lg, { ...real.config, recordLog: false, checkInvariants: false, holdFlow: false, flowStepBudget: undefined });
    if (made.value === null) throw new Error('a running game’s configuration was refused (the search’s working game)');
    return made.value;
  }

  /** sets the working game to a new determinization of the root state (its chance seeded from this state's own generator) */
  sample(): Game {
    const g = this.game;
    const seat = this.seat;
    // deal the unknown identities over the unknown places, in a random order
    const order = this.order;
    for (let i = order.length - 1; i > 0; i--) {
      const j = nextUint32(this.rng, 0) % (i + 1);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    const w = g.fieldWidth;
    for (let i = 0; i < this.places.length; i++) {
      const c = this.places[i]!;
      const row = order[i]! * (1 + w);
      g.cardKind[c] = this.identities[row]!;
      for (let f = 0; f < w; f++) g.fieldVals[c * w + f] = this.identities[row + 1 + f]!;
    }
    g.restore(this.root);
    // chance to come: every stream seeded again from a new seed
    g.chanceSeed = nextUint32(this.rng, 0) >>> 1;
    for (let o = 4; o < g.rng.length; o += STREAM_WORDS) g.rng[o] = 0;
    // the others' committed secret answers, not yet revealed: withdrawn
    const lg = g.lg;
    for (const d of g.decisions) if (d.chosen >= 0 && d.seat !== seat && d.ask >= 0 && lg.asks[d.ask]!.secret) d.chosen = -1;
    this.resetSecrets(g);
    g.invalidateAll();
    g.refreshDecisions();
    return g;
  }

  /** the others' secret vars and pools (and global secret ones), and the secret notes on cards the seat does not know, to their initial values */
  private resetSecrets(g: Game): void {
    const lg = g.lg;
    const seat = this.seat;
    const st = lg.storage;
    const prevSelf = g.self;
    for (let vi = 0; vi < lg.vars.length; vi++) {
      const v = lg.vars[vi]!;
      if (!v.secret) continue;
      if (v.scope === 'global') this.initVar(g, vi, g.varSlot(vi, 0));
      else if (v.scope === 'player') {
        for (let p = 0; p < g.playerCount; p++) {
          if (p === seat) continue;
          g.self = p;
          this.initVar(g, vi, g.varSlot(vi, p));
        }
      } else if (v.scope === 'card') {
        for (const c of this.places) {
          if (v.cardKind >= 0 && v.cardKind !== g.cardKind[c]) continue;
          g.vars[g.cardVarBase + c * st.cardVarStride + st.varOffset[vi]!] = v.literal ?? v.initial(g);
        }
      }
    }
    g.self = prevSelf;
    const initial = lg.layout(g.playerCount).counts;
    for (let pi = 0; pi < lg.pools.length; pi++) {
      const pool = lg.pools[pi]!;
      if (!pool.secret || (pool.scope !== 'global' && pool.scope !== 'player')) continue;
      const owners = pool.scope === 'global' ? 1 : g.playerCount;
      for (let o = 0; o < owners; o++) {
        if (pool.scope === 'player' && o === seat) continue;
        const base = g.poolBase[pi]! + o * st.poolStride[pi]!;
        for (let e = 0; e < pool.tokens.length; e++) g.counts[base + e] = initial[base + e]!;
      }
    }
  }

  private initVar(g: Game, vi: number, slot: number): void {
    const v = g.lg.vars[vi]!;
    if (v.literal !== null) for (let k = 0; k < v.width; k++) g.vars[slot + k] = v.literal;
    else if (v.initials !== null) for (let k = 0; k < v.width; k++) g.vars[slot + k] = v.initials[k]!(g);
    else {
      const value = v.initial(g);
      for (let k = 0; k < v.width; k++) g.vars[slot + k] = value;
    }
  }
}
