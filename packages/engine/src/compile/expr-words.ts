import type { Expr } from '@houserules/schema';
import { idWord } from '../run/author-words.ts';

/**
 * A card expression as the author wrote it, near enough for a run message:
 * `c`, `first(x in deck where …)`, `the card given` for anything else. The graph
 * keeps no source text of an expression; these few shapes are the ones that give none.
 */
export function cardExprWords(e: Expr): string {
  switch (e.k) {
    case 'local':
      return `\`${e.name}\``;
    case 'agg': {
      const over = e.over.k === 'zone' ? `${e.over.of ? '….' : ''}${idWord(e.over.id)}` : '…';
      return `\`${e.fn}(${e.bind} in ${over}${e.where ? ' where …' : ''})\``;
    }
    default:
      return 'the card given';
  }
}
