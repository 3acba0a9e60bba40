import type { ActionNode, ConstraintNode, Expr } from '@houserules/schema';
import type { RunState } from '../run/run-state.ts';
import { Scope } from './compile-expr.ts';
import { compileGenerated, Generator, helpers } from './expr-codegen.ts';
import { rebinds } from './name-bindings.ts';
import type { StmtCompiler } from './compile-stmt.ts';
import type { OptionBuffer } from '../run/option-cache.ts';
import { forEachChild } from '../load/end-dependencies.ts';
import type { LoadedBoard } from '../load/loaded-board.ts';
import { siteIndexOf, siteListRank } from '../run/board-site-index.ts';
import { resourcesRead } from '../load/state-resources.ts';
import { BOARD_CONTENTS } from '../run/state-versions.ts';
import { boardFactTable } from '../run/option-cache.ts';
import { neighbourhoodPlan } from '../load/site-neighbourhood.ts';
import { SiteNeighbourhood } from '../run/board-neighbourhoods.ts';

/** Appends every argument list the action offers (after its argument-free checks passed) to the buffer. */
export type EnumerateFn = (g: RunState, buf: OptionBuffer) => void;

/**
 * An action's option enumeration as one generated function: a loop per
 * parameter over its domain, and right after binding a parameter the
 * constraints that read it (and no later one), written inline — a refusal skips
 * every completion of the prefix. The constraints read the action's parameter
 * slots directly (their binding names are aliased to them). A constraint that
 * reads only the parameter just bound is worked out once per element of that
 * parameter's domain (memoisedCheckSource). Same options, same order as
 * Game.enumerateParams; null for an action without parameters (its one option needs no loop).
 */
export function generateEnumeration(
  c: StmtCompiler,
  actionIndex: number,
  action: ActionNode,
  paramSlots: readonly number[],
  constraints: readonly { node: ConstraintNode; reads: number }[],
): EnumerateFn | null {
  if (action.params.length === 0) return null;
  const gen = new Generator(c);
  const n = action.params.length;
  // a check that reads only the parameter just bound, whose domain reads no earlier one, gives the same answer for the
  // same element whatever the outer parameters are: it is worked out once per element in an enumeration (at its first use)
  let counter: string | null = null;
  const memoised = (node: ConstraintNode, level: number): boolean =>
    level >= 2 &&
    !action.params.slice(0, level - 1).some((p) => mentions(action.params[level - 1]!.domain, p.name)) &&
    !node.bindings.slice(0, level - 1).some((b) => mentions(node.condition, b));
  // set-up run once per enumeration, before the loops
  const prelude: string[] = [];
  const at = (level: number): ConstraintNode[] => constraints.filter(({ reads }) => Math.min(reads, n) === level).map(({ node }) => node);
  // per parameter: the piece kind whose sites of the actor's the loop runs over, when the first check keeps only those
  const owned = action.params.map((p, k): OwnPieces | null => ownPiecesOnly(c.board, p.domain, k, at(k + 1)[0]));
  // the first parameter, when a check admits only sites near the actor's pieces: the loop walks those (load/site-neighbourhood.ts)
  const near = owned[0] === null && c.cache && c.board !== null ? neighbourhoodPlan(c.graph, c.board, action.params[0]!.domain, at(1)) : null;
  const checksAt = (level: number): string =>
    at(level)
      .filter((node, i) => i > 0 || owned[level - 1] === null)
      .map((node) => {
        if (readsBoardFactsOnly(c, node, level - 1, action.params[level - 1]!.domain)) return boardFactCheckSource(c, gen, prelude, node, paramSlots, `v${level - 1}`, 'continue');
        if (!memoised(node, level)) return checkSource(c, gen, node, paramSlots, 'continue');
        counter ??= gen.ref([0]);
        return memoisedCheckSource(c, gen, node, paramSlots, `j${level - 1}`, 'continue');
      })
      .join(' ');
  const paramScope = new Scope(c.alloc);
  action.params.forEach((p, k) => paramScope.alias(p.name, paramSlots[k]!));
  const record = `OO[no++] = nv; OV[nv++] = ${actionIndex};${Array.from({ length: n }, (_, k) => ` OV[nv++] = v${k};`).join('')}`;
  let body = record;
  for (let k = n - 1; k >= 0; k--) {
    const domain: Expr = action.params[k]!.domain;
    const own = owned[k]!;
    const head =
      domain.k === 'players'
        ? `const len${k} = g.playerCount; for (let j${k} = 0; j${k} < len${k}; j${k}++) { const v${k} = j${k};`
        : k === 0 && near !== null
          ? `const nb0 = ${gen.ref(new SiteNeighbourhood(c.board!, near))}, len0 = nb0.sites(g), arr0 = nb0.out; for (let j0 = 0; j0 < len0; j0++) { const v0 = arr0[j0];`
          : own !== null
          ? `${ownSitesLoop(gen, c.board!, own, k)} for (let j${k} = 0; j${k} < len${k}; j${k}++) { const v${k} = arr${k}[j${k}];${own.member === null ? '' : ` if (${gen.ref(own.member)}[v${k}] !== 1) continue;`}`
          : `${loop(gen, domain, paramScope, k)} for (let j${k} = 0; j${k} < len${k}; j${k}++) { const v${k} = rev${k} ? arr${k}[len${k} - 1 - j${k}] : arr${k}[j${k}];`;
    body = `{ ${head} L[${paramSlots[k]}] = v${k}; ${checksAt(k + 1)} ${body} } }`;
  }
  const source = `${gen.inner.join('\n')}\nreturn function enumerate(g, buf) { const L = g.locals; const OV = buf.values, OO = buf.offsets; let nv = buf.nv, no = buf.no; ${counter === null ? '' : `const E = ++${counter}[0];`} ${prelude.join(' ')} ${body} buf.nv = nv; buf.no = no; };`;
  return compileGenerated<EnumerateFn>(source, `action/${action.name}/options`, gen.refs, helpers);
}

