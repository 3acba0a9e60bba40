import type { EndInfo, LoadedGraph } from './loaded-graph.ts';
import { filledArray, smallIntegers } from '../run/packed-array.ts';
import { boardSlots, sitePoolRange, supplySlot } from '../run/board-slots.ts';
import { purposeKey, streamPurposes } from '../run/chance-streams.ts';

/**
 * Where everything lives in a game's arrays for a given player count, and the
 * state before any rule runs. Built once per (graph, player count) and shared,
 * so creating a game is a handful of array copies.
 */
export interface GameLayout {
  players: number[];
  cardCount: number;
  zoneInstBase: Int32Array;
  zoneInstDecl: Int32Array;
  zoneInstOwner: Int32Array;
  cardKind: Int32Array;
  fieldVals: Int32Array;
  cardZone: number[];
  zoneCards: number[][];
  zoneLen: number[];
  poolBase: Int32Array;
  cardPoolBase: number;
  slotToken: Int32Array;
  /** per count slot: the resource of its pool (state-resources.ts) */
  slotResource: Int32Array;
  /** per zone instance: the resource of its zone */
  zoneResource: Int32Array;
  /** a game's memo of derived values without parameters, empty (derived-memo.ts) */
  memoFlat: Int32Array;
  finite: Uint8Array;
  capacity: Float64Array;
  counts: number[];
  tokenTotals: Float64Array;
  varBase: Int32Array;
  varSlots: number;
  /** where the board's block starts in vars (see loaded-board.ts); vars.length when there is no board */
  boardBase: number;
  /** where the cards' vars start in `vars`: card c's block is cardVarBase + c * storage.cardVarStride */
  cardVarBase: number;
  /** packed zero-filled arrays a game copies: cheaper than building them */
  zeros: {
    locals: number[];
    lists: number[][];
    vars: number[];
    tmpVals: number[];
    evArgs: number[];
    actionCounts: number[];
    firings: number[];
  };
  /** per chance stream, the hash of its purpose's name (chance-streams.ts) */
  chanceKeys: Uint32Array;
  /** the stream of zone instance 0; instance i shuffles from chanceZoneBase + i */
  chanceZoneBase: number;
  endsImmediate: EndInfo[];
  endsOwnTurn: EndInfo[];
  endsTurn: EndInfo[];
  endsRound: EndInfo[];
}

const cache = new WeakMap<LoadedGraph, Map<number, GameLayout>>();

export function layoutFor(lg: LoadedGraph, n: number): GameLayout {
  let byCount = cache.get(lg);
  if (!byCount) cache.set(lg, (byCount = new Map()));
  let layout = byCount.get(n);
  if (!layout) byCount.set(n, (layout = buildLayout(lg, n)));
  return layout;
}

