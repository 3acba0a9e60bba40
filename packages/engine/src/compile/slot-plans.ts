import type { Expr } from '@houserules/schema';
import type { ExprFn } from '../load/loaded-graph.ts';
import { cardIndex, playerIndex, siteIndex, siteVarSlot } from '../run/address-checks.ts';
import type { ExprCompiler, Scope } from './compile-expr.ts';
import type { Generator } from './expr-codegen.ts';

/**
 * The one addressing layer of both back ends. A reference to a pool entry or a
 * var is resolved once per graph into a slot plan: where its slots start, how
 * many slots one owner takes, and whose they are (the game's, a player's, a
 * site's, a card's). The closure compiler renders a plan as a function of the
 * game (`slotClosure`), the code generator as source text (`slotSource`); both
 * check the owner through the same run-time checks (run/address-checks.ts).
 *
 * A plan reports nothing: the renderings report what each back end reported
 * before (a per-site pool in a graph without a board, an unknown card kind).
 */
export interface SlotPlan {
  /** whose instance: the game's, a player's, a site's (a per-site pool or var), a card's */
  readonly owner: 'global' | 'player' | 'site' | 'siteVar' | 'card' | 'cardVar';
  /** the constant part of the slot: a var's offset, a pool's offset plus the entry (card pools: after g.cardPoolBase; site vars: their block's offset after g.boardBase) */
  readonly fixed: number;
  /** slots per owner */
  readonly stride: number;
  /** the pool's or var's index */
  readonly index: number;
  /** its name as the author wrote it */
  readonly name: string;
  /** the author's words for it in run errors: `Pool 'gems'`, `Var 'score'`; for a card's pool `pool 'gems'` (`gem(3) has no pool 'gems'.`) */
  readonly what: string;
  /** a per-card pool's card kind (its key), if it is limited to one */
  readonly cardKind: string | undefined;
  /** a site var's sites: the kind's first site value and how many */
  readonly first: number;
  readonly count: number;
}

/** the plan of pool `p`'s slots (the entry not yet chosen: add it to `fixed`, or look it up at run time) */
export function poolPlan(c: ExprCompiler, p: number): SlotPlan | null {
  const cached = c.poolPlans[p];
  if (cached !== undefined) return cached;
  const node = c.graph.pools[p];
  if (!node) return null;
  const owner = node.scope === 'global' ? 'global' : node.scope === 'player' ? 'player' : node.scope === 'card' ? 'card' : 'site';
  const plan: SlotPlan = {
    owner,
    fixed: c.storage.poolOffset[p]!,
    stride: c.storage.poolStride[p]!,
    index: p,
    name: node.name,
    what: owner === 'card' ? `pool '${node.name}'` : `Pool '${node.name}'`,
    cardKind: node.cardKind,
    first: 0,
    count: 0,
  };
  c.poolPlans[p] = plan;
  return plan;
}

/** the plan of the slots of token `t` in pool `p` (indices); null when the pool holds no such token */
export function poolEntryPlan(c: ExprCompiler, p: number, t: number): SlotPlan | null {
  const entry = c.entryOf[p]?.[t] ?? -1;
  const plan = poolPlan(c, p);
  if (plan === null || entry < 0) return null;
  return entry === 0 ? plan : { ...plan, fixed: plan.fixed + entry };
}

/** the same for references by key, as generated code resolves them (null: unknown, let the closure report it) */
export function poolEntryPlanOf(c: ExprCompiler, poolKey: string, tokenKey: string): SlotPlan | null {
  const p = c.poolIx.get(poolKey);
  const t = c.tokenIx.get(tokenKey);
  return p === undefined || t === undefined ? null : poolEntryPlan(c, p, t);
}

