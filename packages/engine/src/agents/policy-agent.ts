import type { Diagnostic, Result, Value } from '@houserules/schema';
import type { LoadedGraph } from '../load/loaded-graph.ts';
import { nextBelow, seedPrng } from '../run/prng.ts';
import type { Agent } from './agent.ts';
import { runError } from '../run/run-errors.ts';

/**
 * An agent from one of the graph's policies: the first preference whose `when`
 * holds and that names an offered option wins; otherwise a uniform random option.
 * `self` is the deciding seat; parameters take their defaults unless overridden.
 */
export function policyAgent(lg: LoadedGraph, name: string, params: Record<string, Value> = {}, seed = 1): Result<Agent | null> {
  const policy = lg.policies.find((p) => p.name === name || p.id === name);
  if (!policy) return { value: null, diagnostics: [runError('run/unknown-policy', `There is no policy '${name}'.`)] };
  const diagnostics: Diagnostic[] = [];
  const values = policy.params.map((p) => {
    const given = params[p.name];
    return given === undefined ? p.default : lg.strings.encode(given);
  });
  for (const key of Object.keys(params)) {
    if (!policy.params.some((p) => p.name === key)) diagnostics.push(runError('run/unknown-policy-param', `Policy '${name}' has no parameter '${key}'.`));
  }
  if (diagnostics.length > 0) return { value: null, diagnostics };
  const rng = new Uint32Array(4);
  seedPrng(rng, seed);
  const agent: Agent = {
    name: policy.name,
    choose(game, seat) {
      const count = game.optionCount(seat);
      if (count === 0) return -1;
      const prevSelf = game.self;
      game.self = seat;
      for (let k = 0; k < policy.params.length; k++) game.locals[policy.params[k]!.slot] = values[k]!;
      const askIndex = game.openAsk(seat);
      const ask = askIndex >= 0 ? lg.asks[askIndex]! : null;
      let pick = -1;
      for (const pref of policy.preferences) {
        if ((pref.kind === 'action') !== (ask === null)) continue;
        if (ask !== null && pref.target < 0 && ask.varIndex !== pref.targetVar && ask.id !== pref.targetAsk) continue;
        if (pref.when !== null && pref.when(game) === 0) continue;
        if (ask !== null) {
          const wanted = pref.target >= 0 ? pref.target : pref.args.length > 0 ? pref.args[0]!(game) : Number.NaN;
          for (let i = 0; i < count && pick < 0; i++) if (game.optionValue(seat, i) === wanted) pick = i;
        } else {
          for (let i = 0; i < count && pick < 0; i++) {
            if (game.optionValue(seat, i) !== pref.target) continue;
            let same = true;
            for (let k = 0; k < pref.args.length && same; k++) same = game.optionArg(seat, i, k) === pref.args[k]!(game);
            if (same) pick = i;
          }
        }
        if (pick >= 0) break;
      }
      game.self = prevSelf;
      return pick >= 0 ? pick : nextBelow(rng, 0, count);
    },
  };
  return { value: agent, diagnostics: [] };
}
