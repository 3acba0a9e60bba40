import CATAN_BASE from '../../../scenarios/catan/base.rules?raw';
import CATAN_FIVE_SIX from '../../../scenarios/catan/five-six.rules?raw';
import DIAMANT from '../../../scenarios/diamant/diamant.rules?raw';

export { CATAN_BASE, CATAN_FIVE_SIX, DIAMANT };

export const DIAMANT_FILE = '/scenarios/diamant/diamant.rules';
export const CATAN_BASE_FILE = '/scenarios/catan/base.rules';
export const CATAN_FIVE_SIX_FILE = '/scenarios/catan/five-six.rules';

/** A small scenario the feature tests append to (it checks without a diagnostic). */
export const GEMS = `module gems

token ruby, diamond
pool reserve { ruby: unlimited, diamond: unlimited }
per player {
  pool chest { ruby, diamond }
  var in_cave: bool = true
  var plan: stay | leave = stay
}
option sharing: per_card | pooled = per_card "How leftovers are shared."
card treasure { value: number, pool gems { ruby } }
zone path: public
event explored(c: card)
flow {
  rounds 5 {
    step explore
  }
}
`;

function find(text: string, marker: string, after: string): number {
  const from = after ? text.indexOf(after) : 0;
  const at = text.indexOf(marker, from);
  if (from < 0 || at < 0) throw new Error(`no ${JSON.stringify(marker)} after ${JSON.stringify(after)}`);
  return at;
}

/** The text with `marker` (the first after `after`) replaced by the cursor <|>: what completion is asked at. */
export function withCursor(text: string, marker: string, after = ''): string {
  const at = find(text, marker, after);
  return `${text.slice(0, at)}<|>${text.slice(at + marker.length)}`;
}

/** The text with the cursor <|> inside `marker` (the first after `after`), after its first character: what hover is asked on. */
export function cursorIn(text: string, marker: string, after = ''): string {
  const at = find(text, marker, after) + 1;
  return `${text.slice(0, at)}<|>${text.slice(at)}`;
}
