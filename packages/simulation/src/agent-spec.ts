import { MAX_NUMBER, MIN_NUMBER, type PolicyNode, type RuleGraph, type Value } from '@houserules/schema';
import { MAX_PLAYOUT_DECISIONS, MAX_SEARCH_ITERATIONS, MAX_SEARCH_MS, MCTS_DEFAULTS, MCTS_PARAMS } from '@houserules/engine';

/** `random`, `first`, a scenario policy with arguments (`cautious(8)`), or the search agent with named parameters (`mcts(iterations=800, rollout=builder)`). */
export interface AgentSpec {
  name: string;
  args: Value[];
  /** the search agent's parameters, by name (only those given) */
  params?: Record<string, Value>;
}

export type SpecResult<T> = { ok: true; value: T } | { ok: false; message: string };

export const BUILTIN_AGENTS = ['random', 'first', 'mcts'] as const;

/** Splits `random,cautious(8),greedy(20)` on the commas outside parentheses. */
export function splitAgentList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  parts.push(current.trim());
  return parts.filter((p) => p !== '');
}

export function parseAgentSpec(text: string, graph: RuleGraph): SpecResult<AgentSpec> {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*(?:\((.*)\))?$/.exec(text.trim());
  if (!match) return { ok: false, message: `cannot read agent "${text}": expected a name like random, first or cautious(8)` };
  const name = match[1]!;
  const rawArgs = match[2] === undefined || match[2].trim() === '' ? [] : match[2].split(',').map((a) => a.trim());
  const policies = graph.policies.filter((p) => p.status === 'active');
  if (name === 'mcts') return parseMctsArgs(rawArgs, policies);
  if ((BUILTIN_AGENTS as readonly string[]).includes(name)) {
    if (rawArgs.length > 0) return { ok: false, message: `agent ${name} takes no arguments` };
    return { ok: true, value: { name, args: [] } };
  }
  const policy = policies.find((p) => p.name === name);
  if (!policy) {
    const known = [...BUILTIN_AGENTS, ...policies.map((p) => p.name)].join(', ');
    return { ok: false, message: `unknown agent "${name}"; this scenario offers: ${known}` };
  }
  return parsePolicyArgs(policy, rawArgs);
}

function parsePolicyArgs(policy: PolicyNode, rawArgs: string[]): SpecResult<AgentSpec> {
  if (rawArgs.length > policy.params.length) {
    return { ok: false, message: `policy ${policy.name} takes at most ${policy.params.length} argument(s), got ${rawArgs.length}` };
  }
  const args: Value[] = [];
  for (const [i, raw] of rawArgs.entries()) {
    const param = policy.params[i]!;
    const value = parseTypedValue(raw, param.type);
    if (!value.ok) return { ok: false, message: `policy ${policy.name}, parameter ${param.name}: ${value.message}` };
    args.push(value.value);
  }
  return { ok: true, value: { name: policy.name, args } };
}

/**
 * `mcts(800)`, `mcts(iterations=800, c=1.4)`, `mcts(ms=200, rollout=builder)`: named
 * parameters (a bare first number is the iterations), each checked against its budget.
 */
