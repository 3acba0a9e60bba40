import type { PlayerView, ZoneView } from '@houserules/engine';
import { unlimitedPoolTokens, type TypeDesc } from '@houserules/schema';
import type { GameWords } from '../game-words.ts';
import { formatTable } from '../text-table.ts';

/**
 * What one seat sees of a game, as text: the round and whose turn, the
 * scenario's shared state (vars, pools, zones), a table with a column per
 * player (their vars, pools, zones, pieces left), the pieces on the board.
 * It is built from `game.view(seat)` only, so it shows exactly what the
 * information model lets that seat see: another's secret is `(secret)`, a
 * hidden zone is a count, a card the seat knows in it is named.
 */
export function stateText(words: GameWords, view: PlayerView, title: string, people: readonly boolean[]): string {
  return joinState(stateLines(words, view, title, people));
}

/** The state as its parts: the heading, the shared lines, the players' table (its header row and rows), the board's lines. */
export interface StateLines {
  heading: string;
  shared: string[];
  tableHeader: string | null;
  rows: string[];
  board: string[];
}

export function joinState(s: StateLines): string {
  const out = [s.heading, ...s.shared];
  if (s.tableHeader !== null) out.push('', s.tableHeader, ...s.rows);
  if (s.board.length > 0) out.push('', ...s.board);
  return out.join('\n') + '\n';
}

/**
 * Only what changed since `before` (the same seat, turn and round): the heading, the lines
 * that differ, and the table's header row when a row of it differs; null when nothing did.
 */
export function changedState(before: StateLines, now: StateLines): string | null {
  const old = new Set([...before.shared, ...before.rows, ...before.board]);
  const shared = now.shared.filter((l) => !old.has(l));
  const rows = now.rows.filter((l) => !old.has(l));
  const board = now.board.filter((l) => !old.has(l) && l !== 'on the board:');
  if (shared.length + rows.length + board.length === 0) return null;
  return joinState({ heading: now.heading, shared, tableHeader: rows.length > 0 ? now.tableHeader : null, rows, board: board.length > 0 ? ['on the board (changed):', ...board] : [] });
}

export function stateLines(words: GameWords, view: PlayerView, title: string, people: readonly boolean[]): StateLines {
  const lg = words.lg;
  const out: string[] = [];
  const turn = view.current >= 0 ? `, ${words.seat(view.current)}’s turn` : '';
  const heading = `── ${words.text(title)} · round ${view.round}${view.turn > 0 ? ` · turn ${view.turn}` : ''}${turn} ──`;
  const typeOf = new Map(lg.vars.map((v) => [v.name, v.type]));
  const unlimited = unlimitedPoolTokens(words.lg.graph);

  // The shared state: global vars, pools and zones.
  const shared: string[] = [];
  for (const [name, value] of Object.entries(view.vars)) {
    if (Array.isArray(value)) continue;
    shared.push(`${words.text(name)} ${varText(words, value, typeOf.get(name))}`);
  }
  if (shared.length > 0) out.push(shared.join(' · '));
  for (const [name, pool] of Object.entries(view.pools)) {
    if (Array.isArray(pool)) continue;
    out.push(`${words.text(name)}: ${poolText(words, pool, unlimited.get(name))}`);
  }
  for (const [name, zone] of Object.entries(view.zones)) {
    if (Array.isArray(zone)) continue;
    out.push(`${words.text(name)}: ${zoneText(words, zone)}`);
  }

  // One column per player.
  const seats = Array.from({ length: people.length }, (_, s) => s);
  const header = ['', ...seats.map((s) => `${words.seat(s)}${s === view.seat && people[s] ? ' (you)' : people[s] ? '' : ' (bot)'}`)];
  const rows: string[][] = [];
  for (const [name, value] of Object.entries(view.vars)) {
    if (!Array.isArray(value)) continue;
    // scratch: an answer's var (the events say the answer), a var every player has at its declared value
    if (words.scratchVar(name, value)) continue;
    const cells = seats.map((s) => (value[s] === null ? '(secret)' : varText(words, value[s], typeOf.get(name))));
    rows.push([words.text(name), ...cells]);
  }
  for (const [name, pool] of Object.entries(view.pools)) {
    if (!Array.isArray(pool)) continue;
    rows.push([words.text(name), ...seats.map((s) => (pool[s] === null || pool[s] === undefined ? '(secret)' : poolText(words, pool[s]!, unlimited.get(name))))]);
  }
  for (const [name, zone] of Object.entries(view.zones)) {
    if (!Array.isArray(zone)) continue;
    rows.push([words.text(name), ...seats.map((s) => (zone[s] === undefined ? '' : zoneText(words, zone[s]!)))]);
  }
  if (view.board) {
    for (const [piece, left] of Object.entries(view.board.supply)) {
      if (Array.isArray(left)) rows.push([`${words.text(piece)} left`, ...seats.map((s) => String(left[s] ?? 0))]);
    }
  }
  const table = rows.length > 0 ? formatTable(header, rows).trimEnd().split('\n') : [];
  const board: string[] = [];

  if (view.board) {
    const global = Object.entries(view.board.supply).filter(([, left]) => !Array.isArray(left));
    const placed = new Map<string, string[]>();
    for (const p of view.board.pieces) {
      const who = p.owner >= 0 ? words.seat(p.owner) : 'nobody';
      const list = placed.get(who) ?? [];
      list.push(`${words.text(p.piece)} ${words.site(p.site)}`);
      placed.set(who, list);
    }
    if (placed.size > 0 || global.length > 0) board.push('on the board:');
    for (const [who, list] of placed) board.push(`  ${who}: ${list.join(', ')}`);
  }
  return { heading, shared: out, tableHeader: table[0] ?? null, rows: table.slice(1), board };
}

