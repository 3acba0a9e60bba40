import type { RuleGraph } from '@houserules/schema';
import { graphNodes, nodeKey, type GraphNode } from './graph-nodes.ts';
import type { Divergence } from './lockstep.ts';
import type { NodeChange, StructuralDiff } from './structural-diff.ts';

/**
 * One difference the behavioural diff looks for a witness of (docs/diff.md,
 * "A witness per difference"): a changed, added or removed node of the
 * structural diff, with the options and derived values only it reads of those
 * that changed too (a group), and where in play it shows.
 */
export interface DifferenceTarget {
  /** `kind name` keys of the group's nodes, the first naming it */
  nodes: string[];
  /**
   * where it shows: `rule r` (r fires, or its ask is answered), `action a`
   * (taken, or offered on one side only), `constraint c` (refusing a move the
   * other side offers), `end e` (reached) — the node's own, and the rules,
   * actions, constraints and ends that read it
   */
  touch: Set<string>;
  /** the moves a steered game prefers: the touch, and the actions and asks that emit an event a touched rule hears */
  steer: Set<string>;
  /** a declaration (board, pool, zone…) also shows at set-up */
  atSetUp: boolean;
  /** why no game can show it, when none can (a policy guides agents only; an invariant only checks) */
  noEffect: string | null;
}

/** parts that change no play: the words a rule is written or cited in */
const WORDING = new Set(['citation', 'reason', 'documentation']);
const DECLARATIONS = new Set(['scenario', 'token', 'group', 'pool', 'var', 'card', 'zone', 'piece', 'board', 'event', 'flow']);

const wordingOnly = (c: NodeChange): boolean => c.status === 'changed' && c.parts.every((p) => WORDING.has(p));

/**
 * The second graph's names read as the first's, by the structural diff's
 * *renamed?* pairs (`pool beans` → `gems`): an id of the second (`pool:beans`)
 * → the first's (`pool:gems`).
 */
function renamedIds(diff: StructuralDiff, nodesA: GraphNode[], nodesB: GraphNode[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of diff.renamed) {
    const na = nodesA.find((n) => n.kind === r.kind && n.name === r.from);
    const nb = nodesB.find((n) => n.kind === r.kind && n.name === r.to);
    if (na && nb && na.id !== nb.id) out.set(nb.id, na.id);
  }
  return out;
}

/** a part of the second's node with the renamed ids read as the first's (ids are quoted strings in the canonical JSON) */
function readAsFirst(part: string | undefined, ids: Map<string, string>): string | undefined {
  if (part === undefined || ids.size === 0) return part;
  return part.replace(/\\?"([A-Za-z_]+:[A-Za-z0-9_]+)\\?"/g, (whole, id: string) => (ids.has(id) ? whole.replace(id, ids.get(id)!) : whole));
}

/** the parts two nodes differ in besides their words, once the second's renamed names are read as the first's */
function meaningDiffers(na: GraphNode, nb: GraphNode, ids: Map<string, string>): boolean {
  const keys = new Set([...Object.keys(na.parts), ...Object.keys(nb.parts)] as (keyof GraphNode['parts'])[]);
  for (const k of keys) {
    if (WORDING.has(k)) continue;
    const pa = na.parts[k]?.replaceAll(na.id, '$self');
    const pb = readAsFirst(nb.parts[k], ids)?.replaceAll(nb.id, '$self');
    if (pa !== pb) return true;
  }
  return false;
}