/**
 * Whether the player (already in g.actor) may take the action at all: it is
 * theirs (`by`) and every constraint that reads no argument allows it.
 */
export type AdmitFn = (g: RunState) => boolean;

export function generateAdmission(c: StmtCompiler, action: ActionNode, paramSlots: readonly number[], constraints: readonly { node: ConstraintNode; reads: number }[]): AdmitFn {
  const gen = new Generator(c);
  const scope = new Scope(c.alloc);
  const by = action.by ? `if (${gen.gen(action.by, scope)} !== g.actor) return false;` : '';
  const checks = constraints
    .filter(({ reads }) => reads === 0)
    .map(({ node }) => checkSource(c, gen, node, paramSlots, 'return false'))
    .join(' ');
  const source = `${gen.inner.join('\n')}\nreturn function admits(g) { const L = g.locals; ${by} ${checks} return true; };`;
  return compileGenerated<AdmitFn>(source, `action/${action.name}/admits`, gen.refs, helpers);
}

/**
 * One constraint's check as a statement that runs `refuse` when the constraint
 * refuses. Its bindings read the action's parameter slots (values v0, v1… in the
 * enumeration loops); a binding the condition binds again inside (an aggregate's
 * variable) gets a slot of its own, set first.
 */
function checkSource(c: StmtCompiler, gen: Generator, node: ConstraintNode, paramSlots: readonly number[], refuse: string): string {
  const scope = new Scope(c.alloc);
  let setUp = '';
  node.bindings.forEach((b, k) => {
    if (k >= paramSlots.length) return;
    if (rebinds(b, [node.condition])) setUp += `L[${scope.slot(b)}] = L[${paramSlots[k]}]; `;
    else scope.alias(b, paramSlots[k]!);
  });
  const holds = gen.cond(node.condition, scope);
  return `${setUp}${node.kind === 'forbid' ? `if (${holds}) ${refuse};` : `if (!${holds}) ${refuse};`}`;
}

/**
 * A check as checkSource writes it, worked out once per element `index` of its
 * parameter's domain in one enumeration (E numbers the enumerations; generateEnumeration sets it): the
 * first use computes it where the plain check would have, later ones reuse it.
 */
function memoisedCheckSource(c: StmtCompiler, gen: Generator, node: ConstraintNode, paramSlots: readonly number[], index: string, refuse: string): string {
  const seen = gen.ref([] as number[]);
  const refused = gen.ref([] as number[]);
  const check = checkSource(c, gen, node, paramSlots, `r = 1`);
  return `if (${seen}[${index}] !== E) { let r = 0; ${check} ${refused}[${index}] = r; ${seen}[${index}] = E; } if (${refused}[${index}] === 1) ${refuse};`;
}

/**
 * Whether a check on parameter k (over a site domain) reads nothing but that
 * parameter and facts of the board that only its set-up writes (hex kinds and
 * values; relations are fixed): `land_edge(e)`. Its answer for a site then holds
 * for the whole game (until a restore), so it is worked out once per site and
 * game (boardFactCheckSource). Off when caching is.
 */
function readsBoardFactsOnly(c: StmtCompiler, node: ConstraintNode, k: number, domain: Expr): boolean {
  if (!c.cache || c.board === null || (domain.k !== 'sites' && domain.k !== 'siteRel')) return false;
  if (node.bindings.slice(0, k).some((b) => mentions(node.condition, b))) return false;
  const reads = resourcesRead(c.graph, c.resources, [{ owner: node.id, condition: node.condition }], false);
  return reads !== null && reads.length > 0 && reads.every((r) => r === BOARD_CONTENTS);
}

/**
 * A check as checkSource writes it, worked out once per site `site` and game:
 * the game's table for the check (boardFactTable, fetched once per enumeration
 * in the prelude) keeps each site's answer while the board's contents keep their
 * version; the first use computes it where the plain check would have run (a
 * check that stops the game keeps nothing).
 */
