import type { DeclOf } from './declaration-table.ts';
import { constant } from './constant-value.ts';
import type { Lowerers } from './lower-declarations.ts';
import { NUMBER } from './type-system.ts';

/**
 * A piece's declared supply, worked out once per compilation: the piece's node
 * and `placed` (which lowers to the declared supply less what is left) both read
 * it, and a supply that is not a constant is reported once, by whichever comes
 * first. 0 when it is not a number.
 */
export function declaredSupply(l: Pick<Lowerers, 'cx' | 'ex'>, d: DeclOf<'piece'>): number {
  const known = l.cx.pieceSupplies.get(d);
  if (known !== undefined) return known;
  const v = constant(l, d.node.supply, d.origin, NUMBER, `the supply of \`${d.name}\``);
  const supply = typeof v === 'number' ? v : 0;
  l.cx.pieceSupplies.set(d, supply);
  return supply;
}
