import { stampSource } from '../load/derived-memo.ts';
import type { RunState } from '../run/run-state.ts';
import { compileGenerated } from './expr-codegen.ts';
import { MAX_PHASE_BITS } from '../run/flow-frame.ts';
import type { ActionInfo } from '../load/loaded-graph.ts';
import { appendCachedOptions, storeOptions, type OptionBuffer } from '../run/option-cache.ts';

/**
 * Every action and argument list a player may take now, appended to the buffer
 * (Game.collectActions); `phases` is the set of active phases as bits.
 */
export type CollectFn = (g: RunState, player: number, phases: number, buf: OptionBuffer) => void;

const collectHelpers = { appendCachedOptions, storeOptions };


/**
 * Game.collectActions' loop over the actions, unrolled into one generated
 * function per graph: each action's phase, limit, cache stamp and width are
 * constants, and its admission and enumeration are called from a call site of
 * their own (so the JIT can inline them) instead of from one site shared by
 * every action. The order, the checks and the cache are those of the loop.
 * Null when some action has no generated admission or enumeration, or when
 * there are too many phases for a bit set (the loader records that fall-back).
 */
export function generateCollection(actions: readonly ActionInfo[], phaseCount: number): CollectFn | null {
  if (phaseCount > MAX_PHASE_BITS) return null;
  if (actions.some((a) => a.admits === null || (a.params.length > 0 && a.enumerate === null))) return null;
  const refs: unknown[] = [];
  const ref = (v: unknown): string => `K[${refs.push(v) - 1}]`;
  const parts = actions.map((a, ai) => {
    const guards = [a.during >= 0 ? `(phases & ${1 << a.during}) !== 0` : '', a.limitPerTurn > 0 ? `counts[${ai}] < ${a.limitPerTurn}` : ''].filter(Boolean);
    const enumerate = a.params.length === 0 ? `buf.start(${ai});` : `${ref(a.enumerate)}(g, buf);`;
    let options = enumerate;
    const reads = a.optionReads;
    if (reads !== null) {
      options =
        `const stamp = ${stampSource(reads)}; const key = ${ai} * n + player; const cached = cache[key];` +
        ` if (cached !== undefined && cached.stamp === stamp) H.appendCachedOptions(cached, ${a.params.length + 1}, buf);` +
        ` else { const v0 = buf.nv; ${enumerate} if (!g.halt) cache[key] = H.storeOptions(cached, stamp, buf, v0); }`;
    }
    const body = `g.actor = player; if (${ref(a.admits)}(g)) { ${options} }`;
    return `// ${a.name}\n${guards.length > 0 ? `if (${guards.join(' && ')}) { ${body} }` : `{ ${body} }`}`;
  });
  const source =
    `return function collect(g, player, phases, buf) {\n` +
    `const V = g.ver, counts = g.actionCounts, cache = g.optionCache, n = g.playerCount, prevActor = g.actor;\n` +
    `${parts.join('\n')}\n` +
    `g.actor = prevActor;\n};`;
  return compileGenerated<CollectFn>(source, 'actions/collect', refs, collectHelpers);
}
