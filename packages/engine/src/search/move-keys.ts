import type { Game } from '../run/game.ts';

/**
 * A key for option i of a seat's open decision: the ask (or `a` for actions) and
 * the option's encoded values. It names the same move in every determinization,
 * where the option's index may differ (an option offered in one and not another).
 */
export function optionKey(g: Game, seat: number, i: number): string {
  const ask = g.openAsk(seat);
  if (ask >= 0) return `${ask}:${g.optionValue(seat, i)}`;
  const action = g.optionValue(seat, i);
  const params = g.lg.actions[action]!.params.length;
  let key = `a${action}`;
  for (let k = 0; k < params; k++) key += `,${g.optionArg(seat, i, k)}`;
  return key;
}
