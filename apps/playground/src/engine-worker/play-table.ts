// What a seat sees of the players and the shared state, in the author's words (the shared LogWords: seats `p1`,
// sites and cards by name, tokens by name): a table with a column per seat, the viewer's first, leaving out the
// scratch vars by the terminal's rule (LogWords.scratchVar); and the shared vars and pools. Built from the view
// only, so it holds what the information model lets the viewer see: another's secret is "(secret)".
import type { LogWords } from '@houserules/conformance';
import type { PlayerView, ZoneView } from '@houserules/engine';
import type { TypeDesc } from '@houserules/schema';
import type { PlayShared, PlayTable } from '../protocol/engine-protocol.ts';

export function playTable(words: LogWords, view: PlayerView, players: number, unlimited: ReadonlySet<string>): { table: PlayTable; shared: PlayShared[] } {
  const typeOf = new Map<string, TypeDesc>(words.lg.vars.map((v) => [v.name, v.type]));
  const seats = Array.from({ length: players }, (_, s) => s);
  // the viewer's column first
  if (view.seat >= 0 && view.seat < players) seats.unshift(...seats.splice(view.seat, 1));
  const rows: PlayTable['rows'] = [];
  const shared: PlayShared[] = [];
  for (const [name, pool] of Object.entries(view.pools)) {
    if (Array.isArray(pool)) rows.push({ name, kind: 'pool', cells: seats.map((s) => (pool[s] === null || pool[s] === undefined ? '(secret)' : poolText(words, name, pool[s]!, unlimited))) });
    else shared.push({ name, text: poolText(words, name, pool, unlimited) });
  }
  for (const [name, zone] of Object.entries(view.zones)) {
    if (Array.isArray(zone)) rows.push({ name, kind: 'zone', cells: seats.map((s) => zoneText(words, zone[s])) });
  }
  for (const [name, value] of Object.entries(view.vars)) {
    if (!Array.isArray(value)) {
      shared.push({ name, text: varText(words, value, typeOf.get(name)) });
      continue;
    }
    // scratch: an answer's var (the events say the answer), a var every player has at its declared value
    if (words.scratchVar(name, value)) continue;
    rows.push({ name, kind: 'var', cells: seats.map((s) => (value[s] === null ? '(secret)' : varText(words, value[s], typeOf.get(name)))) });
  }
  if (view.board) {
    for (const [piece, left] of Object.entries(view.board.supply)) {
      if (Array.isArray(left)) rows.push({ name: `${piece} left`, kind: 'supply', cells: seats.map((s) => String(left[s] ?? 0)) });
    }
  }
  return { table: { seats, rows }, shared };
}

function varText(words: LogWords, value: unknown, type: TypeDesc | undefined): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${words.text(k)} ${words.value(v, type)}`).join(', ');
  }
  return words.value(value, type);
}

function poolText(words: LogWords, pool: string, counts: Record<string, number>, unlimited: ReadonlySet<string>): string {
  const parts = Object.entries(counts)
    .filter(([token, n]) => n !== 0 || unlimited.has(`${pool}.${token}`))
    .map(([token, n]) => `${words.text(token)} ${unlimited.has(`${pool}.${token}`) ? '∞' : n}`);
  return parts.length > 0 ? parts.join(', ') : '—';
}

function zoneText(words: LogWords, zone: ZoneView | undefined): string {
  if (!zone || zone.count === 0) return '—';
  if (zone.cards) return zone.cards.map((c) => words.card(c.id)).join(', ');
  const known = (zone.known ?? []).map((k) => `${words.card(k.card.id)} at ${k.position}`);
  return `${zone.count} card${zone.count === 1 ? '' : 's'} (hidden)${known.length > 0 ? `, knows ${known.join(', ')}` : ''}`;
}
