import type { Value } from '@houserules/schema';
import type { LoadedGraph } from '../load/loaded-graph.ts';
import { boardView } from './board-ops.ts';
import { redactEntry } from './card-knowledge.ts';
import { describe } from './decisions.ts';
import type { Game } from './game.ts';
import type { CardView, LogEntry, PlayerView, VarView, ZoneView } from './types.ts';

/**
 * What a seat sees: its view of the state (hidden zones and other players' secrets
 * withheld), its redacted log, the cards it knows.
 */

export function view(g: Game, seat: number): PlayerView {
  const lg = g.lg;
  const str = lg.strings;
  const n = g.playerCount;
  const options: Record<string, Value> = {};
  lg.options.forEach((o, i) => (options[o.name] = str.decode(g.optionVals[i]!, o.type)));
  const vars: PlayerView['vars'] = {};
  const varView = (v: LoadedGraph['vars'][number], slot: number): VarView => {
    if (v.keys === null) return str.decode(g.vars[slot]!, v.type);
    const out: Record<string, Value> = {};
    v.keys.values.forEach((key, k) => (out[String(key)] = str.decode(g.vars[slot + k]!, v.type)));
    return out;
  };
  lg.vars.forEach((v, i) => {
    if (v.scope !== 'global' && v.scope !== 'player') return;
    // a secret var: its owner's value only (a global one: nobody's)
    if (v.scope === 'global') {
      if (!v.secret) vars[v.name] = varView(v, g.varSlot(i, 0));
    } else vars[v.name] = g.players.map((p) => (v.secret && p !== seat ? null : varView(v, g.varSlot(i, p))));
  });
  const poolView = (pi: number, owner: number): Record<string, number> => {
    const p = lg.pools[pi]!;
    const out: Record<string, number> = {};
    p.tokens.forEach((t, e) => (out[lg.tokens[t]!.name] = g.counts[g.poolBase[pi]! + owner * lg.storage.poolStride[pi]! + e]!));
    return out;
  };
  const pools: PlayerView['pools'] = {};
  lg.pools.forEach((p, pi) => {
    if (p.scope === 'global') {
      if (!p.secret) pools[p.name] = poolView(pi, 0);
    } else if (p.scope === 'player') pools[p.name] = g.players.map((o) => (p.secret && o !== seat ? null : poolView(pi, o)));
  });
  const cardView = (c: number): CardView => {
    const kind = lg.cardKinds[g.cardKind[c]!]!;
    const fields: Record<string, Value> = {};
    for (const f of kind.fields) fields[f.name] = str.decode(g.fieldVals[c * g.fieldWidth + f.index]!, f.type);
    const view: CardView = { id: c, kind: kind.name, fields };
    lg.pools.forEach((p, pi) => {
      if (p.scope === 'card' && (p.cardKind < 0 || p.cardKind === g.cardKind[c])) (view.pools ??= {})[p.name] = poolView(pi, c);
    });
    const notes = cardVars(c, true);
    if (notes !== null) view.vars = notes;
    return view;
  };
  /** a card's vars (with the secret ones when the seat knows the card), null when its kind has none */
  const cardVars = (c: number, known: boolean): Record<string, Value> | null => {
    let out: Record<string, Value> | null = null;
    lg.vars.forEach((v, vi) => {
      if (v.scope !== 'card' || (v.cardKind >= 0 && v.cardKind !== g.cardKind[c]) || (v.secret && !known)) return;
      (out ??= {})[v.name] = str.decode(g.vars[g.cardVarBase + c * lg.storage.cardVarStride + lg.storage.varOffset[vi]!]!, v.type);
    });
    return out;
  };
  const bit = 1 << seat;
  const hasCardVars = lg.vars.some((v) => v.scope === 'card' && !v.secret);
  // a hand's places are known to all, so are the notes on its cards; a hidden zone's order is not
  const zoneView = (inst: number, visible: boolean, hand = false): ZoneView => {
    const len = g.zoneLen[inst]!;
    const arr = g.zoneCards[inst]!;
    // a zone the seat may not see is seen when it knows every card of it; else the cards it knows
    let knownCount = 0;
    if (!visible) for (let k = 0; k < len; k++) if ((g.known[arr[k]!]! & bit) !== 0) knownCount++;
    if (!visible && (knownCount < len || len === 0)) {
      // the notes on the cards it does not know (their public per-card vars), by place
      const notes: { position: number; vars: Record<string, Value> }[] = [];
      if (hasCardVars && hand) {
        for (let k = len - 1; k >= 0; k--) {
          if ((g.known[arr[k]!]! & bit) !== 0) continue;
          const vars = cardVars(arr[k]!, false);
          if (vars !== null) notes.push({ position: len - k, vars });
        }
      }
      const out: ZoneView = { count: len };
      if (knownCount > 0) {
        const known: { position: number; card: CardView }[] = [];
        for (let k = len - 1; k >= 0; k--) if ((g.known[arr[k]!]! & bit) !== 0) known.push({ position: len - k, card: cardView(arr[k]!) });
        out.known = known;
      }
      if (notes.length > 0) out.notes = notes;
      return out;
    }
    const cards: CardView[] = [];
    for (let k = len - 1; k >= 0; k--) cards.push(cardView(arr[k]!));
    return { count: len, cards };
  };
  const zones: PlayerView['zones'] = {};
  lg.zones.forEach((z, zi) => {
    const base = g.zoneInstBase[zi]!;
    if (z.scope === 'global') zones[z.name] = zoneView(base, z.visibility === 'public');
    // a family of zones: each one by its name and key, `row[3]`, as a shared zone
    else if (z.scope === 'keyed') for (let k = 0; k < z.keyCount; k++) zones[`${z.name}[${z.firstKey + k}]`] = zoneView(base + k, z.visibility === 'public');
    else
      zones[z.name] = g.players.map((o) =>
        zoneView(base + o, z.visibility === 'public' || (z.visibility === 'owner' && o === seat) || (z.visibility === 'others' && o !== seat), z.visibility !== 'hidden'),
      );
  });
  const committed: number[] = [];
  const waitingFor: number[] = [];
  for (const d of g.decisions) {
    if (d.seat < 0) continue;
    if (d.chosen >= 0) committed.push(d.seat);
    else if (!waitingFor.includes(d.seat)) waitingFor.push(d.seat);
  }
  void n;
  return {
    seat,
    round: g.round,
    turn: g.turn,
    current: g.current,
    over: g.over,
    outcome: g.result,
    options,
    vars,
    pools,
    zones,
    decisions: g.decisions.filter((d) => d.seat === seat && d.chosen < 0).map((d) => describe(g, d)),
    waitingFor,
    committed,
    ...(lg.board ? { board: boardView(g, lg.board) } : {}),
  };
}

