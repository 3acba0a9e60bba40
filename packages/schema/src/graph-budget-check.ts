import type { DiagnosticCode } from './diagnostic-codes.ts';
import {
  MAX_BOARD_COORDINATE,
  MAX_BOARD_HEXES,
  MAX_BOARD_INTERNALS,
  MAX_BOARD_RADIUS,
  MAX_CARDS,
  MAX_DICE,
  MAX_DICE_SIDES,
  MAX_FRAME_WIDTH,
  MAX_GRAPH_DEPTH,
  MAX_GRAPH_LIST,
  MAX_ZONE_KEYS,
  MAX_NUMBER,
  MAX_PLAYERS,
  MAX_POOL_COUNT,
  MAX_RANGE_LENGTH,
  MIN_NUMBER,
} from './graph-budgets.ts';
import type { BoardNode, Diagnostic, Provenance, RuleGraph } from './rule-graph.ts';
import { walkNodes } from './walk-nodes.ts';

/**
 * Whether a JSON value is small enough to validate and load at all: nested at
 * most MAX_GRAPH_DEPTH deep, no list longer than MAX_GRAPH_LIST. Iterative
 * (a graph nested a million deep must not overflow the stack of the check
 * meant to refuse it); runs before the schema validator, which recurses.
 */
export function graphShapeProblem(value: unknown): Diagnostic | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_GRAPH_DEPTH) {
      return { code: 'limit/graph-depth', severity: 'error', message: `the rule graph nests more than ${MAX_GRAPH_DEPTH} deep` };
    }
    if (Array.isArray(v)) {
      if (v.length > MAX_GRAPH_LIST) return { code: 'limit/graph-size', severity: 'error', message: `the rule graph has a list of ${v.length} entries, more than ${MAX_GRAPH_LIST}` };
      for (const x of v) stack.push([x, depth + 1]);
    } else {
      for (const key in v) stack.push([(v as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return undefined;
}

/**
 * The budgets of graph-budgets.ts, checked on a valid rule graph: the
 * compiler's last check and the engine loader's first. Each problem is a
 * diagnostic at the node that declares the size (its provenance).
 */
export function checkGraphBudgets(graph: RuleGraph): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = (code: DiagnosticCode, message: string, at: Provenance | undefined): void => {
    const d: Diagnostic = { code, severity: 'error', message };
    if (at !== undefined) {
      d.file = at.file;
      d.range = at.range;
    }
    out.push(d);
  };
  const { min, max } = graph.scenario.players;
  if (!(min >= 1 && min <= max)) report('type/bad-player-range', `the scenario is for ${min}..${max} players: a range must start at 1 or more and not end before it starts`, undefined);
  if (max > MAX_PLAYERS) report('limit/players', `the scenario allows up to ${max} players, more than ${MAX_PLAYERS}`, undefined);

  let cards = 0;
  for (const z of graph.zones) {
    let here = 0;
    for (const spec of z.contents) here += spec.count;
    const keys = z.scope === 'keyed' ? zoneKeyCount(z) : 1;
    if (keys > MAX_ZONE_KEYS || keys < 1) {
      report('limit/zone-keys', `zone ${z.name} is a family of ${keys} zones: from 1 to ${MAX_ZONE_KEYS} may be`, z.provenance);
      break;
    }
    cards += z.scope === 'player' ? here * Math.max(1, max) : here * keys;
    if (cards > MAX_CARDS) {
      report('limit/cards', `zone ${z.name} brings the game's cards to ${cards}, more than ${MAX_CARDS}`, z.provenance);
      break;
    }
  }
  for (const b of graph.boards) {
    const problem = boardProblem(b);
    if (problem !== undefined) report('limit/board-size', `board ${b.name}: ${problem}`, b.provenance);
  }
  for (const p of graph.pools) {
    for (const e of p.entries) {
      const count = Math.max(e.initial === 'unlimited' ? 0 : e.initial, e.capacity ?? 0);
      if (count > MAX_POOL_COUNT) {
        report('limit/pool-size', `pool ${p.name} holds ${count} ${e.token.slice(e.token.indexOf(':') + 1)}, more than ${MAX_POOL_COUNT}`, p.provenance);
        break;
      }
    }
  }
  for (const p of graph.pieces) {
    if (p.supply > MAX_POOL_COUNT) report('limit/pool-size', `piece ${p.name} has a supply of ${p.supply}, more than ${MAX_POOL_COUNT}`, p.provenance);
  }
  for (const o of graph.options) if (typeof o.default === 'number') checkNumber(o.default, `option ${o.name}`, o.provenance, report);

  // Every node that holds expressions or statements, with the node to point at.
  const owners: { name: string; provenance: Provenance | undefined; value: unknown }[] = [
    ...graph.rules.map((n) => ({ name: `rule ${n.name}`, provenance: n.provenance, value: [n.when, n.body] })),
    ...graph.actions.map((n) => ({ name: `action ${n.name}`, provenance: n.provenance, value: [n.params, n.by, n.body] })),
    ...graph.derived.map((n) => ({ name: `derived value ${n.name}`, provenance: n.provenance, value: n.value })),
    ...graph.vars.map((n) => ({ name: `var ${n.name}`, provenance: n.provenance, value: n.initial })),
    ...graph.constraints.map((n) => ({ name: `${n.kind} ${n.name}`, provenance: n.provenance, value: n.condition })),
    ...graph.ends.map((n) => ({ name: `end ${n.name}`, provenance: n.provenance, value: [n.condition, n.winners] })),
    ...graph.invariants.map((n) => ({ name: `invariant ${n.name}`, provenance: n.provenance, value: n.condition })),
    ...graph.policies.map((n) => ({ name: `policy ${n.name}`, provenance: n.provenance, value: n.preferences })),
    ...graph.zones.map((n) => ({ name: `zone ${n.name}`, provenance: n.provenance, value: n.contents })),
  ];
  if (graph.ranking) owners.push({ name: 'the ranking', provenance: graph.ranking.provenance, value: graph.ranking.keys });
  owners.push({ name: 'the flow', provenance: undefined, value: graph.flow });
  for (const owner of owners) {
    const problem = bodyProblem(owner.value);
    if (problem !== undefined) report(problem.code, `${owner.name}: ${problem.message}`, owner.provenance);
  }
  return out;
}

function checkNumber(v: number, what: string, at: Provenance | undefined, report: (code: DiagnosticCode, message: string, at: Provenance | undefined) => void): void {
  if (v < MIN_NUMBER || v > MAX_NUMBER) report('limit/number', `${what} is ${v}, outside the language's numbers (${MIN_NUMBER} to ${MAX_NUMBER})`, at);
}

/** The first over-budget roll, literal or literal range inside a node's expressions and statements. */
function bodyProblem(value: unknown): { code: DiagnosticCode; message: string } | undefined {
  return walkNodes(value, (node) => {
    if (node['s'] === 'roll') {
      const dice = node['dice'] as number;
      const sides = node['sides'] as number;
      if (dice > MAX_DICE || sides > MAX_DICE_SIDES) return { code: 'limit/dice', message: `rolls ${dice}d${sides}; at most ${MAX_DICE} dice of at most ${MAX_DICE_SIDES} sides` };
    }
    if (node['k'] === 'lit' && typeof node['v'] === 'number' && (node['v'] < MIN_NUMBER || node['v'] > MAX_NUMBER)) {
      return { code: 'limit/number', message: `the number ${node['v']} is outside the language's numbers (${MIN_NUMBER} to ${MAX_NUMBER})` };
    }
    if (node['k'] === 'range') {
      const from = literal(node['from']);
      const to = literal(node['to']);
      if (from !== undefined && to !== undefined && to - from + 1 > MAX_RANGE_LENGTH) {
        return { code: 'limit/range-length', message: `the range ${from}..${to} has ${to - from + 1} numbers, more than ${MAX_RANGE_LENGTH}` };
      }
    }
    if ('fields' in node && typeof node['fields'] === 'object' && node['fields'] !== null && typeof node['count'] === 'number') {
      for (const f of Object.values(node['fields'] as Record<string, unknown>)) {
        if (typeof f === 'number' && (f < MIN_NUMBER || f > MAX_NUMBER)) return { code: 'limit/number', message: `a card field is ${f}, outside the language's numbers` };
      }
    }
    return undefined;
  });
}

function literal(e: unknown): number | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const x = e as { k?: unknown; v?: unknown; e?: unknown };
  if (x.k === 'lit' && typeof x.v === 'number') return x.v;
  if (x.k === 'neg') {
    const inner = literal(x.e);
    return inner === undefined ? undefined : -inner;
  }
  return undefined;
}

/** What is too big about a board, or undefined. */
function boardProblem(b: BoardNode): string | undefined {
  const width = b.frame?.width ?? 0;
  if (width > MAX_FRAME_WIDTH) return `a frame of ${width} rings, more than ${MAX_FRAME_WIDTH}`;
  if (b.layout.kind === 'radius') {
    if (b.layout.radius > MAX_BOARD_RADIUS) return `radius ${b.layout.radius}, more than ${MAX_BOARD_RADIUS}`;
    const r = b.layout.radius + width;
    const hexes = 3 * r * (r + 1) + 1;
    if (hexes > MAX_BOARD_HEXES) return `${hexes} hexes with its frame, more than ${MAX_BOARD_HEXES}`;
  } else {
    const hexes = b.layout.hexes;
    if (hexes.length > MAX_BOARD_HEXES) return `${hexes.length} hexes, more than ${MAX_BOARD_HEXES}`;
    for (const h of hexes) {
      if (Math.abs(h.q) > MAX_BOARD_COORDINATE || Math.abs(h.r) > MAX_BOARD_COORDINATE) return `a hex at (${h.q}, ${h.r}); coordinates go from -${MAX_BOARD_COORDINATE} to ${MAX_BOARD_COORDINATE}`;
      if (h.value !== undefined && (h.value < MIN_NUMBER || h.value > MAX_NUMBER)) return `a hex value of ${h.value}, outside the language's numbers`;
    }
    const total = withFrameCount(hexes, width);
    if (total > MAX_BOARD_HEXES) return `more than ${MAX_BOARD_HEXES} hexes with its frame`;
  }
  const listed = (b.kinds?.values.length ?? 0) + (b.values?.values.length ?? 0);
  if (listed > 2 * MAX_BOARD_HEXES) return `${listed} kinds and values listed, more than ${2 * MAX_BOARD_HEXES}`;
  for (const v of b.values?.values ?? []) if (v < MIN_NUMBER || v > MAX_NUMBER) return `a value of ${v}, outside the language's numbers`;
  const internals = (b.internals?.spots.length ?? 0) + (b.internals?.paths.length ?? 0);
  if (internals > MAX_BOARD_INTERNALS) return `${internals} spots and paths, more than ${MAX_BOARD_INTERNALS}`;
  return undefined;
}

const DIRECTIONS: readonly [number, number][] = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

/** Hexes of a map with `width` rings of frame around it; stops counting past the budget. */
function withFrameCount(hexes: readonly { q: number; r: number }[], width: number): number {
  const key = (q: number, r: number): number => (q + 4096) * 8192 + (r + 4096);
  const seen = new Set<number>();
  for (const h of hexes) seen.add(key(h.q, h.r));
  let ring: [number, number][] = hexes.map((h) => [h.q, h.r]);
  for (let w = 0; w < width && seen.size <= MAX_BOARD_HEXES; w++) {
    const next: [number, number][] = [];
    for (const [q, r] of ring) {
      for (const [dq, dr] of DIRECTIONS) {
        const k = key(q + dq, r + dr);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push([q + dq, r + dr]);
      }
    }
    ring = next;
  }
  return seen.size;
}

/** how many zones a family holds (its keys from `from` to `to`) */
export function zoneKeyCount(z: { keys?: { from: number; to: number } }): number {
  return z.keys === undefined ? 1 : z.keys.to - z.keys.from + 1;
}
