import { printable } from '@houserules/schema';
import { endReasonWords } from '@houserules/engine';
import type { SimulationSummary } from '@houserules/simulation';
import { formatTable } from '../text-table.ts';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const num = (x: number): string => x.toFixed(2);

/** The summary as the command prints it: a table per seat, game length, rule firings, end reasons. */
export function formatSummary(s: SimulationSummary): string {
  const options = Object.entries(s.options)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');
  let out = `${printable(s.scenario)}  variant: ${printable(s.variant ?? '(base)')}  players: ${s.players}  games: ${s.games}  seed: ${s.seed}\n`;
  if (options) out += `options: ${printable(options)}\n`;
  out += '\n';
  out += formatTable(
    ['seat', 'agent', 'win rate', 'wins', 'shared', 'score mean', 'score sd'],
    s.seats.map((seat) => [
      `p${seat.seat + 1}`,
      seat.agent,
      pct(seat.winRate),
      String(seat.wins),
      String(seat.sharedWins),
      num(seat.scoreMean),
      num(seat.scoreStdDev),
    ]),
    [false, false, true, true, true, true, true],
  );
  out += '(win rate counts a win shared by k seats as 1/k; "wins" counts every won game, "shared" those won jointly)\n\n';
  out += formatTable(
    ['game length', 'mean', 'min', 'max'],
    (['rounds', 'turns', 'decisions'] as const).map((k) => [k, num(s.length[k].mean), String(s.length[k].min), String(s.length[k].max)]),
    [false, true, true, true],
  );
  out += '\n';
  out += formatTable(
    ['rule', 'fired per game', 'in games'],
    s.rules.map((r) => [r.id.replace(/^rule:/, ''), num(r.perGame), pct(r.gamesShare)]),
    [false, true, true],
  );
  out += '\n';
  out += formatTable(
    ['end reason', 'games', 'share'],
    s.endReasons.map((r) => [printable(endReasonWords(r.reason)), String(r.games), pct(r.share)]),
    [false, true, true],
  );
  if (s.failures.games > 0) {
    out += `\n${s.failures.games} game(s) stopped on a run error: ${Object.entries(s.failures.codes)
      .map(([c, k]) => `${printable(c)} ×${k}`)
      .join(', ')}\n`;
    // Each code once, with the message of one of its games: a step budget names the looping rules or flow item.
    for (const code of Object.keys(s.failures.codes)) {
      const example = s.failures.examples?.[code];
      if (example !== undefined) out += `  ${printable(code)}: ${printable(example)}\n`;
    }
  }
  return out;
}