/** The differences of a structural diff worth a witness of their own, in the diff's order. */
export function differenceTargets(diff: StructuralDiff, a: RuleGraph, b: RuleGraph): DifferenceTarget[] {
  const sides = [graphNodes(a), graphNodes(b)];
  const byKey = sides.map((nodes) => new Map(nodes.map((n) => [nodeKey(n), n])));
  const changes = diff.changes.filter((c) => c.status !== 'reads-changed' && !wordingOnly(c));
  const changedKeys = new Set(changes.map((c) => nodeKey(c)));

  // readers: for each node id, the nodes that read it directly (per side)
  const readers = sides.map((nodes) => {
    const out = new Map<string, GraphNode[]>();
    for (const n of nodes) for (const id of n.reads) out.set(id, [...(out.get(id) ?? []), n]);
    return out;
  });
  /** everything that reads the node, transitively through derived values */
  const readersOf = (key: string): GraphNode[] => {
    const out: GraphNode[] = [];
    for (let s = 0; s < 2; s++) {
      const start = byKey[s]!.get(key);
      if (!start) continue;
      const seen = new Set<string>([start.id]);
      const stack = [start.id];
      while (stack.length > 0) {
        for (const r of readers[s]!.get(stack.pop()!) ?? []) {
          if (seen.has(r.id)) continue;
          seen.add(r.id);
          out.push(r);
          if (r.kind === 'derived') stack.push(r.id);
        }
      }
    }
    return out;
  };

  // an option or derived value only one side declares, read by another difference, belongs to that difference's group
  // (a changed one stands alone: it can be taken from the second side on its own)
  const owner = new Map<string, string>();
  for (const c of changes) {
    if ((c.kind !== 'option' && c.kind !== 'derived') || c.status === 'changed') continue;
    const key = nodeKey(c);
    const reader = readersOf(key).find((r) => r.kind !== 'derived' && changedKeys.has(nodeKey(r)) && nodeKey(r) !== key);
    if (reader) owner.set(key, nodeKey(reader));
  }

  const asksOfVar = (g: RuleGraph, varId: string): string[] => {
    const out: string[] = [];
    for (const r of g.rules) if (JSON.stringify(r.body).includes(`"var":${JSON.stringify(varId)}`)) out.push(`rule ${r.name}`);
    return out;
  };
  const graphs = [a, b];
  /** where a node shows in play: a rule firing, an action taken or offered, a constraint refusing, an end reached */
  const touchesOf = (key: string): string[] => {
    // the node itself (a rule firing, a derived value or pool whose value differs…), and what reads it, derived values included
    const out: string[] = [key];
    for (const r of readersOf(key)) if (r.kind === 'rule' || r.kind === 'action' || r.kind === 'end' || r.kind === 'constraint' || r.kind === 'derived') out.push(nodeKey(r));
    return out;
  };
  /** what a constraint constrains: its action, or the rules asking for its var */
  const constrained = (name: string): string[] => {
    const out: string[] = [];
    for (const g of graphs) {
      const c = g.constraints.find((x) => x.name === name && x.status === 'active');
      if (!c) continue;
      if (c.target.startsWith('action:')) out.push(`action ${c.target.slice(7)}`);
      else if (c.target.startsWith('var:')) out.push(...asksOfVar(g, c.target));
    }
    return out;
  };

  // a node that differs only by the names the second gave what the first has (a renamed pool, token, derived value…)
  const ids = renamedIds(diff, sides[0]!, sides[1]!);
  const renameOf = new Map<string, string>();
  for (const r of diff.renamed) {
    renameOf.set(`${r.kind} ${r.from}`, `${r.kind} ${r.to}`);
    renameOf.set(`${r.kind} ${r.to}`, `${r.kind} ${r.from}`);
  }
  const namesRead = (n: GraphNode): string => {
    const read = [...ids].filter(([idB]) => n.reads.includes(idB) || Object.values(n.parts).some((p) => p?.includes(`"${idB}"`) || p?.includes(`\\"${idB}\\"`)));
    return read.map(([idB, idA]) => `\`${idB.replace(/^[a-z]+:/, '')}\` as \`${idA.replace(/^[a-z]+:/, '')}\``).join(', ');
  };
  const onlyRenamed = (c: NodeChange): string | null => {
    if (ids.size === 0) return null;
    const key = nodeKey(c);
    if (c.status === 'changed') {
      const na = byKey[0]!.get(key);
      const nb = byKey[1]!.get(key);
      if (!na || !nb || meaningDiffers(na, nb, ids)) return null;
      return `the same once the second's renamed names are read as the first's (${namesRead(nb) || 'its names'}): the rules play the same`;
    }
    // one side of a *renamed?* pair whose meanings are the same
    const other = renameOf.get(key);
    if (!other) return null;
    const [na, nb] = c.status === 'removed' ? [byKey[0]!.get(key), byKey[1]!.get(other)] : [byKey[0]!.get(other), byKey[1]!.get(key)];
    if (!na || !nb || meaningDiffers(na, nb, ids)) return null;
    return `renamed (${na.kind} ${na.name} → ${nb.name}), the same meaning: the rules play the same`;
  };

  const targets: DifferenceTarget[] = [];
  const byOwner = new Map<string, DifferenceTarget>();
  for (const c of changes) {
    const key = nodeKey(c);
    if (owner.has(key)) continue;
    const noEffect = c.kind === 'policy' ? 'a policy guides agents only: the rules play the same' : c.kind === 'invariant' ? 'an invariant only checks the state: the rules play the same' : null;
    const t: DifferenceTarget = { nodes: [key], touch: new Set(touchesOf(key)), steer: new Set(), atSetUp: DECLARATIONS.has(c.kind), noEffect };
    targets.push(t);
    byOwner.set(key, t);
  }
  for (const [key, by] of owner) {
    // owners are rules, actions, constraints or ends: never owned themselves
    const t = byOwner.get(by);
    if (!t) continue;
    t.nodes.push(key);
    for (const x of touchesOf(key)) t.touch.add(x);
  }
  // a difference all of whose nodes differ only by names the second gave what the first has
  for (const t of targets) {
    if (t.noEffect !== null) continue;
    const why = t.nodes.map((k) => changes.find((c) => nodeKey(c) === k)).map((c) => (c ? onlyRenamed(c) : null));
    if (why.every((w) => w !== null)) t.noEffect = why[0]!;
  }
  for (const t of targets) {
    const through = [...t.touch].flatMap((k) => (k.startsWith('constraint ') ? constrained(k.slice(11)) : []));
    t.steer = steering(new Set([...t.touch, ...through]), graphs);
  }
  return targets;
}

