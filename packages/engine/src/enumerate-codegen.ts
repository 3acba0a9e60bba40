import type { ActionNode, ConstraintNode, Expr } from '@houserules/schema';
import { Scope } from './compile-expr.ts';
import { canGenerate, Generator, helpers, rebinds, withSourceUrl } from './expr-codegen.ts';
import type { StmtCompiler } from './compile-stmt.ts';
import type { Game } from './game.ts';

/** Appends every argument list the action offers (after its argument-free checks passed) as [action, ...args]. */
export type EnumerateFn = (g: Game, values: number[], offsets: number[]) => void;

/**
 * An action's option enumeration as one generated function: a loop per
 * parameter over its domain, and right after binding a parameter the
 * constraints that read it (and no later one), written inline — a refusal skips
 * every completion of the prefix. The constraints read the action's parameter
 * slots directly (their binding names are aliased to them). Same options, same
 * order as Game.enumerateParams; null when code generation is unavailable.
 */
export function generateEnumeration(
  c: StmtCompiler,
  actionIndex: number,
  action: ActionNode,
  paramSlots: readonly number[],
  constraints: readonly { node: ConstraintNode; reads: number }[],
): EnumerateFn | null {
  if (!canGenerate() || action.params.length === 0) return null;
  const gen = new Generator(c);
  const n = action.params.length;
  const checksAt = (level: number): string => {
    const parts: string[] = [];
    for (const { node, reads } of constraints) {
      if (Math.min(reads, n) !== level) continue;
      const scope = new Scope(c.alloc);
      // a binding the condition binds again inside (an aggregate's variable) gets a slot of its own, set before the check
      let setUp = '';
      node.bindings.forEach((b, k) => {
        if (k >= n) return;
        if (rebinds(b, [node.condition])) setUp += `L[${scope.slot(b)}] = v${k}; `;
        else scope.alias(b, paramSlots[k]!);
      });
      const holds = gen.cond(node.condition, scope);
      parts.push(`${setUp}${node.kind === 'forbid' ? `if (${holds}) continue;` : `if (!${holds}) continue;`}`);
    }
    return parts.join(' ');
  };
  const paramScope = new Scope(c.alloc);
  action.params.forEach((p, k) => paramScope.alias(p.name, paramSlots[k]!));
  const record = `offsets.push(values.length); values.push(${actionIndex}${Array.from({ length: n }, (_, k) => `, v${k}`).join('')});`;
  let body = record;
  for (let k = n - 1; k >= 0; k--) {
    const domain: Expr = action.params[k]!.domain;
    const head =
      domain.k === 'players'
        ? `const len${k} = g.playerCount; for (let j${k} = 0; j${k} < len${k}; j${k}++) { const v${k} = j${k};`
        : `${loop(gen, domain, paramScope, k)} for (let j${k} = 0; j${k} < len${k}; j${k}++) { const v${k} = rev${k} ? arr${k}[len${k} - 1 - j${k}] : arr${k}[j${k}];`;
    body = `{ ${head} L[${paramSlots[k]}] = v${k}; ${checksAt(k + 1)} ${body} } }`;
  }
  const source = `${gen.inner.join('\n')}\nreturn function enumerate(g, values, offsets) { const L = g.locals; ${body} };`;
  try {
    return new Function('K', 'H', withSourceUrl(source, `action/${action.name}/options`))(gen.refs, helpers) as EnumerateFn;
  } catch {
    return null;
  }
}

/**
 * The head of the loop over parameter k's domain, binding arr{k}, len{k} and
 * rev{k}. Collections read in place (sites, board relations, zones) stay in
 * place: checks do not change the state. Anything else is copied, since a check
 * may evaluate other collections into the same scratch buffer.
 */
function loop(gen: Generator, domain: Expr, scope: Scope, k: number): string {
  if (gen.loopsInPlace(domain)) return gen.loopSource(domain, scope, String(k));
  // enumeration never runs inside another: one buffer per level serves every game
  return `${gen.list(domain, scope)}(g); const len${k} = g.srcLen, rev${k} = g.srcRev, arr${k} = H.copyInto(${gen.ref([])}, g.srcArr, len${k});`;
}