/** whether seat `seat` knows card `c` */
export function knows(g: Game, seat: number, c: number): boolean {
  return c >= 0 && c < g.cardCount && (g.known[c]! & (1 << seat)) !== 0;
}

/**
 * The log as seat `seat` saw it (docs/language.md, "Who knows what"); replays use `log`. Another seat's secret
 * answer reads as who answered until its group resolves — "all reveal simultaneously" — and then as what it was,
 * unless it writes a `secret var`.
 */
export function redactedLog(g: Game, seat: number): LogEntry[] {
  const pending = unresolvedAnswers(g);
  return (g.logEntries ?? []).map((e) => redactEntry(e, seat, readers(g, e, pending)));
}

/** whether seat `seat` (-1: a spectator) may now read the secret part of log entry `e` */
export function mayRead(g: Game, e: LogEntry, seat: number): boolean {
  const r = readers(g, e, unresolvedAnswers(g));
  return r === undefined || (seat >= 0 && (r & (1 << seat)) !== 0);
}

/** the seats that may read `e`'s secret part now (undefined: everyone; a secret answer whose group resolved is no secret) */
function readers(g: Game, e: LogEntry, unresolved: ReadonlySet<LogEntry>): number | undefined {
  const r = g.logSecrets.get(e);
  if (r === undefined || e.event !== '$answer' || g.lastingSecrets.has(e) || unresolved.has(e)) return r;
  return undefined;
}

/** the answers committed to decisions still open (each such seat's latest `$answer`): their groups have not resolved */
export function unresolvedAnswers(g: Game): Set<LogEntry> {
  const out = new Set<LogEntry>();
  const log = g.logEntries;
  if (log === null) return out;
  const committed = new Set<number>();
  for (const d of g.decisions) if (d.seat >= 0 && d.chosen >= 0) committed.add(d.seat);
  for (let k = log.length - 1; k >= 0 && committed.size > 0; k--) {
    const e = log[k]!;
    if (e.event === '$answer' && committed.delete(Number(e.data['seat']))) out.add(e);
  }
  return out;
}