function buildLayout(lg: LoadedGraph, n: number): GameLayout {
  // Zones: one instance per global zone, one per player for a per-player zone, one per key of a family.
  const zoneInstBase = new Int32Array(lg.zones.length);
  const instDecl: number[] = [];
  const instOwner: number[] = [];
  lg.zones.forEach((z, zi) => {
    zoneInstBase[zi] = instDecl.length;
    const copies = z.scope === 'player' ? n : z.scope === 'keyed' ? z.keyCount : 1;
    for (let o = 0; o < copies; o++) {
      instDecl.push(zi);
      instOwner.push(z.scope === 'player' ? o : -1);
    }
  });
  let cardCount = 0;
  for (const zi of instDecl) cardCount += lg.zones[zi]!.contents.length;
  const cardKind = new Int32Array(cardCount);
  const fieldVals = new Int32Array(cardCount * lg.fieldCount);
  const cardZone = filledArray(cardCount, 0);
  // every zone instance can hold every card; the top is at the end
  const zoneCards = instDecl.map(() => [] as number[]);
  const zoneLen = filledArray(instDecl.length, 0);
  let card = 0;
  instDecl.forEach((zi, i) => {
    const contents = lg.zones[zi]!.contents;
    for (let k = contents.length - 1; k >= 0; k--) {
      const spec = contents[k]!;
      cardKind[card] = spec.kind;
      fieldVals.set(spec.fields, card * lg.fieldCount);
      cardZone[card] = i;
      zoneCards[i]![zoneLen[i]!++] = card;
      card++;
    }
  });

  // Pools and vars: see StaticStorage; per-card pools follow the players' blocks.
  const st = lg.storage;
  const cardPoolBase = st.globalPoolSlots + n * st.playerPoolStride;
  const slots = cardPoolBase + cardCount * st.cardPoolStride;
  const poolBase = new Int32Array(lg.pools.length);
  const slotToken = new Int32Array(slots);
  const slotResource = new Int32Array(slots);
  const counts = new Float64Array(slots);
  const finite = new Uint8Array(slots);
  const capacity = new Float64Array(slots).fill(Number.POSITIVE_INFINITY);
  lg.pools.forEach((p, pi) => {
    poolBase[pi] = p.scope === 'card' ? cardPoolBase + st.poolOffset[pi]! : st.poolOffset[pi]!;
    const sites = sitePoolRange(p.scope, lg.board);
    const owners = p.scope === 'global' ? 1 : p.scope === 'player' ? n : sites ? sites.count : cardCount;
    for (let o = 0; o < owners; o++) {
      const applies = p.scope !== 'card' || p.cardKind < 0 || cardKind[o] === p.cardKind;
      p.tokens.forEach((t, e) => {
        const s = poolBase[pi]! + o * st.poolStride[pi]! + e;
        slotToken[s] = t;
        slotResource[s] = lg.resources.poolBase + pi;
        capacity[s] = p.capacity[e]!;
        const v = applies ? p.initial[e]! : 0;
        if (!Number.isNaN(v)) {
          counts[s] = v;
          finite[s] = 1;
        }
      });
    }
  });
  const tokenTotals = new Float64Array(lg.tokens.length);
  slotToken.forEach((t, s) => (tokenTotals[t] = tokenTotals[t]! + counts[s]!));

  const varBase = Int32Array.from(st.varOffset);
  const boardBase = st.globalVars + n * st.varStride;
  // the cards' vars follow the board's block, one block of cardVarStride slots per card
  const cardVarBase = boardBase + (lg.board ? boardSlots(lg.board, n) : 0);
  const varSlots = cardVarBase + cardCount * st.cardVarStride;

  return {
    players: Array.from({ length: n }, (_, i) => i),
    cardCount,
    zoneInstBase,
    zoneInstDecl: Int32Array.from(instDecl),
    zoneInstOwner: Int32Array.from(instOwner),
    cardKind,
    fieldVals,
    cardZone,
    zoneCards,
    zoneLen,
    poolBase,
    cardPoolBase,
    slotToken,
    slotResource,
    zoneResource: Int32Array.from(instDecl, (zi) => lg.resources.zoneBase + zi),
    memoFlat: new Int32Array(2 * lg.graph.derived.length).fill(-1),
    finite,
    capacity,
    counts: smallIntegers(counts),
    tokenTotals,
    varBase,
    varSlots,
    boardBase,
    cardVarBase,
    zeros: {
      locals: filledArray(lg.localCount, 0),
      lists: emptyLists(lg.localCount),
      vars: literalVars(lg, n, varSlots, boardBase, cardVarBase, cardCount),
      tmpVals: filledArray(Math.max(4, lg.maxActionParams + 2), 0),
      evArgs: filledArray(lg.maxEventArgs, 0),
      actionCounts: filledArray(lg.actions.length, 0),
      firings: filledArray(lg.rules.length, 0),
    },
    chanceKeys: Uint32Array.from(
      streamPurposes(
        lg.chanceSites,
        instDecl.map((zi, i) => (instOwner[i]! < 0 ? lg.zones[zi]!.name : `${lg.zones[zi]!.name}[${instOwner[i]}]`)),
      ),
      purposeKey,
    ),
    chanceZoneBase: 2 + lg.chanceSites.length,
    endsImmediate: lg.ends.filter((e) => e.timing === 'immediately'),
    endsOwnTurn: lg.ends.filter((e) => e.timing === 'own_turn'),
    endsTurn: lg.ends.filter((e) => e.timing === 'end_of_turn'),
    endsRound: lg.ends.filter((e) => e.timing === 'end_of_round'),
  };
}

/** the vars with their literal initial values in place (the others are evaluated per game) */
function literalVars(lg: LoadedGraph, n: number, varSlots: number, boardBase: number, cardVarBase: number, cardCount: number): number[] {
  const vars = filledArray(varSlots, 0);
  const st = lg.storage;
  const b = lg.board;
  if (b) {
    // an empty board: no kinds or values yet (each game deals them), no pieces, full supplies
    vars.fill(b.noneSymbol, boardBase + b.hexKindOff, boardBase + b.hexKindOff + b.hexCount);
    vars.fill(-1, boardBase + b.hexValueOff, boardBase + b.ownerOff + b.siteCount);
    for (const piece of b.pieces) {
      for (let o = 0; o < (piece.perPlayer ? n : 1); o++) vars[boardBase + supplySlot(b, piece, o, n)] = piece.supply;
    }
  }
  lg.vars.forEach((v, vi) => {
    if (v.literal === null) return;
    const site = b?.siteVars.get(vi);
    if (site) vars.fill(v.literal, boardBase + site.offset, boardBase + site.offset + site.count);
    else if (v.scope === 'card') for (let c = 0; c < cardCount; c++) vars[cardVarBase + c * st.cardVarStride + st.varOffset[vi]!] = v.literal;
    else if (v.scope === 'global') vars.fill(v.literal, st.varOffset[vi]!, st.varOffset[vi]! + v.width);
    else for (let p = 0; p < n; p++) vars.fill(v.literal, st.varOffset[vi]! + p * st.varStride, st.varOffset[vi]! + p * st.varStride + v.width);
  });
  return vars;
}

/** one empty list per local slot, in a packed array (the list locals of a new game) */
function emptyLists(n: number): number[][] {
  const a: number[][] = [];
  for (let i = 0; i < n; i++) a.push(NO_LIST);
  return a;
}

/** the list a list local holds before anything is bound to it (never written) */
const NO_LIST: number[] = [];
