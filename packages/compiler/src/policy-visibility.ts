import type { Expr } from '@houserules/schema';
import type { Decl } from './declaration-table.ts';
import type { LoweringContext } from './lowering-context.ts';

/**
 * A policy decides for one player, so it may read only what that player sees
 * (docs/design/information-model.md, "Agents"): not another player's secret var or
 * pool, not a global secret, not the cards of a hidden zone or of another player's
 * `owner` zone (their count is public: `count(c in deck)`, `size(q.hand)`) — except the
 * cards its player knows, `known(self, Z)`: shown to it, looked at, or seen where they lie.
 * Returns what the expression reads that it may not, in the author's words, or null.
 */
export function hiddenReadOf(cx: LoweringContext, e: Expr): string | null {
  return walk(cx, e, false, new Set());
}

function isSelf(of: Expr | undefined, selfLocal: boolean): boolean {
  if (of === undefined) return false;
  return (of.k === 'ctx' && of.name === 'self') || (selfLocal && of.k === 'local' && of.name === 'self');
}

function declOf(cx: LoweringContext, id: string): Decl | undefined {
  return cx.table.byName.get(id.slice(id.indexOf(':') + 1));
}

function walk(cx: LoweringContext, e: Expr, selfLocal: boolean, seen: Set<string>): string | null {
  const child = (x: Expr | undefined): string | null => (x === undefined ? null : walk(cx, x, selfLocal, seen));
  switch (e.k) {
    case 'var': case 'count': case 'countOf': {
      const decl = declOf(cx, e.k === 'var' ? e.id : e.pool);
      if ((decl?.kind === 'var' || decl?.kind === 'pool') && decl.node.secret && !isSelf(e.of, selfLocal)) {
        return decl.scope === 'player' ? `another player's secret ${decl.kind} \`${decl.name}\`` : `the secret ${decl.kind} \`${decl.name}\``;
      }
      break;
    }
    case 'zone': {
      const decl = declOf(cx, e.id);
      if (decl?.kind === 'zone') {
        const visibility = decl.node.visibility ?? 'public';
        if (visibility === 'hidden') return `the cards of the hidden zone \`${decl.name}\``;
        if (visibility === 'owner' && !isSelf(e.of, selfLocal)) return `the cards of another player's \`${decl.name}\``;
        // everyone but its owner sees it: the deciding player's own is the one it cannot
        if (visibility === 'others' && isSelf(e.of, selfLocal)) return `the cards of its own \`${decl.name}\`, which everyone but its owner sees`;
      }
      break;
    }
    case 'agg': {
      // how many cards a zone holds is public
      if (e.fn === 'count' && e.where === undefined && e.over.k === 'zone') return child(e.over.of);
      // `known(p, Z)`: the cards of Z that p knows — its own knowledge is the player's to read, another's is not
      const knows = e.fn === 'list' && e.where?.k === 'call' && e.where.fn === 'knows' && e.where.args[1]?.k === 'local' && e.where.args[1].name === e.bind ? e.where : null;
      if (knows !== null) {
        if (!isSelf(knows.args[0], selfLocal)) return 'what another player knows (`known` of a player other than `self`)';
        return e.over.k === 'zone' ? child(e.over.of) : child(e.over);
      }
      break;
    }
    case 'call':
      if (e.fn === 'size' && e.args[0]?.k === 'zone') return child(e.args[0].of);
      break;
    case 'derived': {
      const node = cx.derived.get(e.id.slice('derived:'.length))?.node;
      for (const a of e.args) {
        const found = child(a);
        if (found) return found;
      }
      if (!node) return null;
      // a per-player value computed for the deciding player reads its own secrets
      const key = `${e.id}/${isSelf(e.args[0], selfLocal)}`;
      if (seen.has(key)) return null;
      seen.add(key);
      return walk(cx, node.value, node.perPlayer && isSelf(e.args[0], selfLocal), seen);
    }
  }
  for (const value of Object.values(e)) {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item && typeof item === 'object' && 'k' in item) {
          const found = child(item as Expr);
          if (found) return found;
        }
      }
    } else if (value && typeof value === 'object' && 'k' in value) {
      const found = child(value as Expr);
      if (found) return found;
    }
  }
  return null;
}
