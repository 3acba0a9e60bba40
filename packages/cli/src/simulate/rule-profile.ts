
/**
 * Where a simulation spends its time, in the scenario's own names. The engine's
 * generated code carries `//# sourceURL=houserules:<kind>/<name>.js` (rule,
 * action, derived, constraint, end, policy…), so a CPU profile's samples can be
 * attributed to the rules, derived values and actions that ran: `total` counts
 * a sample for every graph node on its stack, `own` only for the innermost one;
 * samples with no graph node on their stack are the engine's own work.
 */
export interface RuleProfileEntry {
  /** e.g. `rule produce`, `derived trade_rate`, `action offer_trade (options)` */
  node: string;
  /** percentage of all samples with this node on the stack */
  total: number;
  /** percentage of all samples whose innermost graph node is this one */
  own: number;
}

export interface RuleProfile {
  samples: number;
  /** percentage of samples outside any graph node's code (flow, decisions, agents) */
  engine: number;
  entries: RuleProfileEntry[];
}

interface CpuProfileNode {
  id: number;
  callFrame: { url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: CpuProfileNode[];
  samples?: number[];
}

const PREFIX = 'houserules:';

/** `houserules:action/offer_trade/options.js` → `action offer_trade (options)`; null for code that is not a graph node's */
export function graphNodeOf(url: string): string | null {
  if (!url.startsWith(PREFIX)) return null;
  const [kind = '', name = '', part] = url.slice(PREFIX.length).replace(/\.js$/, '').split('/');
  return part === undefined ? `${kind} ${name}` : `${kind} ${name} (${part})`;
}

/** Starts sampling this thread; `stop` returns the attributed profile. */
export async function startRuleProfile(intervalMicros = 200): Promise<{ stop: () => Promise<RuleProfile> }> {
  // loaded only for --profile: the inspector costs every other run's start-up about 38M instructions
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: intervalMicros });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
      session.disconnect();
      return attribute(profile);
    },
  };
}

/** Attributes a CPU profile's samples to graph nodes (exported for tests). */
export function attribute(profile: CpuProfile): RuleProfile {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // per profile node: the graph nodes on its stack, innermost first (computed once per node)
  const stacks = new Map<number, string[]>();
  const stackOf = (id: number): string[] => {
    const known = stacks.get(id);
    if (known) return known;
    const node = byId.get(id);
    const up = parent.get(id);
    const outer = up === undefined ? [] : stackOf(up);
    const own = node ? graphNodeOf(node.callFrame.url) : null;
    const stack = own === null ? outer : [own, ...outer.filter((x) => x !== own)];
    stacks.set(id, stack);
    return stack;
  };
  const total = new Map<string, number>();
  const own = new Map<string, number>();
  let samples = 0;
  let engine = 0;
  for (const id of profile.samples ?? []) {
    const node = byId.get(id);
    // idle and garbage-collector samples belong to no stack: count them as the engine's
    samples++;
    const stack = node ? stackOf(id) : [];
    if (stack.length === 0) {
      engine++;
      continue;
    }
    own.set(stack[0]!, (own.get(stack[0]!) ?? 0) + 1);
    for (const g of stack) total.set(g, (total.get(g) ?? 0) + 1);
  }
  const pct = (n: number): number => (samples === 0 ? 0 : Math.round((1000 * n) / samples) / 10);
  const entries = [...total.entries()]
    .map(([node, n]) => ({ node, total: pct(n), own: pct(own.get(node) ?? 0) }))
    .sort((a, b) => b.total - a.total || b.own - a.own || a.node.localeCompare(b.node));
  return { samples, engine: pct(engine), entries };
}

/** The profile as a table: the `limit` heaviest graph nodes. */
export function formatRuleProfile(p: RuleProfile, limit = 20): string {
  const lines = [`\nTime by rule (${p.samples} samples; total: on the stack, own: innermost rule code)`];
  const width = Math.max(4, ...p.entries.slice(0, limit).map((e) => e.node.length));
  lines.push(`${'node'.padEnd(width)}  total    own`);
  for (const e of p.entries.slice(0, limit)) lines.push(`${e.node.padEnd(width)}  ${e.total.toFixed(1).padStart(5)}%  ${e.own.toFixed(1).padStart(5)}%`);
  if (p.entries.length > limit) lines.push(`… ${p.entries.length - limit} more`);
  lines.push(`${'engine (flow, decisions, agents, GC)'.padEnd(width)}  ${p.engine.toFixed(1).padStart(5)}%`);
  return lines.join('\n') + '\n';
}
