/**
 * The search tree (docs/design/search-agents.md, "The tree"). A node is a point
 * of the game reached by a sequence of joint moves from the root; it keeps, for
 * each seat deciding there, that seat's own arms — one per option it was offered,
 * keyed by the option's value (move-keys.ts), with the seat's own statistics.
 * Seats that decide at the same time choose independently from their own arms
 * (decoupled UCT): a seat's choice never sees what the others chose, so a secret
 * simultaneous decision is searched soundly. Options may differ between
 * determinizations, so an arm counts how often it was available (the
 * "availability" count of information-set MCTS) and UCB uses it.
 */

export interface Arm {
  /** unique in its search (a joint move's key is its arms' ids) */
  readonly id: number;
  visits: number;
  /** the seat's rewards summed (each in [0, 1]) */
  reward: number;
  /** the seat's points summed (the first ranking key, signed so that more is better) */
  points: number;
  /** iterations in which the arm was offered */
  available: number;
}

export class SeatArms {
  readonly arms = new Map<string, Arm>();
  visits = 0;

  constructor(private readonly ids: { next: number }) {}

  arm(key: string): Arm {
    let a = this.arms.get(key);
    if (a === undefined) {
      a = { id: this.ids.next++, visits: 0, reward: 0, points: 0, available: 0 };
      this.arms.set(key, a);
    }
    return a;
  }
}

export class SearchNode {
  /** by seat: the arms of the seat deciding here (absent for a seat that does not) */
  readonly seats = new Map<number, SeatArms>();
  /** by the joint move: its arms' ids, joined by `.` (one seat's move: its arm's id) */
  readonly children = new Map<string | number, SearchNode>();

  constructor(private readonly ids: { next: number }) {}

  arms(seat: number): SeatArms {
    let s = this.seats.get(seat);
    if (s === undefined) {
      s = new SeatArms(this.ids);
      this.seats.set(seat, s);
    }
    return s;
  }

  /** a new node of the same search */
  child(): SearchNode {
    return new SearchNode(this.ids);
  }
}

/** how much a seat's points weigh beside its win rate in UCB, once scaled to [0, 1] by the range seen */
export const POINTS_WEIGHT = 0.25;

/**
 * UCB1 over the available arms: mean reward, plus a small weight for the mean
 * points scaled by the range seen so far, plus exploration c·sqrt(ln(available)/visits).
 */
export function ucbScore(a: Arm, c: number, pointsLow: number, pointsHigh: number): number {
  const mean = a.reward / a.visits;
  const range = pointsHigh - pointsLow;
  const points = range > 0 ? (a.points / a.visits - pointsLow) / range : 0;
  return mean + POINTS_WEIGHT * points + c * Math.sqrt(Math.log(Math.max(a.available, 1)) / a.visits);
}
