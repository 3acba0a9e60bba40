import type { Agent, LoadedGraph, Move } from '@houserules/engine';
import type { RuleGraph } from '@houserules/schema';
import { formatAgentSpec, makeAgent, type AgentSpec } from '@houserules/simulation';

/**
 * The agents some of a witness search's games are played by (docs/diff.md,
 * "Games played by agents"): the first scenario's own policies, each with its
 * parameters' defaults, and the agents the user names (`diff --agents`). Random
 * games rarely get far (a random Catan player hardly builds), so a difference
 * that shows late in a game — an end on 14 points, a supply run short by many
 * payouts — is looked for in games played the way the scenario's authors say
 * a player plays as well.
 */
export interface SearchAgent {
  /** as `--agents` names it: `builder`, `cautious`, `mcts(iterations=100)` */
  label: string;
  make(lg: LoadedGraph, seed: number): Agent;
}

/** the first graph's active policies, then the given agents (random and first-legal left out: the search plays those itself) */
export function searchAgents(graph: RuleGraph, given: readonly AgentSpec[] = []): SearchAgent[] {
  const specs: AgentSpec[] = graph.policies.filter((p) => p.status === 'active').map((p) => ({ name: p.name, args: [] }));
  for (const s of given) {
    if (s.name === 'random' || s.name === 'first') continue;
    if (!specs.some((x) => formatAgentSpec(x) === formatAgentSpec(s))) specs.push(s);
  }
  return specs.map((spec) => ({ label: formatAgentSpec(spec), make: (lg, seed) => makeAgent(lg, graph, spec, seed) }));
}

/**
 * Which seat plays by which agent in the n-th game played by agents: every
 * seat by one agent in turn (n even), or every other seat, the rest by the
 * search's own (steered) picks (n odd) — a mix, so that an agent meets others
 * than itself. null: that seat's moves are the search's.
 */
export function seatAgents(agents: readonly SearchAgent[], players: number, n: number): (SearchAgent | null)[] {
  if (agents.length === 0) return Array.from({ length: players }, () => null);
  const k = Math.floor(n / 2);
  return Array.from({ length: players }, (_, seat) => {
    if (n % 2 === 1 && (seat + k) % 2 === 1) return null;
    return agents[(k + (n % 2 === 0 ? 0 : seat)) % agents.length]!;
  });
}

/** in words: "builder for every seat", "builder for p1 and p3, the search's picks for p2 and p4" */
export function seatAgentsText(mix: readonly (SearchAgent | null)[]): string {
  const byLabel = new Map<string, number[]>();
  mix.forEach((a, seat) => {
    const label = a?.label ?? "the search's picks";
    byLabel.set(label, [...(byLabel.get(label) ?? []), seat]);
  });
  if (byLabel.size === 1) return `${[...byLabel.keys()][0]} for every seat`;
  const seats = (xs: number[]): string => {
    const names = xs.map((s) => `p${s + 1}`);
    return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  };
  return [...byLabel].map(([label, xs]) => `${label} for ${seats(xs)}`).join(', ');
}

/** the index of an agent's answer among the options listed (its index, or the move it names); -1: none of them */
export function answerIndex(answer: number | Move, options: readonly Move[]): number {
  if (typeof answer === 'number') return answer >= 0 && answer < options.length ? answer : -1;
  return options.findIndex((m) =>
    m.kind === 'action' && answer.kind === 'action'
      ? m.action === answer.action && JSON.stringify(m.args) === JSON.stringify(answer.args)
      : m.kind === 'choice' && answer.kind === 'choice' && m.ask === answer.ask && JSON.stringify(m.value) === JSON.stringify(answer.value),
  );
}