/** the plan of var `v`'s slot (a map var: its first key's) */
export function varPlan(c: ExprCompiler, v: number): SlotPlan | null {
  const cached = c.varPlans[v];
  if (cached !== undefined) return cached;
  const node = c.graph.vars[v];
  if (!node) return null;
  if (node.scope === 'card') {
    const plan: SlotPlan = {
      owner: 'cardVar', fixed: c.storage.varOffset[v]!, stride: c.storage.cardVarStride, index: v, name: node.name,
      what: `var '${node.name}'`, cardKind: node.cardKind, first: 0, count: 0,
    };
    c.varPlans[v] = plan;
    return plan;
  }
  const site = node.scope === 'global' || node.scope === 'player' ? undefined : c.board?.siteVars.get(v);
  if (node.scope !== 'global' && node.scope !== 'player' && !site) return null;
  const plan: SlotPlan = {
    owner: node.scope === 'global' ? 'global' : node.scope === 'player' ? 'player' : 'siteVar',
    fixed: site ? site.offset : c.storage.varOffset[v]!,
    stride: node.scope === 'player' ? c.storage.varStride : site ? 1 : 0,
    index: v,
    name: node.name,
    what: `Var '${node.name}'`,
    cardKind: undefined,
    first: site?.first ?? 0,
    count: site?.count ?? 0,
  };
  c.varPlans[v] = plan;
  return plan;
}

/**
 * A plan as a closure: the slot for the owner `of` (self when absent), or -1
 * after a failed owner check. An owner that is a local is read from its slot.
 */
export function slotClosure(c: ExprCompiler, plan: SlotPlan, of: Expr | undefined, scope: Scope): ExprFn {
  const { fixed, stride, what } = plan;
  switch (plan.owner) {
    case 'global':
      return () => fixed;
    case 'player': {
      if (of?.k === 'local') {
        const s = scope.slot(of.name);
        return (g) => {
          const o = playerIndex(g, g.locals[s] as number, what);
          return o < 0 ? -1 : fixed + o * stride;
        };
      }
      const owner = c.owner(of, scope);
      return (g) => {
        const o = playerIndex(g, owner(g), what);
        return o < 0 ? -1 : fixed + o * stride;
      };
    }
    case 'site': {
      const site = c.owner(of, scope);
      const { first, count } = c.sitePool(plan.index, plan.name)!;
      return (g) => {
        const k = siteIndex(g, site(g), first, count, what);
        return k < 0 ? -1 : fixed + k * stride;
      };
    }
    case 'siteVar': {
      const site = c.owner(of, scope);
      const { first, count } = plan;
      return (g) => siteVarSlot(g, site(g), fixed, first, count, what);
    }
    case 'card':
    case 'cardVar': {
      const owner = c.owner(of, scope);
      const kind = plan.cardKind === undefined ? -1 : c.need(c.kindIx, plan.cardKind, 'card kind');
      const pools = plan.owner === 'card';
      return (g) => {
        const o = cardIndex(g, owner(g), kind, what);
        return o < 0 ? -1 : (pools ? g.cardPoolBase : g.cardVarBase) + fixed + o * stride;
      };
    }
  }
}

/**
 * A plan as source text of generated code: the slot for the owner `of`. Null
 * where the closure should handle it (a per-site pool or var with no site given).
 * A loop variable over the players needs no check (Generator.playerIndex).
 */
export function slotSource(gen: Generator, c: ExprCompiler, plan: SlotPlan, of: Expr | undefined, scope: Scope): string | null {
  const { fixed, stride, what } = plan;
  switch (plan.owner) {
    case 'global':
      return `${fixed}`;
    case 'player':
      return `(${fixed} + ${gen.playerIndex(of, scope, what)} * ${stride})`;
    case 'site': {
      const sites = c.sitePool(plan.index, plan.name)!;
      if (!of) return null;
      gen.halts++;
      return `(${fixed} + H.siteIndex(g, ${gen.gen(of, scope)}, ${sites.first}, ${sites.count}, ${gen.ref(what)}) * ${stride})`;
    }
    case 'siteVar':
      if (!of) return null;
      gen.halts++;
      return `H.siteVar(g, ${gen.gen(of, scope)}, ${fixed}, ${plan.first}, ${plan.count}, ${gen.ref(what)})`;
    case 'card':
    case 'cardVar': {
      const kind = plan.cardKind === undefined ? -1 : (c.kindIx.get(plan.cardKind) ?? -1);
      return `(${plan.owner === 'card' ? 'g.cardPoolBase' : 'g.cardVarBase'} + ${fixed} + ${gen.checkedCard(gen.owner(of, scope), kind, what)} * ${stride})`;
    }
  }
}
