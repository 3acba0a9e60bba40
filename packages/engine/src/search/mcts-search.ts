import type { Agent } from '../agents/agent.ts';
import type { Game } from '../run/game.ts';
import { nextBelow, seedPrng } from '../run/prng.ts';
import { HiddenState } from './determinize.ts';
import { optionKey } from './move-keys.ts';
import { playoutRewards } from './playout-rewards.ts';
import { MAX_PLAYOUT_DECISIONS, MAX_SEARCH_NODES } from './search-budgets.ts';
import { SearchNode, ucbScore, type Arm } from './search-tree.ts';

export interface MctsSettings {
  /** iterations of one decision's search */
  iterations: number;
  /** milliseconds of one decision's search (0: no time limit, the iterations alone) */
  ms: number;
  /** UCB's exploration constant */
  c: number;
  /** decisions a playout plays from the root before it is scored as it stands */
  depth: number;
  /** how playouts choose: null is uniform random, else this agent (a scenario's policy) for every seat */
  rollout: Agent | null;
}

export interface SearchStats {
  iterations: number;
  nodes: number;
  /** visits of the chosen option at the root */
  rootVisits: number;
}

/**
 * One decision's search: information-set MCTS with decoupled UCT
 * (docs/design/search-agents.md). Each iteration plays a new determinization of
 * what the seat knows (determinize.ts) down the tree, adds one node, plays out
 * (random or by a policy) to the end or to the depth limit, and credits every
 * seat's choices along the way with that seat's reward (playout-rewards.ts).
 * A search runs in slices (`step`), so a caller that must stay responsive — the
 * playground's worker — can cancel between them.
 */
export class SearchRun {
  readonly stats: SearchStats = { iterations: 0, nodes: 1, rootVisits: 0 };
  private readonly root = new SearchNode({ next: 0 });
  /** the seats deciding at a tree node (reused) */
  private readonly deciding: number[] = [];
  private readonly hidden: HiddenState;
  private readonly rng = new Uint32Array(4);
  private readonly rewards: Float64Array;
  private readonly points: Float64Array;
  private readonly path: { arm: Arm; seat: number }[] = [];
  private pointsLow = Infinity;
  private pointsHigh = -Infinity;
  private readonly deadline: number;

  constructor(
    private readonly real: Game,
    private readonly seat: number,
    private readonly settings: MctsSettings,
    seed: number,
    working: Game | null,
  ) {
    seedPrng(this.rng, seed, 0, 0x3c75);
    this.hidden = new HiddenState(real, seat, nextBelow(this.rng, 0, 0x7fffffff), working);
    this.rewards = new Float64Array(real.playerCount);
    this.points = new Float64Array(real.playerCount);
    this.deadline = settings.ms > 0 ? Date.now() + settings.ms : Infinity;
  }

  /** the working game (reused by the next search of the same agent) */
  get working(): Game {
    return this.hidden.game;
  }

  /** whether the budget (iterations, time) is spent */
  get done(): boolean {
    return this.stats.iterations >= this.settings.iterations || Date.now() >= this.deadline;
  }

  /** runs up to n more iterations (fewer once the budget is spent); false when it is */
  step(n: number): boolean {
    for (let i = 0; i < n; i++) {
      if (this.stats.iterations >= this.settings.iterations) return false;
      // the clock is read every 16 iterations: a reading costs more than a Diamant playout
      if ((this.stats.iterations & 15) === 0 && Date.now() >= this.deadline) return false;
      this.iterate();
      this.stats.iterations++;
    }
    return !this.done;
  }