function parseMctsArgs(rawArgs: string[], policies: PolicyNode[]): SpecResult<AgentSpec> {
  const params: Record<string, Value> = {};
  const taken = Object.keys(MCTS_DEFAULTS).join(', ');
  for (const [i, raw] of rawArgs.entries()) {
    const eq = raw.indexOf('=');
    const key = eq < 0 && i === 0 ? 'iterations' : raw.slice(0, eq).trim();
    const value = eq < 0 ? raw : raw.slice(eq + 1).trim();
    if (eq < 0 && i > 0) return { ok: false, message: `mcts: expected name=value, got "${raw}" (it takes ${taken})` };
    if (!(key in MCTS_DEFAULTS)) return { ok: false, message: `mcts has no parameter "${key}" (it takes ${taken})` };
    if (key in params) return { ok: false, message: `mcts: "${key}" is given twice` };
    const k = key as keyof typeof MCTS_DEFAULTS;
    const must = `mcts: ${key} must be ${MCTS_PARAMS[k]}, got "${value}"`;
    if (k === 'rollout') {
      if (value !== 'random' && !policies.some((p) => p.name === value)) return { ok: false, message: `${must}; this scenario's policies: ${policies.map((p) => p.name).join(', ') || '(none)'}` };
      params[k] = value;
    } else if (k === 'c') {
      const n = Number(value);
      if (!/^\d+(\.\d+)?$/.test(value) || !(n > 0) || n > 100) return { ok: false, message: must };
      params[k] = n;
    } else {
      const max = k === 'iterations' ? MAX_SEARCH_ITERATIONS : k === 'ms' ? MAX_SEARCH_MS : MAX_PLAYOUT_DECISIONS;
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < 1 || n > max) return { ok: false, message: must };
      params[k] = n;
    }
  }
  return { ok: true, value: { name: 'mcts', args: [], params } };
}

/** whether the agents search for a time (`mcts(ms=…)`): their games then depend on the machine's speed, not only the seeds */
export function searchesForATime(specs: readonly AgentSpec[]): boolean {
  return specs.some((s) => s.params?.ms !== undefined);
}

/** Reads a command-line word as a value of a declared type (numbers are integers). */
export function parseTypedValue(raw: string, type: PolicyNode['params'][number]['type']): SpecResult<Value> {
  switch (type.t) {
    case 'number': {
      if (!/^-?\d+$/.test(raw)) return { ok: false, message: `expected an integer, got "${raw}"` };
      const n = Number(raw);
      // the language's numbers: anything else would be rounded (1e20) or read as an enum member
      if (!(n >= MIN_NUMBER && n <= MAX_NUMBER)) return { ok: false, message: `expected an integer from ${MIN_NUMBER} to ${MAX_NUMBER}, got ${raw}` };
      return { ok: true, value: n };
    }
    case 'bool':
      return raw === 'true' || raw === 'false' ? { ok: true, value: raw === 'true' } : { ok: false, message: `expected true or false, got "${raw}"` };
    case 'enum':
      return type.values.includes(raw)
        ? { ok: true, value: raw }
        : { ok: false, message: `expected one of ${type.values.join(', ')}, got "${raw}"` };
    default:
      return { ok: false, message: `values of type ${type.t} cannot be given on the command line` };
  }
}

/** `--option leftover_sharing=pooled` checked against the scenario's declared options. */
export function parseOptionAssignments(assignments: string[], graph: RuleGraph): SpecResult<Record<string, Value>> {
  const out: Record<string, Value> = {};
  for (const assignment of assignments) {
    const eq = assignment.indexOf('=');
    if (eq <= 0) return { ok: false, message: `--option expects name=value, got "${assignment}"` };
    const name = assignment.slice(0, eq).trim();
    const raw = assignment.slice(eq + 1).trim();
    const option = graph.options.find((o) => o.name === name);
    if (!option) {
      const known = graph.options.map((o) => o.name).join(', ') || '(none)';
      return { ok: false, message: `unknown option "${name}"; this scenario declares: ${known}` };
    }
    const value = parseTypedValue(raw, option.type);
    if (!value.ok) return { ok: false, message: `option ${name}: ${value.message}` };
    out[name] = value.value;
  }
  return { ok: true, value: out };
}

export function formatAgentSpec(spec: AgentSpec): string {
  if (spec.params !== undefined) {
    const named = Object.entries(spec.params).map(([k, v]) => `${k}=${String(v)}`);
    return named.length === 0 ? spec.name : `${spec.name}(${named.join(', ')})`;
  }
  return spec.args.length === 0 ? spec.name : `${spec.name}(${spec.args.join(', ')})`;
}
