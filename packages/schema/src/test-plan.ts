/**
 * A compiled `test` block: what the compiler produces from a test's AST and the
 * conformance runner executes on the engine. Names are resolved (ids as in the
 * rule graph), expressions and statements are rule-graph Expr/Stmt, seats are
 * 0-based indices (`p1` is 0).
 */
import type { Expr, Provenance, Range, Stmt, TypeDesc, Value } from './rule-graph.ts';

export interface TestPlan {
  /** `test:<module>/<n>` — stable while the test's position in its module does not change */
  id: string;
  /** the test's title as written */
  name: string;
  /** the module that declares the test; provenance.cite is the sentence it pins */
  provenance: Provenance;
  /** the variant whose graph the test runs on (null: the base scenario) */
  variant: string | null;
  players: number;
  seed: number;
  options: Record<string, Value>;
  steps: TestStep[];
}

export type TestStep = TestStepBody & {
  range: Range;
  /** the step's source text, for reports */
  text: string;
  /** an expectation that holds only where this condition does (`expect … when short_payout == pooled`); skipped elsewhere */
  when?: Expr;
};

export type TestStepBody =
  /** runs after game_start's rules and before the flow's first item; the statements conserve tokens like play */
  | { t: 'arrange'; body: Stmt[] }
  /** the next dice rolls give these faces, in order; `total`: the next roll totals this (`fix dice to hex(0, -2).value`) */
  | { t: 'fixDice'; faces: number[]; total?: Expr }
  /** run until a decision is pending or the game is over */
  | { t: 'advance' }
  | { t: 'choose'; seat: number; value: Expr }
  | { t: 'do'; seat: number; action: string; args: Expr[] }
  /** agents by name (`random`, `first`, or a policy id) with arguments; cycled over the seats */
  | { t: 'play'; until?: Expr; agents: { name: string; args: Value[] }[] }
  /**
   * `shows`: the type of each comparison's left side, in the order of the condition's `and`s (null: a
   * value shown as it is), so a failure shows players, cards and sites as the author writes them
   */
  | { t: 'expect'; condition: Expr; shows?: (TypeDesc | null)[] }
  /**
   * an event since the previous act step (advance, choose, do, play), optionally with these argument values;
   * `times`: exactly that many; `thisRound`: counted over the log entries of the current round instead
   */
  | { t: 'expectEvent'; negated: boolean; event: string; args?: Expr[]; times?: number; thisRound?: boolean; before?: { event: string; args?: Expr[] } }
  /** the move is refused; `because` is the id of the constraint that must refuse it */
  | { t: 'expectIllegal'; seat: number; move: { choose: Expr } | { action: string; args: Expr[] }; because?: string }
  /** the move is among the seat's options now; nothing is played */
  | { t: 'expectLegal'; seat: number; move: { choose: Expr } | { action: string; args: Expr[] } }
  /** `by`: the id of the end condition that ended it (`end:ten_points`) */
  | { t: 'expectGameOver'; negated?: boolean; by?: string; winners?: Expr }
  /**
   * the seat has an open decision (negated: none); `ask`: that choice (an ask id), a choice of that
   * per-player var, or an actions decision offering that action; `options`: exactly these values, in any order
   */
  | { t: 'expectAsked'; negated: boolean; seat: number; ask?: { ask: string; name: string } | { var: string; name: string } | { action: string; name: string }; options?: Expr }
  /** the seat's view shows the cards of this zone (a `zone` expression), or this card (a card expression) */
  | { t: 'expectSees'; negated: boolean; seat: number; target: Expr };

export const TEST_STEP_KINDS = [
  'arrange',
  'fixDice',
  'advance',
  'choose',
  'do',
  'play',
  'expect',
  'expectEvent',
  'expectIllegal',
  'expectLegal',
  'expectGameOver',
  'expectAsked',
  'expectSees',
] as const satisfies readonly TestStepBody['t'][];
