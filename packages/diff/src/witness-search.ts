import type { Diagnostic, RuleGraph, Value } from '@houserules/schema';
import type { Move } from '@houserules/engine';
import { LockstepPair, SEEN_BY_PLAYERS, type Divergence, type LockstepGame, type Side } from './lockstep.ts';
import { differenceTargets, involves, targetLabel, type DifferenceTarget } from './difference-targets.ts';
import { isolateDifference, type IsolationSources } from './isolate-difference.ts';
import { shrinkWitness, type Accept } from './shrink-witness.ts';
import type { StructuralDiff } from './structural-diff.ts';
import { verifyWitness, type IsolatedSides, type WitnessVerifier } from './verify-witness.ts';
import { arrangements } from './arrangements.ts';
import { guardArrangements } from './guard-arrangements.ts';
import { optionReadings } from './option-readings.ts';
import { answerIndex, searchAgents, seatAgents, seatAgentsText, type SearchAgent } from './search-agents.ts';
import type { AgentSpec } from '@houserules/simulation';

export interface SearchOptions {
  /** seats (default: the most both graphs allow, at most 4, at least their minimum) */
  players?: number;
  /** games to try for each difference, random then steered (default 200) */
  games?: number;
  /** decisions per game (default 400) */
  depth?: number;
  /** wall-clock budget of the search, shared by the differences (default 10 s) */
  budgetSeconds?: number;
  /** wall-clock budget of the shrinking, shared by the witnesses found (default: as the search's) */
  shrinkSeconds?: number;
  /** the first seed (default 1) */
  seed?: number;
  /**
   * the structural diff of the same graphs: a witness is sought for each of its
   * differences, steered towards it; without one, a single witness of any divergence
   */
  steerBy?: StructuralDiff;
  /** false: report the witnesses as found, without shrinking */
  shrink?: boolean;
  /** the clock (ms); a test can pass its own */
  now?: () => number;
  /** closures only (a page whose CSP forbids generated code) */
  codegen?: boolean;
  /**
   * the first scenario's sources and the second's: a difference the games
   * always showed another difference before is then looked for between the
   * first graph and the first with only it taken from the second
   */
  isolate?: IsolationSources;
  /**
   * run each witness with the conformance runner on both sides before it is
   * reported: only one whose test passes on the first and fails on the second
   * is kept, ending with the first line that tells them apart
   */
  verify?: WitnessVerifier;
  /**
   * agents that play some of the games from the start, besides the first
   * scenario's own policies (`diff --agents`; random and first are the search's own)
   */
  agents?: readonly AgentSpec[];
  /** false: no game is played by agents (policies or `agents`), only by the search's random and steered picks */
  agentGames?: boolean;
  /** false: every game starts at the start (no arranged states) */
  arrange?: boolean;
  /** false: a witness that ends on a derived value, an event or a scratch var is not followed by a search for one a player sees */
  visible?: boolean;
  /**
   * called as the search goes (at most every PROGRESS_MS of its clock, and when
   * it moves to its next phase or ends): games searched, differences witnessed
   * of those that can show in play (a page shows it, and may cancel the worker)
   */
  onProgress?: (p: SearchProgress) => void;
}

/** How far a search has gone (SearchOptions.onProgress). */
export interface SearchProgress {
  /** `search` the two graphs in step; `isolate` a difference taken alone; `shrink` the witnesses shrunk and run on both sides; `done` */
  phase: 'search' | 'isolate' | 'shrink' | 'done';
  games: number;
  /** differences that can show in play, and those with a witness so far (found; before shrinking and verification) */
  differences: number;
  witnessed: number;
  /** of the search's clock since it began */
  seconds: number;
}