function boardFactCheckSource(c: StmtCompiler, gen: Generator, prelude: string[], node: ConstraintNode, paramSlots: readonly number[], site: string, refuse: string): string {
  const t = `T${prelude.length}`;
  prelude.push(`const ${t} = ${gen.ref(boardFactTable)}(g, ${gen.ref(new WeakMap<object, Int32Array>())}, ${c.board!.siteCount}, g.ver[${BOARD_CONTENTS}]);`);
  const check = checkSource(c, gen, node, paramSlots, `r = 2`);
  return `{ let r = ${t}[1 + ${site}]; if (r === 0) { r = 1; ${check} if (!g.halt) ${t}[1 + ${site}] = r; } if (r === 2) ${refuse}; }`;
}

/** whether the expression reads the local `name` anywhere (a binding of the same name inside it counts too: conservative) */
function mentions(e: Expr, name: string): boolean {
  if (e.k === 'local') return e.name === name;
  let found = false;
  forEachChild(e, (child) => {
    found ||= mentions(child, name);
  });
  return found;
}

/**
 * The head of the loop over parameter k's domain, binding arr{k}, len{k} and
 * rev{k}. Collections read in place (sites, board relations, zones) stay in
 * place: checks do not change the state. Anything else is copied, since a check
 * may evaluate other collections into the same scratch buffer.
 */
function loop(gen: Generator, domain: Expr, scope: Scope, k: number): string {
  if (gen.loopsInPlace(domain, scope)) return gen.loopSource(domain, scope, String(k));
  // enumeration never runs inside another: one buffer per level serves every game
  return `${gen.list(domain, scope)}(g); const len${k} = g.srcLen, rev${k} = g.srcRev, arr${k} = H.copyInto(${gen.ref([])}, g.srcArr, len${k});`;
}

/** a parameter looped over the actor's sites holding one piece kind: the kind's list rank, and the domain's sites when it leaves some of the kind out */
interface OwnPieces {
  rank: number;
  member: Uint8Array | null;
}

/**
 * Whether the first check right after binding parameter k (over `domain`) keeps only the sites holding one of the actor's own
 * pieces of one kind: a `require` whose condition is exactly `s.piece == K and
 * s.owner == actor` (either order of the two sides of `and`), s the constraint's
 * binding for that parameter, K a per-player piece standing on the domain's kind
 * of site, the domain every site of that kind in ascending order. Then the loop
 * runs over the actor's list of such sites (board-site-index.ts), in ascending
 * order too, and the check is left out: the same sites pass, in the same order.
 */
function ownPiecesOnly(b: LoadedBoard | null, domain: Expr, k: number, first: ConstraintNode | undefined): OwnPieces | null {
  if (b === null || first === undefined || first.kind !== 'require' || domain.k !== 'sites' || domain.board !== undefined) return null;
  const bound = first.bindings[k];
  const cond = first.condition;
  if (bound === undefined || cond.k !== 'bin' || cond.op !== 'and') return null;
  const pieceTest = (e: Expr): string | null =>
    e.k === 'bin' && e.op === '==' && isAttrOf(e.l, 'piece', bound) && e.r.k === 'lit' && typeof e.r.v === 'string' ? e.r.v : null;
  const ownerTest = (e: Expr): boolean => e.k === 'bin' && e.op === '==' && isAttrOf(e.l, 'owner', bound) && e.r.k === 'ctx' && e.r.name === 'actor';
  const pieceId = pieceTest(cond.l) !== null && ownerTest(cond.r) ? pieceTest(cond.l) : pieceTest(cond.r) !== null && ownerTest(cond.l) ? pieceTest(cond.r) : null;
  if (pieceId === null) return null;
  const pi = b.pieces.findIndex((p) => p.id === pieceId);
  const piece = b.pieces[pi];
  if (piece === undefined || !piece.perPlayer || piece.site !== domain.site) return null;
  const sites = b.sites[domain.site];
  for (let i = 1; i < sites.length; i++) if (sites[i - 1]! >= sites[i]!) return null;
  let member: Uint8Array | null = null;
  if (sites.length !== piece.count) {
    member = new Uint8Array(b.siteCount);
    for (const x of sites) member[x] = 1;
  }
  return { rank: siteListRank(b, pi), member };
}

function isAttrOf(e: Expr, attr: 'piece' | 'owner', local: string): boolean {
  return e.k === 'siteAttr' && e.attr === attr && e.of.k === 'local' && e.of.name === local;
}

/** the head of the loop over the actor's sites holding the piece kind, binding arr{k}, len{k} (read in place: checks do not change the board) */
function ownSitesLoop(gen: Generator, b: LoadedBoard, own: OwnPieces, k: number): string {
  return (
    `const ix${k} = ${gen.ref(siteIndexOf)}(g, ${gen.ref(b)}), o${k} = g.actor, at${k} = o${k} >>> 0 < g.playerCount ? ${own.rank} * g.playerCount + o${k} : -1;` +
    ` const arr${k} = at${k} < 0 ? H.EMPTY : ix${k}.sites[at${k}], len${k} = at${k} < 0 ? 0 : ix${k}.lens[at${k}];`
  );
}