/** Every hex of the board, a line per row (`board` in play). */
export function boardText(words: GameWords, view: PlayerView): string {
  const b = words.lg.board;
  if (b === null || view.board === undefined) return 'This game has no board.\n';
  const rows = new Map<number, string[]>();
  for (let h = 0; h < b.hexCount; h++) {
    if (b.board.hexFrameDepth[h]! > 0) continue;
    const r = b.board.hexR[h]!;
    const list = rows.get(r) ?? [];
    list.push(words.site(h));
    rows.set(r, list);
  }
  const out = [...rows.entries()].sort(([a], [c]) => a - c).map(([, list]) => `  ${list.join(' · ')}`);
  const typeOf = new Map(words.lg.vars.map((v) => [v.name, v.type]));
  // Per-site vars: the sites whose value is not the one most sites have (harbours, say).
  for (const [name, bySite] of Object.entries(view.board.vars)) {
    const entries = Object.entries(bySite);
    const counts = new Map<string, number>();
    for (const [, v] of entries) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
    const usual = [...counts.entries()].sort((a, c) => c[1] - a[1])[0]?.[0];
    const marked = entries.filter(([, v]) => String(v) !== usual).map(([site, v]) => `${words.site(Number(site))} ${words.value(v, typeOf.get(name))}`);
    if (marked.length > 0) out.push(`${words.text(name)}: ${marked.join(', ')}`);
  }
  // Per-site pools: the sites holding something.
  for (const [name, bySite] of Object.entries(view.board.pools ?? {})) {
    const held = Object.entries(bySite).map(([site, tokens]) => `${words.site(Number(site))} ${Object.entries(tokens).map(([t, n]) => `${words.text(t)} ${n}`).join(', ')}`);
    if (held.length > 0) out.push(`${words.text(name)}: ${held.join('; ')}`);
  }
  return `the board, row by row:\n${out.join('\n')}\n`;
}

function varText(words: GameWords, value: unknown, type: TypeDesc | undefined): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${words.text(k)} ${words.value(v, type)}`).join(', ');
  }
  return words.value(value, type);
}

function poolText(words: GameWords, pool: Record<string, number>, unlimited: Set<string> | undefined): string {
  const parts = Object.entries(pool)
    .filter(([token, n]) => n !== 0 || unlimited?.has(token))
    .map(([token, n]) => `${words.text(token)} ${unlimited?.has(token) ? 'unlimited' : n}`);
  return parts.length > 0 ? parts.join(', ') : '—';
}

function zoneText(words: GameWords, zone: ZoneView): string {
  if (zone.count === 0) return '—';
  if (zone.cards) return zone.cards.map((c) => cardText(words, c.id, c.pools)).join(', ');
  const known = (zone.known ?? []).map((k) => `${cardText(words, k.card.id, k.card.pools)} at ${k.position}`);
  return `${zone.count} card${zone.count === 1 ? '' : 's'} (hidden)${known.length > 0 ? `, knows ${known.join(', ')}` : ''}`;
}

function cardText(words: GameWords, id: number, pools: Record<string, Record<string, number>> | undefined): string {
  const held = Object.values(pools ?? {})
    .flatMap((p) => Object.entries(p).filter(([, n]) => n !== 0))
    .map(([token, n]) => `${words.text(token)} ${n}`);
  return `${words.card(id)}${held.length > 0 ? ` [${held.join(', ')}]` : ''}`;
}