/** A game in which the two graphs behave differently, as seed and moves by name. */
export interface Witness {
  seed: number;
  players: number;
  moves: string[];
  divergence: Divergence;
  /**
   * how it was found: the phase (from the start of a game, random or steered,
   * or `played` by agents, seat by seat as `agents` says; or `arranged`: from
   * an arranged state, steered, rolls fixed along the way), the games played,
   * the moves before shrinking, the arrangement's name
   */
  found: { phase: 'random' | 'steered' | 'played' | 'arranged'; games: number; moves: number; seed: number; arrangement?: string; agents?: string; /** the options it was played with beyond the sides' own, in words (`fourteen_reached = gained_in_own_turn`) */ reading?: string };
  /** candidates tried while shrinking */
  shrinkSteps: number;
  /** milliseconds to find it, and to shrink it */
  ms: number;
  shrinkMs: number;
  /**
   * the test lines run before `advance` that arrange the state it starts from
   * (an arranged witness: `fix dice …`, `arrange { … }`); none: from the start of a game
   */
  arrange?: string[];
  /**
   * options its games were played with on both sides, beyond the sides' own: a
   * reading of an option under which the difference shows to players
   * (`optionReadings`); its test sets them
   */
  options?: Record<string, Value>;
  /**
   * the test line that ends it, run with the conformance runner on both sides:
   * it held on the first and not on the second (null: not verified)
   */
  verified?: { expect: string; detail: string; failureOnB: string | null } | null;
}

/** The search for one difference of the structural diff. */
export interface DifferenceSearch {
  /** the difference: `kind name`, with the group's other nodes */
  label: string;
  nodes: string[];
  witness: Witness | null;
  /** games played for it, and the most decisions any reached */
  games: number;
  depth: number;
  /** games that diverged first somewhere else (lockstep stops at the first divergence) */
  elsewhere: number;
  /** the first of those, in words */
  elsewhereFirst: string | null;
  /** its share of the budget ran out */
  outOfTime: boolean;
  /**
   * null: the two graphs played in lockstep; `isolated`: the witness is a game
   * of the first graph against the first with only this difference taken from
   * the second (the declarations it takes are `isolatedDeclarations`); `not
   * isolated: …` why that could not be done
   */
  isolation: string | null;
  isolatedDeclarations: string | null;
  /**
   * which way it was isolated: `plus` the first with only it taken from the
   * second, against the first; `minus` the second without only it (the first
   * with every other difference taken from the second), against the second
   */
  direction?: 'plus' | 'minus' | null;
  /** the direct search stopped early: its first games all diverged elsewhere at set-up */
  maskedAtSetUp?: boolean;
  /** isolated both ways, and neither showed it */
  triedBoth?: boolean;
  /** the witness is that of an earlier difference (the same game shows both) */
  sameAs: string | null;
  /** why it has no witness: no effect on play, or the budget */
  summary: string;
  /** no game can show it (a policy, an invariant, a node only renamed): the summary says why */
  noEffect?: boolean;
  /** a divergence was found, but run as a test on both sides it did not tell them apart: what happened */
  unverified?: string | null;
}

export interface SearchResult {
  /** the first witness found (of the first difference that has one) */
  witness: Witness | null;
  /** one search per difference (one for any divergence when no structural diff steers) */
  differences: DifferenceSearch[];
  /** games played, and the most decisions any reached */
  games: number;
  depth: number;
  /** why the search stopped without a witness: it tried every game, or ran out of time */
  exhausted: 'games' | 'seconds' | null;
  /** "no divergence in N games up to K decisions" when there is no witness */
  summary: string;
  diagnostics: Diagnostic[];
}