  /** the option index of the real game to play: the root option searched most (ties: the better mean) */
  answer(): number {
    const count = this.real.optionCount(this.seat);
    const arms = this.root.seats.get(this.seat);
    let best = 0;
    let bestVisits = -1;
    let bestMean = -1;
    for (let i = 0; i < count; i++) {
      const a = arms?.arms.get(optionKey(this.real, this.seat, i));
      const visits = a?.visits ?? 0;
      const mean = a && a.visits > 0 ? a.reward / a.visits : 0;
      if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
        best = i;
        bestVisits = visits;
        bestMean = mean;
      }
    }
    this.stats.rootVisits = Math.max(bestVisits, 0);
    return best;
  }

  /** what the search found of each option of the real game at the root: its playouts, their summed reward and summed points */
  rootOptions(): { visits: number; reward: number; points: number }[] {
    const arms = this.root.seats.get(this.seat);
    const out: { visits: number; reward: number; points: number }[] = [];
    for (let i = 0, n = this.real.optionCount(this.seat); i < n; i++) {
      const a = arms?.arms.get(optionKey(this.real, this.seat, i));
      out.push({ visits: a?.visits ?? 0, reward: a?.reward ?? 0, points: a?.points ?? 0 });
    }
    return out;
  }

  private iterate(): void {
    const g = this.hidden.sample();
    const path = this.path;
    path.length = 0;
    let node: SearchNode | null = this.root;
    let decisions = 0;
    const maxDecisions = Math.min(this.settings.depth, MAX_PLAYOUT_DECISIONS);
    while (!g.over && g.err === null && decisions < maxDecisions) {
      const first = g.nextSeat();
      if (first < 0) break;
      if (node !== null) {
        // in the tree: every seat deciding now picks from its own arms, blind to the others' picks
        const seats = this.deciding;
        seats.length = 0;
        for (const d of g.decisions) if (d.seat >= 0 && d.chosen < 0 && !seats.includes(d.seat)) seats.push(d.seat);
        let joint: string | number = -1;
        for (const s of seats) {
          if (g.optionCount(s) === 0) continue;
          const { pick, arm } = this.select(g, node, s);
          joint = joint === -1 ? arm.id : `${joint}.${arm.id}`;
          if (!g.applyOption(s, pick)) return;
          decisions++;
          if (g.over || g.err !== null) break;
        }
        let child = node.children.get(joint);
        if (child === undefined) {
          if (this.stats.nodes < MAX_SEARCH_NODES) {
            child = node.child();
            node.children.set(joint, child);
            this.stats.nodes++;
          }
          node = null; // the new node is the tree's edge: play out from here
        } else node = child;
        continue;
      }
      const pick = this.settings.rollout !== null ? this.rolloutPick(g, first) : nextBelow(this.rng, 0, g.optionCount(first));
      if (!g.applyOption(first, pick)) break;
      decisions++;
    }
    playoutRewards(g, this.rewards, this.points);
    for (const { arm, seat } of path) {
      arm.visits++;
      arm.reward += this.rewards[seat]!;
      arm.points += this.points[seat]!;
      if (this.points[seat]! < this.pointsLow) this.pointsLow = this.points[seat]!;
      if (this.points[seat]! > this.pointsHigh) this.pointsHigh = this.points[seat]!;
    }
  }

  /** the seat's pick at a tree node, and its arm: an option not tried yet (at random), else the best UCB score */
  private select(g: Game, node: SearchNode, seat: number): { pick: number; arm: Arm } {
    const arms = node.arms(seat);
    const count = g.optionCount(seat);
    let untried = 0;
    let best = -1;
    let bestArm: Arm | null = null;
    let bestScore = -Infinity;
    const c = this.settings.c;
    for (let i = 0; i < count; i++) {
      const a = arms.arm(optionKey(g, seat, i));
      a.available++;
      if (a.visits === 0) {
        // reservoir sampling: a uniform pick among the untried
        untried++;
        if (nextBelow(this.rng, 0, untried) === 0) {
          best = i;
          bestArm = a;
        }
        bestScore = Infinity;
        continue;
      }
      if (bestScore === Infinity) continue;
      const score = ucbScore(a, c, this.pointsLow, this.pointsHigh);
      if (score > bestScore) {
        bestScore = score;
        best = i;
        bestArm = a;
      }
    }
    arms.visits++;
    this.path.push({ arm: bestArm!, seat });
    return { pick: best, arm: bestArm! };
  }

  private rolloutPick(g: Game, seat: number): number {
    const pick = this.settings.rollout!.choose(g, seat);
    return typeof pick === 'number' && pick >= 0 && pick < g.optionCount(seat) ? pick : nextBelow(this.rng, 0, g.optionCount(seat));
  }
}