/** the touch, and what emits an event one of its rules hears */
function steering(touch: Set<string>, graphs: RuleGraph[]): Set<string> {
  const out = new Set(touch);
  for (const g of graphs) {
    const name = new Map<string, string>([...g.rules.map((r) => [r.id, `rule ${r.name}`] as const), ...g.actions.map((x) => [x.id, `action ${x.name}`] as const)]);
    const heard = new Set(g.edges.filter((e) => e.kind === 'triggers' && touch.has(name.get(e.to) ?? '')).map((e) => e.from));
    for (const e of g.edges) if (e.kind === 'emits' && heard.has(e.to) && name.has(e.from)) out.add(name.get(e.from)!);
  }
  return out;
}

/**
 * Whether a divergence shows this difference (docs/diff.md, "Crediting"): in
 * its step one of the difference's nodes, or what reads them, fired, was
 * taken, refused, reached, or took another value. A divergence at set-up (no
 * decision yet) is the board's, and that of what took part in the set-up or
 * differs in its state — not of every declaration that differs.
 */
export function involves(d: Divergence, t: DifferenceTarget): boolean {
  if (d.step === 0 && t.nodes.some((n) => n.startsWith('board '))) return true;
  return d.touched.some((k) => t.touch.has(k));
}

/** the group's nodes as an author reads them: `constraint settlement_connected (with option roads_do_not_block)` */
export function targetLabel(t: DifferenceTarget): string {
  return t.nodes.length === 1 ? t.nodes[0]! : `${t.nodes[0]} (with ${t.nodes.slice(1).join(', ')})`;
}