/** Picks moves: uniformly, or (steered) preferring moves that lead to the changed rules. */
class MovePicker {
  private s: number;
  constructor(seed: number, private readonly hot: ((m: Move) => boolean) | null) {
    this.s = (seed * 0x9e3779b1) >>> 0 || 1;
  }
  private next(): number {
    // mulberry32
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** true with probability p */
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** a whole number in [0, n) */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick(moves: { name: string; move: Move }[]): string {
    if (this.hot) {
      const hot = moves.filter((m) => this.hot!(m.move));
      if (hot.length > 0 && this.next() < 0.75) return hot[Math.floor(this.next() * hot.length)]!.name;
    }
    return moves[Math.floor(this.next() * moves.length)]!.name;
  }
}

/** games of a difference that all part at set-up before its direct search stops (isolation may still show it) */
export const SET_UP_MASKED_GAMES = 3;
/** the least time between two progress reports (ms of the search's clock) */
export const PROGRESS_MS = 100;
/** decisions an arranged game plays at most (a witness from an arranged state is short) */
export const ARRANGED_DEPTH = 60;
/** how long a difference witnessed from the start of a game looks for a shorter witness from an arranged state (ms of its clock) */
export const ARRANGED_TRY_MS = 2000;
/** how long a difference whose witness ends on a derived value, an event or a scratch var looks for one a player sees (ms of its clock) */
export const VISIBLE_TRY_MS = 3000;

export function defaultPlayers(a: RuleGraph, b: RuleGraph): number | null {
  const min = Math.max(a.scenario.players.min, b.scenario.players.min);
  const max = Math.min(a.scenario.players.max, b.scenario.players.max);
  if (min > max) return null;
  return Math.max(min, Math.min(4, max));
}

interface Found {
  game: LockstepGame;
  /** the pair it was played by: the two graphs, or the first against itself with one difference isolated */
  pair: LockstepPair;
  /** the pair its search played (`pair` is that pair, or one of its arranged views) */
  base: LockstepPair;
  direction: 'plus' | 'minus' | null;
  phase: 'random' | 'steered' | 'played' | 'arranged';
  /** a game played by agents: which seat by which */
  agents?: string;
  /** the options its pair plays with beyond the sides' own (an option's other reading) */
  reading?: Record<string, Value>;
  index: number;
  ms: number;
}

/**
 * Looks for games in which the two graphs diverge (docs/diff.md, "The
 * behavioural diff"): for each difference of the structural diff, random games
 * first, then games steered towards it, keeping only a divergence that
 * involves it; then shrinks each witness found, keeping it involved.
 */
export function searchWitness(a: Side, b: Side, options: SearchOptions = {}): SearchResult {
  const now = options.now ?? (() => Date.now());
  const start = now();
  const budget = options.budgetSeconds ?? 10;
  const deadline = start + 1000 * budget;
  const games = Math.max(1, options.games ?? 200);
  const depth = Math.max(1, options.depth ?? 400);
  const firstSeed = options.seed ?? 1;
  const result: SearchResult = { witness: null, differences: [], games: 0, depth: 0, exhausted: null, summary: '', diagnostics: [] };
  const players = options.players ?? defaultPlayers(a.graph, b.graph);
  if (players === null || players < Math.max(a.graph.scenario.players.min, b.graph.scenario.players.min) || players > Math.min(a.graph.scenario.players.max, b.graph.scenario.players.max)) {
    result.diagnostics.push({
      code: 'diff/no-common-player-count',
      severity: 'error',
      message: `the two scenarios cannot be played with ${players === null ? 'the same number of players' : `${players} players`} (${a.graph.scenario.players.min}–${a.graph.scenario.players.max} and ${b.graph.scenario.players.min}–${b.graph.scenario.players.max})`,
    });
    result.summary = 'no behavioural comparison: no player count both scenarios allow';
    return result;
  }
  // no structural difference to steer by (or none given): one search for any divergence
  const given = options.steerBy ? differenceTargets(options.steerBy, a.graph, b.graph) : [];
  const targets: (DifferenceTarget | null)[] = given.length > 0 ? given : [null];
  // the states a game may start from besides the start: every other game of a search starts from one — the generic
  // ones (rich, scarce) and those made from each difference's guard and reads (a pool it counts nearly empty, pieces
  // on a hex it tests, the roll it reacts to)
  const arrangedPair = (x: Side, y: Side, of: readonly (DifferenceTarget | null)[]): LockstepPair => {
    if (options.arrange === false) return new LockstepPair(x, y, players, options.codegen ?? true, []);
    const guards = of.flatMap((t) => (t ? guardArrangements(t, x.graph, y.graph, players) : []));
    const seen = new Set<string>();
    const all = [...arrangements(x.graph, y.graph, players, { a: x.options, b: y.options, seed: firstSeed }), ...guards].filter((g) => !seen.has(g.label) && (seen.add(g.label), true));
    return new LockstepPair(x, y, players, options.codegen ?? true, all);
  };
  const pair = arrangedPair(a, b, targets);
  const probe = pair.start(firstSeed);
  if (!probe) {
    result.diagnostics.push({ code: 'diff/cannot-start', severity: 'error', message: 'a game of one of the scenarios could not start with these players and options' });
    result.summary = 'no behavioural comparison: a game could not start';
    return result;
  }
  const searches: DifferenceSearch[] = targets.map((t) => ({
    label: t ? targetLabel(t) : 'any divergence',
    nodes: t ? t.nodes : [],
    witness: null,
    games: 0,
    depth: 0,
    elsewhere: 0,
    elsewhereFirst: null,
    outOfTime: false,
    isolation: null,
    isolatedDeclarations: null,
    sameAs: null,
    summary: t?.noEffect ?? '',
    ...(t?.noEffect ? { noEffect: true } : {}),
  }));
  const accepts: Accept[] = targets.map((t) => (t ? (d) => involves(d, t) : () => true));
  const found: (Found | null)[] = targets.map(() => null);
  let out = false;
  let played = 0;
  let lastReport = -Infinity;
  const countable = targets.filter((t) => !t?.noEffect).length;
  /** reports progress: at most every PROGRESS_MS, or at once when the phase changes */
  const report = (phase: SearchProgress['phase'], force = false): void => {
    if (!options.onProgress) return;
    const t = now();
    if (!force && t - lastReport < PROGRESS_MS) return;
    lastReport = t;
    const witnessed = phase === 'done' ? searches.filter((x) => x.witness && !targets[searches.indexOf(x)]?.noEffect).length : found.filter((f, i) => f !== null && !targets[i]?.noEffect).length;
    options.onProgress({ phase, games: result.games, differences: countable, witnessed, seconds: (t - start) / 1000 });
  };

  // the agents some games from the start are played by (the first's policies, `--agents`), per pair: an isolation's
  // first graph is another graph, and a policy it no longer has is left out
  const agentsByPair = new Map<LockstepPair, SearchAgent[]>();
  const agentsOf = (on: LockstepPair): SearchAgent[] => {
    if (options.agentGames === false) return [];
    let list = agentsByPair.get(on);
    if (!list) {
      const active = new Set(on.a.graph.policies.filter((p) => p.status === 'active').map((p) => p.name));
      const given = (options.agents ?? []).filter((s) => s.name === 'mcts' || s.name === 'random' || s.name === 'first' || active.has(s.name));
      agentsByPair.set(on, (list = searchAgents(on.a.graph, given)));
    }
    return list;
  };

  /** the pairs that play an option's other reading (`optionReadings`), and that reading */
  const readingOf = new Map<LockstepPair, Record<string, Value>>();
  /** plays games of one pair for target ti until one diverges where it counts, or `until` */
  const searchTarget = (ti: number, on: LockstepPair, until: number, direction: 'plus' | 'minus' | null, arrangedOnly = false, only = false): void => {
    const isolated = direction !== null || arrangedOnly || only;
    const t = targets[ti] ?? null;
    const search = searches[ti]!;
    const hot = t ? hotMoves(t) : null;
    // a quarter random, the rest steered (each phase from the first seed on)
    const randomGames = hot ? Math.ceil(games / 4) : games;
    const t0 = now();
    let setUpMasked = 0;
    let arranged = 0;
    // the arrangements this difference starts from: its own guard's (two games in three) and the generic ones
    const own = on.arrangements.flatMap((x, i) => (t && x.label.startsWith(`guard of ${t.nodes[0]}:`) ? [i] : []));
    const generic = on.arrangements.flatMap((x, i) => (x.label.startsWith('guard of ') ? [] : [i]));
    const order = own.length === 0 || generic.length === 0 ? [...own, ...generic] : Array.from({ length: Math.max(own.length, generic.length) }, (_, k) => [own[(2 * k) % own.length]!, own[(2 * k + 1) % own.length]!, generic[k % generic.length]!]).flat();
    const agents = arrangedOnly ? [] : agentsOf(on);
    let playedGames = 0;
    for (let i = 0; i < games && !found[ti]; i++) {
      if (now() > until) {
        search.outOfTime = true;
        if (now() > deadline) out = true;
        break;
      }
      // every other game after the first random ones starts from an arranged state (short, steered, rolls fixed along the way)
      const fromArranged = order.length > 0 && (arrangedOnly || (i >= Math.min(randomGames, 2) && i % 2 === 1));
      // a third of the games from the start after the first two are played by agents, seat by seat (a mix of them and
      // the search's steered picks)
      const byAgents = !fromArranged && agents.length > 0 && i >= 2 && Math.floor(i / 2) % 3 === 1;
      const seed = fromArranged ? firstSeed + arranged : byAgents ? firstSeed + playedGames : firstSeed + (i < randomGames ? i : i - randomGames);
      const steered = fromArranged || byAgents || i >= randomGames;
      const from = fromArranged ? on.arranged(order[arranged++ % order.length]!) : on;
      const game = played === 0 && on === pair ? probe : from.start(seed);
      played++;
      if (!game) continue;
      const picker = new MovePicker(seed * 7919 + (steered ? 1 : 0) + (fromArranged ? 2 : 0) + (byAgents ? 4 : 0), steered ? hot : null);
      const mix = byAgents ? seatAgents(agents, players, playedGames++) : null;
      const seats = mix ? mix.map((x, seat) => (x ? x.make(on.lgA, seed * 7919 + seat) : null)) : null;
      let decisions = 0;
      const most = fromArranged ? Math.min(depth, ARRANGED_DEPTH) : depth;
      while (!game.divergence && !game.over && decisions < most) {
        const moves = game.legalMoves();
        if (moves.length === 0) break;
        if (fromArranged && on.rollsDice) {
          // the roll the difference's guard reacts to, or now and then any total
          const total = from.rollTotal(game);
          if (total !== null ? picker.chance(0.5) : picker.chance(0.3)) game.play(`fix dice to ${total ?? 2 + picker.below(11)}`);
        }
        if (game.divergence) break;
        const agent = seats?.[game.nextSeat()];
        if (agent) {
          // the agent answers on the first game; the same named move is played on both
          let k = -1;
          try {
            k = answerIndex(agent.choose(game.ga, game.nextSeat()), moves.map((m) => m.move));
          } catch {
            k = -1;
          }
          game.play(k >= 0 ? moves[k]!.name : picker.pick(moves));
        } else game.play(picker.pick(moves));
        decisions++;
      }
      search.games++;
      search.depth = Math.max(search.depth, decisions);
      result.games++;
      report(isolated && direction !== null ? 'isolate' : 'search');
      result.depth = Math.max(result.depth, decisions);
      const d = game.divergence;
      if (!d) continue;
      const reading = readingOf.get(on);
      const f: Found = { game, pair: from, base: on, direction, phase: fromArranged ? 'arranged' : byAgents ? 'played' : steered ? 'steered' : 'random', ...(mix ? { agents: seatAgentsText(mix) } : {}), ...(reading ? { reading } : {}), index: search.games, ms: now() - t0 };
      if (isolated) {
        if (accepts[ti]!(d)) found[ti] = f;
        continue;
      }
      // this game may be the witness of other differences still open
      for (let tj = 0; tj < targets.length; tj++) if (!found[tj] && !targets[tj]?.noEffect && accepts[tj]!(d)) found[tj] = f;
      if (!found[ti]) {
        search.elsewhere++;
        search.elsewhereFirst ??= `${d.step === 0 ? 'at set-up' : `after ${d.step} decisions`}: ${d.detail.length > 120 ? `${d.detail.slice(0, 120)}…` : d.detail}`;
        if (d.step === 0) setUpMasked++;
        // masked at set-up: every game parts before the first decision, so more of them show nothing new (isolation may)
        if (setUpMasked === search.games && search.games >= SET_UP_MASKED_GAMES && options.isolate) {
          search.maskedAtSetUp = true;
          break;
        }
      }
    }
  };

  // the two graphs in lockstep, each difference in turn (half the budget when differences may be isolated after)
  const directEnd = options.isolate ? start + (deadline - start) / 2 : deadline;
  for (let ti = 0; ti < targets.length; ti++) {
    if (found[ti] || targets[ti]?.noEffect) continue;
    const open = targets.filter((x, i) => !found[i] && !x?.noEffect && i >= ti).length;
    searchTarget(ti, pair, now() + Math.max(0, directEnd - now()) / Math.max(1, open), null);
  }
  // a witness found from the start of a game: a shorter one from an arranged state is sought too, a little while
  // (on the pair that found it: the two graphs, or an isolation)
  const preferArranged = (ti: number, until: number): void => {
    const f = found[ti];
    if (!f || f.phase === 'arranged' || f.base.arrangements.length === 0 || f.game.moves.length <= ARRANGED_DEPTH / 2) return;
    found[ti] = null;
    const searches0 = { ...searches[ti]! };
    searchTarget(ti, f.base, now() + Math.min(ARRANGED_TRY_MS, Math.max(0, until - now())), f.direction, true);
    // the counts of the search that found it stay what they were
    Object.assign(searches[ti]!, { games: searches0.games, depth: searches0.depth, elsewhere: searches0.elsewhere, elsewhereFirst: searches0.elsewhereFirst, outOfTime: searches0.outOfTime });
    const g = found[ti] as Found | null;
    if (!g || g.game.moves.length >= f.game.moves.length) found[ti] = f;
  };
  for (let ti = 0; ti < targets.length; ti++) preferArranged(ti, directEnd);
  // a difference masked by another (the games always diverged elsewhere first), isolated both ways: the first with only
  // it taken from the second, against the first; then the second without only it (the first with every other
  // difference taken), against the second — a difference that matters only together with others shows there
  if (options.isolate) {
    report('isolate', true);
    const masked = targets.map((t, i) => (t && !found[i] && !t.noEffect ? i : -1)).filter((i) => i >= 0);
    const all = targets.filter((t): t is DifferenceTarget => t !== null);
    for (const [k, ti] of masked.entries()) {
      const search = searches[ti]!;
      const share = Math.max(0, deadline - now()) / Math.max(1, masked.length - k);
      const shareEnd = now() + share;
      search.outOfTime = false;
      const problems: string[] = [];
      const plus = isolateDifference(targets[ti]!, a.graph, b.graph, options.isolate);
      if ('problem' in plus) problems.push(`taken alone into the first, ${plus.problem.replace(/^taken alone /, '')}`);
      else {
        search.isolation = 'isolated';
        search.direction = 'plus';
        search.isolatedDeclarations = plus.declarations;
        const alone = arrangedPair(a, { graph: plus.graph, options: a.options }, [targets[ti]!]);
        searchTarget(ti, alone, now() + share / 2, 'plus');
        preferArranged(ti, Math.max(shareEnd, now() + ARRANGED_TRY_MS));
      }
      if (found[ti]) continue;
      const others = all.filter((t) => t !== targets[ti]);
      const minus = others.length === 0 ? { problem: 'there is no other difference to take' } : isolateDifference(others, a.graph, b.graph, options.isolate);
      if ('problem' in minus) problems.push(`without it in the second, ${minus.problem.replace(/^taken alone /, '')}`);
      else {
        const was = { isolation: search.isolation, direction: search.direction, declarations: search.isolatedDeclarations };
        search.isolation = 'isolated';
        search.direction = 'minus';
        search.isolatedDeclarations = minus.declarations;
        const without = arrangedPair({ graph: minus.graph, options: b.options }, b, [targets[ti]!]);
        searchTarget(ti, without, shareEnd, 'minus');
        preferArranged(ti, Math.max(shareEnd, now() + ARRANGED_TRY_MS));
        // not found that way either: the report names the isolation tried first
        if (!found[ti] && was.isolation === 'isolated') Object.assign(search, { isolation: was.isolation, direction: 'plus', isolatedDeclarations: was.declarations, triedBoth: true });
      }
      if (search.isolation !== 'isolated') search.isolation = `not isolated: ${problems.join('; ')}`;
    }
  }
  if (out) result.exhausted = 'seconds';

  /** shrinks a found game and (with `verify`) runs it on both sides: the witness, or why none is reported */
  const settle = (f: Found, ti: number, until: number, isolated: IsolatedSides | null): { chosen: { seed: number; moves: string[]; divergence: Divergence }; verified: Witness['verified']; steps: number } | { problem: string } => {
    const shrunk =
      options.shrink === false
        ? { seed: f.game.seed, moves: f.game.moves.slice(), divergence: f.game.divergence!, steps: 0 }
        : shrinkWitness(f.pair, f.game.seed, f.game.moves, until, now, accepts[ti]!);
    let chosen = { seed: shrunk.seed, moves: shrunk.moves, divergence: shrunk.divergence };
    if (!options.verify) return { chosen, verified: null, steps: shrunk.steps };
    // sound by construction: the test is run on both sides, and a witness none of whose lines tells them apart is not reported
    const reading = f.reading ? { options: f.reading } : {};
    let v = verifyWitness({ players: players!, ...chosen, arrange: f.pair.arrangement?.lines, ...reading }, chosen.divergence.candidates, { codegen: options.codegen, ...options.verify }, isolated);
    if ('problem' in v && shrunk.moves.length !== f.game.moves.length) {
      const whole = { seed: f.game.seed, moves: f.game.moves.slice(), divergence: f.game.divergence! };
      const vw = verifyWitness({ players: players!, ...whole, arrange: f.pair.arrangement?.lines, ...reading }, whole.divergence.candidates, { codegen: options.codegen, ...options.verify }, isolated);
      if (!('problem' in vw)) [chosen, v] = [whole, vw];
    }
    if ('problem' in v) return { problem: `a divergence after ${chosen.moves.length} decision${chosen.moves.length === 1 ? '' : 's'} (seed ${chosen.seed}): ${chosen.divergence.detail}; run as a test, ${v.problem}` };
    return { chosen, verified: v, steps: shrunk.steps };
  };
  /** how plainly a player sees the line a witness ends with */
  const seenOf = (x: { chosen: { divergence: Divergence }; verified: Witness['verified'] }): number => x.chosen.divergence.candidates.find((c) => c.line === x.verified?.expect)?.seen ?? SEEN_BY_PLAYERS;

  // shrinking has a budget of its own, shared by the witnesses
  report('shrink', true);
  const shrinkBudget = 1000 * (options.shrinkSeconds ?? budget);
  const shrinkEnd = now() + shrinkBudget;
  const toShrink = found.filter((f) => f !== null).length;
  let shrunkCount = 0;
  const shrunkBy = new Map<Found, DifferenceSearch>();
  for (let ti = 0; ti < targets.length; ti++) {
    const f = found[ti];
    const search = searches[ti]!;
    if (!f) {
      if (!targets[ti]?.noEffect) {
        const where = search.elsewhere > 0 ? `; ${search.elsewhere} diverged first elsewhere (the first ${search.elsewhereFirst})` : '';
        const isolation =
          search.isolation === 'isolated'
            ? `; isolated (${search.triedBoth ? 'the first with only it taken from the second, and the second without only it' : search.direction === 'minus' ? 'the second without only it' : 'the first with only it taken from the second'}), no divergence there either`
            : search.isolation
              ? `; ${search.isolation}`
              : '';
        const setUp = search.maskedAtSetUp ? ' (its first games all parted at set-up, so the direct search stopped)' : '';
        search.summary = `no witness in ${search.games} game${search.games === 1 ? '' : 's'} up to ${search.depth} decisions${where}${setUp}${isolation}${search.outOfTime ? ' (its share of the budget ran out)' : ''} — not a proof that there is none`;
      }
      continue;
    }
    const first = shrunkBy.get(f);
    // shared only if the shrunk game still shows this difference too
    if (first?.witness && accepts[ti]!(first.witness.divergence)) {
      // the same game shows an earlier difference too (a set-up divergence shows every declaration that differs)
      search.witness = first.witness;
      search.sameAs = first.label;
      search.summary = `the same game as ${first.label}`;
      shrunkCount++;
      continue;
    }
    if (!first) shrunkBy.set(f, search);
    const s0 = now();
    const until = s0 + Math.max(0, shrinkEnd - s0) / Math.max(1, toShrink - shrunkCount);
    shrunkCount++;
    const isolated = f.direction === null || !search.isolatedDeclarations ? null : { direction: f.direction, declarations: search.isolatedDeclarations };
    let settled = settle(f, ti, until, isolated);
    if ('problem' in settled) {
      search.unverified = settled.problem;
      search.summary = `no verified witness: ${search.unverified} — not reported`;
      shrunkBy.delete(f);
      continue;
    }
    // it ends on a derived value, an event or a scratch var: games that go on in step until a player sees a difference
    // (the options offered, a hand, a score, the winner) are sought a little while, and such a witness is preferred
    let chosenFound = f;
    if (options.verify && settled.verified && seenOf(settled) >= SEEN_BY_PLAYERS && options.visible !== false) {
      const was = found[ti] ?? null;
      found[ti] = null;
      const counts = { ...search };
      // from arranged states first (short games, rolls fixed), then from the start as well
      const visible = f.base.visible();
      // its time is the shrinking's (the witnesses' budget): at most VISIBLE_TRY_MS, none once that budget is spent
      const half = Math.min(VISIBLE_TRY_MS, Math.max(0, shrinkEnd - now())) / 2;
      searchTarget(ti, visible, now() + half, f.direction, true, true);
      if (!found[ti]) searchTarget(ti, visible, now() + half, f.direction, false, true);
      // none: the difference may show only under another reading of an option its readers test; each is tried, with
      // as much time again, shared
      const readings = found[ti] ? [] : optionReadings(targets[ti]!, a.graph, b.graph, { a: a.options, b: b.options });
      const readingsEnd = now() + Math.min(VISIBLE_TRY_MS, Math.max(0, shrinkEnd - now()));
      for (const [k, r] of readings.entries()) {
        if (found[ti] || now() > readingsEnd) break;
        const base = f.base;
        const other = new LockstepPair({ graph: base.a.graph, options: { ...base.a.options, ...r } }, { graph: base.b.graph, options: { ...base.b.options, ...r } }, players, options.codegen ?? true, base.arrangements).visible();
        readingOf.set(other, r);
        searchTarget(ti, other, now() + Math.max(0, readingsEnd - now()) / (readings.length - k), f.direction, false, true);
      }
      Object.assign(search, { games: counts.games, depth: counts.depth, elsewhere: counts.elsewhere, elsewhereFirst: counts.elsewhereFirst, outOfTime: counts.outOfTime });
      const g = found[ti];
      found[ti] = was;
      if (g) {
        const v = settle(g, ti, now() + Math.min(VISIBLE_TRY_MS, Math.max(0, until - now())), isolated);
        if (!('problem' in v) && v.verified && seenOf(v) < SEEN_BY_PLAYERS) {
          settled = v;
          chosenFound = g;
        }
      }
    }
    const { chosen, verified, steps } = settled;
    const fc = chosenFound;
    search.witness = {
      seed: chosen.seed,
      players,
      moves: chosen.moves,
      divergence: chosen.divergence,
      found: { phase: fc.phase, games: fc.index, moves: fc.game.moves.length, seed: fc.game.seed, ...(fc.pair.arrangement ? { arrangement: fc.pair.arrangement.label } : {}), ...(fc.agents ? { agents: fc.agents } : {}), ...(fc.reading ? { reading: readingText(fc.reading) } : {}) },
      ...(fc.pair.arrangement ? { arrange: fc.pair.arrangement.lines } : {}),
      ...(fc.reading ? { options: fc.reading } : {}),
      shrinkSteps: steps,
      ms: fc === f ? f.ms : f.ms + fc.ms,
      shrinkMs: now() - s0 - (fc === f ? 0 : fc.ms),
      verified,
    };
    const shows = verified?.detail ?? chosen.divergence.detail;
    search.summary = `${f.direction === 'plus' ? 'isolated (the first with only it taken from the second): ' : f.direction === 'minus' ? 'isolated (the second without only it, against the second): ' : ''}divergence after ${chosen.moves.length} decision${chosen.moves.length === 1 ? '' : 's'} (seed ${chosen.seed}, ${players} players): ${shows}`;
    result.witness ??= search.witness;
  }
  result.differences = searches;
  report('done', true);
  if (!result.witness) {
    if (result.exhausted === null) result.exhausted = 'games';
    result.summary = `no divergence in ${result.games} game${result.games === 1 ? '' : 's'} up to ${result.depth} decisions${result.exhausted === 'seconds' ? ` (the ${budget} s budget ran out)` : ''} — not a proof that there is none`;
    if (result.exhausted === 'seconds')
      result.diagnostics.push({ code: 'diff/budget-exhausted', severity: 'info', message: `the witness search ran out of time after ${result.games} games`, hint: 'give it more time (--budget-seconds) or more games (--games)' });
    return result;
  }
  const w = result.witness;
  result.summary = `divergence after ${w.moves.length} decision${w.moves.length === 1 ? '' : 's'} (seed ${w.seed}, ${players} players): ${w.verified?.detail ?? w.divergence.detail}`;
  return result;
}

/** an option reading in words: `fourteen_reached = gained_in_own_turn` */
function readingText(r: Record<string, Value>): string {
  return Object.entries(r)
    .map(([k, v]) => `${k} = ${String(v)}`)
    .join(', ');
}

/** The moves that lead towards a difference: taking its actions, answering its rules' asks. */
function hotMoves(t: DifferenceTarget): ((m: Move) => boolean) | null {
  const actions = new Set<string>();
  const rules = new Set<string>();
  for (const k of t.steer) {
    if (k.startsWith('action ')) actions.add(`action:${k.slice(7)}`);
    if (k.startsWith('rule ')) rules.add(k.slice(5));
  }
  if (actions.size === 0 && rules.size === 0) return null;
  return (m) => (m.kind === 'action' ? actions.has(m.action) : rules.has(m.ask.replace(/\/ask\d+$/, '').replace(/^rule:/, '').replace(/@.*$/, '')));
}
