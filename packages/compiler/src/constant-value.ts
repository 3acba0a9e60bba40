// Constant expressions: what declarations (defaults, supplies, option readings) must be.
// A leaf module, so that every lowerer can use it without importing another.
import type { Expr as GExpr, Value } from '@houserules/schema';
import type { Expr } from '@houserules/syntax';
import type { Origin } from './declaration-table.ts';
import type { Lowerers } from './lower-declarations.ts';
import type { Ty } from './type-system.ts';

/** The value of a constant expression (literals and arithmetic on them), or undefined. */
export function constantValue(e: GExpr): Value | undefined {
  switch (e.k) {
    case 'lit': return e.v;
    case 'neg': {
      const v = constantValue(e.e);
      return typeof v === 'number' ? -v : undefined;
    }
    case 'bin': {
      const l = constantValue(e.l);
      const r = constantValue(e.r);
      if (typeof l !== 'number' || typeof r !== 'number') return undefined;
      switch (e.op) {
        case '+': return l + r;
        case '-': return l - r;
        case '*': return l * r;
        case '/': return r === 0 ? undefined : Math.floor(l / r);
        case '%': return r === 0 ? undefined : l - r * Math.floor(l / r);
        default: return undefined;
      }
    }
    default: return undefined;
  }
}

/** A constant of type `ty`, for defaults and initial counts; a diagnostic when it is not constant. */
export function constant(l: Pick<Lowerers, 'cx' | 'ex'>, e: Expr | undefined, origin: Origin, ty: Ty | undefined, what: string): Value | undefined {
  if (!e) return undefined;
  const scope = l.cx.scope(origin, 'const', null);
  const lowered = l.ex.value(e, scope, ty, what);
  const v = constantValue(lowered.expr);
  if (v === undefined && lowered.ty.t !== 'unknown') {
    l.cx.sink.error('type/mismatch', `${what} must be a constant`, origin.file, e.range, 'write a literal value');
  }
  return v;
}
