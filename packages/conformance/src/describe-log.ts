import type { Value } from '@houserules/schema';
import type { Game, LoadedGraph, LogEntry } from '@houserules/engine';

const RECENT = 20;

/** The last log entries of a game, readable, oldest first. */
export function recentEvents(game: Game, lg: LoadedGraph, count = RECENT): string[] {
  const log = game.log;
  return log.slice(Math.max(0, log.length - count)).map((e) => describeLogEntry(e, game, lg));
}

/** One log entry as a line: `r2 explored(card: treasure(value 7)#12)`, `r2 p1 chooses exit`. */
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
      return `${at} shuffle ${String(d['zone'])}`;
    case '$reveal':
      return `${at} reveal ${describeCard(Number(d['card']), game, lg)} from ${String(d['from'])} to ${String(d['to'])}`;
    case '$roll':
      return `${at} roll ${String(d['dice'])}d${String(d['sides'])} = ${String(d['total'])}`;
    case '$end':
      return `${at} game over (${String(d['reason'])}), winners ${(d['winners'] as number[]).map((s) => `p${s + 1}`).join(', ')}`;
    default: {
      if (e.event.startsWith('$')) return `${at} ${e.event.slice(1)} ${JSON.stringify(d)}`;
      const info = lg.events.find((ev) => ev.name === e.event);
      const args = (info?.params ?? []).map((p) => {
        const v = d[p.name] as Value;
        const shown = p.type.t === 'card' ? describeCard(Number(v), game, lg) : p.type.t === 'player' ? `p${Number(v) + 1}` : String(v);
        return `${p.name}: ${shown}`;
      });
      return `${at} ${e.event}${args.length ? `(${args.join(', ')})` : ''}`;
    }
  }
}

/** A card as its kind and field values, with its instance id: `treasure(value 7)#12`. */
export function describeCard(id: number, game: Game, lg: LoadedGraph): string {
  const kind = lg.cardKinds[game.cardKind[id] ?? -1];
  if (!kind) return `card #${id}`;
  const fields = kind.fields.map((f) => `${f.name} ${String(lg.strings.decode(game.fieldVals[id * game.fieldWidth + f.index]!, f.type))}`);
  return `${kind.name}${fields.length ? `(${fields.join(', ')})` : ''}#${id}`;
}
