import type { Game } from './game.ts';
import type { LogEntry } from './types.ts';

/**
 * The game's log entries (`$start`, `$answer`, `$shuffle`… and every dispatched event),
 * numbered in order; nothing is built with `recordLog: false`.
 */

export function record(g: Game, event: string, data: Record<string, unknown>): LogEntry {
  const entry: LogEntry = { seq: g.seq++, round: g.round, turn: g.turn, event, data };
  g.logEntries!.push(entry);
  return entry;
}

export function zoneName(g: Game, inst: number): string {
  const zi = g.zoneInstDecl[inst]!;
  const z = g.lg.zones[zi]!;
  // a family's zone by its key (`row[3]`), as the view names it
  if (z.scope === 'keyed') return `${z.name}[${z.firstKey + inst - g.zoneInstBase[zi]!}]`;
  const owner = g.zoneInstOwner[inst]!;
  return owner < 0 ? z.name : `${z.name}[${owner}]`;
}
