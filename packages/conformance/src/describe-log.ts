import type { Value } from '@houserules/schema';
import { cardWord, seatWord, siteWord, type Game, type LoadedGraph, type LogEntry } from '@houserules/engine';

const RECENT = 20;

/** The last log entries of a game, readable, oldest first. */
export function recentEvents(game: Game, lg: LoadedGraph, count = RECENT): string[] {
  const log = game.log;
  return log.slice(Math.max(0, log.length - count)).map((e) => describeLogEntry(e, game, lg));
}

/** One log entry as a line: `r2 explored(card: treasure(7))`, `r2 p1 chooses exit`. */
export function describeLogEntry(e: LogEntry, game: Game, lg: LoadedGraph): string {
  const at = `r${e.round}${e.turn > 0 ? ` t${e.turn}` : ''}`;
  const d = e.data;
  switch (e.event) {
    case '$start':
      return `${at} start: seed ${String(d['seed'])}, ${String(d['players'])} players`;
    case '$answer': {
      const move = d['move'] as { kind: string; value?: Value; action?: string; args?: Value[] };
      const who = `p${Number(d['seat']) + 1}`;
      return move.kind === 'choice'
        ? `${at} ${who} chooses ${String(move.value)}`
        : `${at} ${who} does ${String(move.action).replace(/^action:/, '')}(${(move.args ?? []).map(String).join(', ')})`;
    }
    case '$shuffle':
      return `${at} shuffle ${zoneWords(d['zone'])}`;
    case '$reveal':
      return `${at} reveal ${describeCard(Number(d['card']), game, lg)} from ${zoneWords(d['from'])} to ${zoneWords(d['to'])}`;
    case '$show': {
      // a card shown to some seats: `r2 show treasure(7) to p2`; a redacted log keeps only how many
      const cards = Array.isArray(d['cards']) ? (d['cards'] as number[]).map((c) => describeCard(c, game, lg)).join(', ') : `${String(d['count'] ?? 0)} cards`;
      const to = Array.isArray(d['to']) ? (d['to'] as number[]).map(seatWord).join(', ') : 'some seats';
      return `${at} show ${cards} to ${to}`;
    }
    case '$roll':
      return `${at} roll ${String(d['dice'])}d${String(d['sides'])} = ${String(d['total'])}`;
    case '$end':
      return `${at} game over (${String(d['reason'])}), winners ${(d['winners'] as number[]).map((s) => `p${s + 1}`).join(', ')}`;
    default: {
      if (e.event.startsWith('$')) return `${at} ${e.event.slice(1)} ${JSON.stringify(d)}`;
      const info = lg.events.find((ev) => ev.name === e.event);
      const args = (info?.params ?? []).map((p) => {
        const v = d[p.name] as Value;
        const shown =
          p.type.t === 'card' ? describeCard(Number(v), game, lg) : p.type.t === 'player' ? seatWord(Number(v)) : p.type.t === 'site' ? siteWord(lg.board, Number(v), game) : String(v);
        return `${p.name}: ${shown}`;
      });
      return `${at} ${e.event}${args.length ? `(${args.join(', ')})` : ''}`;
    }
  }
}

/** A zone as the log names it (`hand[0]`: seat 0's hand) in the author's words: `p1.hand`. */
function zoneWords(zone: unknown): string {
  const name = String(zone);
  const owned = /^(\w+)\[(\d+)\]$/.exec(name);
  return owned ? `${seatWord(Number(owned[2]))}.${owned[1]}` : name;
}

/** A card as the author writes it: its kind and field values, `treasure(7)`, `relic`. */
export function describeCard(id: number, game: Game, _lg: LoadedGraph): string {
  return cardWord(game, id);
}
